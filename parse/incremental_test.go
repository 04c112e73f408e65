package parse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestReparse checks Reparse against Parse on random edits of random
// Pousse files: the two must give the same File, and the games Reparse
// says it kept must be the old ones. The edit is given as edited (the
// range replaced) or as Diff finds it (the smallest), and the first
// window is tight (widened at least once) or has its usual slack.
func TestReparse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	kept, fell, first := 0, 0, 0
	defer func(s int) { reparseSlack = s }(reparseSlack)
	for iter := range 1500 {
		src := randomPousse(r)
		reparseSlack = []int{0, 64}[iter%2]
		for range 1 + r.IntN(4) {
			old := Parse(Pousse, src)
			next, start, oldEnd, newEnd := edit(r, src, reparsePieces)
			if r.IntN(2) == 0 {
				start, oldEnd, newEnd = diffSpan(src, next)
			}
			got, lo, hi, ok := checkReparse(t, old, src, next, start, oldEnd, newEnd)
			if ok {
				kept++
				if lo == 0 {
					first++ // an edit in the first game
				}
				for i := range lo {
					if got.Games[i] != old.Games[i] {
						t.Fatalf("game %d before the edit is not the old one", i)
					}
				}
				if hi > len(got.Games) || len(got.Games) != len(old.Games) {
					t.Fatalf("lo %d hi %d with %d games (old %d)", lo, hi, len(got.Games), len(old.Games))
				}
			} else {
				fell++
			}
			src = next
		}
	}
	if 3*kept < fell || first < 100 {
		t.Errorf("incremental %d times (%d in the first game), full parse %d times: the fast path is too rare", kept, first, fell)
	}
}

var reparsePieces = []string{"L1", "R2", "T3", "B10", "L7", "QUIT", "quit", "\n", " ", "\r\n", "# note\n", "# rules: icfp\n",
	"5", "3\n", "x", "R200", "L", "0", "\nQUIT\n", "2\nL1\nQUIT\n", "é"}

// checkReparse reparses next from old, the parse of src, and fails
// unless the result is Parse's, compared field by field and by the
// absolute spans of every move. It returns what Reparse returned.
func checkReparse(t *testing.T, old *File, src, next []byte, start, oldEnd, newEnd int) (*File, int, int, bool) {
	t.Helper()
	got, lo, hi, ok := Reparse(old, Bytes(next), start, oldEnd, newEnd)
	want := Parse(old.Kind, next)
	if diff := cmp.Diff(want, got, CmpOptions); diff != "" {
		t.Fatalf("Reparse differs from Parse (-want +got):\n%s\nold:\n%q\nnew:\n%q", diff, src, next)
	}
	if diff := cmp.Diff(moveSpans(want), moveSpans(got)); diff != "" {
		t.Fatalf("Reparse's move spans differ from Parse's (-want +got):\n%s\nold:\n%q\nnew:\n%q", diff, src, next)
	}
	return got, lo, hi, ok
}

// moveSpans lists the absolute spans of every move of f, game by game.
func moveSpans(f *File) [][]Span {
	var out [][]Span
	for _, g := range f.Games {
		var s []Span
		for i := range g.Moves {
			s = append(s, g.MoveSpan(i))
		}
		for i := range g.Extra {
			s = append(s, g.ExtraSpan(i))
		}
		out = append(out, s)
	}
	return out
}

// FuzzReparse checks Reparse against Parse on any Pousse source and any
// edit of it: del bytes at pos replaced by ins.
func FuzzReparse(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		src := randomPousse(r)
		f.Add(src, uint16(r.IntN(len(src)+1)), uint8(r.IntN(4)), []byte(reparsePieces[r.IntN(len(reparsePieces))]), r.IntN(2) == 0)
	}
	f.Add([]byte("2\nL1\nQUIT\n3\nT3\nQUIT\n"), uint16(12), uint8(0), []byte("L2 "), true)
	f.Fuzz(func(t *testing.T, src []byte, pos uint16, del uint8, ins []byte, tight bool) {
		fuzzReparse(t, Pousse, src, pos, del, ins, tight)
	})
}

// fuzzReparse replaces del bytes of src at pos by ins and checks Reparse
// against Parse, with a tight first window (widened at least once) or
// the usual one.
func fuzzReparse(t *testing.T, kind Kind, src []byte, pos uint16, del uint8, ins []byte, tight bool) {
	i := min(int(pos), len(src))
	j := min(len(src), i+int(del))
	next := slices.Concat(src[:i], ins, src[j:])
	defer func(s int) { reparseSlack = s }(reparseSlack)
	if tight {
		reparseSlack = 0
	}
	checkReparse(t, Parse(kind, src), src, next, i, j, i+len(ins))
}

// TestReparseWindow checks that an edit in the middle of a large file is
// reparsed from a window around it: Reparse reads a few hundred bytes of
// a file of megabytes, and shares the moves of the games after the edit.
func TestReparseWindow(t *testing.T) {
	var b strings.Builder
	for g := range 2000 {
		fmt.Fprintf(&b, "%d\n", 5+g%5)
		for k := range 200 {
			fmt.Fprintf(&b, "%c%d\n", "LRTB"[k%4], 1+k%5)
		}
		b.WriteString("QUIT\n")
	}
	src := []byte(b.String())
	old := Parse(Pousse, src)
	mid := old.Games[1000].Span.Start + 10 // in a move line
	next := slices.Concat(src[:mid], []byte("\nR3 # x"), src[mid:])
	rec := &recordingSource{src: next}
	got, lo, hi, ok := Reparse(old, rec, mid, mid, mid+7)
	if !ok || lo != 1000 || hi != 1001 {
		t.Fatalf("Reparse: lo %d hi %d ok %v, want 1000 1001 true", lo, hi, ok)
	}
	if rec.read > 4*old.Games[1000].Span.Len() {
		t.Errorf("Reparse read %d bytes of %d for a game of %d", rec.read, len(next), old.Games[1000].Span.Len())
	}
	if diff := cmp.Diff(Parse(Pousse, next), got, CmpOptions); diff != "" {
		t.Fatalf("Reparse differs from Parse (-want +got):\n%s", diff)
	}
	for i := 1001; i < len(got.Games); i++ {
		if unsafe.SliceData(got.Games[i].Moves) != unsafe.SliceData(old.Games[i].Moves) {
			t.Fatalf("game %d after the edit has new moves", i+1)
		}
	}
}

