package parse

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"gamels/internal/textpos"
)

// PATH limits.
const (
	PathMinN = 1
	PathMaxN = 80
)

// pathLine is the content of one source line: Span covers it without its
// comment and surrounding blanks; it is empty for a blank line.
type pathLine struct {
	span Span
}

// nextLine returns the content of the line starting at *off and moves
// *off past its line end, recording a comment if there is one. The line
// end (textpos.LineEnd) and the comment are found with vectorised byte
// searches; only the blanks at both ends are looked at one by one.
// O(length of the line).
func (p *parser) nextLine(off *int) pathLine {
	src := p.src
	start := *off
	end, next := textpos.LineEnd(src, start)
	content := end
	if k := bytes.IndexByte(src[start:end], '#'); k >= 0 {
		content = start + k
		if !p.stream { // Stream keeps no comment
			p.file.Comments = append(p.file.Comments, Span{content, end})
		}
	}
	*off = next
	for start < content && isSpace(src[start]) {
		start++
	}
	for content > start && isSpace(src[content-1]) {
		content--
	}
	return pathLine{span: Span{start, content}}
}

// path parses a PATH file: data sets `N`, then N rows of N cells W, B or U,
// and a final line `0`. Blank lines carry no meaning.
func (p *parser) path() { p.pathLoop(nil) }

// pathLoop reads the data sets of the source line by line, to its end or
// its terminating 0. atSize, when not nil, is called at each line that is
// a size (not 0) with the line and the offset after it, before the data
// set under way is finished; when it returns true, that data set is
// finished and the loop stops there (parse.Reparse: where the old and new
// parses agree, or the end of its window).
func (p *parser) pathLoop(atSize func(ln pathLine, next int) bool) {
	f := p.file
	var g *Game
	last := Span{}
	for off := 0; off < len(p.src); {
		ln := p.nextLine(&off)
		if ln.span.Len() == 0 {
			continue
		}
		text := p.text(ln.span)
		if v, ok := number(text); ok {
			stop := v != 0 && atSize != nil && atSize(ln, off)
			if g != nil {
				p.pathDone(g)
			}
			g = nil
			if stop {
				return
			}
			if v == 0 {
				f.End = ln.span
				for off < len(p.src) {
					if ln := p.nextLine(&off); ln.span.Len() > 0 {
						p.errorf(nil, ln.span, CodeTextAfterEnd, "unexpected text after the terminating 0")
						break
					}
				}
				return
			}
			g = p.newGame(token{span: ln.span})
			p.checkSize(g, PathMinN, PathMaxN)
			last = ln.span
			continue
		}
		if g == nil {
			p.errorf(nil, ln.span, CodeExpectedSize, "expected a board size N or the terminating 0, found %s", quote(text))
			last = ln.span
			continue
		}
		p.pathRow(g, ln.span)
		last = ln.span
	}
	if g != nil {
		p.pathDone(g)
	}
	p.errorf(nil, Span{last.End, last.End}, CodeMissingEnd, "missing the terminating 0: a PATH file ends with a line 0")
}

// pathRow adds one row to the game and checks its cells.
func (p *parser) pathRow(g *Game, span Span) {
	g.extend(span)
	text := p.text(span)
	row := Row{Span: span, Cells: p.cells(len(text))}
	if pathCellsOnly(text) {
		// The common case: W, B and U only, one byte each.
		copy(row.Cells, text)
		p.pathRowSize(g, span, len(text))
		g.Rows = append(g.Rows, row)
		return
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch c {
		case 'W', 'B', 'U':
			row.Cells[i] = c
			i++
			continue
		}
		_, size := utf8.DecodeRune(text[i:])
		cell := Span{span.Start + i, span.Start + i + size}
		switch {
		case c == 'w' || c == 'b' || c == 'u':
			p.errorf(g, cell, CodeLowercaseCell, "unknown cell %s: cells are W, B or U, in capitals", quote(text[i:i+size]))
		case isSpace(c):
			p.errorf(g, cell, CodeSpaceInRow, "unexpected space in a row: a row is N cells W, B or U with nothing between them")
		default:
			p.errorf(g, cell, CodeUnknownCell, "unknown cell %s: cells are W (white), B (black) or U (unfilled)", quote(text[i:i+size]))
		}
		i += size
	}
	// Counted in characters, as the person sees the row; a non-ASCII
	// character is reported above and spans several cells.
	p.pathRowSize(g, span, utf8.RuneCount(text))
	g.Rows = append(g.Rows, row)
}

// pathRowSize checks the next row of g, of chars characters, against
// the board size.
func (p *parser) pathRowSize(g *Game, span Span, chars int) {
	if g.Size > 0 && len(g.Rows) >= g.Size {
		p.errorf(g, span, CodeExtraRow, "extra row: a %dx%d board has %d rows", g.Size, g.Size, g.Size)
	} else if g.Size > 0 && chars != g.Size {
		p.errorf(g, span, CodeRowLength, "row %d has %s but the board is %dx%d", len(g.Rows)+1, Plural(chars, "cell"), g.Size, g.Size)
	}
}

// pathCellsOnly reports whether text is made of W, B and U only: one
// table lookup per byte, no branch.
func pathCellsOnly(text []byte) bool {
	var bad byte
	for _, c := range text {
		bad |= pathNotCell[c]
	}
	return bad == 0
}

// pathNotCell is 1 for every byte but W, B and U.
var pathNotCell = func() (t [256]byte) {
	for i := range t {
		t[i] = 1
	}
	t[CellWhite], t[CellBlack], t[CellEmpty] = 0, 0, 0
	return t
}()

// pathDone checks that a finished data set has all its rows.
func (p *parser) pathDone(g *Game) {
	if g.Size > 0 && len(g.Rows) < g.Size {
		p.errorf(g, g.N.Span, CodeMissingRows, "%s: a %dx%d board has %d rows", fmt.Sprintf("data set %d has %s", g.Index+1, Plural(len(g.Rows), "row")), g.Size, g.Size, g.Size)
	}
	p.done(g)
}

// cells hands out a row's cells from blocks of 64 KiB, so that a file of
// many boards costs a few allocations, not one per row.
func (p *parser) cells(n int) []byte {
	if n > cap(p.cellBlock)-len(p.cellBlock) {
		p.cellBlock = make([]byte, 0, max(n, 64<<10))
	}
	start := len(p.cellBlock)
	p.cellBlock = p.cellBlock[:start+n]
	return p.cellBlock[start : start+n : start+n]
}
