package lsp

import (
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"

	"gamels/analyze"
	"gamels/parse"
)

// A scratch line is the moves a board view tries after the position it
// shows without writing them: gamels/board and gamels/evaluate take them
// as moves (docs/protocol.md) and answer for the explored position. The
// rules stay in analyze: the line is played as a game of its own, the
// transcript's moves up to the position followed by the scratch moves.

// MaxScratchMoves bounds the scratch line of one request.
const MaxScratchMoves = 1000

// codeIllegalScratch is the data code of a scratch move that is not a
// move of the explored position (a Spot sign that the square contradicts).
const codeIllegalScratch parse.Code = "illegal-move"

// explored returns the analysis of game ga's first k moves followed by
// moves, the scratch line: Pousse edge slots ("L2"), Spot cells with or
// without their sign ("2 3", "2 3 +"; the sign is the square's). A move
// that cannot be played there (after the end, off the board, a sign the
// square contradicts), more than MaxScratchMoves moves, or any on PATH is
// refused as InvalidParams, naming the move. The game's index is ga's;
// the scratch moves' spans lie after its end and name no text.
//
// Cost: Pousse, one analysis of k+len(moves) moves; Spot (at most 2N
// moves in all), one replay per scratch move.
func explored(kind parse.Kind, rules parse.Rules, ga *gameAnalysis, k int, moves []string) (*gameAnalysis, error) {
	if len(moves) > MaxScratchMoves {
		return nil, refusal(jsonrpc2.InvalidParams, "too-many-moves", nil,
			"the scratch line has %d moves, more than the %d a request explores", len(moves), MaxScratchMoves)
	}
	g := ga.game
	if kind == parse.Path || ga.result() == nil {
		return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "only Pousse and Spot games have moves to explore")
	}
	k = min(max(k, 0), len(g.Moves))
	line := *g // shares g's table of long moves, as a copy may (parse.Game.AppendMove)
	line.Moves, line.Extra, line.Quit = slices.Clone(g.Moves[:k]), nil, parse.Span{}
	at := func(i int) parse.Span { return parse.Span{Start: g.Span.End + i, End: g.Span.End + i + 1} }
	bad := func(i int, err error) error {
		code, msg := analyze.CodeBadTarget, err.Error()
		if r, ok := err.(*analyze.Refusal); ok {
			code = r.Code
		}
		return refusal(jsonrpc2.InvalidParams, code, map[string]any{"index": i},
			"scratch move %d (%s) cannot be played: %s", i+1, parse.Quote(moves[i]), msg)
	}
	out := &gameAnalysis{game: &line, diags: new(gameDiags)}
	if ga.pousse != nil {
		for i, tok := range moves {
			mv, err := analyze.ParsePousseSlot(strings.TrimSpace(tok), g.Size)
			if err != nil {
				return nil, bad(i, err)
			}
			line.AppendMove(mv, at(i))
		}
		out.pousse = analyze.Pousse(&line, rules)
		if r := out.pousse.Result; r.End >= 0 && r.End < len(line.Moves)-1 {
			i := max(r.End+1-k, 0)
			_, err := out.pousse.PlayAt(k+i, moves[i])
			if err == nil { // not expected: PlayAt refuses every move after the end
				err = &analyze.Refusal{Code: analyze.CodeGameOver, Msg: "the game ended at move " + strconv.Itoa(r.End+1)}
			}
			return nil, bad(i, err)
		}
		return out, nil
	}
	sg := analyze.Spot(&line)
	for i, tok := range moves {
		row, col, sign, ok := spotTarget(tok)
		if !ok {
			return nil, bad(i, &analyze.Refusal{Code: analyze.CodeBadTarget, Msg: "a Spot move is a cell, row and column, with or without its sign (\"2 3\", \"2 3 +\")"})
		}
		mv, err := sg.PlayAt(k+i, row, col)
		if err != nil {
			return nil, bad(i, err)
		}
		if sign != 0 && (sign == '+') != mv.Add() {
			what := "an empty square: only + is legal there"
			if !mv.Add() {
				what = "a spot: only - is legal there"
			}
			return nil, bad(i, &analyze.Refusal{Code: codeIllegalScratch, Msg: "the square is " + what})
		}
		line.AppendMove(mv, at(i))
		sg = analyze.Spot(&line)
	}
	out.spot = sg
	return out, nil
}

// spotTarget reads a Spot scratch move, "row col" with an optional sign.
func spotTarget(tok string) (row, col int, sign byte, ok bool) {
	f := strings.Fields(tok)
	if len(f) < 2 || len(f) > 3 {
		return 0, 0, 0, false
	}
	r, err1 := strconv.Atoi(f[0])
	c, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return 0, 0, 0, false
	}
	if len(f) == 3 {
		if f[2] != "+" && f[2] != "-" {
			return 0, 0, 0, false
		}
		sign = f[2][0]
	}
	return r, c, sign, true
}
