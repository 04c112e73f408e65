package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGen: the same seed and flags give the same bytes; a well-formed
// input, judged without error; bad flags are usage errors.
func TestGen(t *testing.T) {
	for _, args := range [][]string{
		{"pousse", "--seed", "3", "--games", "20"},
		{"pousse", "--seed", "3", "--layout", "zoj", "--edge", "--rules", "icfp"},
		{"spot", "--seed", "3", "--max-n", "50", "--edge"},
		{"path", "--seed", "3", "--max-n", "1"},
	} {
		status, a, stderr := runCLI("", append([]string{"gen"}, args...)...)
		_, b, _ := runCLI("", append([]string{"gen"}, args...)...)
		_, c, _ := runCLI("", append(append([]string{"gen"}, args...), "--seed", "4")...)
		if status != 0 || stderr != "" || a != b || a == c || a == "" {
			t.Errorf("%v: status %d, stderr %q, same seed same bytes %v, other seed other bytes %v", args, status, stderr, a == b, a != c)
		}
		jargs := []string{"judge", args[0]}
		if strings.Contains(strings.Join(args, " "), "icfp") {
			jargs = append(jargs, "--rules", "icfp")
		}
		if status, _, stderr := runCLI(a, jargs...); status != 0 || stderr != "" {
			t.Errorf("%v: judge: status %d, %s", args, status, stderr)
		}
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"chess"}, "unknown game"},
		{[]string{"x.pousse"}, "x.pousse is a file, not a game: want pousse, spot or path"},
		{[]string{"spot", "--max-n", "51"}, "a spot board is 2 to 50"},
		{[]string{"path", "--max-n", "81"}, "a path board is 1 to 80"},
		{[]string{"pousse", "--games", "0"}, "--games 0: want 1 to"},
		{[]string{"spot", "--layout", "zoj"}, "--layout and --rules are for Pousse"},
		{[]string{"pousse", "--layout", "icpc"}, "--layout"},
	} {
		status, stdout, stderr := runCLI("", append([]string{"gen"}, tc.args...)...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %q", tc.args, status, stdout, stderr, tc.msg)
		}
	}
}

// TestLoopHelp: the help of judge, shrink and gen says which side is
// which and what the flags are.
func TestLoopHelp(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"judge", []string{`"expected" is the judge's verdict and "got" the line`, "-expect OUT", "-run 'CMD ARGS'", "-time DURATION", "-output-limit SIZE", "-memory SIZE"}},
		{"shrink", []string{"usage: gamels shrink pousse|spot|path --run 'CMD ARGS'", "-max-runs N", "-o SMALL", "1-minimal"}},
		{"gen", []string{"-seed S", "-edge", "-layout uva|zoj", "-ref"}},
	} {
		status, stdout, _ := runCLI("", "help", tc.cmd)
		for _, w := range tc.want {
			if status != 0 || !strings.Contains(stdout, w) {
				t.Errorf("help %s: status %d, no %q in:\n%s", tc.cmd, status, w, stdout)
			}
		}
	}
}

// TestGenMaxSize: gen writes at most --max-size bytes (256 MiB by
// default, what judge reads): a count that would fill a disk (about 130
// GB for 10^7 games of Pousse up to 100x100) stops there, exit status 1,
// with a message, instead of writing on for an hour.
func TestGenMaxSize(t *testing.T) {
	if raceEnabled {
		t.Skip("writes 256 MiB of games, past a minute under the race detector on two cores; scripts/test-go runs it without it")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		size int64
	}{
		{[]string{"gen", "pousse", "--max-n", "100", "--games", "10000000"}, defaultMaxSize},
		{[]string{"gen", "spot", "--max-n", "50", "--games", "10000000", "--max-size", "1M"}, 1 << 20},
	} {
		out := filepath.Join(dir, "out")
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		c := gamelsChild(ctx, tc.args...)
		var stderr bytes.Buffer
		c.Stdout, c.Stderr = f, &stderr
		c.Run()
		killed := ctx.Err() != nil
		cancel()
		f.Close()
		info, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if killed || c.ProcessState.ExitCode() != exitProblem || info.Size() != tc.size || !strings.Contains(stderr.String(), "--max-size") {
			t.Errorf("%v: status %d (killed at 60 s: %v), %d bytes written, stderr %q; want 1 and %d bytes", tc.args, c.ProcessState.ExitCode(), killed, info.Size(), stderr.String(), tc.size)
		}
	}
	// Under the bound, nothing changes.
	if status, stdout, stderr := runCLI("", "gen", "spot", "--games", "3", "--max-size", "1k"); status != 0 || stderr != "" || len(stdout) == 0 {
		t.Errorf("3 games under 1k: status %d, %d bytes, stderr %q", status, len(stdout), stderr)
	}
}
