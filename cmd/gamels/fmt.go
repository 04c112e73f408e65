package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"gamels/internal/format"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "fmt",
		usage: "[-w|-l|-d] [--kind pousse|spot|path] [PATH...]",
		short: "lay transcripts out canonically (like gofmt: print, write, list or diff); standard input needs --kind",
		run:   runFmt,
	})
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("fmt", "[-w|-l|-d] [--kind pousse|spot|path] [PATH...]", stderr)
	write := fs.Bool("w", false, "write the result to the file instead of printing it")
	list := fs.Bool("l", false, "list the files whose layout differs from the canonical one")
	diff := fs.Bool("d", false, "print a unified diff instead of the result")
	kindName := fs.String("kind", "", "the format of standard input")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		kind, ok := parse.KindOf(*kindName)
		if !ok {
			fmt.Fprintln(stderr, "gamels fmt: reading standard input needs --kind pousse, spot or path")
			return 2
		}
		if *write {
			fmt.Fprintln(stderr, "gamels fmt: cannot use -w with standard input")
			return 2
		}
		src, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "gamels fmt: %v\n", err)
			return 1
		}
		return fmtOne("<stdin>", kind, src, *write, *list, *diff, stdout, stderr)
	}
	files, err := transcripts(paths)
	if err != nil {
		fmt.Fprintf(stderr, "gamels fmt: %v\n", err)
		return 1
	}
	status := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "gamels fmt: %v\n", err)
			status = 1
			continue
		}
		kind, _ := parse.KindOf(name)
		if s := fmtOne(name, kind, src, *write, *list, *diff, stdout, stderr); s != 0 {
			status = s
		}
	}
	return status
}

func fmtOne(name string, kind parse.Kind, src []byte, write, list, diff bool, stdout, stderr io.Writer) int {
	out, err := format.Source(kind, src)
	if errors.Is(err, format.ErrUnsafe) {
		fmt.Fprintf(stderr, "gamels fmt: %s: %v\n", name, err)
		return 1
	}
	changed := !bytes.Equal(src, out)
	if list && changed {
		fmt.Fprintln(stdout, name)
	}
	if diff && changed {
		stdout.Write(format.Unified(name, src, out))
	}
	if write && changed {
		info, err := os.Stat(name)
		if err != nil {
			fmt.Fprintf(stderr, "gamels fmt: %v\n", err)
			return 1
		}
		if err := writeFile(name, out, info.Mode().Perm()); err != nil {
			fmt.Fprintf(stderr, "gamels fmt: %v\n", err)
			return 1
		}
	}
	if !write && !list && !diff {
		stdout.Write(out)
	}
	return 0
}

// writeFile replaces a file through a temporary file in its directory and
// a rename, so that a failure half-way never leaves it truncated.
func writeFile(name string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
