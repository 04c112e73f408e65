package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"gamels/analyze"
	"gamels/parse"
)

// TestAnnotateEvalsExhaustive annotates random games on 3x3 and 4x4
// boards, where one table serves every position of a game (and of the
// games before), and checks the result for every position against the
// exhaustive checker, history included. Many games are drawn from few
// distinct moves, so that full boards and icfp repetitions are common.
func TestAnnotateEvalsExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 6))
	a := NewAnnotator(Options{Depth: 5, TableBits: 10})
	checked := 0
	for game := range 40 {
		n := 3 + game%2
		rules := []parse.Rules{parse.RulesICFP, parse.RulesContest}[game/2%2]
		few := []int{3, 4, 0}[game%3]
		moves := randomPousse(rng, n, 4*n*n, few)
		g := &parse.Game{Size: n, Moves: moves}
		an, err := a.Annotate(context.Background(), parse.Pousse, g, rules)
		if err != nil {
			t.Fatal(err)
		}
		want := analyze.Pousse(g, rules)
		played := want.Played()
		if len(an.Evals) != played+btoi(want.End < 0) {
			t.Fatalf("game %d: %d evaluations for %d moves played", game, len(an.Evals), played)
		}
		p, _ := NewPousse(n, rules)
		ref := &refPousse{st: analyze.NewPousseState(n), icfp: rules == parse.RulesICFP, moves: p.Moves(), seen: map[string]int{}}
		for i, ev := range an.Evals {
			if err := checkClaim(ev, 5, ref.win, ref.loss); err != nil {
				t.Fatalf("game %d (%dx%d %v) before move %d: %v", game, n, n, rules, i+1, err)
			}
			checked++
			if i < played {
				c, _, key := ref.play(moves[i])
				ref.enter(c, key)
			}
		}
	}
	t.Logf("%d positions checked", checked)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSolveLimits: a node budget, a deadline and a cancelled context
