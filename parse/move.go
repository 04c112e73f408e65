package parse

import (
	"cmp"
	"fmt"
	"slices"
)

// Move is one well-formed move, in 8 bytes: a parsed file holds one per
// move written, so their size is most of a parse's memory.
//
// A Move knows where it is written only relative to its game: its offset
// from the game's Span.Start and its length. (*Game).MoveSpan and
// (*Game).ExtraSpan give its absolute span. Moving a game in the file
// (an edit before it) then moves its moves without touching them.
//
// The move itself is packed in two bytes. For Pousse, Dir is one of 'L',
// 'R', 'T', 'B' and Line the 1-based row or column; for Spot, Row and
// Col are 1-based and Add is true for `+`. A parse gives 1..N; a Move
// holds Line 0..127 and Row and Col 0..63 (see PousseMove, SpotMove).
// The other game's accessors return zero. The zero Move is no move: Dir
// 0, Row 0.
type Move struct {
	off uint32 // start of the move, relative to its game's Span.Start
	n   uint16 // length in bytes, or longMove: see Game.long
	mv  uint16 // the move: see the mv* constants
}

// Packing of Move.mv. A Pousse move has mvPousse set, its direction's
// index in "LRTB" in the two bits at mvDirShift and its line in the low
// seven bits; a Spot move has mvPousse clear, its row in the low six
// bits, its column in the six bits at mvColShift and mvAdd for `+`.
const (
	mvPousse   = 1 << 15
	mvDirShift = 7
	mvLine     = 1<<7 - 1
	mvRow      = 1<<6 - 1
	mvColShift = 6
	mvAdd      = 1 << 12
)

// longMove is the length of a move of that many bytes or more: a Spot
// move spans three tokens with whitespace and comments between them, of
// any length. Its length is then in its game's long table.
const longMove = 1<<16 - 1

// pousseDirs are the Pousse directions in the order of their packing.
const pousseDirs = "LRTB"

// PousseMove returns the Pousse move dir line, not placed in any game.
// dir must be 'L', 'R', 'T' or 'B' and line in 0..127: anything else is
// a caller's mistake, and panics. O(1).
func PousseMove(dir byte, line int) Move {
	d := pousseDir(dir)
	if d < 0 || line < 0 || line > mvLine {
		panic(fmt.Sprintf("parse.PousseMove(%q, %d): not a Pousse move", dir, line))
	}
	return Move{mv: mvPousse | uint16(d)<<mvDirShift | uint16(line)}
}

// pousseDir returns the index of dir in pousseDirs, or -1.
func pousseDir(dir byte) int {
	switch dir {
	case 'L':
		return 0
	case 'R':
		return 1
	case 'T':
		return 2
	case 'B':
		return 3
	}
	return -1
}

// SpotMove returns the Spot move `row col +` (add) or `row col -`, not
// placed in any game. row and col must be in 0..63: anything else is a
// caller's mistake, and panics. O(1).
func SpotMove(row, col int, add bool) Move {
	if row < 0 || row > mvRow || col < 0 || col > mvRow {
		panic(fmt.Sprintf("parse.SpotMove(%d, %d): not a Spot move", row, col))
	}
	return Move{mv: spotBits(row, col, add)}
}

func spotBits(row, col int, add bool) uint16 {
	v := uint16(row) | uint16(col)<<mvColShift
	if add {
		v |= mvAdd
	}
	return v
}

// Dir returns a Pousse move's side, 'L', 'R', 'T' or 'B'; 0 for a Spot
// move.
func (m Move) Dir() byte {
	if m.mv&mvPousse == 0 {
		return 0
	}
	return pousseDirs[m.mv>>mvDirShift&3]
}

// Line returns a Pousse move's 1-based row or column; 0 for a Spot move.
func (m Move) Line() int {
	if m.mv&mvPousse == 0 {
		return 0
	}
	return int(m.mv & mvLine)
}

// Row returns a Spot move's 1-based row; 0 for a Pousse move.
func (m Move) Row() int {
	if m.mv&mvPousse != 0 {
		return 0
	}
	return int(m.mv & mvRow)
}

