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
// largest number, so that the numbers stay above their cells. Boards
// wider than MaxGridN columns, whose grid would not fit in 80 columns,
// are drawn compactly instead: one character per cell, '.' for an empty
// one, under a ruler that numbers every tenth column.
//
//	         10        20        30
//	  ----:----|----:----|----:----|
//	1 X.........O...................
//	2 ..............................
//
// The language server shows these drawings in hovers and the command
// line prints them; neither needs more than a string.
package render

import (
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/parse"
)

// MaxGridN is the largest board drawn in the grid style: a grid of 25
// columns is 79 characters wide.
const MaxGridN = 25

// Grid draws an n x n board whose cell at 1-based (row, col) is the
// character cell(row, col): in the grid style up to MaxGridN, where a 0
// byte is drawn as a blank, and compactly beyond, where it is drawn as
// '.'. The result ends with a newline. O(n²) time and output; Grid draws
// nothing for n < 1.
func Grid(n int, cell func(row, col int) byte) string {
	return grid(n, n > MaxGridN, cell)
}

// GridWidth is the width of the grid style's lines for an n x n board.
func GridWidth(n int) int {
	w := len(strconv.Itoa(n))
	return w + 2 + n*(w+1)
}

// grid draws as Grid does, compactly when small is set.
func grid(n int, small bool, cell func(row, col int) byte) string {
	if n < 1 {
		return ""
	}
	if small {
		return compact(n, func(dst []byte, r int) []byte {
			for c := 1; c <= n; c++ {
				ch := cell(r, c)
				if ch == 0 {
					ch = '.'
				}
				dst = append(dst, ch)
			}
			return dst
		})
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

// compact draws the board one character per cell, under a ruler: the
// number of every tenth column ends above it, '|' marks it and ':' marks
// the fifth. appendRow appends the n characters of a 1-based row, '.'
// for an empty square. About n² + 5n bytes: 10.7 KB for 100 x 100.
func compact(n int, appendRow func(dst []byte, row int) []byte) string {
	return string(appendCompact(make([]byte, 0, compactSize(n)), n, appendRow))
}

// compactSize is the size of a compact drawing of an n x n board.
func compactSize(n int) int {
	w := len(strconv.Itoa(n)) // row label width
	return (n + w + 2) * (n + 2)
}

// appendCompact appends the compact drawing to dst.
func appendCompact(dst []byte, n int, appendRow func(dst []byte, row int) []byte) []byte {
	w := len(strconv.Itoa(n)) // row label width
	// The numbers' line ends with the number of the last tenth column.
	numbers := len(dst)
	if n >= 10 {
		dst = append(dst, strings.Repeat(" ", w+1+n/10*10)...)
	}
	for c := 10; c <= n; c += 10 {
		label := strconv.Itoa(c)
		copy(dst[numbers+w+c+1-len(label):], label)
	}
	dst = append(dst, '\n')
	ruler := len(dst)
	dst = append(dst, strings.Repeat(" ", w+1)+strings.Repeat("-", n)+"\n"...)
	for c := 5; c <= n; c += 5 {
		mark := byte(':')
		if c%10 == 0 {
			mark = '|'
		}
		dst[ruler+w+c] = mark
	}
	for r := 1; r <= n; r++ {
		label := strconv.Itoa(r)
		for range w - len(label) {
			dst = append(dst, ' ')
		}
		dst = append(dst, label...)
		dst = append(dst, ' ')
		dst = appendRow(dst, r)
		dst = append(dst, '\n')
	}
	return dst
}

// Pousse draws a Pousse position: X and O markers, blanks for empty
// squares. It draws nothing for a nil state.
func Pousse(s *analyze.PousseState) string {
	if s == nil {
		return ""
	}
	if s.N() > MaxGridN {
		return string(AppendPousse(make([]byte, 0, compactSize(s.N())), s))
	}
	return Grid(s.N(), s.At)
}

// AppendPousse appends the drawing of Pousse draws to dst. A board wider
// than MaxGridN is drawn a row at a time, straight into dst: the server
// draws a 100 x 100 board at every hover.
func AppendPousse(dst []byte, s *analyze.PousseState) []byte {
	if s == nil {
		return dst
	}
	if s.N() > MaxGridN {
		return appendCompact(dst, s.N(), func(dst []byte, r int) []byte { return s.AppendRow(dst, r, '.') })
	}
	return append(dst, Grid(s.N(), s.At)...)
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
func Path(g *parse.Game, res *analyze.PathGame) string {
	n := g.Size
	star := map[analyze.Cell]bool{}
	if res != nil {
		for _, c := range res.OneMoveWins() {
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
