//go:build study

// The study of the ICFP 1998 tournament (docs/analysis-study.md) is a
// probe, not a test of the package: it runs only with -tags study, as
//
//	go test -tags study -run TestStudy ./analyze/solve          # a tenth, depth 4
//	go test -tags study -run TestStudy ./analyze/solve -study   # all, depth 6

package solve

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// studyTotals are the figures of docs/analysis-study.md.
type studyTotals struct {
	Games        int
	MissedWin1   int // games with a missed win at once
	MissedWin3   int // games with a missed win within 3 plies
	BlunderDecid int // games whose decisive move is a blunder
	Decided      int // games with a decisive move
	Blunders     int // blunders, over all games
	LongestWin   int // the longest forced win found (plies)
	LongestGame  int // the line of the game where it was found
	Incomplete   int // games with a search cut short (none without a budget)
}

// study annotates the games whose index i satisfies i%every == 0 at the
// given depth under the icfp rules, and returns the totals, the nodes
// searched and the time taken.
func study(tb testing.TB, games []tournamentGame, every, depth int) (studyTotals, int64, time.Duration) {
	var t studyTotals
	var nodes int64
	a := NewAnnotator(Options{Depth: depth})
	start := time.Now()
	for i, tg := range games {
		if i%every != 0 {
			continue
		}
		an, err := a.Annotate(context.Background(), parse.Pousse, tg.game, parse.RulesICFP)
		if err != nil {
			tb.Fatal(err)
		}
		if len(an.Evals) != tg.plies {
			tb.Fatalf("line %d: %d positions searched, the game has %d plies", tg.line, len(an.Evals), tg.plies)
		}
		t.Games++
		nodes += an.Nodes
		if !an.Complete {
			t.Incomplete++
		}
		m1, m3, bl := false, false, map[int]bool{}
		for _, x := range an.Annotations {
			switch x.Kind {
			case MissedWin:
				m1 = m1 || x.Plies == 1
				m3 = m3 || x.Plies <= 3
			case Blunder:
				t.Blunders++
				bl[x.Move] = true
			case Decisive:
				t.Decided++
				if bl[x.Move] {
					t.BlunderDecid++
				}
			}
		}
		if m1 {
			t.MissedWin1++
		}
		if m3 {
			t.MissedWin3++
		}
		for _, e := range an.Evals {
			if e.Proof == Win && e.Plies > t.LongestWin {
				t.LongestWin, t.LongestGame = e.Plies, tg.line
			}
		}
	}
	return t, nodes, time.Since(start)
}

var (
	fullStudy  = flag.Bool("study", false, "run the study on all 1347 tournament games at the default depth (minutes)")
	studyDepth = flag.Int("studydepth", 0, "also run the study at this depth (figures logged, not compared)")
	studyEvery = flag.Int("studyevery", 1, "with -studydepth: every how many games")
)

// TestStudy keeps the totals of the study of the ICFP 1998 tournament
// (docs/analysis-study.md), so that the engine's claims stay stable:
// always on a tenth of the games at depth 4 (a fiftieth under -short),
// and with -study on all of them at the default depth, the figures the
// study publishes.
func TestStudy(t *testing.T) {
	games := readTournament(t)
	if len(games) != 1347 {
		t.Fatalf("%d games, want 1347", len(games))
	}
	cases := []struct {
		every, depth int
		want         studyTotals
	}{
		{50, 4, studyTotals{Games: 27, MissedWin1: 3, MissedWin3: 3, BlunderDecid: 22, Decided: 27, Blunders: 25, LongestWin: 3, LongestGame: 2}},
		{10, 4, studyTotals{Games: 135, MissedWin1: 20, MissedWin3: 22, BlunderDecid: 101, Decided: 135, Blunders: 126, LongestWin: 3, LongestGame: 2}},
		{1, DefaultDepth, studyTotals{Games: 1347, MissedWin1: 147, MissedWin3: 179, BlunderDecid: 1133, Decided: 1347, Blunders: 1534, LongestWin: 5, LongestGame: 2}},
	}
	for _, c := range cases {
		if (c.every == 1) != *fullStudy || (testing.Short() && c.every == 10) || (!testing.Short() && !*fullStudy && c.every == 50) {
			continue
		}
		got, nodes, took := study(t, games, c.every, c.depth)
		t.Logf("every %d at depth %d: %+v, %d nodes in %v", c.every, c.depth, got, nodes, took)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("every %d at depth %d (-want +got):\n%s", c.every, c.depth, diff)
		}
	}
	if *studyDepth > 0 {
		got, nodes, took := study(t, games, max(*studyEvery, 1), *studyDepth)
		t.Logf("every %d at depth %d: %+v, %d nodes in %v", *studyEvery, *studyDepth, got, nodes, took)
	}
}
