package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkAnalyzeProcess runs the built gamels analyze --json on the
// ICFP 1998 log (1347 games, 41,790 positions, depth 6) in a child process,
// as a user runs it, and reports the wall and CPU seconds of the whole
// process and the positions per wall second. One run takes seconds:
//
//	go test ./cmd/gamels -run '^$' -bench AnalyzeProcess -benchtime 3x
func BenchmarkAnalyzeProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "gamels")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"))
	if err != nil {
		b.Fatal(err)
	}
	log := filepath.Join(b.TempDir(), "icfp1998.pousse") // analyze tells the kind by the name
	if err := os.WriteFile(log, src, 0o644); err != nil {
		b.Fatal(err)
	}
	const positions = 41_790 // the positions the engine searches in the log
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(bin, "analyze", "--json", log)
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s/op")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(positions*b.N)/b.Elapsed().Seconds(), "positions/s")
}
