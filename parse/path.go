package parse

import (
	"fmt"
	"unicode/utf8"
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
// *off past its line end, recording a comment if there is one.
func (p *parser) nextLine(off *int) pathLine {
	src := p.src
	i := *off
	start := i
	for start < len(src) && isSpace(src[start]) {
		start++
	}
	i = start
	end := start
	for i < len(src) && !isLineEnd(src[i]) && src[i] != '#' {
		if !isSpace(src[i]) {
			end = i + 1
		}
		i++
	}
	if i < len(src) && src[i] == '#' {
		c := i
		for i < len(src) && !isLineEnd(src[i]) {
			i++
		}
		p.file.Comments = append(p.file.Comments, Span{c, i})
	}
	if i < len(src) {
		if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
		i++
	}
	*off = i
	return pathLine{span: Span{start, end}}
}

// path parses a PATH file: data sets `N`, then N rows of N cells W, B or U,
// and a final line `0`. Blank lines carry no meaning.
func (p *parser) path() {
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
			if g != nil {
				p.pathDone(g)
			}
			g = nil
			if v == 0 {
				f.End = ln.span
				for off < len(p.src) {
					if ln := p.nextLine(&off); ln.span.Len() > 0 {
						p.errorf(nil, ln.span, "unexpected text after the terminating 0")
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
			p.errorf(nil, ln.span, "expected a board size N or the terminating 0, found %s", quote(text))
			last = ln.span
			continue
		}
		p.pathRow(g, ln.span)
		last = ln.span
	}
	if g != nil {
		p.pathDone(g)
	}
	p.errorf(nil, Span{last.End, last.End}, "missing the terminating 0: a PATH file ends with a line 0")
}

// pathRow adds one row to the game and checks its cells.
func (p *parser) pathRow(g *Game, span Span) {
	g.extend(span)
	text := p.text(span)
	row := Row{Span: span, Cells: p.cells(len(text))}
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
			p.errorf(g, cell, "unknown cell %s: cells are W, B or U, in capitals", quote(text[i:i+size]))
		case isSpace(c):
			p.errorf(g, cell, "unexpected space in a row: a row is N cells W, B or U with nothing between them")
		default:
			p.errorf(g, cell, "unknown cell %s: cells are W (white), B (black) or U (unfilled)", quote(text[i:i+size]))
		}
		i += size
	}
	if g.Size > 0 && len(g.Rows) >= g.Size {
		p.errorf(g, span, "extra row: a %dx%d board has %d rows", g.Size, g.Size, g.Size)
	} else if chars := utf8.RuneCount(text); g.Size > 0 && chars != g.Size {
		// Counted in characters, as the person sees the row; a non-ASCII
		// character is reported above and spans several cells.
		p.errorf(g, span, "row %d has %s but the board is %dx%d", len(g.Rows)+1, plural(chars, "cell"), g.Size, g.Size)
	}
	g.Rows = append(g.Rows, row)
}

// pathDone checks that a finished data set has all its rows.
func (p *parser) pathDone(g *Game) {
	if g.Size > 0 && len(g.Rows) < g.Size {
		p.errorf(g, g.N.Span, "%s: a %dx%d board has %d rows", fmt.Sprintf("data set %d has %s", g.Index+1, plural(len(g.Rows), "row")), g.Size, g.Size, g.Size)
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