// TestReparseLayoutEnd: an edit in the first game is reparsed when the
// file's first two tokens end before it, found by reading the start of
// the file in growing windows (here past a long comment).
func TestReparseLayoutEnd(t *testing.T) {
	long := "# " + strings.Repeat("x", 1000) + "\n"
	for _, c := range []struct {
		src, ins string
		at       int // in the text after long
		ok       bool
	}{
		{"2\nL1\nQUIT\n", "R2 ", 5, true}, // after the first move
		{"2\nL1\nQUIT\n", "0", 1, false},  // the size: the first token
		{"2\nL1\nQUIT\n", "1", 4, false},  // the first move: the second token
		{"2\n" + long + "L1\nQUIT\n", "T1 ", 2 + len(long) + 3, true},
		{"2\n" + long + "L1\nQUIT\n", "T", 2 + len(long) + 1, false},
	} {
		src := []byte(long + c.src)
		at := len(long) + c.at
		next := slices.Concat(src[:at], []byte(c.ins), src[at:])
		_, lo, _, ok := checkReparse(t, Parse(Pousse, src), src, next, at, at, at+len(c.ins))
		if ok != c.ok || ok && lo != 0 {
			t.Errorf("%q, %q at %d: lo %d ok %v, want ok %v", c.src, c.ins, c.at, lo, ok, c.ok)
		}
	}
}

// recordingSource is a Source that counts the bytes read from it.
type recordingSource struct {
	src  []byte
	read int
}

func (s *recordingSource) Len() int { return len(s.src) }

func (s *recordingSource) Slice(start, end int) []byte {
	s.read += end - start
	return s.src[start:end]
}

func randomPousse(r *rand.Rand) []byte {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteString("3\n")
	}
	if r.IntN(5) == 0 {
		b.WriteString("# rules: contest\n")
	}
	for range 1 + r.IntN(6) {
		n := 1 + r.IntN(6)
		b.WriteString(strings.Repeat(" ", r.IntN(2)))
		b.WriteString(string(rune('0' + n)))
		b.WriteString("\n")
		for range r.IntN(12) {
			b.WriteByte("LRTB"[r.IntN(4)])
			b.WriteString(string(rune('0' + 1 + r.IntN(n+1))))
			b.WriteString([]string{"\n", " ", "\r\n", " # c\n"}[r.IntN(4)])
		}
		if r.IntN(8) != 0 {
			b.WriteString("QUIT\n")
		}
	}
	return []byte(b.String())
}

// edit replaces a random short range of src with a random piece, and
// returns the new text and the edit.
func edit(r *rand.Rand, src []byte, pieces []string) (next []byte, start, oldEnd, newEnd int) {
	i := r.IntN(len(src) + 1)
	j := min(len(src), i+r.IntN(4))
	ins := ""
	if r.IntN(4) != 0 {
		ins = pieces[r.IntN(len(pieces))]
	}
	return slices.Concat(src[:i], []byte(ins), src[j:]), i, j, i + len(ins)
}

func TestDiff(t *testing.T) {
	for _, tc := range []struct {
		a, b          string
		start, ae, be int
	}{
		{"", "", 0, 0, 0},
		{"abc", "abc", 3, 3, 3},
		{"abc", "abXc", 2, 2, 3},
		{"abc", "ac", 1, 2, 1},
		{"aaaa", "aaa", 3, 4, 3},
		{strings.Repeat("x", 9000) + "1" + strings.Repeat("y", 9000), strings.Repeat("x", 9000) + "22" + strings.Repeat("y", 9000), 9000, 9001, 9002},
	} {
		s, ae, be := diffSpan([]byte(tc.a), []byte(tc.b))
		if s != tc.start || ae != tc.ae || be != tc.be {
			t.Errorf("diffSpan(%.10q, %.10q) = %d %d %d, want %d %d %d", tc.a, tc.b, s, ae, be, tc.start, tc.ae, tc.be)
		}
	}
}

// diffSpan returns where a and b differ: a[start:aEnd] and b[start:bEnd] lie
// between their longest common prefix and the longest common suffix of
// what remains. Equal sources give start == aEnd == bEnd == len(a).
// O(len) at memory speed.
func diffSpan(a, b []byte) (start, aEnd, bEnd int) {
	n := min(len(a), len(b))
	// Compare in chunks: bytes.Equal is vectorised.
	const chunk = 4096
	for start+chunk <= n && string(a[start:start+chunk]) == string(b[start:start+chunk]) {
		start += chunk
	}
	for start < n && a[start] == b[start] {
		start++
	}
	aEnd, bEnd = len(a), len(b)
	for aEnd-chunk >= start && bEnd-chunk >= start && string(a[aEnd-chunk:aEnd]) == string(b[bEnd-chunk:bEnd]) {
		aEnd -= chunk
		bEnd -= chunk
	}
	for aEnd > start && bEnd > start && a[aEnd-1] == b[bEnd-1] {
		aEnd--
		bEnd--
	}
	return start, aEnd, bEnd
}
