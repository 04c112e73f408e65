package textpos

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lines is what an Index says of each line, in a form to compare.
type lines struct {
	Starts []int
	Flags  []uint8
	Size   int
}

// dump reads x back through its accessors.
func dump(x *Index) lines {
	l := lines{Size: x.Size()}
	for n := range x.Count() {
		l.Starts = append(l.Starts, x.Start(n))
		l.Flags = append(l.Flags, x.flags[n])
	}
	return l
}

// naive is the definition, one byte at a time.
func naive(text []byte) lines {
	l := lines{Starts: []int{0}, Size: len(text)}
	var f uint8
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 0x80 {
			f |= wide
		}
		if c == '\n' || c == '\r' {
			if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				i++
				f |= crlf
			}
			l.Starts = append(l.Starts, i+1)
			l.Flags = append(l.Flags, f)
			f = 0
		}
	}
	l.Flags = append(l.Flags, f)
	return l
}

func TestIndex(t *testing.T) {
	// Lines: "ab" \n, "cd" \r\n, "é" \r, "g" (no line end).
	text := []byte("ab\ncd\r\né\rg")
	for _, x := range []*Index{New(text), newBig(text)} {
		if got, want := dump(x), (lines{Starts: []int{0, 3, 7, 10}, Flags: []uint8{0, crlf, wide, 0}, Size: 11}); !cmp.Equal(got, want) {
			t.Errorf("index (-want +got):\n%s", cmp.Diff(want, got))
		}
		for _, tt := range []struct{ n, start, end int }{
			{-1, 0, 2}, {0, 0, 2}, {1, 3, 5}, {2, 7, 9}, {3, 10, 11}, {4, 11, 11}, {99, 11, 11},
		} {
			if got := x.Start(tt.n); got != tt.start {
				t.Errorf("Start(%d) = %d, want %d", tt.n, got, tt.start)
			}
			if got := x.End(tt.n); got != tt.end {
				t.Errorf("End(%d) = %d, want %d", tt.n, got, tt.end)
			}
		}
		for _, tt := range []struct {
			off, line, pline, pcol int
		}{
			{-5, 0, 1, 1}, {0, 0, 1, 1}, {2, 0, 1, 3}, {3, 1, 2, 1}, {5, 1, 2, 3},
			{6, 1, 2, 4}, // inside "\r\n": the line it ends
			{7, 2, 3, 1}, {8, 2, 3, 2}, {9, 2, 3, 3}, {10, 3, 4, 1}, {11, 3, 4, 2}, {99, 3, 4, 2},
		} {
			if got := x.Line(tt.off); got != tt.line {
				t.Errorf("Line(%d) = %d, want %d", tt.off, got, tt.line)
			}
			if l, c := x.Position(tt.off); l != tt.pline || c != tt.pcol {
				t.Errorf("Position(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.pline, tt.pcol)
			}
		}
		for n, want := range []bool{true, true, false, true} {
			if got := x.ASCII(n); got != want {
				t.Errorf("ASCII(%d) = %v, want %v", n, got, want)
			}
		}
	}
}

func TestIndexEdges(t *testing.T) {
	for _, tt := range []struct {
		text string
		want lines
	}{
		{"", lines{Starts: []int{0}, Flags: []uint8{0}}},
		{"\n", lines{Starts: []int{0, 1}, Flags: []uint8{0, 0}, Size: 1}},
		{"\r", lines{Starts: []int{0, 1}, Flags: []uint8{0, 0}, Size: 1}},
		{"\r\n", lines{Starts: []int{0, 2}, Flags: []uint8{crlf, 0}, Size: 2}},
		{"\n\r", lines{Starts: []int{0, 1, 2}, Flags: []uint8{0, 0, 0}, Size: 2}},
		{"\r\r\n", lines{Starts: []int{0, 1, 3}, Flags: []uint8{0, crlf, 0}, Size: 3}},
		// A word of eight bytes with '\n's only, then a '\r' across a word boundary.
		{"a\nb\nc\nd\nabcdefg\r\nx", lines{Starts: []int{0, 2, 4, 6, 8, 17}, Flags: []uint8{0, 0, 0, 0, crlf, 0}, Size: 18}},
		{"1234567é\n\xff", lines{Starts: []int{0, 10}, Flags: []uint8{wide, wide}, Size: 11}},
	} {
		for _, x := range []*Index{New([]byte(tt.text)), newBig([]byte(tt.text))} {
			if diff := cmp.Diff(tt.want, dump(x)); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tt.text, diff)
			}
		}
	}
}

