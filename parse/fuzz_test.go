package parse_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"gamels/internal/gen"
	"gamels/parse"
)

// seedFuzz adds the inputs of the golden archives of one kind.
func seedFuzz(f *testing.F, kind parse.Kind) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if k, _ := parse.KindOf(ar.Files[0].Name); k == kind {
			f.Add(ar.Files[0].Data)
		}
	}
	for _, s := range []string{"", "0", "#", "1\r\n", "\r", "4 4", "2\n1 1 +\n"} {
		f.Add([]byte(s))
	}
}

// checkInvariants holds for any input: spans inside the source and in
// order, errors sorted, moves and rows within the board.
func checkInvariants(t *testing.T, kind parse.Kind, src []byte) {
	f := parse.Parse(kind, src)
	in := func(what string, s parse.Span) {
		if s.Start < 0 || s.End < s.Start || s.End > len(src) {
			t.Fatalf("%s span %v outside the source of %d bytes", what, s, len(src))
		}
	}
	for i, e := range f.Errors {
		in("error", e.Span)
		if e.Msg == "" {
			t.Fatalf("error %d has no message", i)
		}
		if !utf8.ValidString(e.Msg) {
			t.Fatalf("error %d: message %q is not UTF-8", i, e.Msg)
		}
		if i > 0 && f.Errors.Less(i, i-1) {
			t.Fatalf("errors not sorted at %d: %v after %v", i, e.Span, f.Errors[i-1].Span)
		}
	}
	if len(f.Errors) > parse.MaxErrors+1 {
		t.Fatalf("%d errors kept, more than the bound", len(f.Errors))
	}
	prev := 0
	for _, c := range f.Comments {
		in("comment", c)
		if c.Start < prev || src[c.Start] != '#' {
			t.Fatalf("bad comment span %v", c)
		}
		prev = c.End
	}
	prev = 0
	for _, g := range f.Games {
		in("game", g.Span)
		if g.Span.Start < prev {
			t.Fatalf("game %d starts at %d before the previous game ends at %d", g.Index, g.Span.Start, prev)
		}
		prev = g.Span.End
		if g.Size != 0 && (!g.N.OK || g.Size != g.N.Value) {
			t.Fatalf("game %d: size %d but N %+v", g.Index, g.Size, g.N)
		}
		last := g.N.Span.End
		moves := append(append([]parse.Move(nil), g.Moves...), g.Extra...)
		for i, m := range moves {
			var span parse.Span
			if i < len(g.Moves) {
				span = g.MoveSpan(i)
			} else {
				span = g.ExtraSpan(i - len(g.Moves))
			}
			in("move", span)
			if span.Start < last {
				t.Fatalf("game %d: moves out of order at %v", g.Index, span)
			}
			last = span.End
			if g.Size == 0 {
				t.Fatalf("game %d has moves but no usable size", g.Index)
			}
			switch kind {
			case parse.Pousse:
				if m.Line() < 1 || m.Line() > g.Size || !strings.Contains("LRTB", string(m.Dir())) || m.Row() != 0 {
					t.Fatalf("move %v out of range", m)
				}
			case parse.Spot:
				if m.Row() < 1 || m.Row() > g.Size || m.Col() < 1 || m.Col() > g.Size || m.Dir() != 0 {
					t.Fatalf("move %v out of range", m)
				}
			}
			if span.End > g.Span.End || span.Start < g.Span.Start {
				t.Fatalf("move %v outside its game %v", span, g.Span)
			}
		}
		if kind == parse.Spot && len(g.Moves) > 2*g.Size {
			t.Fatalf("game %d has %d moves on size %d", g.Index, len(g.Moves), g.Size)
		}
		for _, r := range g.Rows {
			in("row", r.Span)
			if len(r.Cells) != r.Span.Len() {
				t.Fatalf("row %v has %d cells", r.Span, len(r.Cells))
			}
		}
	}
}

func FuzzPousse(f *testing.F) {
	seedFuzz(f, parse.Pousse)
	if src, err := os.ReadFile("../testdata/contest/samples/uva844_sample.in"); err == nil {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkInvariants(t, parse.Pousse, src) })
}

