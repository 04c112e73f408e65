package lsp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"gamels/internal/textpos"
)

// sameConversions checks that got converts every offset of text (and a
// little beyond) and every position on its lines like want.
func sameConversions(t *testing.T, got, want *Mapper, text []byte) {
	t.Helper()
	for off := -1; off <= len(text)+1; off++ {
		if g, w := got.Position(off), want.Position(off); g != w {
			t.Fatalf("%q: Position(%d) = %v, want %v", text, off, g, w)
		}
	}
	for line := range want.Lines() + 1 {
		for char := range 3*(want.LineSpan(line).Len()+2) + 2 {
			p := protocol.Position{Line: uint32(line), Character: uint32(char)}
			if g, w := got.Offset(p), want.Offset(p); g != w {
				t.Fatalf("%q: Offset(%v) = %d, want %d", text, p, g, w)
			}
		}
	}
}

// TestMapperEdited checks a Mapper on an edited text (textpos.Text.Edit)
// against one on the same bytes indexed afresh, on random edits of texts
// with every kind of line end and non-ASCII text.
func TestMapperEdited(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"\n", "\r", "\r\n", "a", "é", "漢", "😀", "L1\n", "", "\n\n", "x\r"}
	for iter := range 1000 {
		var text []byte
		for range r.IntN(30) {
			text = append(text, pieces[r.IntN(len(pieces))]...)
		}
		for _, enc := range []Encoding{UTF16, UTF8} {
			x := textpos.FromBytes(slices.Clone(text))
			cur := text
			for range 4 {
				i := r.IntN(len(cur) + 1)
				j := min(len(cur), i+r.IntN(3))
				ins := []byte(pieces[r.IntN(len(pieces))])
				next := slices.Concat(cur[:i], ins, cur[j:])
				x = x.Edit(i, j, ins)
				sameConversions(t, NewMapper(x, enc), testMapper(next, enc), next)
				if t.Failed() {
					t.Fatalf("iteration %d", iter)
				}
				cur = next
			}
		}
	}
}

// TestMapperEditedCheckpoints checks the conversions on a long line
// that an edit makes non-ASCII, so that it needs checkpoints, and on
// two lines joined into one long non-ASCII line, against a plain count
// of UTF-16 units.
func TestMapperEditedCheckpoints(t *testing.T) {
	long := strings.Repeat("a", 2*checkpointEvery)
	for _, tt := range []struct {
		old        string
		start, end int
		ins        string
	}{
		{long + "\nb", 100, 101, "é"}, // same length
		{long + "\nb", 100, 100, "😀"},
		{long + "\n漢", len(long), len(long) + 1, ""},
	} {
		x := textpos.FromBytes([]byte(tt.old)).Edit(tt.start, tt.end, []byte(tt.ins))
		next := x.Bytes()
		m := NewMapper(x, UTF16)
		for off := 0; off <= len(next); off++ {
			line := m.Line(off)
			ls := m.LineSpan(line)
			want := utf16Len(next[ls.Start:runeStart(next, ls.Start, min(off, ls.End))])
			if got := m.Position(off); got != (protocol.Position{Line: uint32(line), Character: uint32(want)}) {
				t.Fatalf("%.20q...: Position(%d) = %v, want %d:%d", next, off, got, line, want)
			}
			if got := m.Offset(m.Position(off)); got != runeStart(next, ls.Start, min(off, ls.End)) {
				t.Fatalf("%.20q...: Offset(Position(%d)) = %d", next, off, got)
			}
		}
		if len(m.checkpoints) == 0 {
			t.Errorf("%.20q...: no checkpoints made", next)
		}
	}
}
