package main

import (
	"strings"
	"testing"
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
		{[]string{"x.pousse"}, "unknown game"},
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
