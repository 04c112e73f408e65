package lsp

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// documentHighlight answers textDocument/documentHighlight:
//
//   - On a played Pousse move: the lines that matter on the board after
//     it are the rows and columns holding a straight, or, when there is
//     none, the row or column the move pushed into. Highlighted are the
//     moves up to this one that pushed along those lines (L/R moves for a
//     row, T/B for a column): the move itself as Write, the others as
//     Read. So on a winning move one sees every push that built the
//     winning straights.
//   - On a PATH cell of the winning path: the whole path (cells next to
//     each other in a row form one range), as Text.
//   - On a PATH cell where the side with a one-move win wins: the path
//     that a stone there would make, the cell itself as Write.
//
// Anywhere else (a move not played, a Spot move, other cells) the list
// is empty.
func documentHighlight(ctx context.Context, snap *snapshot, p *protocol.DocumentHighlightParams) (any, error) {
	fa, m, off, err := snap.at(p.Position)
	if err != nil {
		return nil, err
	}
	out := []protocol.DocumentHighlight{}
	ga := fa.gameAt(off)
	if ga == nil {
		return out, nil
	}
	add := func(sp parse.Span, kind protocol.DocumentHighlightKind) {
		out = append(out, protocol.DocumentHighlight{Range: m.Range(sp), Kind: kind})
	}
	switch snap.kind {
	case parse.Pousse:
		for _, h := range pousseHighlights(ga, off) {
			add(h.span, h.kind)
		}
	case parse.Path:
		for _, h := range pathHighlights(snap.text, ga, off) {
			add(h.span, h.kind)
		}
	}
	return out, nil
}

type hlSpan struct {
	span parse.Span
	kind protocol.DocumentHighlightKind
}

// pousseHighlights returns the highlights of the Pousse move at off.
// O(k) for the k moves up to it, plus the replay to reach the board.
func pousseHighlights(ga *gameAnalysis, off int) []hlSpan {
	g, pg := ga.game, ga.pousse
	i := moveAt(g, off)
	if pg == nil || i < 0 || i >= pg.Played() {
		return nil
	}
	st := pg.Board(i + 1)
	if st == nil {
		return nil
	}
	lines := st.StraightLines()
	if len(lines) == 0 {
		mv := g.Moves[i]
		lines = []analyze.PousseLine{{Col: mv.Dir() == 'T' || mv.Dir() == 'B', Index: mv.Line()}}
	}
	along := func(mv parse.Move) bool {
		col := mv.Dir() == 'T' || mv.Dir() == 'B'
		return slices.ContainsFunc(lines, func(l analyze.PousseLine) bool { return l.Col == col && l.Index == mv.Line() })
	}
	var out []hlSpan
	for j, mv := range g.Moves[:i+1] {
		switch {
		case j == i:
			out = append(out, hlSpan{g.MoveSpan(j), protocol.DocumentHighlightKindWrite})
		case along(mv):
			out = append(out, hlSpan{g.MoveSpan(j), protocol.DocumentHighlightKindRead})
		}
	}
	return out
}

// pathHighlights returns the highlights of the PATH cell at off. O(N*N).
func pathHighlights(text *textpos.Text, ga *gameAnalysis, off int) []hlSpan {
	g, res := ga.game, ga.path
	ri := rowAt(g.Rows, off)
	if res == nil || res.Verdict == "" || ri < 0 || ri >= g.Size || g.Rows[ri].Span.Len() == 0 {
		return nil
	}
	c := analyze.Cell{Row: ri + 1, Col: cellAt(text, g.Rows[ri], off)}
	if c.Col > g.Size {
		return nil
	}
	switch {
	case res.OnPath(c):
		return pathRuns(text, g, res, analyze.Cell{})
	case res.Class == analyze.PathWhiteInOne && slices.Contains(res.WhiteInOne, c),
		res.Class == analyze.PathBlackInOne && slices.Contains(res.BlackInOne, c):
		stone := parse.CellWhite
		if res.Class == analyze.PathBlackInOne {
			stone = parse.CellBlack
		}
		// The board with the stone placed: its path goes through c.
		h := *g
		h.Rows = slices.Clone(g.Rows)
		row := h.Rows[c.Row-1]
		row.Cells = slices.Clone(row.Cells)
		row.Cells[c.Col-1] = stone
		h.Rows[c.Row-1] = row
		return pathRuns(text, &h, analyze.Path(&h), c)
	}
	return nil
}

// pathRuns returns the cells of res's winning path, adjacent cells of a
// row merged, as Text; the run holding cell mark, if any, is split so
// that mark is its own Write highlight.
func pathRuns(text *textpos.Text, g *parse.Game, res *analyze.PathGame, mark analyze.Cell) []hlSpan {
	var out []hlSpan
	add := func(row, from, to int, kind protocol.DocumentHighlightKind) {
		if from > to {
			return
		}
		a, ok1 := cellSpan(text, g, analyze.Cell{Row: row, Col: from})
		b, ok2 := cellSpan(text, g, analyze.Cell{Row: row, Col: to})
		if ok1 && ok2 {
			out = append(out, hlSpan{parse.Span{Start: a.Start, End: b.End}, kind})
		}
	}
	for _, run := range res.Runs() {
		if run.Row != mark.Row || mark.Col < run.From || mark.Col > run.To {
			add(run.Row, run.From, run.To, protocol.DocumentHighlightKindText)
			continue
		}
		add(run.Row, run.From, mark.Col-1, protocol.DocumentHighlightKindText)
		add(run.Row, mark.Col, mark.Col, protocol.DocumentHighlightKindWrite)
		add(run.Row, mark.Col+1, run.To, protocol.DocumentHighlightKindText)
	}
	return out
}
