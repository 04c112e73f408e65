package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// wrongSolution builds testdata/wrong/NAME and returns the binary's
// path.
func wrongSolution(t testing.TB, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a wrong solution; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), name)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/wrong/"+name).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", name, err, out)
	}
	return bin
}

func contestFile(name string) string {
	return filepath.Join("..", "..", "testdata", "contest", name)
}

// TestJudgeRunWrong: --run finds each wrong solution's first wrong game
// on the shipped contest data, at the game's line in the input.
func TestJudgeRunWrong(t *testing.T) {
	for _, tc := range []struct {
		solution, kind, rules, in string
		first, summary            string
	}{
		{"pousse_norepeat", "pousse", "icfp", "icfp1998/as_uva844.in",
			`as_uva844.in:480: game 8: expected "X WINS", got "TIE GAME" (<output>:15)`, "354 of 1347 games differ"},
		{"spot_norotate", "spot", "", "random/uva141_random3000.in",
			`uva141_random3000.in:56: game 8: expected "Player 1 wins on move 4", got "Draw" (<output>:8)`, " of 3000 games differ"},
		{"path_corner", "path", "", "random/uva601_random400.in",
			`uva601_random400.in:204: game 18: expected "White can win in one move.", got "There is no winning path." (<output>:18)`, " of 400 games differ"},
	} {
		t.Run(tc.solution, func(t *testing.T) {
			bin := wrongSolution(t, tc.solution)
			args := []string{"judge", tc.kind, "--run", bin, contestFile(tc.in)}
			if tc.rules != "" {
				args = append(args, "--rules", tc.rules)
			}
			status, stdout, stderr := runCLI("", args...)
			lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			if status != 1 || stderr != "" || !strings.HasSuffix(lines[0], tc.first) || !strings.Contains(lines[len(lines)-1], tc.summary) {
				t.Fatalf("status %d, stderr %q, first line %q, last %q", status, stderr, lines[0], lines[len(lines)-1])
			}
			// With the contest rules the Pousse solution is right.
			if tc.rules != "" {
				status, stdout, _ := runCLI("", "judge", tc.kind, "--run", bin, contestFile(tc.in))
				if status != 0 || stdout != "all 1347 verdicts match\n" {
					t.Errorf("contest rules: status %d, stdout %q", status, stdout)
				}
			}
		})
	}
}

