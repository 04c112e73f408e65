package match

import (
	"context"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"gamels/analyze"
	"gamels/internal/match/matchtest"
	"gamels/parse"
)

// TestSPRTStops: a test of greedy against random stops at its decision,
// long before the games run out, with the ratio past the upper bound.
func TestSPRTStops(t *testing.T) {
	bin := matchtest.Players(t)
	c := testConfig(t, parse.Pousse, bin+" -play greedy", bin+" -play random")
	c.Games, c.Openings, c.SPRT = 1000, 2, &SPRT{Elo0: 0, Elo1: 200}
	recs, sum, _ := playAll(t, c)
	_, upper := c.SPRT.Bounds()
	if sum.Decision != AcceptH1 || sum.LLR < upper || len(recs) >= 200 || sum.Interrupted {
		t.Errorf("after %d games: LLR %.2f, decision %v, interrupted %v; want H1 well before 200 games", len(recs), sum.LLR, sum.Decision, sum.Interrupted)
	}
	if sum.Tally.Games() != len(recs) {
		t.Errorf("the tally counts %d games, the events %d", sum.Tally.Games(), len(recs))
	}
}

// TestInterrupted: when the context is done, the games in progress are
// abandoned at once (their programs killed), the finished ones kept.
func TestInterrupted(t *testing.T) {
	bin := matchtest.Players(t)
	c := testConfig(t, parse.Pousse, bin+" -play random", bin+" -play slow -sleep 200ms")
	c.Games = 100
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	var cancelled time.Time
	sum, err := Run(ctx, c, Events{Game: func(*Record, *Tally) error {
		if n++; n == 2 {
			cancelled = time.Now()
			cancel()
		}
		return nil
	}})
	cancel()
	if d := time.Since(cancelled); err != nil || !sum.Interrupted || sum.Tally.Games() != 2 || d > 3*time.Second {
		t.Errorf("err %v, interrupted %v, %d games counted, %v from the cancel to the end", err, sum.Interrupted, sum.Tally.Games(), d)
	}
}

// TestStreamedMemory: the transcript and the JSON are written as the
// games end; the tally keeps counts: the heap after 10,000 games of
// 200 moves is what it was after 1,000.
func TestStreamedMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tr, _ := NewTranscript(io.Discard, parse.Pousse, parse.RulesContest, []string{"test"})
	js := NewJSONWriter(io.Discard, Header{Kind: "pousse", Rules: "contest"})
	tally := NewTally([]string{"a", "b"})
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var at1000 uint64
	for i := range 10_000 {
		r := &Record{Game: i + 1, X: "a", O: "b", Size: 8, Result: "TIE GAME", Reason: ReasonMoveLimit}
		if i%2 == 1 {
			r.X, r.O, r.Result, r.Reason = "b", "a", "X WINS", ReasonStraights
		}
		for range 200 {
			mv := parse.PousseMove("LRTB"[rng.IntN(4)], 1+rng.IntN(8))
			r.moves = append(r.moves, mv)
			r.Moves = append(r.Moves, token(mv))
		}
		if err := tally.Add(r); err != nil {
			t.Fatal(err)
		}
		if tr.Add(r) != nil || js.Game(r) != nil {
			t.Fatal("write failed")
		}
		if i == 999 {
			at1000 = heap()
		}
	}
	if grown := int64(heap()) - int64(at1000); grown > 1<<20 {
		t.Errorf("the heap grew by %d bytes from game 1,000 to game 10,000", grown)
	}
	if tally.Player("b").Wins != 5000 || tally.Pair("a", "b").Draws != 5000 {
		t.Errorf("tally: %+v, %+v", tally.Player("b"), tally.Pair("a", "b"))
	}
}

// TestSpotFiller: a forfeited Spot game is completed to its 2N moves by
// legal moves, after which the forfeiting player has repeated a pattern
// whenever three moves or more remained (on boards of 3x3 and more).
func TestSpotFiller(t *testing.T) {
	rng := rand.New(rand.NewPCG(141, 33))
	for range 300 {
		n := 3 + rng.IntN(5) // on 2x2, the winner may have no move but a repeat
		// A random legal prefix that ends no game.
		g := &parse.Game{Size: n}
		for k := rng.IntN(2 * n); len(g.Moves) < k; {
			var open []analyze.SpotCandidate
			for _, c := range analyze.Spot(g).Candidates(len(g.Moves)) {
				if c.Earlier < 0 {
					open = append(open, c)
				}
			}
			if len(open) == 0 {
				break
			}
			c := open[rng.IntN(len(open))]
			g.Moves = append(g.Moves, parse.SpotMove(c.Row, c.Col, c.Add))
		}
		loser := analyze.Player(1 + len(g.Moves)%2) // the player to move forfeits
		fill := spotFiller(n, g.Moves, loser)
		full := &parse.Game{Size: n, Moves: append(append([]parse.Move(nil), g.Moves...), fill...)}
		sg := analyze.Spot(full)
		if len(full.Moves) != 2*n || len(sg.Issues) > 0 {
			t.Fatalf("%dx%d after %d moves: %d moves in all, issues %v", n, n, len(g.Moves), len(full.Moves), sg.Issues)
		}
		if 2*n-len(g.Moves) >= 3 && sg.Winner != 3-loser {
			t.Errorf("%dx%d, player %d forfeits after %d moves: the filled game's verdict is %q", n, n, loser, len(g.Moves), sg.Verdict)
		}
		if sg.End >= 0 && sg.End < len(g.Moves) {
			t.Errorf("the prefix already ended: %q", sg.Verdict)
		}
	}
}

// TestTranscriptQuotes: what a player printed goes into the transcript
// quoted, in comments: it cannot add a game, a move or a rules line.
func TestTranscriptQuotes(t *testing.T) {
	var b strings.Builder
	tr, _ := NewTranscript(&b, parse.Pousse, parse.RulesContest, []string{"a header\nwith a line break"})
	evil := "L1\nQUIT\n6\nL1\n# rules: icfp\n"
	r := &Record{Game: 1, X: "x", O: "o", Size: 4, Result: "O WINS", Reason: ReasonIllegal, Moves: []string{"L1"},
		moves:   []parse.Move{parse.PousseMove('L', 1)},
		Forfeit: &Forfeit{Player: "x", Move: 3, Detail: "it printed more than one line", Output: evil, Stderr: evil}}
	if tr.Add(r) != nil || tr.Close() != nil {
		t.Fatal("write failed")
	}
	f := parse.Parse(parse.Pousse, []byte(b.String()))
	if len(f.Games) != 1 || len(f.Games[0].Moves) != 1 || len(f.Errors) > 0 || f.Rules != parse.RulesContest {
		t.Errorf("%d games, %d errors, rules %v:\n%s", len(f.Games), len(f.Errors), f.Rules, b.String())
	}
}
