package textpos

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// smallChunks makes chunks of a few bytes for the rest of the test, so
// that short texts have many.
func smallChunks(t testing.TB, target, lo, hi int) {
	t.Helper()
	old := [3]int{chunkTarget, chunkMin, chunkMax}
	chunkTarget, chunkMin, chunkMax = target, lo, hi
	t.Cleanup(func() { chunkTarget, chunkMin, chunkMax = old[0], old[1], old[2] })
}

// dumpText reads t's lines back through its accessors, in the form of
// naive.
func dumpText(t *Text) lines {
	l := lines{Size: t.Len()}
	for n := range t.Lines() {
		l.Starts = append(l.Starts, t.LineStart(n))
		var f uint8
		if !t.ASCII(n) {
			f |= wide
		}
		if t.CRLF(n) {
			f |= crlf
		}
		l.Flags = append(l.Flags, f)
	}
	return l
}

// checkText compares every query of x with the definition on text, and
// checks x's chunks.
func checkText(t *testing.T, x *Text, text []byte) {
	t.Helper()
	want := naive(text)
	if diff := cmp.Diff(want, dumpText(x)); diff != "" {
		t.Fatalf("%q (-want +got):\n%s", text, diff)
	}
	if !bytes.Equal(x.Bytes(), text) {
		t.Fatalf("Bytes() = %q, want %q", x.Bytes(), text)
	}
	var viaChunks, viaWriteTo bytes.Buffer
	for b := range x.Chunks() {
		viaChunks.Write(b)
	}
	if n, err := x.WriteTo(&viaWriteTo); err != nil || n != int64(len(text)) {
		t.Fatalf("WriteTo = %d, %v", n, err)
	}
	if !bytes.Equal(viaChunks.Bytes(), text) || !bytes.Equal(viaWriteTo.Bytes(), text) {
		t.Fatalf("%q: Chunks give %q, WriteTo %q", text, viaChunks.Bytes(), viaWriteTo.Bytes())
	}
	idx := New(text)
	if x.LineStart(-1) != 0 || x.LineStart(x.Lines()) != len(text) {
		t.Fatalf("%q: LineStart out of range: %d, %d", text, x.LineStart(-1), x.LineStart(x.Lines()))
	}
	for n := -1; n <= x.Lines(); n++ {
		if got, want := x.LineEnd(n), idx.End(n); got != want {
			t.Fatalf("%q: LineEnd(%d) = %d, want %d", text, n, got, want)
		}
		m := max(0, min(n, idx.Count()-1))
		if got, want := x.Line(n), text[idx.Start(m):idx.End(m)]; !bytes.Equal(got, want) {
			t.Fatalf("%q: Line(%d) = %q, want %q", text, n, got, want)
		}
	}
	for off := -1; off <= len(text)+1; off++ {
		line, col := idx.Position(off)
		if l, c := x.Position(off); l != line-1 || c != col-1 {
			t.Fatalf("%q: Position(%d) = %d, %d; want %d, %d", text, off, l, c, line-1, col-1)
		}
		if got := x.LineOf(off); got != line-1 {
			t.Fatalf("%q: LineOf(%d) = %d, want %d", text, off, got, line-1)
		}
	}
	for a := 0; a <= len(text); a += 1 + len(text)/17 {
		for b := a; b <= len(text); b += 1 + len(text)/13 {
			if got := x.Slice(a, b); !bytes.Equal(got, text[a:b]) {
				t.Fatalf("%q: Slice(%d, %d) = %q", text, a, b, got)
			}
		}
	}
	checkChunks(t, x)
}

