package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gamels/analyze"
	"gamels/internal/gen"
	"gamels/parse"
)

// oneWrongGame returns a UVa 844 input of about size bytes on which an
// icfp solution without the repetition rule gets exactly one game wrong,
// in the middle: random games of at most 8x8 on which the two rule sets
// agree, and one on which they do not.
func oneWrongGame(tb testing.TB, size int) []byte {
	tb.Helper()
	var games [][]byte
	var wrong []byte
	total := 0
	for seed := uint64(1); total < size; seed++ {
		src := gen.Contest(gen.KindPousse, seed, gen.Options{Games: 200, MaxN: 8, Edge: true, ICFP: true})
		f := parse.Parse(parse.Pousse, src)
		for _, g := range f.Games {
			icfp := analyze.Analyze(parse.Pousse, g, parse.RulesICFP).Verdict
			same := icfp == analyze.Analyze(parse.Pousse, g, parse.RulesContest).Verdict
			text := src[g.Span.Start:g.Span.End]
			switch {
			case !same && wrong == nil:
				wrong = text
			case same && total < size:
				games = append(games, text)
				total += len(text) + 2
			}
		}
	}
	games = append(games[:len(games)/2], append([][]byte{wrong}, games[len(games)/2:]...)...)
	var b bytes.Buffer
	b.WriteString(strconv.Itoa(len(games)) + "\n\n")
	for i, g := range games {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(g)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestShrinkWrong: shrink cuts the shipped data, and a 3 MB input with one
// wrong game, to a case on which each wrong solution still fails and
// from which removing any one game or move makes it pass.
func TestShrinkWrong(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.pousse")
	if err := os.WriteFile(big, oneWrongGame(t, 3<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		solution, kind, in string
		rules              []string
	}{
		{"pousse_norepeat", "pousse", contestFile("icfp1998/as_uva844.in"), []string{"--rules", "icfp"}},
		{"pousse_norepeat", "pousse", big, []string{"--rules", "icfp"}},
		{"spot_norotate", "spot", contestFile("random/uva141_random3000.in"), nil},
		{"path_corner", "path", contestFile("random/uva601_random400.in"), nil},
	} {
		t.Run(tc.solution+"/"+filepath.Base(tc.in), func(t *testing.T) {
			bin := wrongSolution(t, tc.solution)
			small := filepath.Join(t.TempDir(), "small."+tc.kind)
			args := append([]string{"shrink", tc.kind, "--run", bin, "-o", small, tc.in}, tc.rules...)
			status, stdout, stderr := runCLI("", args...)
			if status != 0 || !strings.Contains(stdout, "1 of 1 games differ") || !strings.Contains(stderr, "gamels shrink: wrote "+small) {
				t.Fatalf("status %d, stdout:\n%s\nstderr:\n%s", status, stdout, stderr)
			}
			src, err := os.ReadFile(small)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s", src)
			f := parse.Parse(parse.Kind(map[string]parse.Kind{"pousse": parse.Pousse, "spot": parse.Spot, "path": parse.Path}[tc.kind]), src)
			if len(f.Errors) > 0 || len(f.Games) != 1 {
				t.Fatalf("%d games, errors %v", len(f.Games), f.Errors)
			}
			// Without any one move the solution is right (a game alone
			// cannot go: an input has at least one).
			g := f.Games[0]
			for i := range g.Moves {
				s := g.MoveSpan(i)
				cut := append(append([]byte(nil), src[:s.Start]...), src[s.End+1:]...)
				if tc.kind != "pousse" {
					break // a Spot game has 2N moves, a PATH board none
				}
				in := filepath.Join(t.TempDir(), "cut.pousse")
				os.WriteFile(in, cut, 0o644)
				status, stdout, stderr := runCLI("", append([]string{"judge", tc.kind, "--run", bin, in}, tc.rules...)...)
				if status != 0 {
					t.Errorf("without move %d: status %d\n%s%s", i+1, status, stdout, stderr)
				}
			}
		})
	}
}

// TestShrinkUsage: what shrink refuses.
func TestShrinkUsage(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.spot")
	os.WriteFile(in, []byte("2\n1 1 +\n1 2 +\n2 2 +\n2 1 +\n0\n"), 0o644)
	bad := filepath.Join(dir, "bad.spot")
	os.WriteFile(bad, []byte("2\n1 1 +\n0\n"), 0o644)
	small := filepath.Join(dir, "small.spot")
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"spot", in, "-o", small}, 2, "want --run"},
		{[]string{"spot", "--run", "cat", in}, 2, "want -o SMALL"},
		{[]string{"spot", "--run", "cat", "-o", in, in}, 1, "is the input itself"},
		{[]string{"spot", "--run", "cat", "-o", small, bad}, 1, "shrink needs a well-formed input"},
		{[]string{"spot", "--run", "sh -c 'echo Draw'", "-o", small, in}, 1, "agrees with the judge"},
		{[]string{"spot", "--run", "./nope", "-o", small, in}, 1, `cannot start "./nope"`},
		{[]string{"spot", "--run", "cat", "--jobs", "0", "-o", small, in}, 2, "--jobs must be at least 1"},
	} {
		status, _, stderr := runCLI("", append([]string{"shrink"}, tc.args...)...)
		if status != tc.status || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, status, stderr, tc.status, tc.stderr)
		}
	}
	if _, err := os.Stat(small); err == nil {
		t.Errorf("%s written", small)
	}
}

// TestShrinkMaxRuns: at --max-runs SMALL holds the best input so far,
// and the status says it may not be minimal.
func TestShrinkMaxRuns(t *testing.T) {
	bin := wrongSolution(t, "spot_norotate")
	small := filepath.Join(t.TempDir(), "small.spot")
	in := contestFile("random/uva141_random3000.in")
	status, _, stderr := runCLI("", "shrink", "spot", "--run", bin, "--max-runs", "1", "--jobs", "1", "-o", small, in)
	if status != 1 || !strings.Contains(stderr, "stopped after --max-runs 1 runs") {
		t.Fatalf("status %d, stderr %s", status, stderr)
	}
	got, err := os.ReadFile(small)
	want, _ := os.ReadFile(in)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("after one run (the original's) SMALL should be the input: %d bytes, %v", len(got), err)
	}
}

// TestShrinkFlaky: a solution that fails only now and then (here: it
// crashes on its first runs, then exits 0) is not taken at its word: the
// small input is checked again, and when the solution does not fail on
// it every time shrink says it is flaky and exits 1.
func TestShrinkFlaky(t *testing.T) {
	dir := t.TempDir()
	in := contestFile("samples/uva601_sample.in")
	count := filepath.Join(dir, "count")
	flaky := `sh -c 'n=$(cat "$0" 2>/dev/null || echo 0); echo $((n+1)) >"$0"; cat >/dev/null; [ $n -ge 6 ]' ` + count
	small := filepath.Join(dir, "small.path")
	status, stdout, stderr := runCLI("", "shrink", "path", "--jobs", "1", "--run", flaky, "-o", small, in)
	if status != exitProblem || !strings.Contains(stderr, "flaky") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s\nwant 1 and the solution said flaky", status, stdout, stderr)
	}
	// A solution that fails every time is not flaky.
	status, _, stderr = runCLI("", "shrink", "path", "--jobs", "1", "--run", "false", "-o", small, in)
	if status != exitOK || strings.Contains(stderr, "flaky") {
		t.Errorf("false: status %d, stderr:\n%s", status, stderr)
	}
}
