package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamels/analyze/solve"
)

// threeMoves is a 3-move game: at a horizon without a cap, its search
// would not end.
const threeMoves = "6\nL3\nT3\nR2\nQUIT\n"

// TestAnalyzeRefusesBadLimits: a depth outside 1..solve.MaxDepth and a
// negative budget are usage errors, reported before any search.
func TestAnalyzeRefusesBadLimits(t *testing.T) {
	name := filepath.Join(t.TempDir(), "three.pousse")
	if err := os.WriteFile(name, []byte("3\nL1\nT3\nL1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "0"}, "--depth must be from 1 to 12, not 0"},
		{[]string{"--depth", "13"}, "--depth must be from 1 to 12, not 13"},
		{[]string{"--budget", "-1s"}, "--budget must not be negative, not -1s"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"analyze"}, tc.args...), name)
		if status := run(args, nil, &stdout, &stderr); status != exitUsage {
			t.Errorf("%v: status %d, want %d (usage); stdout %q", tc.args, status, exitUsage, stdout.String())
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: stderr %q, want %q", tc.args, stderr.String(), tc.want)
		}
	}
	if solve.MaxDepth != 12 {
		t.Errorf("solve.MaxDepth is %d: update the messages above", solve.MaxDepth)
	}
}

// TestAnalyzeDeepEnds runs `gamels analyze --depth 1000` on a 3-move
// game in a child process with a time bound: it must end at once with a
// usage error, not search for ever.
func TestAnalyzeDeepEnds(t *testing.T) {
	bin := buildGamels(t, "test")
	name := filepath.Join(t.TempDir(), "three.pousse")
	if err := os.WriteFile(name, []byte(threeMoves), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "analyze", "--depth", "1000", name)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("still searching after %v: killed", time.Since(start).Round(time.Millisecond))
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitUsage {
		t.Errorf("exit %v, want status %d (usage); stderr %q", err, exitUsage, stderr.String())
	}
}