// checkChunks checks the chunks' invariants: a chunk other than the last
// ends with a line end and is not followed by a '\n' after its '\r' (no
// line or "\r\n" split); a chunk of several lines fits in chunkMax.
func checkChunks(t *testing.T, x *Text) {
	t.Helper()
	for i, c := range x.chunks {
		if len(c.b) == 0 && len(x.chunks) > 1 {
			t.Fatalf("chunk %d of %d is empty", i, len(x.chunks))
		}
		if len(c.lens) > 1 && i+1 < len(x.chunks) && len(c.b) > chunkMax {
			t.Fatalf("chunk %d: %d lines in %d bytes, over %d", i, len(c.lens), len(c.b), chunkMax)
		}
		if i+1 == len(x.chunks) {
			continue
		}
		last := c.b[len(c.b)-1]
		if last != '\n' && last != '\r' || last == '\r' && x.chunks[i+1].b[0] == '\n' {
			t.Fatalf("chunk %d ends in %q, the next starts with %q", i, c.b[max(0, len(c.b)-3):], x.chunks[i+1].b[:1])
		}
	}
}

func TestText(t *testing.T) {
	for _, text := range []string{"", "\n", "\r", "\r\n", "\n\r", "ab\ncd\r\né\rg", "x", "é\r\n"} {
		checkText(t, FromBytes([]byte(text)), []byte(text))
	}
}

func TestTextRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, sizes := range [][3]int{{16 << 10, 4 << 10, 1<<16 - 1}, {8, 3, 24}, {1, 1, 4}} {
		smallChunks(t, sizes[0], sizes[1], sizes[2])
		for range 1000 {
			text := randomText(r, 60)
			checkText(t, FromBytes(text), text)
		}
	}
}

// longPieces adds long lines, ASCII and not, to the random texts.
var longPieces = append(slices.Clone(pieces), strings.Repeat("x", 40), strings.Repeat("é", 90)+"\n", strings.Repeat("y", 200)+"\r\n")

func randomLongText(r *rand.Rand, n int) []byte {
	var b []byte
	for range r.IntN(n) {
		b = append(b, longPieces[r.IntN(len(longPieces))]...)
	}
	return b
}

// TestTextEdits applies random edit sequences to Texts of small chunks
// and compares each version with the text edited naively.
func TestTextEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, sizes := range [][3]int{{16, 6, 64}, {8, 3, 24}, {1, 1, 4}, {200, 50, 400}} {
		smallChunks(t, sizes[0], sizes[1], sizes[2])
		for range 300 {
			text := randomLongText(r, 30)
			x := FromBytes(bytes.Clone(text))
			for range 12 {
				i := r.IntN(len(text) + 1)
				j := min(len(text), i+r.IntN(12))
				if r.IntN(8) == 0 {
					j = min(len(text), i+r.IntN(300))
				}
				ins := randomLongText(r, 4)
				x = x.Edit(i, j, ins)
				text = slices.Concat(text[:i], ins, text[j:])
				checkText(t, x, text)
			}
		}
	}
}

// TestTextEditClamps checks that Edit clamps its offsets and orders them.
func TestTextEditClamps(t *testing.T) {
	x := FromBytes([]byte("ab\ncd"))
	for _, tt := range []struct {
		start, end int
		want       string
	}{
		{-5, 1, "Xb\ncd"}, {4, 99, "ab\ncX"}, {3, 1, "aXcd"}, {99, 99, "ab\ncdX"},
	} {
		if got := string(x.Edit(tt.start, tt.end, []byte("X")).Bytes()); got != tt.want {
			t.Errorf("Edit(%d, %d) = %q, want %q", tt.start, tt.end, got, tt.want)
		}
	}
}

