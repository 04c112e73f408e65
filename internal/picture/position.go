package picture

import (
	"fmt"
	"iter"

	"gamels/analyze"
	"gamels/parse"
)

// Position is one board as a picture shows it: its squares and what the
// last move did. Build one with PoussePosition, SpotPosition or
// PathPosition, or fill one in.
type Position struct {
	Kind parse.Kind
	N    int // the board is N x N
	// Squares holds the N*N squares row by row from the top left: 'X' and
	// 'O' (Pousse), '*' a spot (Spot), 'W', 'B' and 'U' (PATH), '.' an
	// empty square, '?' a character that is not a square. A short slice
	// reads as '?' past its end.
	Squares []byte
	// Move is the number of moves played to reach the position (0 before
	// the first move, and for PATH); Moves the number in the game. A Move
	// past End is a move after the game ended, not played: the board is
	// that at End.
	Move, Moves int
	// Last is what move Move did, or nil.
	Last *Move
	// Straights are the Pousse rows and columns full of one colour.
	Straights []analyze.PousseLine
	// Path is the PATH winning path, in order; OneMove the cells where one
	// move wins for the side the verdict names.
	Path, OneMove []analyze.Cell
	// Verdict is the game's result as the contest prints it, or "";
	// End the move that decided it (1-based), 0 when none did.
	Verdict string
	End     int
	// Earlier is the move (1-based) whose position recurs at End, for an
	// icfp Pousse repetition or a Spot pattern repeat, 0 for none; for
	// Spot, Rotation is the quarter turns clockwise that carry the
	// earlier pattern onto the one at End.
	Earlier, Rotation int
	// Game is the game's number in its file (1-based), 0 when unknown:
	// the description names it, and an embeddable SVG has it as
	// data-game.
	Game int
	// Marks are the moves from the position that end the game at once,
	// for a view to show before a click; only the embeddable SVG
	// (Options.Embed) draws them, as classes of their slot or square.
	Marks []Mark
}

// Mark is what one move from a position does at once: a Pousse edge slot
// ("T3") or a Spot square, and "wins", "loses" or "repeats" (analyze's
// candidate marks).
type Mark struct {
	Slot string
	Cell analyze.Cell
	Mark string
}

// ShowsRepeat reports whether p is the end of a game that ended by
// repeating an earlier position: a drawing may show that one beside it
// (Options.Earlier).
func (p *Position) ShowsRepeat() bool {
	return p.Earlier > 0 && p.End > 0 && p.Move >= p.End
}

// Move is what one move did to the board.
type Move struct {
	Text string // the move as written in canonical form: "L3", "2 4 +"
	// Pousse: the side and line of entry, the pushed run from the square
	// that took the new marker, and the marker pushed off (OffWho is
	// analyze.None when none was).
	Dir    byte
	Line   int
	Run    []analyze.Cell
	Off    analyze.Cell
	OffWho analyze.Player
	// Spot: the square toggled (Run[0]), whether a spot was placed or
	// removed, and whether the move was illegal (played as a no-op).
	Add, Illegal bool
}

// At returns the square at 1-based (row, col): '?' off the board or past
// the end of Squares.
func (p *Position) At(row, col int) byte {
	if row < 1 || col < 1 || row > p.N || col > p.N {
		return '?'
	}
	i := (row-1)*p.N + col - 1
	if i >= len(p.Squares) {
		return '?'
	}
	return p.Squares[i]
}

// PoussePosition returns the Pousse position of g after move k (clamped
// to the moves played), with what move k did. It returns nil when the
// game has no usable size. O(N²) plus the replay from pg's nearest
// checkpoint.
func PoussePosition(g *parse.Game, pg *analyze.PousseGame, k int) *Position {
	k = max(0, min(k, pg.Played()))
	st := pg.Board(max(k-1, 0))
	if st == nil {
		return nil
	}
	p := &Position{Kind: parse.Pousse, N: st.N(), Moves: len(g.Moves), Verdict: pg.Verdict, End: pg.End + 1, Earlier: pg.Earlier + 1}
	var last *Move
	if k > 0 {
		mv := g.Moves[k-1]
		last = pousseMove(st, mv)
		st.Apply(mv.Dir(), mv.Line())
	}
	p.setPousse(st, k, last)
	return p
}

// At analyses game g under rules and returns its position after move k
// (clamped to the moves played): a Pousse or Spot position, or a PATH
// board whatever k. It returns nil when the game has no usable size.
func At(kind parse.Kind, g *parse.Game, rules parse.Rules, k int) *Position {
	if g.Size < 1 {
		return nil
	}
	switch kind {
	case parse.Pousse:
		return PoussePosition(g, analyze.Pousse(g, rules), k)
	case parse.Spot:
		return SpotPosition(g, analyze.Spot(g), k)
	case parse.Path:
		return PathPosition(g, analyze.Path(g))
	}
	return nil
}

