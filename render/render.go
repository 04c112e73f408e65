// Package render draws game boards as text in the grid style of the
// contest statements: column numbers on top, row numbers on the left,
// +-+ borders between rows.
//
//	   1 2 3 4
//	  +-+-+-+-+
//	1 |X| | |O|
//	  +-+-+-+-+
//	2 | | | | |
//	  +-+-+-+-+
//
// Boards of ten or more columns widen every cell to the width of the
// largest number, so that the numbers stay above their cells. The
// language server shows these drawings in hovers and the command line
// prints them; neither needs more than a string.
package render

import (
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/parse"
)

// Grid draws an n x n board whose cell at 1-based (row, col) is the
// character cell(row, col); a 0 byte is drawn as a blank. The result ends
// with a newline. O(n²) time and output; Grid draws nothing for n < 1.
func Grid(n int, cell func(row, col int) byte) string {
	if n < 1 {
		return ""
	}
	w := len(strconv.Itoa(n)) // cell and label width
	var b strings.Builder
	b.Grow((n + 1) * 2 * (w + 2 + n*(w+1)))
	pad := func(s string) {
		for range w - len(s) {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	// Column numbers.
	b.WriteString(strings.Repeat(" ", w+1))
	for c := 1; c <= n; c++ {
		b.WriteByte(' ')
		pad(strconv.Itoa(c))
	}
	b.WriteByte('\n')
	border := strings.Repeat(" ", w+1) + "+" + strings.Repeat(strings.Repeat("-", w)+"+", n) + "\n"
	b.WriteString(border)
	cellText := make([]byte, 1)
	for r := 1; r <= n; r++ {
		pad(strconv.Itoa(r))
		b.WriteString(" |")
		for c := 1; c <= n; c++ {
			cellText[0] = cell(r, c)
			if cellText[0] == 0 {
				cellText[0] = ' '
			}
			pad(string(cellText))
			b.WriteByte('|')
		}
		b.WriteByte('\n')
		b.WriteString(border)
	}
	return b.String()
}

// Pousse draws a Pousse position: X and O markers, blanks for empty
// squares. It draws nothing for a nil state.
func Pousse(s *analyze.PousseState) string {
	if s == nil {
		return ""
	}
	return Grid(s.N(), s.At)
}

// Spot draws a Spot pattern: '*' for a spot, a blank for an empty square.
// It draws nothing for a nil state.
func Spot(s *analyze.SpotState) string {
	if s == nil {
		return ""
	}
	return Grid(s.N(), func(r, c int) byte {
		if s.At(r, c) {
			return '*'
		}
		return 0
	})
}

// Path draws a PATH board as written: W, B and U, '?' for a character
// that is none of them or a square missing from a short row. When res is
// not nil, the cells of its winning path are drawn in lower case (w, b)
// and the one-move winning cells of the side the verdict names as '*'.
func Path(g *parse.Game, res *analyze.PathResult) string {
	n := g.Size
	star := map[analyze.Cell]bool{}
	if res != nil {
		var cells []analyze.Cell
		switch res.Class {
		case analyze.PathWhiteInOne:
			cells = res.WhiteInOne
		case analyze.PathBlackInOne:
			cells = res.BlackInOne
		}
		for _, c := range cells {
			star[c] = true
		}
	}
	return Grid(n, func(r, c int) byte {
		if r > len(g.Rows) || c > len(g.Rows[r-1].Cells) {
			return '?'
		}
		ch := g.Rows[r-1].Cells[c-1]
		switch {
		case ch == parse.CellBad:
			return '?'
		case res != nil && res.OnPath(analyze.Cell{Row: r, Col: c}):
			return ch | 0x20 // lower case
		case star[analyze.Cell{Row: r, Col: c}]:
			return '*'
		}
		return ch
	})
}