// TestTextShares checks that an edit shares the chunks it does not touch
// and leaves the old Text as it was, and that the chunk count stays
// about len/chunkTarget after many edits.
func TestTextShares(t *testing.T) {
	smallChunks(t, 64, 16, 256)
	line := "L12 R3 T4\n"
	text := []byte(strings.Repeat(line, 200)) // 2000 bytes, about 30 chunks
	x := FromBytes(bytes.Clone(text))
	x.Index()
	n := len(x.chunks)
	if n < 20 {
		t.Fatalf("%d chunks for %d bytes", n, len(text))
	}
	mid := 100 * len(line)
	y := x.Edit(mid+1, mid+2, []byte("9\r\n漢"))
	checkText(t, x, text)
	next := slices.Concat(text[:mid+1], []byte("9\r\n漢"), text[mid+2:])
	checkText(t, y, next)
	// The chunks before and after the edit's chunk and its neighbours.
	k := x.chunkAt(mid + 1)
	for i := range k - 1 {
		if x.chunks[i] != y.chunks[i] {
			t.Errorf("chunk %d before the edit (in chunk %d) is not shared", i, k)
		}
	}
	for i := 2; i < len(x.chunks)-k-1; i++ {
		if x.chunks[len(x.chunks)-i] != y.chunks[len(y.chunks)-i] {
			t.Errorf("chunk %d from the end, after the edit (in chunk %d), is not shared", i, k)
		}
	}
	shared := 0
	for _, c := range y.chunks {
		if slices.Contains(x.chunks, c) {
			shared++
		}
	}
	if shared < n-3 {
		t.Errorf("%d of %d chunks shared", shared, n)
	}

	text = next
	// Many edits: deletions and insertions of a line at random places,
	// then chunk sizes and count.
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		off := r.IntN(len(text)/len(line)) * len(line)
		if r.IntN(2) == 0 && len(text) > 10*len(line) {
			y, text = y.Edit(off, off+len(line), nil), slices.Concat(text[:off], text[off+len(line):])
		} else {
			y, text = y.Edit(off, off, []byte(line)), slices.Concat(text[:off], []byte(line), text[off:])
		}
	}
	checkText(t, y, text)
	if limit := len(text)/chunkMin + 1; len(y.chunks) > limit {
		t.Errorf("%d chunks for %d bytes after edits, more than %d", len(y.chunks), len(text), limit)
	}
	for i, c := range y.chunks {
		if len(y.chunks) > 1 && len(c.b) < chunkMin {
			t.Errorf("chunk %d of %d holds %d bytes, under %d", i, len(y.chunks), len(c.b), chunkMin)
		}
	}
}

// TestTextFromBytesNoCopy checks that FromBytes keeps the caller's bytes.
func TestTextFromBytesNoCopy(t *testing.T) {
	b := bytes.Repeat([]byte("L1 R2\n"), 10000)
	x := FromBytes(b)
	if &x.Bytes()[0] != &b[0] || &x.Line(5000)[0] != &b[5000*6] || &x.Slice(100, 40000)[0] != &b[100] {
		t.Error("FromBytes copied the text")
	}
}

// TestTextIndexSize checks the index's size on a text of short lines
// like the language server's large test file.
func TestTextIndexSize(t *testing.T) {
	x := FromBytes(transcript)
	ratio := float64(x.IndexSize()) / float64(len(transcript))
	lines := float64(x.Lines())
	t.Logf("%d bytes, %d lines, %d chunks: index %.3f of the text, %.2f bytes per line",
		len(transcript), x.Lines(), len(x.chunks), ratio, float64(x.IndexSize())/lines)
	if perLine := float64(x.IndexSize()) / lines; perLine > 1.25 {
		t.Errorf("index %.2f bytes per line, want at most 1.25", perLine)
	}
}

// TestTextConcurrentFirstUse queries a fresh Text from several
// goroutines at once: the index is made once, and (under -race) safely.
func TestTextConcurrentFirstUse(t *testing.T) {
	text := bytes.Repeat([]byte("L1 é\r\nR2\n"), 20000)
	want := New(text)
	for range 20 {
		x := FromBytes(text)
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Go(func() {
				off := g * len(text) / 5
				line, col := x.Position(off)
				if l, c := want.Position(off); line != l-1 || col != c-1 || x.Lines() != want.Count() {
					t.Errorf("goroutine %d: Position(%d) = %d, %d; want %d, %d", g, off, line, col, l-1, c-1)
				}
				if x.Len() != len(text) || len(x.Bytes()) != len(text) {
					t.Errorf("goroutine %d: Len %d", g, x.Len())
				}
			})
		}
		wg.Wait()
	}
}
