package parse

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestMoveSize: a parse holds one Move per move written, so its size is
// most of a parse's memory.
func TestMoveSize(t *testing.T) {
	if s := unsafe.Sizeof(Move{}); s != 8 {
		t.Errorf("Move is %d bytes, want 8", s)
	}
}

// TestMovePacking round-trips every Pousse and Spot move the formats
// allow through the packed form and its accessors.
func TestMovePacking(t *testing.T) {
	for _, d := range []byte("LRTB") {
		for line := 0; line <= PousseMaxN; line++ {
			m := PousseMove(d, line)
			if m.Dir() != d || m.Line() != line || m.Row() != 0 || m.Col() != 0 || m.Add() {
				t.Fatalf("PousseMove(%c, %d) reads %c %d, row %d col %d add %v", d, line, m.Dir(), m.Line(), m.Row(), m.Col(), m.Add())
			}
		}
	}
	for row := 0; row <= SpotMaxN; row++ {
		for col := 0; col <= SpotMaxN; col++ {
			for _, add := range []bool{false, true} {
				m := SpotMove(row, col, add)
				if m.Row() != row || m.Col() != col || m.Add() != add || m.Dir() != 0 || m.Line() != 0 {
					t.Fatalf("SpotMove(%d, %d, %v) reads %d %d %v, dir %d line %d", row, col, add, m.Row(), m.Col(), m.Add(), m.Dir(), m.Line())
				}
			}
		}
	}
	if z := (Move{}); z.Dir() != 0 || z.Row() != 0 || z.Add() {
		t.Error("the zero Move is a move")
	}
	if !PousseMove('L', 3).Same(PousseMove('L', 3)) || PousseMove('L', 3).Same(PousseMove('R', 3)) || SpotMove(1, 2, true).Same(SpotMove(1, 2, false)) {
		t.Error("Same")
	}
	for _, bad := range []func(){
		func() { PousseMove('X', 1) },
		func() { PousseMove('L', 128) },
		func() { SpotMove(64, 1, true) },
		func() { SpotMove(1, -1, true) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic on a move that cannot be held")
				}
			}()
			bad()
		}()
	}
}

// TestLongSpotMove: a Spot move spans three tokens with any whitespace
// and comments between them; a span of 64 KiB or more is held in the
// game's table, exactly, and survives a Reparse-style shift and
// AppendMove.
func TestLongSpotMove(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	long1 := "1" + pad(70000) + "2 +"
	long2 := "2 #" + strings.Repeat("c", 1<<17) + "\n2\n-"
	src := "2\n" + long1 + "\n1 1 -\n" + long2 + "\n" + "2" + pad(65531) + "1 +\n" + "1 1 +\n" + long2 + "\n0\n"
	f := Parse(Spot, []byte(src))
	if len(f.Games) != 1 {
		t.Fatalf("%d games", len(f.Games))
	}
	g := f.Games[0]
	var got []Span
	for i := range g.Moves {
		got = append(got, g.MoveSpan(i))
	}
	for i := range g.Extra {
		got = append(got, g.ExtraSpan(i))
	}
	// The moves, by their text.
	var want []Span
	at := 2
	for _, m := range []string{long1, "1 1 -", long2, "2" + pad(65531) + "1 +", "1 1 +", long2} {
		want = append(want, Span{at, at + len(m)})
		at += len(m) + 1
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("move spans (-want +got):\n%s", diff)
	}
	if len(g.Extra) != 2 || len(g.long) != 4 {
		t.Fatalf("%d extra moves, %d long ones", len(g.Extra), len(g.long))
	}
	SetFastPaths(false)
	slow := Parse(Spot, []byte(src))
	SetFastPaths(true)
	if diff := cmp.Diff(slow, f, CmpOptions); diff != "" {
		t.Fatalf("the fast path differs from the general one (-general +fast):\n%s", diff)
	}
	if m := g.Moves[2]; m.Row() != 2 || m.Col() != 2 || m.Add() {
		t.Errorf("move 3 reads %d %d %v", m.Row(), m.Col(), m.Add())
	}
	// The spans move with the game.
	h := *g
	h.shift(1000)
	if s := h.MoveSpan(2); s != (Span{want[2].Start + 1000, want[2].End + 1000}) {
		t.Errorf("shifted move 3 at %v", s)
	}
	// A game built by a program.
	b := &Game{Span: Span{10, 10}}
	b.AppendMove(SpotMove(1, 1, true), Span{10, 10 + 1<<20})
	b.AppendMove(SpotMove(2, 2, true), Span{20 + 1<<20, 25 + 1<<20})
	b.AppendExtra(SpotMove(1, 2, false), Span{30 + 1<<20, 30 + 3<<20})
	if s := b.MoveSpan(0); s != (Span{10, 10 + 1<<20}) {
		t.Errorf("built move 1 at %v", s)
	}
	if s := b.ExtraSpan(0); s != (Span{30 + 1<<20, 30 + 3<<20}) {
		t.Errorf("built extra move at %v", s)
	}
	if s := b.MoveSpan(1); s != (Span{20 + 1<<20, 25 + 1<<20}) {
		t.Errorf("built move 2 at %v", s)
	}
}

// TestTooLarge: a source of 4 GiB or more is not parsed but reported
// (checked with a lowered limit: the check is the same comparison).
func TestTooLarge(t *testing.T) {
	defer func(n uint64) { maxSource = n }(maxSource)
	src := []byte("2\nL1\nQUIT\n")
	maxSource = uint64(len(src))
	if f := Parse(Pousse, src); len(f.Errors) != 0 || len(f.Games) != 1 {
		t.Fatalf("at the limit: %d games, errors %v", len(f.Games), f.Errors)
	}
	maxSource = uint64(len(src)) - 1
	for _, k := range []Kind{Pousse, Spot, Path} {
		f := Parse(k, src)
		if len(f.Games) != 0 || len(f.Errors) != 1 || f.Errors[0].Code != CodeTooLarge {
			t.Errorf("%v past the limit: %d games, errors %v", k, len(f.Games), f.Errors)
		}
	}
	old := &File{Kind: Pousse, Size: len(src) - 1}
	if f, _, _, ok := Reparse(old, Bytes(src), 0, 0, 1); ok || len(f.Errors) != 1 || f.Errors[0].Code != CodeTooLarge {
		t.Errorf("Reparse past the limit: ok %v, errors %v", ok, f.Errors)
	}
}
