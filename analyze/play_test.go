package analyze

import (
	"errors"
	"testing"

	"gamels/parse"
)

func TestPousseMark(t *testing.T) {
	for _, tc := range []struct {
		c    PousseCandidate
		want Mark
	}{
		{PousseCandidate{}, MarkNone},
		{PousseCandidate{Winner: First, Reason: ReasonStraights}, MarkWins},
		{PousseCandidate{Winner: Second, Reason: ReasonStraights}, MarkLoses},
		{PousseCandidate{Winner: Second, Reason: ReasonRepetition}, MarkRepeats},
	} {
		if got := tc.c.Mark(First); got != tc.want {
			t.Errorf("%+v.Mark(First) = %q, want %q", tc.c, got, tc.want)
		}
	}
}

func TestPlayAtRefusals(t *testing.T) {
	game := func(kind parse.Kind, src string) *parse.Game { return parse.Parse(kind, []byte(src)).Games[0] }
	pg := Pousse(game(parse.Pousse, "2\nL1\nL1\nT1\nQUIT\n"), parse.RulesContest)
	for _, tc := range []struct {
		k    int
		tok  string
		code parse.Code
	}{
		{0, "L3", CodeBadTarget}, {0, "L0", CodeBadTarget}, {0, "l1", CodeBadTarget}, {0, "L+1", CodeBadTarget},
		{0, "", CodeBadTarget}, {0, "B12345", CodeBadTarget}, {pg.End + 1, "L1", CodeGameOver},
	} {
		_, err := pg.PlayAt(tc.k, tc.tok)
		var r *Refusal
		if !errors.As(err, &r) || r.Code != tc.code {
			t.Errorf("PlayAt(%d, %q) = %v, want a refusal %s", tc.k, tc.tok, err, tc.code)
		}
	}
	if mv, err := pg.PlayAt(1, "B2"); err != nil || !mv.Same(parse.PousseMove('B', 2)) {
		t.Errorf("PlayAt(1, B2) = %v, %v", mv, err)
	}
	sg := Spot(game(parse.Spot, "2\n1 1 +\n0\n"))
	if mv, err := sg.PlayAt(1, 1, 1); err != nil || !mv.Same(parse.SpotMove(1, 1, false)) {
		t.Errorf("Spot PlayAt on a spot = %v, %v; want 1 1 -", mv, err)
	}
	if mv, err := sg.PlayAt(0, 1, 1); err != nil || !mv.Same(parse.SpotMove(1, 1, true)) {
		t.Errorf("Spot PlayAt at move 0 = %v, %v; want 1 1 +", mv, err)
	}
	for _, c := range []byte("WBU") {
		if NextPathCell(NextPathCell(NextPathCell(c))) != c {
			t.Errorf("three clicks do not bring %c back", c)
		}
	}
	if NextPathCell('x') != 0 {
		t.Error("NextPathCell('x') is not 0")
	}
}