// Col returns a Spot move's 1-based column; 0 for a Pousse move.
func (m Move) Col() int {
	if m.mv&mvPousse != 0 {
		return 0
	}
	return int(m.mv >> mvColShift & mvRow)
}

// Add reports whether a Spot move places a spot (`+`); false for `-` and
// for a Pousse move.
func (m Move) Add() bool { return m.mv&(mvPousse|mvAdd) == mvAdd }

// Same reports whether m and o are the same move, wherever they are
// written. O(1).
func (m Move) Same(o Move) bool { return m.mv == o.mv }

// longSpan is the length of a move of longMove bytes or more, by its
// offset in the game.
type longSpan struct {
	off, n uint32
}

// MoveSpan returns the absolute span of g.Moves[i]. O(1), or O(log k)
// for a move of 64 KiB or more (k such moves in the game).
func (g *Game) MoveSpan(i int) Span { return g.span(g.Moves[i]) }

// ExtraSpan returns the absolute span of g.Extra[i], as MoveSpan.
func (g *Game) ExtraSpan(i int) Span { return g.span(g.Extra[i]) }

func (g *Game) span(m Move) Span {
	start := g.Span.Start + int(m.off)
	n := int(m.n)
	if m.n == longMove {
		if k, ok := slices.BinarySearchFunc(g.long, m.off, cmpLong); ok {
			n = int(g.long[k].n)
		}
	}
	return Span{start, start + n}
}

// AppendMove appends m, written at the absolute span s, to g.Moves. s
// must start at or after g.Span.Start, less than 4 GiB after it, and
// be shorter than 4 GiB; a move of 64 KiB or more replaces the length
// of another such move of g starting at the same place. Programs that build games without
// parsing use it (tests, tools); it panics on a span it cannot hold.
// O(1) amortised, O(k) for a move of 64 KiB or more.
func (g *Game) AppendMove(m Move, s Span) { g.Moves = append(g.Moves, g.place(m, s)) }

// AppendExtra appends m, written at s, to g.Extra, as AppendMove.
func (g *Game) AppendExtra(m Move, s Span) { g.Extra = append(g.Extra, g.place(m, s)) }

// place returns m at the absolute span s of g.
func (g *Game) place(m Move, s Span) Move {
	off, n := s.Start-g.Span.Start, s.Len()
	if off < 0 || uint64(off) > maxSource || n < 0 || uint64(n) > maxSource {
		panic(fmt.Sprintf("parse: move span %v cannot be placed in a game starting at %d", s, g.Span.Start))
	}
	m.off = uint32(off)
	g.setLen(&m, n)
	return m
}

// setLen sets the length of m, a move of g, to n (at most maxSource),
// recording it in g.long when it does not fit in m.n. O(1) for a short
// move, O(k) for a long one (k long moves in the game, in practice
// appended in order: O(1)).
func (g *Game) setLen(m *Move, n int) {
	if n < longMove {
		m.n = uint16(n)
		return
	}
	m.n = longMove
	l := longSpan{m.off, uint32(n)}
	if k := len(g.long); k == 0 || g.long[k-1].off < m.off {
		g.long = append(g.long, l) // the parser's case: in order
		return
	}
	// Out of order (a program's AppendMove): a copy, since g may share
	// its table with a copy of the game.
	k, found := slices.BinarySearchFunc(g.long, m.off, cmpLong)
	if found {
		g.long = slices.Clone(g.long)
		g.long[k] = l
		return
	}
	g.long = slices.Insert(slices.Clip(g.long), k, l)
}

func cmpLong(l longSpan, off uint32) int { return cmp.Compare(l.off, off) }

// at returns m placed at the absolute span s of g, a game being parsed
// (s lies in the source, at or after g.Span.Start). O(1).
func (g *Game) at(m Move, s Span) Move {
	m.off = uint32(s.Start - g.Span.Start)
	g.setLen(&m, s.Len())
	return m
}

// With returns o written where m is: the move o, in m's place. O(1).
func (m Move) With(o Move) Move {
	m.mv = o.mv
	return m
}
