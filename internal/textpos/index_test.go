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
