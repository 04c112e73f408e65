package analyze

import (
	"testing"

	"gamels/parse"
)

// TestWording checks the words for every kind of outcome, on games
// parsed from text and analysed by the engines.
func TestWording(t *testing.T) {
	for _, tc := range []struct {
		kind     parse.Kind
		rules    parse.Rules
		src      string
		headline string
		summary  string
	}{
		{parse.Pousse, parse.RulesContest, "2\nL1\nR2\nL1\nQUIT\n", "X WINS", "X WINS at move 3"},
		{parse.Pousse, parse.RulesContest, "3\nL1\nL2\nQUIT\n", "TIE GAME", "TIE GAME: no winner after 2 moves"},
		{parse.Pousse, parse.RulesDefault, "3\nL1\nQUIT\n", "TIE GAME", "TIE GAME: no winner after 1 move"},
		{parse.Pousse, parse.RulesICFP, "3\nL1\nL2\nQUIT\n", "no result yet", "no result yet after 2 moves; the judge prints TIE GAME"},
		{parse.Pousse, parse.RulesICFP, "3\nL1\nX2\nQUIT\n", "no result yet", "no result yet after 1 move; the judge prints TIE GAME (computed despite errors)"},
		{parse.Pousse, parse.RulesContest, "101\nL1\nQUIT\n", "", "no verdict: the board size is unusable"},
		{parse.Spot, 0, "2\n1 1 +\n1 2 +\n1 1 -\n2 2 +\n0\n", "Player 2 wins on move 3", "Player 2 wins on move 3: it repeats the pattern after move 1 turned 90° clockwise"},
		{parse.Spot, 0, "2\n1 1 +\n1 2 +\n1 2 -\n2 2 +\n0\n", "Player 2 wins on move 3", "Player 2 wins on move 3: it repeats the pattern after move 1"},
		{parse.Spot, 0, "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", "Draw", "Draw: no pattern repeats in 4 moves"},
		{parse.Spot, 0, "2\n1 1 +\n1 2 +\n2 1 +\n0\n", "Draw", "Draw: no pattern repeats in 3 moves (computed despite errors)"},
		{parse.Path, 0, "2\n\nWW\nBU\n0\n", "White has a winning path.", "White has a winning path."},
		{parse.Path, 0, "2\n\nBU\nB\n0\n", "Black has a winning path.", "Black has a winning path. (computed despite errors)"},
		{parse.Path, 0, "81\n\n0\n", "", "no verdict: the board size is unusable"},
	} {
		f := parse.Parse(tc.kind, []byte(tc.src))
		if len(f.Games) != 1 {
			t.Fatalf("%q: %d games", tc.src, len(f.Games))
		}
		o := Analyze(tc.kind, f.Games[0], f.EffectiveRules(tc.rules))
		if got := o.Headline(); got != tc.headline {
			t.Errorf("%q (%v): Headline() = %q, want %q", tc.src, tc.rules, got, tc.headline)
		}
		if got := o.Summary(); got != tc.summary {
			t.Errorf("%q (%v): Summary() = %q, want %q", tc.src, tc.rules, got, tc.summary)
		}
	}
}

func TestMoveWords(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{PousseMoveWords(First, PousseShift{Run: []Cell{{2, 1}}}), "X enters at (2,1)"},
		{PousseMoveWords(Second, PousseShift{Run: []Cell{{1, 3}, {2, 3}, {3, 3}}}), "O enters at (1,3), pushing 2 markers to (3,3)"},
		{PousseMoveWords(First, PousseShift{Run: []Cell{{1, 1}, {1, 2}}, Off: Cell{1, 2}, OffWho: Second}), "X enters at (1,1), pushing 1 marker to (1,2); O pushed off from (1,2)"},
		{PousseMoveWords(First, PousseShift{}), ""},
		{SpotMoveWords(2, 3, true, false), "a spot added at (2,3)"},
		{SpotMoveWords(2, 3, false, false), "the spot at (2,3) removed"},
		{SpotMoveWords(2, 3, true, true), "illegal, nothing changes"},
		{RepeatWords(parse.Spot, 2, 0), "the pattern after move 3"},
		{RepeatWords(parse.Spot, 2, 3), "the pattern after move 3 turned 270° clockwise"},
		{RepeatWords(parse.Spot, 0, 1), "the pattern after move 1 turned 90° clockwise"},
		{TurnWords(2), "turned 180° clockwise"},
		{TurnWords(4), ""},
		{RepeatWords(parse.Pousse, 4, 0), "the same position, by the same player, as after move 5"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