func TestLineEnd(t *testing.T) {
	long := strings.Repeat("x", 3*firstWindow)
	for _, tt := range []struct {
		text      string
		i         int
		end, next int
	}{
		{"", 0, 0, 0},
		{"abc", 0, 3, 3},
		{"abc", 3, 3, 3},
		{"ab\ncd", 0, 2, 3},
		{"ab\ncd", 1, 2, 3},
		{"ab\ncd", 3, 5, 5},
		{"ab\r\ncd", 0, 2, 4},
		{"ab\rcd\n", 0, 2, 3},
		{"ab\n\r", 2, 2, 3},
		{"\r\r\n", 1, 1, 3},
		{long + "\r\n", 0, len(long), len(long) + 2}, // beyond the first windows
		{long[:firstWindow-1] + "\r\n", 0, firstWindow - 1, firstWindow + 1}, // "\r\n" across a window's end
		{long + "\r" + long + "\n", 0, len(long), len(long) + 1},
	} {
		end, next := LineEnd([]byte(tt.text), tt.i)
		if end != tt.end || next != tt.next {
			t.Errorf("LineEnd(%.12q..., %d) = %d, %d; want %d, %d", tt.text, tt.i, end, next, tt.end, tt.next)
		}
	}
}

// pieces make random texts with every kind of line end, non-ASCII bytes
// and words long enough for the eight-byte steps.
var pieces = []string{"a", "L12", "\n", "\r", "\r\n", "é", "漢", "😀", "\xff", "        ", "#", "\n\n", "x\r", "", "L1 R2 T3 B4\n"}

func randomText(r *rand.Rand, n int) []byte {
	var b []byte
	for range r.IntN(n) {
		b = append(b, pieces[r.IntN(len(pieces))]...)
	}
	return b
}

// check compares every way of indexing text with the definition.
func check(t *testing.T, text []byte) {
	t.Helper()
	want := naive(text)
	if diff := cmp.Diff(want, dump(New(text))); diff != "" {
		t.Fatalf("New(%q) (-want +got):\n%s", text, diff)
	}
	x := newBig(text)
	if diff := cmp.Diff(want, dump(x)); diff != "" {
		t.Fatalf("newBig(%q) (-want +got):\n%s", text, diff)
	}
	// line, and so LineEnd, from every line start.
	for n, s := range want.Starts {
		next, f, ok := line(text, s)
		wantNext, wantOK := len(text), false
		if n+1 < len(want.Starts) {
			wantNext, wantOK = want.Starts[n+1], true
		}
		if next != wantNext || f != want.Flags[n] || ok != wantOK {
			t.Fatalf("%q: line(%d) = %d, %d, %v; want %d, %d, %v", text, s, next, f, ok, wantNext, want.Flags[n], wantOK)
		}
	}
	// Line, at every offset and a little beyond.
	y := New(text)
	for off := -1; off <= len(text)+1; off++ {
		n := 0
		for n+1 < len(want.Starts) && want.Starts[n+1] <= off {
			n++
		}
		if got := y.Line(off); got != n {
			t.Fatalf("%q: Line(%d) = %d, want %d", text, off, got, n)
		}
		if got := x.Line(off); got != n {
			t.Fatalf("%q: big Line(%d) = %d, want %d", text, off, got, n)
		}
	}
	// End: the line's bytes before its line end.
	for n := range want.Starts {
		end := y.End(n)
		rest := text[end:y.Start(n+1)]
		if bytes.ContainsAny(text[y.Start(n):end], "\r\n") ||
			n+1 < len(want.Starts) && !slices.Contains([]string{"\n", "\r", "\r\n"}, string(rest)) {
			t.Fatalf("%q: line %d: End %d leaves %q as its line end", text, n, end, rest)
		}
	}
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 8))
	for range 3000 {
		check(t, randomText(r, 40))
	}
}

