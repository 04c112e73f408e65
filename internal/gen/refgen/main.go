// Command refgen writes the reference inputs of BENCHMARKS.md
// (ref.pousse, ref.spot, ref.path) into a directory, reproducibly.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"gamels/internal/gen"
)

func main() {
	dir := flag.String("dir", ".", "directory to write into")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	for name, data := range map[string][]byte{
		"ref.pousse": gen.Pousse(*seed, gen.RefPousse),
		"ref.spot":   gen.Spot(*seed, gen.RefSpot),
		"ref.path":   gen.Path(*seed, gen.RefPath),
	} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
