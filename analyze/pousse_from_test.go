package analyze

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// TestPousseFrom edits random games (a move changed, moves inserted,
// deleted, appended, the game cut short) and checks that PousseFrom
// from the old analysis gives what Pousse gives on the new moves:
// the result, and the board at random moves (through the checkpoints it
// copied and the ones it added).
func TestPousseFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2026))
	kept, resumed := 0, 0
	for round := range 600 {
		n := []int{1, 2, 3, 4, 6, 9, 13, 30}[round%8]
		moves := randomPousseMoves(rng, n, rng.IntN(min(8*n*n+50, 1500)), 0)
		rules := []parse.Rules{parse.RulesDefault, parse.RulesContest, parse.RulesICFP}[rng.IntN(3)]
		old := Pousse(pousseGameOf(n, moves), rules)

		edited := slices.Clone(moves)
		at := 0
		if len(edited) > 0 {
			at = rng.IntN(len(edited) + 1)
		}
		extra := randomPousseMoves(rng, n, 1+rng.IntN(3), 0)
		switch rng.IntN(5) {
		case 0: // change one move
			if at < len(edited) {
				edited[at] = extra[0]
			}
		case 1:
			edited = slices.Insert(edited, at, extra...)
		case 2:
			edited = slices.Delete(edited, at, min(at+len(extra), len(edited)))
		case 3:
			edited = append(edited, extra...)
		case 4:
			edited = edited[:at]
		}
		g := pousseGameOf(n, edited)
		g.HasErrors = rng.IntN(4) == 0
		want := Pousse(g, rules)
		got := PousseFrom(old, g, rules)
		if diff := cmp.Diff(want.Result, got.Result); diff != "" {
			t.Fatalf("n=%d rules=%v, edit at %d: result (-fresh +reanalysed):\n%s", n, rules, at, diff)
		}
		if got.Played() != want.Played() {
			t.Fatalf("n=%d: Played %d, want %d", n, got.Played(), want.Played())
		}
		if string(got.cps) != string(want.cps) {
			t.Fatalf("n=%d rules=%v, edit at %d: checkpoints differ (%d bytes, want %d)", n, rules, at, len(got.cps), len(want.cps))
		}
		for range 4 {
			k := rng.IntN(len(edited) + 2)
			if a, b := pousseBoardString(got.Board(k)), pousseBoardString(want.Board(k)); a != b {
				t.Fatalf("n=%d rules=%v, edit at %d: Board(%d):\n%s\nwant\n%s", n, rules, at, k, a, b)
			}
		}
		p := 0
		for p < min(len(moves), len(edited)) && moves[p] == edited[p] {
			p++
		}
		if old.End >= 0 && old.End < p {
			kept++ // the edit is after the end
		} else if rules != parse.RulesICFP {
			resumed++
		}
	}
	if kept < 20 || resumed < 150 {
		t.Errorf("kept %d results and replayed %d: the test data is too weak", kept, resumed)
	}
}

// TestPousseFromOther checks the cases that analyse afresh: no old
// analysis, another size, other rules.
func TestPousseFromOther(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	moves := randomPousseMoves(rng, 5, 300, 0)
	old := Pousse(pousseGameOf(5, moves), parse.RulesContest)
	for _, tc := range []struct {
		name  string
		old   *PousseGame
		g     *parse.Game
		rules parse.Rules
	}{
		{"no old analysis", nil, pousseGameOf(5, moves), parse.RulesContest},
		{"other size", old, pousseGameOf(6, moves), parse.RulesContest},
		{"other rules", old, pousseGameOf(5, moves), parse.RulesICFP},
		{"no size", old, pousseGameOf(0, moves), parse.RulesContest},
	} {
		want := Pousse(tc.g, tc.rules)
		got := PousseFrom(tc.old, tc.g, tc.rules)
		if diff := cmp.Diff(want.Result, got.Result); diff != "" {
			t.Errorf("%s: (-fresh +reanalysed):\n%s", tc.name, diff)
		}
		if a, b := got.Board(200), want.Board(200); (a == nil) != (b == nil) || a != nil && pousseBoardString(a) != pousseBoardString(b) {
			t.Errorf("%s: boards differ", tc.name)
		}
	}
}