// each stop the search with a shallower, still exact, result.
func TestSolveLimits(t *testing.T) {
	p, _ := NewPousse(6, parse.RulesContest)
	for _, mv := range []string{"L3", "T3", "R2", "B5"} {
		p.Play(mv[0], int(mv[1]-'0'))
	}
	// Deep enough for a budget a quarter of the nodes to cut it (the
	// budget is looked at every 1024 nodes).
	const depth = 8
	full, err := p.Solve(context.Background(), Options{Depth: depth})
	if err != nil || !full.Complete || full.Depth != depth || full.Proof != Unknown || full.Nodes < 8*1024 {
		t.Fatalf("depth %d: %+v, %v", depth, full, err)
	}
	cut, err := p.Solve(context.Background(), Options{Depth: depth, Nodes: full.Nodes / 4})
	if err != nil || cut.Complete || cut.Depth >= depth || cut.Nodes >= full.Nodes {
		t.Errorf("budget %d: %+v, %v", full.Nodes/4, cut, err)
	}
	late, err := p.Solve(context.Background(), Options{Depth: MaxDepth, Deadline: time.Now().Add(30 * time.Millisecond)})
	if err != nil || late.Depth < 1 || (late.Proof == Unknown && (late.Complete || late.Depth >= MaxDepth)) {
		t.Errorf("deadline: %+v, %v", late, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := p.Solve(ctx, Options{Depth: MaxDepth})
	if err != context.Canceled || r.Complete {
		t.Errorf("cancelled: %+v, %v", r, err)
	}
	g := &parse.Game{Size: 6, Moves: []parse.Move{parse.PousseMove('L', int(3)), parse.PousseMove('T', int(3))}}
	an, err := NewAnnotator(Options{}).Annotate(ctx, parse.Pousse, g, parse.RulesICFP)
	if err != context.Canceled || an.Complete || len(an.Annotations) != 0 {
		t.Errorf("annotate cancelled: %+v, %v", an, err)
	}
	if _, err := NewAnnotator(Options{}).Annotate(context.Background(), parse.Pousse, &parse.Game{Size: 9}, parse.RulesICFP); err == nil {
		t.Errorf("9x9: no error")
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{Proof: Win, Plies: 1, Best: "R3", Depth: 1}, "best: R3, X wins at once"},
		{Result{Proof: Win, Plies: 3, Best: "R3", Depth: 3}, "best: R3, X wins in 3"},
		{Result{Proof: Loss, Plies: 2, Best: "L1", Depth: 2}, "best: L1, O wins in 2"},
		{Result{Best: "T2", Depth: 6}, "best: T2, no forced result within 6 plies"},
	} {
		if got := c.r.Describe("X", "O"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestValue: the value alone, the words of Describe without the move.
func TestValue(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{Proof: Win, Plies: 1, Best: "R3", Depth: 1}, "X wins at once"},
		{Result{Proof: Win, Plies: 3, Best: "R3", Depth: 3}, "X wins in 3"},
		{Result{Proof: Loss, Plies: 2, Best: "L1", Depth: 2}, "O wins in 2"},
		{Result{Best: "T2", Depth: 6}, "no forced result within 6 plies"},
		{Result{Complete: true}, "the game is over"},
	} {
		if got := c.r.Value("X", "O"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestAnnotateFrom: re-annotating an edited game from an earlier
// analysis searches only from the edited move on, and gives the
// proofs, lengths and annotations of a fresh analysis.
func TestAnnotateFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 13))
	for game := range 30 {
		n := 3 + game%3
		rules := []parse.Rules{parse.RulesICFP, parse.RulesContest}[game%2]
		moves := randomPousse(rng, n, 3*n*n, 0)
		a := NewAnnotator(Options{Depth: 4})
		old, err := a.Annotate(context.Background(), parse.Pousse, &parse.Game{Size: n, Moves: moves}, rules)
		if err != nil {
			t.Fatal(err)
		}
		edited := append([]parse.Move(nil), moves...)
		k := rng.IntN(len(edited))
		edited[k] = randomPousse(rng, n, 1, 0)[0]
		edited = edited[:k+1+rng.IntN(len(edited)-k)]
		g := &parse.Game{Size: n, Moves: edited}
		got, err := a.AnnotateFrom(context.Background(), parse.Pousse, g, rules, old)
		if err != nil {
			t.Fatal(err)
		}
		want, err := NewAnnotator(Options{Depth: 4}).Annotate(context.Background(), parse.Pousse, g, rules)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Evals) != len(want.Evals) {
			t.Fatalf("game %d: %d evaluations, want %d", game, len(got.Evals), len(want.Evals))
		}
		for i := range got.Evals {
			g, w := got.Evals[i], want.Evals[i]
			if g.Proof != w.Proof || g.Plies != w.Plies || g.Depth != w.Depth {
				t.Errorf("game %d position %d: %+v, fresh %+v", game, i, g, w)
			}
			if i < min(k+1, len(old.Evals)) && g != old.Evals[i] {
				t.Errorf("game %d position %d (before the edit at %d) was searched again", game, i, k)
			}
		}
		if len(got.Annotations) != len(want.Annotations) {
			t.Errorf("game %d: %d annotations, fresh %d", game, len(got.Annotations), len(want.Annotations))
		}
	}
	// Other options: nothing is reused.
	g := &parse.Game{Size: 4, Moves: randomPousse(rng, 4, 10, 0)}
	old, _ := NewAnnotator(Options{Depth: 2}).Annotate(context.Background(), parse.Pousse, g, parse.RulesContest)
	an, _ := NewAnnotator(Options{Depth: 3}).AnnotateFrom(context.Background(), parse.Pousse, g, parse.RulesContest, old)
	for i, e := range an.Evals {
		if e.Proof == Unknown && e.Depth != 3 {
			t.Errorf("position %d: depth %d from an analysis at another depth", i, e.Depth)
		}
	}
}

// TestAnnotateHints annotates a 3x3 icfp game whose annotations are
// worked out by hand: after L1 T3 L1 row 1 is X X O; O's B3 lets X push
// L1 for row 1 (R1 would have held); X plays B2 instead, O misses R2
// (column 3), X misses L1 again.
func TestAnnotateHints(t *testing.T) {
	var moves []parse.Move
	for _, tok := range []string{"L1", "T3", "L1", "B3", "B2", "L2", "R3"} {
		moves = append(moves, parse.PousseMove(tok[0], int(tok[1]-'0')))
	}
	an, err := NewAnnotator(Options{Depth: 4}).Annotate(context.Background(), parse.Pousse, &parse.Game{Size: 3, Moves: moves}, parse.RulesICFP)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range an.Annotations {
		got = append(got, fmt.Sprintf("%d %s", x.Move+1, x.Hint()))
	}
	want := []string{
		"4 ?? blunder: after B3, X wins at once; R1 holds",
		"5 ?? missed L1: wins at once",
		"6 ?? missed R2: wins at once",
		"7 ?? missed L1: wins at once",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
	if d := an.Evals[4].Describe("X", "O"); d != "best: L1, X wins at once" {
		t.Errorf("hover before move 5: %q", d)
	}
}
