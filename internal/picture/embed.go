package picture

import (
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/parse"
)

// The hooks of an embeddable drawing (Options.Embed): what an editor's
// board view reads in the SVG to style it, to make a move from it and to
// show a move before it is made. The view's CSS gives every colour.
//
//	svg.gamels-board.pousse|spot|path   the root; data-n, data-game, data-move
//	rect.cell                           a square; data-row, data-col (1-based),
//	                                    a direct child of the root; every class
//	                                    that applies, of:
//	  .last                             the square the last move entered or toggled
//	  .pushed                           a square of the last push's run (Pousse)
//	  .add .remove .illegal             Spot: what the last move did
//	  .straight .x .o                   a square of a straight of X, of O (Pousse)
//	  .path .onemove                    PATH: the winning path; where one move wins
//	  .wins .loses .repeats             Spot: what a move on this square does at once
//	  .bad                              not a square (a character the game has not)
//	rect.slot                           Pousse: an edge slot, where a move enters;
//	                                    data-slot ("T3"), data-run (the squares the
//	                                    push moves, "r,c r,c", from the entry),
//	                                    data-off ("r,c", on a full line: the square
//	                                    whose marker falls off), aria-label;
//	  .wins .loses .repeats             what the move does at once (Position.Marks)
//	  .last                             the slot of the last move
//	text.mark.x, text.mark.o            a Pousse marker: the letter X or O, a direct
//	                                    child of the root; data-row, data-col
//	text.mark.off.x, text.mark.off.o    the marker the last push put off the board,
//	                                    beyond the edge; data-row, data-col of the
//	                                    square it left
//	circle.mark.spot                    a Spot spot; data-row, data-col
//	circle.mark.w, circle.mark.b        PATH: a white, a black cell; data-row, data-col
//	text.mark.bad                       "?" on a character that is not a square
//	line.arrow, polygon.arrow           the last push, in its slot; data-move ("L3")
//	line.straight-line.x, .o            through a straight; data-line ("row" or
//	                                    "column"), data-index
//	polyline.path-line                  PATH: the winning path, in order
//	text.label, text.caption            coordinates; the earlier board's caption
//	g.earlier                           the earlier board of a repetition, beside;
//	                                    data-move, data-rotation; its squares and
//	                                    markers as above, without the last move's
//
// The arrow, the lines and the marker pushed off have pointer-events
// "none": a click or a hover reaches the slot or square under them. X
// and O differ by shape (their letters), not only by the colour a host
// gives them.

// slotHooks gives the edge slots of an embeddable Pousse drawing their
// hooks: the push each would make and the move's mark.
type slotHooks struct {
	p     *Position
	marks map[string]string
	b     strings.Builder
}

func newSlotHooks(p *Position) *slotHooks {
	h := &slotHooks{p: p, marks: map[string]string{}}
	for _, m := range p.Marks {
		if m.Slot != "" && knownMark(m.Mark) {
			h.marks[m.Slot] = m.Mark
		}
	}
	return h
}

// knownMark reports whether m is a mark a class may name.
func knownMark(m string) bool {
	return m == "wins" || m == "loses" || m == "repeats"
}

// markWords say what a marked move does, for a slot's aria-label.
var markWords = map[string]string{
	"wins":    ": wins at once",
	"loses":   ": loses at once",
	"repeats": ": repeats a position, loses",
}

// hook sets the class and attributes of sh, the slot of the move entering
// line i from side dir. O(N): the run it would push.
func (h *slotHooks) hook(sh *shape, dir byte, i int, last bool) {
	name := string(dir) + strconv.Itoa(i)
	mark := h.marks[name]
	sh.class = "slot"
	if last {
		sh.class += " last"
	}
	if mark != "" {
		sh.class += " " + mark
	}
	sh.row, sh.col, sh.move = 0, 0, ""
	b := &h.b
	b.Reset()
	b.WriteString(` data-slot="`)
	b.WriteString(name)
	b.WriteString(`" data-run="`)
	n := h.p.N
	dr, dc := pushDirection(dir)
	r, c := i, i // the entry square
	switch dir {
	case 'L':
		c = 1
	case 'R':
		c = n
	case 'T':
		r = 1
	case 'B':
		r = n
	}
	full := true
	for x := range n {
		if x > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(r))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(c))
		if at := h.p.At(r, c); at != 'X' && at != 'O' {
			full = false
			break
		}
		if x < n-1 {
			r, c = r+int(dr), c+int(dc)
		}
	}
	b.WriteByte('"')
	if full {
		b.WriteString(` data-off="`)
		b.WriteString(strconv.Itoa(r))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(c))
		b.WriteByte('"')
	}
	b.WriteString(` aria-label="`)
	b.WriteString(name)
	b.WriteString(markWords[mark])
	b.WriteByte('"')
	sh.attrs = b.String()
}

// The classes a square of an embeddable drawing may carry besides "cell",
// as bits, in the order they are written.
const (
	cellLast uint16 = 1 << iota
	cellPushed
	cellAdd
	cellRemove
	cellIllegal
	cellStraight
	cellX
	cellO
	cellPath
	cellOneMove
	cellWins
	cellLoses
	cellRepeats
	cellBad
	numCellClasses = iota
)

var cellClassNames = [numCellClasses]string{
	"last", "pushed", "add", "remove", "illegal", "straight", "x", "o",
	"path", "onemove", "wins", "loses", "repeats", "bad",
}

// cellClasses returns the class attribute of each square of p in an
// embeddable drawing: "cell" and every class that applies to it, each
// distinct set written once. O(N²).
func cellClasses(p *Position) func(r, c int) string {
	n := p.N
	bits := make([]uint16, n*n)
	set := func(c analyze.Cell, b uint16) {
		if c.Row >= 1 && c.Col >= 1 && c.Row <= n && c.Col <= n {
			bits[(c.Row-1)*n+c.Col-1] |= b
		}
	}
	if l := p.Last; l != nil && len(l.Run) > 0 {
		if p.Kind == parse.Pousse {
			for _, c := range l.Run {
				set(c, cellPushed)
			}
			set(l.Run[0], cellLast)
		} else {
			b := cellRemove
			switch {
			case l.Illegal:
				b = cellIllegal
			case l.Add:
				b = cellAdd
			}
			set(l.Run[0], cellLast|b)
		}
	}
	for _, l := range p.Straights {
		b := cellStraight | cellX
		if l.Who == analyze.Second {
			b = cellStraight | cellO
		}
		for i := 1; i <= n; i++ {
			if l.Col {
				set(analyze.Cell{Row: i, Col: l.Index}, b)
			} else {
				set(analyze.Cell{Row: l.Index, Col: i}, b)
			}
		}
	}
	for _, c := range p.Path {
		set(c, cellPath)
	}
	for _, c := range p.OneMove {
		set(c, cellOneMove)
	}
	if p.Kind == parse.Spot {
		for _, m := range p.Marks {
			switch m.Mark {
			case "wins":
				set(m.Cell, cellWins)
			case "loses":
				set(m.Cell, cellLoses)
			case "repeats":
				set(m.Cell, cellRepeats)
			}
		}
	}
	names := map[uint16]string{0: "cell"}
	return func(r, c int) string {
		b := bits[(r-1)*n+c-1]
		if p.At(r, c) == '?' {
			b |= cellBad
		}
		if s, ok := names[b]; ok {
			return s
		}
		s := "cell"
		for i, name := range cellClassNames {
			if b&(1<<i) != 0 {
				s += " " + name
			}
		}
		names[b] = s
		return s
	}
}