// Frames returns the number of positions of game g's animation and the
// positions themselves, analysing it under rules: a Pousse or Spot game
// before the first move and after each move played, a PATH board once.
// None when the game has no usable size. The count costs the replay of
// the game, no drawing: a caller can check the animation's bounds (Fits)
// before painting a frame.
func Frames(kind parse.Kind, g *parse.Game, rules parse.Rules) (int, iter.Seq[*Position]) {
	if g.Size < 1 {
		return 0, func(func(*Position) bool) {}
	}
	switch kind {
	case parse.Pousse:
		pg := analyze.Pousse(g, rules)
		return pg.Played() + 1, PousseFrames(g, pg)
	case parse.Spot:
		sg := analyze.Spot(g)
		return sg.Played() + 1, SpotFrames(g, sg)
	}
	p := PathPosition(g, analyze.Path(g))
	if p == nil {
		return 0, func(func(*Position) bool) {}
	}
	return 1, func(yield func(*Position) bool) { yield(p) }
}

// SpotFrames returns the Spot positions of g from its analysis sg, for
// its animation: before the first move and after each move played.
// O(N²) a position after an O(moves) replay.
func SpotFrames(g *parse.Game, sg *analyze.SpotGame) iter.Seq[*Position] {
	return func(yield func(*Position) bool) {
		if g.Size < 1 {
			return
		}
		for k := 0; k <= sg.Played(); k++ {
			if !yield(SpotPosition(g, sg, k)) {
				return
			}
		}
	}
}

// PousseFrames returns the Pousse positions of g from its analysis pg,
// for its animation: before the first move and after each move played,
// in turn, replaying once: O(N²) a position.
func PousseFrames(g *parse.Game, pg *analyze.PousseGame) iter.Seq[*Position] {
	return func(yield func(*Position) bool) {
		pousseFrames(g, pg, yield)
	}
}

// pousseFrames calls yield with the positions of PousseFrames; it stops
// when yield returns false.
func pousseFrames(g *parse.Game, pg *analyze.PousseGame, yield func(*Position) bool) {
	st := pg.Board(0)
	if st == nil {
		return
	}
	for k := 0; k <= pg.Played(); k++ {
		var last *Move
		if k > 0 {
			mv := g.Moves[k-1]
			last = pousseMove(st, mv)
			st.Apply(mv.Dir(), mv.Line())
		}
		p := &Position{Kind: parse.Pousse, N: st.N(), Moves: len(g.Moves), Verdict: pg.Verdict, End: pg.End + 1, Earlier: pg.Earlier + 1}
		p.setPousse(st, k, last)
		if !yield(p) {
			return
		}
	}
}

// pousseMove is what mv does to st, the position before it.
func pousseMove(st *analyze.PousseState, mv parse.Move) *Move {
	sh := st.PushRun(mv.Dir(), mv.Line())
	return &Move{
		Text: fmt.Sprintf("%c%d", mv.Dir(), mv.Line()),
		Dir:  mv.Dir(), Line: mv.Line(),
		Run: sh.Run, Off: sh.Off, OffWho: sh.OffWho,
	}
}

func (p *Position) setPousse(st *analyze.PousseState, k int, last *Move) {
	p.Move, p.Last = k, last
	p.Squares = make([]byte, 0, p.N*p.N)
	for r := 1; r <= p.N; r++ {
		p.Squares = st.AppendRow(p.Squares, r, '.')
	}
	p.Straights = st.StraightLines()
}

// SpotPosition returns the Spot pattern of g after move k (clamped to
// the moves played), with the square move k toggled. It returns nil when
// the game has no usable size. O(k + N²).
func SpotPosition(g *parse.Game, sg *analyze.SpotGame, k int) *Position {
	if g.Size < 1 {
		return nil
	}
	k = max(0, min(k, sg.Played()))
	st := sg.Board(k)
	p := &Position{Kind: parse.Spot, N: st.N(), Move: k, Moves: len(g.Moves), Verdict: sg.Verdict,
		End: sg.End + 1, Earlier: sg.Earlier + 1, Rotation: sg.Rotation}
	p.Squares = make([]byte, p.N*p.N)
	for r := 1; r <= p.N; r++ {
		for c := 1; c <= p.N; c++ {
			b := byte('.')
			if st.At(r, c) {
				b = '*'
			}
			p.Squares[(r-1)*p.N+c-1] = b
		}
	}
	if k > 0 {
		mv := g.Moves[k-1]
		sign := "-"
		if mv.Add() {
			sign = "+"
		}
		p.Last = &Move{
			Text: fmt.Sprintf("%d %d %s", mv.Row(), mv.Col(), sign),
			Run:  []analyze.Cell{{Row: mv.Row(), Col: mv.Col()}},
			Add:  mv.Add(), Illegal: sg.IllegalAt(k - 1),
		}
	}
	return p
}

// PathPosition returns a PATH board as written, with its winning path
// and the one-move winning cells of the side the verdict names. It
// returns nil when the board has no usable size. O(N²).
func PathPosition(g *parse.Game, res *analyze.PathGame) *Position {
	n := g.Size
	if n < 1 || res == nil {
		return nil
	}
	p := &Position{Kind: parse.Path, N: n, Verdict: res.Verdict, Path: res.Path}
	p.Squares = make([]byte, n*n)
	for r := range n {
		for c := range n {
			b := byte('?')
			if r < len(g.Rows) && c < len(g.Rows[r].Cells) && g.Rows[r].Cells[c] != parse.CellBad {
				b = g.Rows[r].Cells[c]
			}
			p.Squares[r*n+c] = b
		}
	}
	p.OneMove = res.OneMoveWins()
	return p
}
