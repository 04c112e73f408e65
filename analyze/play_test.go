package analyze

import (
	"errors"
	"strconv"
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

// FuzzParsePousseSlot checks that reading a slot never panics, and that a
// slot read is the one written: its move writes tok back.
func FuzzParsePousseSlot(f *testing.F) {
	for _, s := range []string{"L1", "B100", "T0", "R101", "X1", "L+1", "L-1", "L 1", "", "L", "B1e2", "T٣"} {
		f.Add(s, 100)
	}
	f.Fuzz(func(t *testing.T, tok string, n int) {
		n = 1 + (n%100+100)%100
		mv, err := ParsePousseSlot(tok, n)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Code != CodeBadTarget {
				t.Fatalf("ParsePousseSlot(%q, %d): %v, want a bad-target refusal", tok, n, err)
			}
			return
		}
		if got := string(mv.Dir()) + strconv.Itoa(mv.Line()); got != tok || mv.Line() < 1 || mv.Line() > n {
			t.Fatalf("ParsePousseSlot(%q, %d) = %s", tok, n, got)
		}
	})
}
