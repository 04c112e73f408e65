package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestJudgeHints: what judge says beyond the differences: a one-line
// shift, the input and the output swapped, a command left unquoted, and
// what a passing --run cost.
func TestJudgeHints(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Five PATH boards, each verdict once.
	in := write("in.path", "1\n\nW\n\n1\n\nB\n\n2\n\nUB\nBB\n\n2\n\nUW\nWW\n\n2\n\nWU\nUB\n0\n")
	_, want, _ := runCLI("", "judge", "path", in)
	lines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("verdicts %q", want)
	}
	missing := write("missing.out", strings.Join(append(lines[:1:1], lines[2:]...), "\n")+"\n")
	extra := write("extra.out", strings.Join(append([]string{lines[0], "x"}, lines[1:]...), "\n")+"\n")
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout string // in stdout
		stderr string // matches stderr
	}{
		{"a line missing", []string{"judge", "path", "--expect", missing, in}, 1, "hint: from game 3 on, your output matches one line earlier: game 3's line missing?\n3 of 5 games differ\n", "^$"},
		{"a line too many", []string{"judge", "path", "--expect", extra, in}, 1, "hint: from game 2 on, your output matches one line later: a line too many before game 2's?\n3 of 5 games differ\n", "^$"},
		{"swapped", []string{"judge", "path", "--expect", in, missing}, 2, "", `missing.out is not a path input but .*in.path is one: the two are swapped\? \(gamels judge path --expect .*missing.out .*in.path\)`},
		{"unquoted", []string{"judge", "path", "--run", "python3", "x.py", in}, 2, "", `quote it, --run 'python3 x.py'`},
		{"unquoted shrink", []string{"shrink", "path", "--run", "node", "sol.js", "-o", "small", in}, 2, "", `quote it, --run 'node sol.js'`},
		{"not an interpreter", []string{"judge", "path", "--run", "cat", in}, 1, "", "^$"},
		{"passing", []string{"judge", "path", "--run", "sh -c 'exec cat " + write("right.out", want) + "'", in}, 0, "all 5 verdicts match\n",
			`^gamels judge: sh ran in [0-9.]+ s \(CPU [0-9.]+ s\), peak memory ([0-9]+ MiB|unknown)\n$`},
	} {
		status, stdout, stderr := runCLI("", tc.args...)
		if status != tc.status || !strings.HasSuffix(stdout, tc.stdout) || !regexp.MustCompile(tc.stderr).MatchString(stderr) {
			t.Errorf("%s: status %d, stdout:\n%s\nstderr %q", tc.name, status, stdout, stderr)
		}
	}
}

// TestShrinkStdin: shrink - reads the input from standard input.
func TestShrinkStdin(t *testing.T) {
	small := filepath.Join(t.TempDir(), "small.spot")
	in := "2\n1 1 +\n1 2 +\n1 1 -\n2 2 +\n2\n1 1 +\n2 2 +\n1 2 +\n2 1 +\n0\n"
	status, stdout, stderr := runCLI(in, "shrink", "spot", "--run", "sh -c 'cat >/dev/null; echo Draw; echo Draw'", "-o", small, "-")
	got, err := os.ReadFile(small)
	if status != 0 || err != nil || string(got) != "2\n1 1 +\n1 2 +\n1 1 -\n2 2 +\n0\n" {
		t.Errorf("status %d, SMALL %q (%v), stdout:\n%s\nstderr:\n%s", status, got, err, stdout, stderr)
	}
	if !strings.Contains(stderr, "on <stdin>") {
		t.Errorf("stderr:\n%s", stderr)
	}
}
