package parse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestReparseSpotPath checks Reparse against Parse on random edits of
// random Spot and PATH files, as TestReparse does for Pousse, and that
// the incremental path is the usual one, not the full parse.
func TestReparseSpotPath(t *testing.T) {
	defer func(s int) { reparseSlack = s }(reparseSlack)
	for _, c := range []struct {
		kind   Kind
		gen    func(*rand.Rand) []byte
		pieces []string
	}{
		{Spot, randomSpot, spotPieces},
		{Path, randomPath, pathPieces},
	} {
		r := rand.New(rand.NewPCG(5, uint64(c.kind)))
		kept, fell, later := 0, 0, 0
		iters := 1500
		if testing.Short() {
			iters = 300
		}
		for iter := range iters {
			src := c.gen(r)
			reparseSlack = []int{0, 64}[iter%2]
			for range 1 + r.IntN(4) {
				old := Parse(c.kind, src)
				next, start, oldEnd, newEnd := edit(r, src, c.pieces)
				if r.IntN(2) == 0 {
					start, oldEnd, newEnd = diffSpan(src, next)
				}
				got, lo, hi, ok := checkReparse(t, old, src, next, start, oldEnd, newEnd)
				if !ok {
					fell++
					src = next
					continue
				}
				kept++
				for i := range lo {
					if got.Games[i] != old.Games[i] {
						t.Fatalf("%v: game %d before the region is not the old one", c.kind, i)
					}
				}
				if hi < len(got.Games) {
					later++ // games after the region were kept
				}
				src = next
			}
		}
		if 3*kept < fell || later < iters/3 {
			t.Errorf("%v: incremental %d times (%d keeping later games), full parse %d times: the fast path is too rare", c.kind, kept, later, fell)
		}
		t.Logf("%v: incremental %d (%d keeping later games), full %d", c.kind, kept, later, fell)
	}
}

var spotPieces = []string{"1 1 +", "2 2 -", "1 2 +\n", "\n", " ", "\r\n", "# note\n", "3\n", "2", "0", "0\n", "x", "+", "-", "1 1", "2\n1 1 +\n1 1 -\n2 2 +\n2 2 -\n", "é"}

var pathPieces = []string{"W", "B", "U", "WB\n", "\n", " ", "\r\n", "# note\n", "2\n", "3", "0", "0\n", "x", "w", "2\nWB\nBW\n", "\r", "é"}

func randomSpot(r *rand.Rand) []byte {
	var b strings.Builder
	for range 1 + r.IntN(6) {
		n := 2 + r.IntN(3)
		fmt.Fprintf(&b, "%s%d\n", strings.Repeat(" ", r.IntN(2)), n)
		for range 2*n - 1 + r.IntN(3) {
			fmt.Fprintf(&b, "%d %d %c%s", 1+r.IntN(n), 1+r.IntN(n), "+-"[r.IntN(2)], []string{"\n", " ", "\r\n", " # c\n", "\n"}[r.IntN(5)])
		}
	}
	if r.IntN(8) != 0 {
		b.WriteString("0\n")
	}
	return []byte(b.String())
}

func randomPath(r *rand.Rand) []byte {
	var b strings.Builder
	for range 1 + r.IntN(6) {
		n := 1 + r.IntN(4)
		fmt.Fprintf(&b, "%s%d\n", strings.Repeat(" ", r.IntN(2)), n)
		for range n - 1 + r.IntN(3) {
			for range n {
				b.WriteByte("WBU"[r.IntN(3)])
			}
			b.WriteString([]string{"\n", "\n", "\r\n", " # c\n", "\n\n"}[r.IntN(5)])
		}
	}
	if r.IntN(8) != 0 {
		b.WriteString("0\n")
	}
	return []byte(b.String())
}

// FuzzReparseSpotPath is FuzzReparse for Spot (path false) and PATH.
func FuzzReparseSpotPath(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		path := r.IntN(2) == 0
		src, pieces := randomSpot(r), spotPieces
		if path {
			src, pieces = randomPath(r), pathPieces
		}
		f.Add(src, uint16(r.IntN(len(src)+1)), uint8(r.IntN(4)), []byte(pieces[r.IntN(len(pieces))]), r.IntN(2) == 0, path)
	}
	f.Fuzz(func(t *testing.T, src []byte, pos uint16, del uint8, ins []byte, tight, path bool) {
		kind := Spot
		if path {
			kind = Path
		}
		fuzzReparse(t, kind, src, pos, del, ins, tight)
	})
}

// TestReparseSpotPathWindow: an edit in the middle of a large Spot or
// PATH file reads a few games around it, and the games after it keep
// their moves and cells.
func TestReparseSpotPathWindow(t *testing.T) {
	var spot, path strings.Builder
	for g := range 2000 {
		n := 3 + g%3
		fmt.Fprintf(&spot, "%d\n", n)
		fmt.Fprintf(&path, "%d\n", n)
		for k := range 2 * n {
			fmt.Fprintf(&spot, "%d %d +\n", 1+k%n, 1+(k/n+k)%n)
		}
		for k := range n {
			path.WriteString(strings.Repeat("WBU"[k%3:k%3+1], n) + "\n")
		}
	}
	spot.WriteString("0\n")
	path.WriteString("0\n")
	for _, c := range []struct {
		kind Kind
		src  string
		ins  string
	}{{Spot, spot.String(), "# x\n"}, {Path, path.String(), "# y\n"}} {
		src := []byte(c.src)
		old := Parse(c.kind, src)
		mid := old.Games[1000].Span.Start + 2 // after the size line
		next := slices.Concat(src[:mid], []byte(c.ins), src[mid:])
		rec := &recordingSource{src: next}
		got, lo, hi, ok := Reparse(old, rec, mid, mid, mid+len(c.ins))
		if !ok || lo < 998 || hi > 1002 {
			t.Fatalf("%v: Reparse: lo %d hi %d ok %v, want about 1000 1001 true", c.kind, lo, hi, ok)
		}
		if rec.read > 10*old.Games[1000].Span.Len() {
			t.Errorf("%v: Reparse read %d bytes of %d for a game of %d", c.kind, rec.read, len(next), old.Games[1000].Span.Len())
		}
		checkReparse(t, old, src, next, mid, mid, mid+len(c.ins))
		for i := hi; i < len(got.Games); i++ {
			if c.kind == Spot && unsafe.SliceData(got.Games[i].Moves) != unsafe.SliceData(old.Games[i].Moves) {
				t.Fatalf("%v: game %d after the edit has new moves", c.kind, i+1)
			}
			if c.kind == Path && unsafe.SliceData(got.Games[i].Rows[0].Cells) != unsafe.SliceData(old.Games[i].Rows[0].Cells) {
				t.Fatalf("%v: game %d after the edit has new cells", c.kind, i+1)
			}
		}
	}
}
