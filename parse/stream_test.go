package parse_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// streamedGame is what a Stream reader sees of a game during its call,
// copied out: the spans of its moves, not the moves themselves, which
// Stream's reuse of memory would change.
type streamedGame struct {
	Index     int
	Span      parse.Span
	N         parse.Number
	Size      int
	Moves     []parse.Span
	Extra     []parse.Span
	Quit      parse.Span
	Rows      []parse.Row
	HasErrors bool
	Rules     parse.Rules
}

func copyGame(f *parse.File, g *parse.Game) streamedGame {
	s := streamedGame{Index: g.Index, Span: g.Span, N: g.N, Size: g.Size, Quit: g.Quit, Rows: g.Rows, HasErrors: g.HasErrors, Rules: f.Rules}
	for i := range g.Moves {
		s.Moves = append(s.Moves, g.MoveSpan(i))
	}
	for i := range g.Extra {
		s.Extra = append(s.Extra, g.ExtraSpan(i))
	}
	return s
}

// streamMatches: Stream hands out the same games as ParseEach, with the
// same moves, and returns the same errors, rules and layout; it keeps no
// game and no comment.
func streamMatches(t *testing.T, kind parse.Kind, src []byte) {
	var want, got []streamedGame
	wf := parse.ParseEach(kind, src, func(f *parse.File, g *parse.Game) { want = append(want, copyGame(f, g)) })
	gf := parse.Stream(kind, src, func(f *parse.File, g *parse.Game) { got = append(got, copyGame(f, g)) })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%v %q: games differ (-ParseEach +Stream):\n%s", kind, src, diff)
	}
	if len(gf.Games) != 0 || len(gf.Comments) != 0 {
		t.Fatalf("%v %q: Stream kept %d games and %d comments", kind, src, len(gf.Games), len(gf.Comments))
	}
	errs := func(f *parse.File) []string {
		var s []string
		for _, e := range f.Errors {
			s = append(s, e.Error())
		}
		return s
	}
	if diff := cmp.Diff(errs(wf), errs(gf)); diff != "" {
		t.Fatalf("%v %q: errors differ (-ParseEach +Stream):\n%s", kind, src, diff)
	}
	if wf.Rules != gf.Rules || wf.RulesSpan != gf.RulesSpan || wf.Layout != gf.Layout || wf.Count != gf.Count || wf.End != gf.End {
		t.Fatalf("%v %q: file fields differ: %+v, Stream %+v", kind, src, wf, gf)
	}
}

func FuzzStreamPousse(f *testing.F) {
	seedFuzz(f, parse.Pousse)
	f.Add([]byte("# rules: icfp\n2\n3\nL1\n# rules: contest\nQUIT\n# rules: icfp\n1\nT1\nQUIT\n"))
	f.Add([]byte("1\n# rules: icfp\nL1\nQUIT\n"))
	f.Fuzz(func(t *testing.T, src []byte) { streamMatches(t, parse.Pousse, src) })
}

func FuzzStreamSpot(f *testing.F) {
	seedFuzz(f, parse.Spot)
	f.Fuzz(func(t *testing.T, src []byte) { streamMatches(t, parse.Spot, src) })
}

func FuzzStreamPath(f *testing.F) {
	seedFuzz(f, parse.Path)
	f.Fuzz(func(t *testing.T, src []byte) { streamMatches(t, parse.Path, src) })
}
