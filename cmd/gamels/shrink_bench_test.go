package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// BenchmarkShrink: shrink on a 3 MB UVa 844 input with one wrong game
// (oneWrongGame) and a solution that takes 50 ms a run (pousse_norepeat
// -spin 50ms), one and two candidates at a time. The goal of issue 26: at most
// 30 s on two cores. Run it once: -benchtime 1x.
func BenchmarkShrink(b *testing.B) {
	bin := wrongSolution(b, "pousse_norepeat")
	dir := b.TempDir()
	in := filepath.Join(dir, "big.pousse")
	src := oneWrongGame(b, 3<<20)
	if err := os.WriteFile(in, src, 0o644); err != nil {
		b.Fatal(err)
	}
	small := filepath.Join(dir, "small.pousse")
	wrote := regexp.MustCompile(`wrote .*: (\d+) bytes, after (\d+) runs?`)
	for _, jobs := range []string{"1", "2"} {
		b.Run("jobs="+jobs, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				status, _, stderr := runCLI("", "shrink", "pousse", "--rules", "icfp", "--jobs", jobs, "--run", bin+" -spin 50ms", "-o", small, in)
				m := wrote.FindStringSubmatch(stderr)
				if status != 0 || m == nil {
					b.Fatalf("status %d:\n%s", status, stderr)
				}
				runs, _ := strconv.Atoi(m[2])
				size, _ := strconv.Atoi(m[1])
				b.ReportMetric(float64(runs), "runs/op")
				b.ReportMetric(float64(size), "small-bytes")
			}
		})
	}
}
