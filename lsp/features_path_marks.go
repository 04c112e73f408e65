package lsp

import (
	"fmt"
	"unicode/utf8"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// A pathMark is a marked run of PATH cells.
type pathMark struct {
	span parse.Span
	msg  string
}

// cellSpan returns the span of cell c (1-based) of a PATH board in text,
// and whether the row holds it. A row holds one cell per character; only
// a row with non-ASCII characters (all errors) needs decoding.
func cellSpan(text *textpos.Text, g *parse.Game, c analyze.Cell) (parse.Span, bool) {
	if c.Row < 1 || c.Row > len(g.Rows) || c.Col < 1 || c.Col > len(g.Rows[c.Row-1].Cells) {
		return parse.Span{}, false
	}
	row := g.Rows[c.Row-1]
	if row.Span.Len() == len(row.Cells) {
		start := row.Span.Start + c.Col - 1
		return parse.Span{Start: start, End: start + 1}, true
	}
	b := text.Slice(row.Span.Start, row.Span.End) // within a line: no copy
	off := 0
	for range c.Col - 1 {
		_, size := utf8.DecodeRune(b[off:])
		off += size
	}
	_, size := utf8.DecodeRune(b[off:])
	return parse.Span{Start: row.Span.Start + off, End: row.Span.Start + off + size}, true
}

// cellAt returns the 1-based column of the cell of row that holds byte
// offset off (clamped to the row).
func cellAt(text *textpos.Text, row parse.Row, off int) int {
	off = max(row.Span.Start, min(off, row.Span.End-1))
	if row.Span.Len() == len(row.Cells) {
		return off - row.Span.Start + 1
	}
	return utf8.RuneCount(text.Slice(row.Span.Start, off)) + 1
}

// pathMarks returns the marks of a PATH board that a person should see
// without hovering, in order of position: the cells of the winning path
// (cells adjacent within a row form one mark) when a colour has one, or
// the cells where the side with a one-move win wins.
func pathMarks(text *textpos.Text, g *parse.Game, res *analyze.PathGame) []pathMark {
	var out []pathMark
	switch res.Class {
	case analyze.PathWhiteWins, analyze.PathBlackWins:
		who := colourName(res.Class == analyze.PathWhiteWins)
		for _, run := range res.Runs() {
			a, ok1 := cellSpan(text, g, analyze.Cell{Row: run.Row, Col: run.From})
			b, ok2 := cellSpan(text, g, analyze.Cell{Row: run.Row, Col: run.To})
			if !ok1 || !ok2 {
				continue
			}
			where := fmt.Sprintf("row %d, column %d", run.Row, run.From)
			if run.To > run.From {
				where = fmt.Sprintf("row %d, columns %d-%d", run.Row, run.From, run.To)
			}
			out = append(out, pathMark{parse.Span{Start: a.Start, End: b.End},
				fmt.Sprintf("on %s's winning path (%s)", who, where)})
		}
	case analyze.PathWhiteInOne, analyze.PathBlackInOne:
		white := res.Class == analyze.PathWhiteInOne
		cells, stone := res.BlackInOne, "B"
		if white {
			cells, stone = res.WhiteInOne, "W"
		}
		for _, c := range cells {
			if sp, ok := cellSpan(text, g, c); ok {
				out = append(out, pathMark{sp, fmt.Sprintf("%s wins in one move: %s here (row %d, column %d) makes a path",
					colourName(white), stone, c.Row, c.Col)})
			}
		}
	}
	return out
}

func colourName(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}