func FuzzSpot(f *testing.F) {
	seedFuzz(f, parse.Spot)
	f.Fuzz(func(t *testing.T, src []byte) { checkInvariants(t, parse.Spot, src) })
}

func FuzzPath(f *testing.F) {
	seedFuzz(f, parse.Path)
	f.Fuzz(func(t *testing.T, src []byte) { checkInvariants(t, parse.Path, src) })
}

// FuzzFastPath checks that the byte-level readers of well-formed moves
// parse exactly what the general token path parses.
func FuzzFastPath(f *testing.F) {
	seedFuzz(f, parse.Pousse)
	seedFuzz(f, parse.Spot)
	f.Add([]byte("2\n1 1 +\n1 1 -\n2\n1 1 +\n0\n"))
	f.Add([]byte("4\nL2 L3#c\nT4\tB1\r\nQUIT\n"))
	// Many moves on a line: the arena's first block, sized by the line
	// count, fills up in the middle of a run.
	f.Add([]byte("3\n" + strings.Repeat("L1 T2\tB3 R1 ", 50) + "QUIT\n3 " + strings.Repeat("L2 ", 300) + "QUIT"))
	f.Add([]byte("4\n" + strings.Repeat("1 2 + 3 4 - ", 4) + "\n3\n1 1 +\n1 1 -\n2 2 +\n3 3 -\n1 3 + 3 1 -\n0"))
	// Moves near the end of the source, where the fast readers stop.
	f.Add([]byte("4\nL1\nB4"))
	f.Add([]byte("4\nL1\nB4 "))
	f.Add([]byte("4\nL1 L0004 B04 B4444 B004 T4#\nQUIT"))
	f.Add([]byte("2\n1 1 + 2 2 -\n1 1 +\n2 2 -"))
	f.Add([]byte("2\n1 1 + 2 2 - 01 002 + 0001 1 -"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, kind := range []parse.Kind{parse.Pousse, parse.Spot} {
			fast := dumpGames(parse.Parse(kind, src), src) + dumpErrors(parse.Parse(kind, src), src)
			parse.SetFastPaths(false)
			slow := dumpGames(parse.Parse(kind, src), src) + dumpErrors(parse.Parse(kind, src), src)
			parse.SetFastPaths(true)
			if fast != slow {
				t.Fatalf("%v: fast and general paths differ on %q:\nfast:\n%s\ngeneral:\n%s", kind, src, fast, slow)
			}
		}
	})
}

// TestFastPathLarge checks the fast readers against the general path on
// the reference inputs of the benchmarks: long runs of moves, a first
// arena block of several megabytes, and for Spot thousands of games.
func TestFastPathLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	for _, c := range []struct {
		kind parse.Kind
		src  []byte
	}{
		{parse.Pousse, gen.Pousse(1, gen.RefPousse)},
		{parse.Spot, gen.Spot(1, gen.RefSpot)},
	} {
		fast := parse.Parse(c.kind, c.src)
		parse.SetFastPaths(false)
		slow := parse.Parse(c.kind, c.src)
		parse.SetFastPaths(true)
		if len(fast.Errors) > 0 || len(slow.Errors) > 0 {
			t.Fatalf("%v: errors in generated input: %v %v", c.kind, fast.Errors, slow.Errors)
		}
		if len(fast.Games) != len(slow.Games) {
			t.Fatalf("%v: %d games, general path %d", c.kind, len(fast.Games), len(slow.Games))
		}
		for i, g := range fast.Games {
			s := slow.Games[i]
			if !slices.Equal(g.Moves, s.Moves) {
				t.Fatalf("%v: game %d: moves differ from the general path's", c.kind, i+1)
			}
			gm, sm := *g, *s
			gm.Moves, sm.Moves = nil, nil
			if diff := cmp.Diff(sm, gm, parse.CmpOptions); diff != "" {
				t.Fatalf("%v: game %d differs from the general path's (-general +fast):\n%s", c.kind, i+1, diff)
			}
		}
	}
}