// diff returns the edit from a to b as parse.Diff reports it: the bytes
// [start, aEnd) of a become b[start:bEnd], the common prefix and suffix
// left out.
func diff(a, b []byte) (start, aEnd, bEnd int) {
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	aEnd, bEnd = len(a), len(b)
	for aEnd > start && bEnd > start && a[aEnd-1] == b[bEnd-1] {
		aEnd, bEnd = aEnd-1, bEnd-1
	}
	return start, aEnd, bEnd
}

// edit replaces text[i:j] by ins and checks Edited against the
// definition, and that the lines it says it did not scan are x's.
func edit(t *testing.T, x *Index, text []byte, i, j int, ins []byte) (*Index, []byte) {
	t.Helper()
	next := slices.Concat(text[:i], ins, text[j:])
	start, oldEnd, newEnd := diff(text, next)
	y, lo, hi := x.Edited(next, start, oldEnd, newEnd)
	if diff := cmp.Diff(naive(next), dump(y)); diff != "" {
		t.Fatalf("%q -> %q (-want +got):\n%s", text, next, diff)
	}
	if lo < 0 || lo > hi || hi > y.Count() {
		t.Fatalf("%q -> %q: rescanned lines [%d, %d) of %d", text, next, lo, hi, y.Count())
	}
	delta := newEnd - oldEnd
	for n := range y.Count() {
		m, d := n, 0 // the old line, and the shift
		switch {
		case n >= lo && n < hi:
			continue
		case n >= hi:
			d = delta
			m = x.Line(y.Start(n) - d)
		}
		if x.Start(m)+d != y.Start(n) || y.flags[n] != x.flags[m] || y.End(n)-y.Start(n) != x.End(m)-x.Start(m) {
			t.Fatalf("%q -> %q: line %d, outside the rescanned [%d, %d), is not line %d of the old text", text, next, n, lo, hi, m)
		}
	}
	return y, next
}

func TestEdited(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		text := randomText(r, 30)
		x := New(text)
		for range 4 {
			i := r.IntN(len(text) + 1)
			j := min(len(text), i+r.IntN(3))
			x, text = edit(t, x, text, i, j, []byte(pieces[r.IntN(len(pieces))]))
		}
	}
}

// TestEditedShares checks that an edit keeping every line start and flag
// gets the same Index, and that one changing them does not.
func TestEditedShares(t *testing.T) {
	text := []byte("4\nL2\nT3\nQUIT\n")
	x := New(text)
	for _, tt := range []struct {
		next   string
		shared bool
	}{
		{"4\nR2\nT3\nQUIT\n", true},
		{"4\nR2\nT3\nQUIT\r", true},   // another line end of the same length
		{"4\nR2\nT3\nQUI\r\n", false}, // same starts, but the line now ends in "\r\n"
		{"4\nR2\r\n3\nQUIT\n", false},
		{"4\né\nT3\nQUIT\n", false}, // same starts, but a non-ASCII line
	} {
		next := []byte(tt.next)
		start, oldEnd, newEnd := diff(text, next)
		y, lo, hi := x.Edited(next, start, oldEnd, newEnd)
		if shared := y == x; shared != tt.shared || shared && lo != hi {
			t.Errorf("%q: shared %v (rescanned [%d, %d)), want %v", tt.next, shared, lo, hi, tt.shared)
		}
		if diff := cmp.Diff(naive(next), dump(y)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.next, diff)
		}
	}
}

// TestEditedBadArguments checks that arguments not describing an edit get
// a fresh index.
func TestEditedBadArguments(t *testing.T) {
	x := New([]byte("ab\ncd"))
	next := []byte("ab\r\nxyz\n")
	for _, a := range [][3]int{{3, 2, 2}, {-1, 0, 0}, {0, 9, 9}, {0, 5, 99}, {2, 2, 2}, {4, 4, 3}} {
		y, lo, hi := x.Edited(next, a[0], a[1], a[2])
		if diff := cmp.Diff(naive(next), dump(y)); diff != "" || lo != 0 || hi != y.Count() {
			t.Errorf("Edited(%v): rescanned [%d, %d) (-want +got):\n%s", a, lo, hi, diff)
		}
	}
}