// TestJudgeExpect covers the shapes of OUT: the same up to line ends,
// shorter, longer, out of layout, binary; an input with errors; OUT
// that cannot be read.
func TestJudgeExpect(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pousse")
	// UVa 844: X wins a 1x1 game, the 2x2 game is a tie, X wins down
	// column 1.
	if err := os.WriteFile(in, []byte("3\n\n1\nL1\nQUIT\n\n2\nL1\nQUIT\n\n2\nL1\nT2\nT1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.pousse")
	if err := os.WriteFile(bad, []byte("3\n\n1\nL1\nQUIT\n\n2\nZ1\nQUIT\n\n2\nL1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, in, out string
		status        int
		stdout        string
		stderr        string
	}{
		{"same", in, "X WINS\n\nTIE GAME\n\nX WINS\n", 0, "all 3 verdicts match\n", ""},
		{"crlf, no final newline", in, "X WINS\r\n\r\nTIE GAME\r\n\r\nX WINS", 0, "all 3 verdicts match\n", ""},
		{"differs", in, "X WINS\n\nO WINS\n\nX WINS\n", 1, in + `:7: game 2: expected "TIE GAME", got "O WINS" (OUT:3)` + "\n1 of 3 games differ\n", ""},
		{"short", in, "X WINS\n", 1, in + `:7: game 2: expected "TIE GAME", got nothing: the output ends after 1 verdict line` + "\nOUT: no verdict for the last 2 games\n2 of 3 games differ\n", ""},
		{"long", in, "X WINS\n\nTIE GAME\n\nX WINS\n\nX WINS\n\nO WINS\n", 1, `OUT:7: an extra line "X WINS" after the last game's verdict (2 extra lines in all)` + "\n0 of 3 games differ\n", ""},
		{"layout", in, "X WINS\nTIE GAME\nX WINS\n", 1, "OUT:2: layout: no empty line between two verdicts (the UVa 844 layout has one) (2 places in all)\n0 of 3 games differ\n", ""},
		{"binary", in, "X WINS\n\nTIE\x00GAME\n\nX WINS\n", 1, in + `:7: game 2: expected "TIE GAME", got "TIE\x00GAME" (OUT:3)` + "\nOUT: the output is not text (a NUL byte or bytes that are not UTF-8)\n1 of 3 games differ\n", ""},
		{"input errors", bad, "X WINS\n\nTIE GAME\n\nX WINS\n", 1, bad + ": the last 2 games not compared: the input has errors before them\nthe one verdict matches\n", bad + `:8:1: unknown move "Z1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "OUT")
			if err := os.WriteFile(out, []byte(tc.out), 0o644); err != nil {
				t.Fatal(err)
			}
			status, stdout, stderr := runCLI("", "judge", "pousse", "--expect", out, tc.in)
			stdout = strings.ReplaceAll(stdout, out, "OUT")
			if status != tc.status || stdout != tc.stdout || !strings.HasPrefix(stderr, tc.stderr) || (tc.stderr == "") != (stderr == "") {
				t.Errorf("status %d, stdout:\n%s\nstderr:\n%s\nwant status %d, stdout:\n%s\nstderr %q", status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
			}
			// The same from standard input.
			status2, stdout2, _ := runCLI(tc.out, "judge", "pousse", "--expect", "-", tc.in)
			if status2 != status || strings.ReplaceAll(stdout2, stdinName, "OUT") != stdout {
				t.Errorf("--expect -: status %d, stdout:\n%s", status2, stdout2)
			}
		})
	}
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"no such OUT", []string{"--expect", filepath.Join(dir, "nope"), in}, 1, "no such file"},
		{"OUT a directory", []string{"--expect", dir, in}, 1, "is a directory"},
		{"both", []string{"--expect", in, "--run", "cat", in}, 2, "--expect and --run do not go together"},
		{"both stdin", []string{"--expect", "-"}, 2, "--expect - reads standard input"},
	} {
		status, stdout, stderr := runCLI("", append([]string{"judge", "pousse"}, tc.args...)...)
		if status != tc.status || stdout != "" || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %d and %q", tc.name, status, stdout, stderr, tc.status, tc.stderr)
		}
	}
}

// TestJudgeRunFails: a solution that cannot start, crashes, runs too
// long or prints too much gets a clear message, with its status, time
// and the end of its standard error.
func TestJudgeRunFails(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses sh")
	}
	in := contestFile("samples/uva601_sample.in")
	dir := t.TempDir()
	script := filepath.Join(dir, "script")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		run    string
		flags  []string
		status int
		stderr []string
		stdout string
	}{
		{"not found", "gamels-no-such-solution", nil, 1, []string{`cannot start "gamels-no-such-solution": not found in $PATH`}, ""},
		{"not executable", script, nil, 1, []string{"it is not executable"}, ""},
		{"a directory", dir, nil, 1, []string{"it is a directory"}, ""},
		{"bad quotes", "sh -c 'x", nil, 2, []string{"a single quote is not closed"}, ""},
		{"crash", `sh -c 'echo "White has a winning path."; echo segfault at 0 >&2; kill -SEGV $$'`, nil, 1,
			[]string{"sh killed by SIGSEGV after", "the end of its standard error:\n\tsegfault at 0\n"}, `game 2: expected "White can win in one move.", got nothing`},
		{"status", `sh -c 'exit 3'`, nil, 1, []string{"sh exited with status 3 after"}, "2 of 2 games differ"},
		{"time", "sleep 10", []string{"--time", "200ms"}, 1, []string{"sleep killed at the time limit, after 0.2"}, ""},
		{"output", "yes", []string{"--output-limit", "1k"}, 1, []string{"yes killed after", "more than the output limit, 1024 bytes"}, `expected "White has a winning path.", got "y"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"judge", "path", "--run", tc.run, in}, tc.flags...)
			status, stdout, stderr := runCLI("", args...)
			ok := status == tc.status && strings.Contains(stdout, tc.stdout)
			for _, s := range tc.stderr {
				ok = ok && strings.Contains(stderr, s)
			}
			if !ok {
				t.Errorf("status %d, stdout:\n%s\nstderr:\n%s\nwant status %d, stderr with %q", status, stdout, stderr, tc.status, tc.stderr)
			}
		})
	}
}

