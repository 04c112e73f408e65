package solve

import (
	"context"
	"testing"

	"gamels/parse"
)

// TestDepthCapped: a horizon past MaxDepth is searched to MaxDepth, so
// that a caller passing any depth gets an answer in bounded time.
func TestDepthCapped(t *testing.T) {
	for _, d := range []int{MaxDepth + 1, 1000, 1 << 30} {
		if got := (Options{Depth: d}).depth(); got != MaxDepth {
			t.Errorf("Options{Depth: %d}.depth() = %d, want MaxDepth (%d)", d, got, MaxDepth)
		}
	}
	p, _ := NewPousse(3, parse.RulesContest)
	for _, mv := range []string{"L1", "T3", "L1"} {
		p.Play(mv[0], int(mv[1]-'0'))
	}
	r, err := p.Solve(context.Background(), Options{Depth: 1000})
	if err != nil || r.Depth > MaxDepth || !r.Complete {
		t.Errorf("depth 1000 on a 3x3 game: %+v, %v", r, err)
	}
}

// TestAnnotatorProgress: Progress is called once per position
// evaluated, reused ones included.
func TestAnnotatorProgress(t *testing.T) {
	g := &parse.Game{Size: 4}
	for _, mv := range []string{"L1", "T3", "L1", "B2", "R4"} {
		g.Moves = append(g.Moves, parse.PousseMove(mv[0], int(mv[1]-'0')))
	}
	calls := 0
	a := NewAnnotator(Options{Depth: 3})
	a.Progress = func() { calls++ }
	an, err := a.Annotate(context.Background(), parse.Pousse, g, parse.RulesContest)
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(an.Evals) || calls == 0 {
		t.Errorf("%d calls for %d positions", calls, len(an.Evals))
	}
	calls = 0
	again, err := a.AnnotateFrom(context.Background(), parse.Pousse, g, parse.RulesContest, an)
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(again.Evals) {
		t.Errorf("reusing: %d calls for %d positions", calls, len(again.Evals))
	}
}
