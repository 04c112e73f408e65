package solve

import (
	"context"
	"os"
	"testing"

	"gamels/parse"
)

// TestJudgeCycleValues: under the contest rules the root side's cycles
// inside the tree end their line with a value of the position, not a
// draw's 0, so the game's estimates (the strip's, from JudgeGame) stay
// apart. On a real game of many cycles (200 moves of a 5x5 board, most
// of them on a full board), at most 5% of the positions may read
// exactly 50%: when a cycle scored 0, 21 of these 201 did (and 45% of
// the positions in the openings of engine games, docs/engine.md).
func TestJudgeCycleValues(t *testing.T) {
	f, g := greedyGame(t)
	jd, err := JudgeGame(context.Background(), parse.Pousse, g, f.EffectiveRules(parse.RulesDefault), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	even := 0
	for _, e := range jd.Estimates {
		if e == 0.5 {
			even++
		}
	}
	t.Logf("%d of %d estimates exactly 50%%", even, len(jd.Estimates))
	if len(jd.Estimates) != 201 || even > len(jd.Estimates)/20 {
		t.Errorf("%d of %d estimates exactly 50%%, want 201 estimates (200 moves), at most 5%% of them 50%%", even, len(jd.Estimates))
	}
}

// greedyGame reads testdata/greedy5x5.pousse, a real 5x5 game of 200
// moves (the engine against the test players' greedy), with the parser.
func greedyGame(t *testing.T) (*parse.File, *parse.Game) {
	t.Helper()
	src, err := os.ReadFile("testdata/greedy5x5.pousse")
	if err != nil {
		t.Fatal(err)
	}
	f := parse.Parse(parse.Pousse, src)
	if len(f.Errors) != 0 || len(f.Games) != 1 {
		t.Fatalf("testdata/greedy5x5.pousse: %d games, errors %v", len(f.Games), f.Errors)
	}
	return f, f.Games[0]
}
