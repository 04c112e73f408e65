package analyze

import (
	"fmt"
	"strconv"

	"gamels/parse"
)

// This file answers "may this move be played here": a move given as a
// board shows it (a Pousse edge slot, a Spot cell, a PATH cell) checked
// against the position after the first k moves of a game, turned into
// the move a transcript holds, or refused with the reason in words.

// Codes of the refusals of a move from the board.
const (
	// CodeGameOver: the position is after the move that ended the game.
	CodeGameOver parse.Code = "game-over"
	// CodeGameFull: a Spot game already holds its 2N moves.
	CodeGameFull parse.Code = "game-full"
	// CodeBadTarget: the move names no slot or cell of the board
	// ("Q3", "L0", a cell outside the N x N board).
	CodeBadTarget parse.Code = "bad-target"
)

// A Refusal says why a move cannot be played at a position: Code is
// stable, Msg is for people.
type Refusal struct {
	Code parse.Code
	Msg  string
}

func (r *Refusal) Error() string { return r.Msg }

func refuse(code parse.Code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ended returns the refusal of a move after the first k moves of a game
// whose result is r, or nil when the game was not over after them.
func (r *Result) ended(k int) *Refusal {
	if r.End < 0 || k <= r.End {
		return nil
	}
	return refuse(CodeGameOver, "the game ended at move %d: %s", r.End+1, r.Verdict)
}

// ParsePousseSlot reads an edge slot of an n x n Pousse board, "L1" ..
// "BN", as a move: the side in capitals, then the line, as the board
// names it (no sign, no leading zero). O(len(tok)).
func ParsePousseSlot(tok string, n int) (parse.Move, error) {
	if len(tok) < 2 || len(tok) > 4 {
		return parse.Move{}, refuse(CodeBadTarget, "%s is not an edge slot of the board (L1 .. B%d)", parse.Quote(tok), n)
	}
	dir := tok[0]
	line, err := strconv.Atoi(tok[1:])
	switch {
	case dir != 'L' && dir != 'R' && dir != 'T' && dir != 'B', err != nil, tok[1] < '1' || tok[1] > '9':
		return parse.Move{}, refuse(CodeBadTarget, "%s is not an edge slot of the board (L1 .. B%d)", parse.Quote(tok), n)
	case line < 1 || line > n:
		return parse.Move{}, refuse(CodeBadTarget, "%s is outside the %dx%d board: the lines are 1 to %d", tok, n, n, n)
	}
	return parse.PousseMove(dir, line), nil
}

// PlayAt returns the move tok (an edge slot, "T3") played after the
// first k moves of the game, or a *Refusal: the game ended at or before
// move k, or tok is not a slot of the board. k is clamped to
// 0..len(moves). O(len(tok)).
func (pg *PousseGame) PlayAt(k int, tok string) (parse.Move, error) {
	if pg.n <= 0 {
		return parse.Move{}, refuse(parse.CodeBadSize, "the board size is unusable")
	}
	k = min(max(k, 0), len(pg.moves))
	if r := pg.ended(k); r != nil {
		return parse.Move{}, r
	}
	return ParsePousseSlot(tok, pg.n)
}

// PlayAt returns the move a click on cell (row, col) makes after the
// first k moves of the game: `row col -` on a spot, `row col +` on an
// empty square (the only legal move there), or a *Refusal: the cell is
// off the board, the game ended at or before move k, or it holds its 2N
// moves. k is clamped to 0..len(moves). O(k + N²/64) (the replay of the
// pattern).
func (sg *SpotGame) PlayAt(k, row, col int) (parse.Move, error) {
	n := sg.game.Size
	if n <= 0 {
		return parse.Move{}, refuse(parse.CodeBadSize, "the board size is unusable")
	}
	k = min(max(k, 0), len(sg.game.Moves))
	if row < 1 || row > n || col < 1 || col > n {
		return parse.Move{}, refuse(CodeBadTarget, "cell %d %d is outside the %dx%d board", row, col, n, n)
	}
	if r := sg.ended(k); r != nil {
		return parse.Move{}, r
	}
	if k >= 2*n {
		return parse.Move{}, refuse(CodeGameFull, "the game has all its %d moves (2N, N = %d)", 2*n, n)
	}
	return parse.SpotMove(row, col, !sg.Board(k).At(row, col)), nil
}

// NextPathCell is what a click makes of a PATH cell: W, then B, then U,
// then W again; 0 for a byte that is not a cell.
func NextPathCell(c byte) byte {
	switch c {
	case parse.CellWhite:
		return parse.CellBlack
	case parse.CellBlack:
		return parse.CellEmpty
	case parse.CellEmpty:
		return parse.CellWhite
	}
	return 0
}

// A Mark says what a move from a position does at once, for a board to
// show before it is played: the empty Mark when play goes on.
type Mark string

// The marks.
const (
	MarkNone    Mark = ""
	MarkWins    Mark = "wins"    // the mover wins at once (Pousse straights)
	MarkLoses   Mark = "loses"   // the mover hands the win to the opponent (Pousse straights)
	MarkRepeats Mark = "repeats" // the move recreates an earlier position and loses (icfp Pousse, Spot)
)

// Mark returns what candidate c does for the mover m. O(1).
func (c PousseCandidate) Mark(m Player) Mark {
	switch {
	case c.Winner == None:
		return MarkNone
	case c.Reason == ReasonRepetition:
		return MarkRepeats
	case c.Winner == m:
		return MarkWins
	}
	return MarkLoses
}

// Mark returns what candidate c does: MarkRepeats when it recreates an
// earlier pattern (the mover loses), else MarkNone. O(1).
func (c SpotCandidate) Mark() Mark {
	if c.Judged && c.Earlier >= 0 {
		return MarkRepeats
	}
	return MarkNone
}
