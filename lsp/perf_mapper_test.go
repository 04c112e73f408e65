package lsp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/textpos"
	"gamels/parse"
)

// TestMapperEdited checks Mapper.Edited against NewMapper on random
// edits of texts with every kind of line end and non-ASCII text.
func TestMapperEdited(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"\n", "\r", "\r\n", "a", "é", "漢", "😀", "L1\n", "", "\n\n", "x\r"}
	for iter := range 2000 {
		var text []byte
		for range r.IntN(30) {
			text = append(text, pieces[r.IntN(len(pieces))]...)
		}
		for _, enc := range []Encoding{UTF16, UTF8} {
			m := NewMapper(text, enc)
			cur := text
			for range 4 {
				i := r.IntN(len(cur) + 1)
				j := min(len(cur), i+r.IntN(3))
				next := slices.Concat(cur[:i], []byte(pieces[r.IntN(len(pieces))]), cur[j:])
				start, oldEnd, newEnd := parse.Diff(cur, next)
				got := m.Edited(next, start, oldEnd, newEnd)
				want := NewMapper(next, enc)
				if diff := cmp.Diff(want, got, cmp.AllowUnexported(Mapper{}, checkpoint{}, textpos.Index{})); diff != "" {
					t.Fatalf("iteration %d: %q -> %q (-want +got):\n%s", iter, cur, next, diff)
				}
				m, cur = got, next
			}
		}
	}
}

// TestMapperEditedCheckpoints checks Mapper.Edited when an edit makes a
// long line non-ASCII, in place or not, so that the line needs
// checkpoints, and when it joins two lines into one long non-ASCII line.
func TestMapperEditedCheckpoints(t *testing.T) {
	long := strings.Repeat("a", 2*checkpointEvery)
	for _, tt := range []struct{ old, new string }{
		{long + "\nb", long[:100] + "é" + long[102:] + "\nb"}, // same length
		{long + "\nb", long[:100] + "😀" + long[100:] + "\nb"},
		{long + "\n漢", long + "漢"},
	} {
		m := NewMapper([]byte(tt.old), UTF16)
		start, oldEnd, newEnd := parse.Diff([]byte(tt.old), []byte(tt.new))
		got := m.Edited([]byte(tt.new), start, oldEnd, newEnd)
		want := NewMapper([]byte(tt.new), UTF16)
		if len(want.checkpoints) == 0 {
			t.Fatalf("%.20q...: no checkpoints to compare", tt.new)
		}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(Mapper{}, checkpoint{}, textpos.Index{})); diff != "" {
			t.Errorf("%.20q... (-want +got):\n%s", tt.new, diff)
		}
	}
}
