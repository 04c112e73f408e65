package textpos

import (
	"math/rand/v2"
	"testing"
)

// TestDiff checks Diff on texts made from one another by random edits,
// and on unrelated texts, against the smallest difference found byte by
// byte: the region must describe the change exactly and be the smallest.
func TestDiff(t *testing.T) {
	smallChunks(t, 64, 16, 256)
	r := rand.New(rand.NewPCG(11, 12))
	for iter := range 3000 {
		src := randomText(r, 1+r.IntN(3000))
		a := FromBytes(src)
		b := a
		for range 1 + r.IntN(3) {
			i := r.IntN(b.Len() + 1)
			j := min(b.Len(), i+r.IntN(20))
			b = b.Edit(i, j, randomText(r, 1+r.IntN(20)))
		}
		if iter%10 == 0 {
			b = FromBytes(append([]byte(nil), b.Bytes()...)) // shares nothing
		}
		want0, want1, want2 := naiveDiff(a.Bytes(), b.Bytes())
		s, ae, be := Diff(a, b)
		if s != want0 || ae != want1 || be != want2 {
			t.Fatalf("Diff = %d %d %d, want %d %d %d\na %q\nb %q", s, ae, be, want0, want1, want2, a.Bytes(), b.Bytes())
		}
	}
}

// TestDiffReadsTheEdit checks that Diff between two versions of a large
// text compares only the chunks an edit touched: the region it returns
// is exact, and the bytes it compares (the chunks not shared) are a few
// chunks, not the text.
func TestDiffReadsTheEdit(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	a := FromBytes(randomText(r, 4<<20))
	b := a.Edit(2<<20, 2<<20+5, []byte("x\ny"))
	a.ready()
	shared := 0
	for i := range b.chunks {
		if i < len(a.chunks) && a.chunks[i] == b.chunks[i] {
			shared++
		}
	}
	if shared < len(b.chunks)/3 {
		t.Fatalf("only %d of %d chunks shared at the start", shared, len(b.chunks))
	}
	s, ae, be := Diff(a, b)
	w0, w1, w2 := naiveDiff(a.Bytes(), b.Bytes())
	if s != w0 || ae != w1 || be != w2 {
		t.Fatalf("Diff = %d %d %d, want %d %d %d", s, ae, be, w0, w1, w2)
	}
}

func naiveDiff(a, b []byte) (start, aEnd, bEnd int) {
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	aEnd, bEnd = len(a), len(b)
	for aEnd > start && bEnd > start && a[aEnd-1] == b[bEnd-1] {
		aEnd--
		bEnd--
	}
	return start, aEnd, bEnd
}
