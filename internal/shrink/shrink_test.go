package shrink

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"gamels/analyze"
	"gamels/contest"
	"gamels/parse"
)

// verdicts returns the contest output of src under the given rules.
func verdicts(kind parse.Kind, rules parse.Rules, src []byte) string {
	var b bytes.Buffer
	contest.Judge(kind, rules, src, 1).WriteTo(&b)
	return b.String()
}

// The tests stand in for wrong solutions with the engine itself: an
// icfp judge that forgets the repetition rule is the contest judge.
func noRepeat(runs *atomic.Int64) Test {
	return func(ctx context.Context, src []byte) (bool, error) {
		runs.Add(1)
		return verdicts(parse.Pousse, parse.RulesICFP, src) != verdicts(parse.Pousse, parse.RulesContest, src), nil
	}
}

func TestShrinkPousse(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"))
	if err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int64
	small, _, err := Shrink(context.Background(), src, noRepeat(&runs), Options{Kind: parse.Pousse, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d bytes to %d in %d runs:\n%s", len(src), len(small), runs.Load(), small)
	checkMinimal(t, parse.Pousse, small, noRepeat(&runs))

	// The same result with candidates tested side by side.
	again, _, err := Shrink(context.Background(), src, noRepeat(&runs), Options{Kind: parse.Pousse, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(small, again) {
		t.Errorf("with 3 jobs:\n%s\nwith 1:\n%s", again, small)
	}
}

// checkMinimal checks that small fails, is a valid input of its layout,
// and that removing any one game, or any one move of a Pousse game,
// makes it pass.
func checkMinimal(t *testing.T, kind parse.Kind, small []byte, test Test) {
	t.Helper()
	ctx := context.Background()
	if fails, _ := test(ctx, small); !fails {
		t.Fatalf("the result passes:\n%s", small)
	}
	if !valid(kind, small) {
		t.Fatalf("the result is not a valid input:\n%s", small)
	}
	in, errs := read(kind, small)
	if errs != nil {
		t.Fatal(errs)
	}
	for i := range in.games {
		keep := append(iota(len(in.games))[:i:i], iota(len(in.games))[i+1:]...)
		c := in.with(keep).bytes()
		if fails, _ := test(ctx, c); fails && valid(kind, c) {
			t.Errorf("still fails without game %d:\n%s", i+1, c)
		}
		if kind != parse.Pousse {
			continue
		}
		g := in.games[i]
		for j := range g.toks {
			ng := g
			ng.toks = append(g.toks[:j:j], g.toks[j+1:]...)
			c := in.withGame(i, ng).bytes()
			if fails, _ := test(ctx, c); fails && valid(kind, c) {
				t.Errorf("still fails without move %d of game %d:\n%s", j+1, i+1, c)
			}
		}
	}
}

func TestShrinkLayouts(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind parse.Kind
		src  string
		want string
	}{
		// Game 2 is the one that matters; the count line stays true.
		{"uva", parse.Pousse, "3\n\n2\nL1\nQUIT\n\n3\nL1\nL2\nB3\nQUIT\n\n1\nT1\nQUIT\n", "1\n\n"},
		{"zoj", parse.Pousse, "2\nL1\nQUIT\n5\nL1\nL2\nB5\nQUIT\n1\nT1\nQUIT\n", ""},
		{"rules line", parse.Pousse, "# rules: icfp\n2\nL1\nQUIT\n3\nL1\nL2\nB3\nQUIT\n", "# rules: icfp\n"},
		{"spot", parse.Spot, "2\n1 1 +\n1 2 +\n2 2 +\n1 1 -\n4\n1 1 +\n2 2 +\n1 1 -\n2 2 -\n3 3 +\n1 2 +\n1 1 +\n1 4 +\n0\n", ""},
		{"path", parse.Path, "2\n\nWW\nBU\n\n4\n\nWUBB\nBBWU\nUUWB\nWWWW\n0\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Fails when some game is of size 3 or more: the result is
			// that game, cut to size 3 when it is larger.
			test := func(ctx context.Context, src []byte) (bool, error) {
				for _, g := range parse.Parse(tc.kind, src).Games {
					if g.Size >= 3 {
						return true, nil
					}
				}
				return false, nil
			}
			small, _, err := Shrink(context.Background(), []byte(tc.src), test, Options{Kind: tc.kind})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(small), tc.want+"3\n") {
				t.Errorf("got\n%s\nwant it to start %q", small, tc.want+"3\n")
			}
			checkMinimal(t, tc.kind, small, test)
		})
	}
}

func TestShrinkStops(t *testing.T) {
	src := []byte("2\nL1\nL2\nQUIT\n2\nL1\nQUIT\n")
	always := func(context.Context, []byte) (bool, error) { return true, nil }
	never := func(context.Context, []byte) (bool, error) { return false, nil }
	if _, _, err := Shrink(context.Background(), src, never, Options{Kind: parse.Pousse}); err != ErrPasses {
		t.Errorf("a passing input: err %v, want ErrPasses", err)
	}
	got, _, err := Shrink(context.Background(), src, always, Options{Kind: parse.Pousse, MaxRuns: 2})
	if err != ErrMaxRuns || len(got) >= len(src) || !valid(parse.Pousse, got) {
		t.Errorf("MaxRuns 2: %q, %v; want a smaller valid input and ErrMaxRuns", got, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, _, err := Shrink(ctx, src, always, Options{Kind: parse.Pousse}); err != context.Canceled || string(got) != string(src) {
		t.Errorf("cancelled: %q, %v", got, err)
	}
	if _, _, err := Shrink(context.Background(), []byte("2\nX1\nQUIT\n"), always, Options{Kind: parse.Pousse}); err == nil {
		t.Errorf("an input with errors: no error")
	}
}

func iota(n int) []int { return rangeOf([2]int{0, n}) }

// TestShrinkSpotBoard: a Spot game that repeats a pattern turned shrinks
// to a small board: row and column k go with N+1-k, which keeps every
// rotation (one line at a time stops where the next removal breaks
// the turn).
func TestShrinkSpotBoard(t *testing.T) {
	const n = 23
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n2 5 +\n5 22 +\n2 5 -\n", n) // (2,5) turned 90° clockwise is (5,22)
	for k := 3; k < 2*n; k++ {                       // after the end: toggles of (2,5)
		fmt.Fprintf(&b, "2 5 %c\n", "+-"[(k+1)%2])
	}
	b.WriteString("0\n")
	src := []byte(b.String())
	turned := func(ctx context.Context, src []byte) (bool, error) {
		f := parse.Parse(parse.Spot, src)
		if len(f.Errors) > 0 || len(f.Games) == 0 {
			return false, nil
		}
		return analyze.Spot(f.Games[0]).Rotation != 0, nil
	}
	if ok, _ := turned(context.Background(), src); !ok {
		t.Fatalf("the game does not repeat turned:\n%s", src)
	}
	small, runs, err := Shrink(context.Background(), src, turned, Options{Kind: parse.Spot, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := parse.Parse(parse.Spot, small)
	t.Logf("%d runs:\n%s", runs, small)
	if len(f.Games) != 1 || f.Games[0].Size > 3 {
		t.Errorf("shrunk to:\n%s", small)
	}
	if want := []int{0, 1, 3, 4}; fmt.Sprint(mirrored(5, []int{0, 1})) != fmt.Sprint(want) {
		t.Errorf("mirrored(5, 0 1) = %v, want %v", mirrored(5, []int{0, 1}), want)
	}
	if got := fmt.Sprint(mirrored(5, []int{2})); got != "[2]" {
		t.Errorf("mirrored(5, 2) = %s, want [2]", got)
	}
}

// TestProjectSpotPad: a Spot board made smaller keeps 2N moves, made up
// with legal toggles of (1,1) when the lines dropped took moves away.
func TestProjectSpotPad(t *testing.T) {
	var toks [][]byte
	for _, m := range []string{"1 1 +", "2 2 +", "3 3 +", "4 4 +", "2 3 +", "3 2 +", "2 2 -", "1 4 +"} {
		toks = append(toks, []byte(m))
	}
	g := project(parse.Spot, game{n: 4, toks: toks}, []int{0, 3})
	var got []string
	for _, m := range g.toks {
		got = append(got, string(m))
	}
	if want := "[1 1 + 2 2 + 1 2 + 1 1 -]"; g.n != 2 || fmt.Sprint(got) != want {
		t.Errorf("n %d, moves %v, want %s", g.n, got, want)
	}
}