// TestJudgeVerbose: -v draws the board where each differing game ends,
// after its line.
func TestJudgeVerbose(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pousse")
	os.WriteFile(in, []byte("2\nL1\nT2\nT1\nQUIT\n"), 0o644)
	out := filepath.Join(dir, "out")
	os.WriteFile(out, []byte("TIE GAME\n"), 0o644)
	status, stdout, stderr := runCLI("", "judge", "pousse", "-v", "--expect", out, in)
	want := in + `:1: game 1: expected "X WINS", got "TIE GAME" (` + out + `:1)
game 1: 2x2, after move 3 (X: T1), straights X 1, O 0
   1 2
  +-+-+
1 |X|O|
  +-+-+
2 |X| |
  +-+-+
X WINS: the game ends here

1 of 1 games differ
`
	if status != 1 || stdout != want || stderr != "" {
		t.Errorf("status %d, stderr %q, stdout:\n%s\nwant:\n%s", status, stderr, stdout, want)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		`File "<string>", line 1`: `File "<string>", line 1`,
		"a\tb é 四":                "a\tb é 四",
		"\x1b[31mred\r":           `\x1b[31mred\r`,
		"bad \xff byte":           `bad \xff byte`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRunLimitFlags: a limit of a solution's run that makes no sense is
// a usage error before anything runs: a time limit of zero or less
// (-1s meant no limit at all), a negative memory or output limit.
func TestRunLimitFlags(t *testing.T) {
	in := contestFile("samples/uva601_sample.in")
	small := filepath.Join(t.TempDir(), "small.path")
	for _, flags := range [][]string{
		{"--time", "-1s"},
		{"--time", "0"},
		{"--time", "-5ns"},
		{"--memory", "-5"},
		{"--output-limit", "-1k"},
	} {
		for _, cmd := range [][]string{
			{"judge", "path", "--run", "cat", in},
			{"shrink", "path", "--run", "cat", "-o", small, in},
		} {
			status, stdout, stderr := runCLI("", append(cmd, flags...)...)
			if status != exitUsage || stdout != "" || !strings.Contains(stderr, strings.TrimLeft(flags[0], "-")) {
				t.Errorf("%v %v: status %d, stdout %q, stderr %q; want a usage error naming %s", cmd[:1], flags, status, stdout, stderr, flags[0])
			}
		}
	}
}

// TestJudgeVerboseUnreached: when the output ends early, -v draws the
// first game it never reached (where a crash or a limit most often is),
// once, however many games follow.
func TestJudgeVerboseUnreached(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pousse")
	os.WriteFile(in, []byte("3\n2\nL1\nT2\nT1\nQUIT\n2\nL1\nL2\nQUIT\n2\nQUIT\n"), 0o644)
	out := filepath.Join(dir, "out")
	os.WriteFile(out, []byte("X WINS\n"), 0o644)
	status, stdout, stderr := runCLI("", "judge", "pousse", "-v", "--expect", out, in)
	want := in + `:7: game 2: expected "TIE GAME", got nothing: the output ends after 1 verdict line
game 2: 2x2, after move 2 (O: L2), straights X 0, O 0
   1 2
  +-+-+
1 |X| |
  +-+-+
2 |O| |
  +-+-+
`
	if status != 1 || !strings.HasPrefix(stdout, want) || stderr != "" {
		t.Errorf("status %d, stderr %q, stdout:\n%s\nwant it to start:\n%s", status, stderr, stdout, want)
	}
	if n := strings.Count(stdout, "+-+-+\n1 |"); n != 1 {
		t.Errorf("%d boards drawn, want 1 (the first game not reached):\n%s", n, stdout)
	}
}
