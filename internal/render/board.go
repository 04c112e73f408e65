package render

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"gamels/analyze"
	"gamels/internal/picture"
	"gamels/parse"
)

// A Drawing is a board drawn as text for a view to show as it is: its
// lines (ASCII, so that a column is a byte and a character in every
// encoding), the spans a view highlights, and where the squares and
// slots are, for a view to put a cursor or a mark of its own there.
type Drawing struct {
	Lines []string
	Spans []Span
	Grid  Geometry
	width int // the view's columns, 0 for any
}

// A Span is a part of one line that shows something: Kind names it (one
// of the Span constants), columns [Start, End) of line Line (0-based).
type Span struct {
	Line, Start, End int
	Kind             string
}

// The kinds of span.
const (
	SpanX        = "x"        // a Pousse X marker
	SpanO        = "o"        // a Pousse O marker
	SpanSpot     = "spot"     // a Spot spot
	SpanWhite    = "white"    // a PATH white cell
	SpanBlack    = "black"    // a PATH black cell
	SpanLast     = "last"     // the square the last move entered (Pousse) or toggled (Spot)
	SpanPushed   = "pushed"   // Pousse: the rest of the last push's run
	SpanArrow    = "arrow"    // Pousse: the slot of the last push, drawn as > < v ^
	SpanStraight = "straight" // Pousse: a square of a straight
	SpanPath     = "path"     // PATH: a square of the winning path
	SpanOneMove  = "oneMove"  // PATH: a cell where one move wins
	SpanWins     = "wins"     // a move from here that wins at once (a slot, its words)
	SpanLoses    = "loses"    // ... that loses at once
	SpanRepeats  = "repeats"  // ... that repeats a position or pattern, and loses
	SpanStatus   = "status"   // the line saying whose turn it is, or the verdict
)

// Geometry says where the squares of a Drawing are: square (r, c)
// (1-based) is on line Line + (r-1)*LineStep, its Width columns from
// column Col + (c-1)*ColStep. For Pousse the edge slots are beside
// them: slot Tc on line Top and Bc on line Bottom, in square c's
// columns; slot Lr in column Left and Rr in column Right, on row r's line.
type Geometry struct {
	Line, Col, LineStep, ColStep, Width int
	Top, Bottom, Left, Right            int
}

// Square returns the line and first column of square (r, c).
func (g Geometry) Square(r, c int) (line, col int) {
	return g.Line + (r-1)*g.LineStep, g.Col + (c-1)*g.ColStep
}

// Slot returns the line, first column and width of Pousse edge slot
// dir i ('L', 'R', 'T', 'B'; i 1-based).
func (g Geometry) Slot(dir byte, i int) (line, col, width int) {
	switch dir {
	case 'L':
		return g.Line + (i-1)*g.LineStep, g.Left, 1
	case 'R':
		return g.Line + (i-1)*g.LineStep, g.Right, 1
	case 'T':
		return g.Top, g.Col + (i-1)*g.ColStep, g.Width
	}
	return g.Bottom, g.Col + (i-1)*g.ColStep, g.Width
}

// Board draws position p for a view width columns wide (0: any width):
// in the grid style when it fits (and the board is at most MaxGridN
// wide), else compactly; a Pousse board has its edges drawn either side
// in the compact style too, where the slots are. Under the board: whose
// turn it is or the verdict, what the last push pushed off, the
// straights, the moves that end the game at once, the PATH winning
// path in words, the repetition, and a legend of the spans shown. O(N²).
//
// earlier, when not nil, is the earlier board of the repetition p shows
// (picture.Position.ShowsRepeat): it is drawn beside, in the same style,
// under a caption, when both fit in width.
func Board(p, earlier *picture.Position, width int) *Drawing {
	n := p.N
	if n < 1 {
		return &Drawing{}
	}
	small := n > MaxGridN || (width > 0 && GridWidth(n) > width)
	text := grid(n, small, func(r, c int) byte {
		if ch := p.At(r, c); ch != '.' || small {
			return ch
		}
		return 0
	})
	d := &Drawing{Lines: strings.Split(strings.TrimSuffix(text, "\n"), "\n"), width: width}
	w := len(strconv.Itoa(n))
	if small {
		d.Grid = Geometry{Line: 2, Col: w + 1, LineStep: 1, ColStep: 1, Width: 1}
		if p.Kind == parse.Pousse {
			for r := 1; r <= n; r++ {
				l := []byte(d.Lines[1+r])
				l[w] = '|'
				d.Lines[1+r] = string(l) + "|"
			}
			d.Lines = append(d.Lines, d.Lines[1])
			d.Grid.Top, d.Grid.Bottom, d.Grid.Left, d.Grid.Right = 1, n+2, w, w+n+1
		}
	} else {
		d.Grid = Geometry{Line: 2, Col: w + 2, LineStep: 2, ColStep: w + 1, Width: w}
		if p.Kind == parse.Pousse {
			d.Grid.Top, d.Grid.Bottom, d.Grid.Left, d.Grid.Right = 1, 2*n+1, w+1, w+1+n*(w+1)
		}
	}
	d.squares(p)
	if earlier != nil && earlier.N == n {
		d.beside(p, earlier, small, width)
	}
	d.below(p)
	return d
}

// beside draws the earlier board of a repetition to the right of the
// board's lines, a caption on its numbers' line, when it fits in width
// (0: any); its markers are spanned as the board's are.
func (d *Drawing) beside(p, earlier *picture.Position, small bool, width int) {
	e := Board(earlier, nil, 0)
	if small != (e.Grid.LineStep == 1) { // not the same style: redraw it in the board's
		e = &Drawing{Lines: strings.Split(strings.TrimSuffix(grid(earlier.N, small, func(r, c int) byte { return earlier.At(r, c) }), "\n"), "\n")}
	}
	rows := len(d.Lines)
	left := 0
	for _, l := range d.Lines {
		left = max(left, len(l))
	}
	left += 4
	caption := fmt.Sprintf("move %d", p.Earlier)
	if p.Kind == parse.Spot && p.Rotation%4 != 0 {
		caption += ", " + analyze.TurnWords(p.Rotation)
	}
	right := utf8.RuneCountInString(caption)
	for _, l := range e.Lines[:min(rows, len(e.Lines))] {
		right = max(right, len(l))
	}
	if width > 0 && left+right > width {
		return
	}
	pad := func(i int, s string) {
		d.Lines[i] += strings.Repeat(" ", left-len(d.Lines[i])) + s
	}
	pad(0, caption)
	for i := 1; i < rows && i < len(e.Lines); i++ {
		if e.Lines[i] != "" {
			pad(i, e.Lines[i])
		}
	}
	for _, sp := range e.Spans {
		if sp.Line >= 1 && sp.Line < rows && markerKinds[sp.Kind] {
			d.Spans = append(d.Spans, Span{Line: sp.Line, Start: left + sp.Start, End: left + sp.End, Kind: sp.Kind})
		}
	}
}

var markerKinds = map[string]bool{SpanX: true, SpanO: true, SpanSpot: true}

// square adds a span of kind over square c.
func (d *Drawing) square(c analyze.Cell, kind string) {
	l, col := d.Grid.Square(c.Row, c.Col)
	d.add(l, col, col+d.Grid.Width, kind)
}

// add adds a span, joining it to the last one when it continues it (the
// markers of a compact row).
func (d *Drawing) add(line, start, end int, kind string) {
	if k := len(d.Spans) - 1; k >= 0 {
		if s := &d.Spans[k]; s.Line == line && s.End == start && s.Kind == kind {
			s.End = end
			return
		}
	}
	d.Spans = append(d.Spans, Span{Line: line, Start: start, End: end, Kind: kind})
}

// slot adds a span of kind over Pousse slot s ("T3"), drawing ch in it
// unless ch is 0.
func (d *Drawing) slot(dir byte, i int, kind string, ch byte) {
	l, col, width := d.Grid.Slot(dir, i)
	if l < 0 || l >= len(d.Lines) || col+width > len(d.Lines[l]) {
		return
	}
	if ch != 0 {
		b := []byte(d.Lines[l])
		b[col+width-1] = ch
		d.Lines[l] = string(b)
	}
	d.add(l, col, col+width, kind)
}

var markerSpans = map[byte]string{'X': SpanX, 'O': SpanO, '*': SpanSpot, 'W': SpanWhite, 'B': SpanBlack}

var arrows = map[byte]byte{'L': '>', 'R': '<', 'T': 'v', 'B': '^'}

// squares adds the spans of the board: the markers, then what the last
// move did, the straights, the PATH path and one-move cells, and the
// marks of the moves that end the game at once.
func (d *Drawing) squares(p *picture.Position) {
	for r := 1; r <= p.N; r++ {
		for c := 1; c <= p.N; c++ {
			if kind, ok := markerSpans[p.At(r, c)]; ok {
				d.square(analyze.Cell{Row: r, Col: c}, kind)
			}
		}
	}
	if l := p.Last; l != nil && len(l.Run) > 0 {
		d.square(l.Run[0], SpanLast)
		for _, c := range l.Run[1:] {
			d.square(c, SpanPushed)
		}
		if p.Kind == parse.Pousse {
			d.slot(l.Dir, l.Line, SpanArrow, arrows[l.Dir])
		}
	}
	for _, l := range p.Straights {
		for i := 1; i <= p.N; i++ {
			c := analyze.Cell{Row: l.Index, Col: i}
			if l.Col {
				c = analyze.Cell{Row: i, Col: l.Index}
			}
			d.square(c, SpanStraight)
		}
	}
	for _, c := range p.Path {
		d.square(c, SpanPath)
	}
	for _, c := range p.OneMove {
		d.square(c, SpanOneMove)
	}
	for _, m := range p.Marks {
		if m.Slot != "" {
			if i, err := strconv.Atoi(m.Slot[1:]); err == nil {
				d.slot(m.Slot[0], i, m.Mark, 0)
			}
		} else {
			d.square(m.Cell, m.Mark)
		}
	}
}

// below adds the lines under the board.
func (d *Drawing) below(p *picture.Position) {
	d.Lines = append(d.Lines, "")
	d.line(Status(p), SpanStatus)
	if l := p.Last; l != nil && l.OffWho != analyze.None {
		d.line(fmt.Sprintf("pushed off: %s, from row %d column %d", who(l.OffWho), l.Off.Row, l.Off.Col), "")
	}
	if p.Kind == parse.Pousse {
		var x, o int
		var where []string
		for _, l := range p.Straights {
			if l.Who == analyze.Second {
				o++
			} else {
				x++
			}
			line := "row"
			if l.Col {
				line = "column"
			}
			where = append(where, fmt.Sprintf("%s %d: %s", line, l.Index, who(l.Who)))
		}
		s := fmt.Sprintf("straights: X %d, O %d", x, o)
		if len(where) > 0 {
			s += " (" + strings.Join(where, ", ") + ")"
		}
		d.line(s, "")
	}
	for _, mark := range []struct{ kind, words string }{
		{SpanWins, "wins at once"}, {SpanLoses, "loses at once"}, {SpanRepeats, "repeats (and loses)"},
	} {
		var at []string
		for _, m := range p.Marks {
			if m.Mark != mark.kind {
				continue
			}
			if m.Slot != "" {
				at = append(at, m.Slot)
			} else {
				at = append(at, fmt.Sprintf("%d %d", m.Cell.Row, m.Cell.Col))
			}
		}
		if len(at) > 0 {
			d.line(mark.words+": "+strings.Join(at, ", "), "")
		}
	}
	if len(p.Path) > 0 {
		d.line("winning path: "+cellsText(p.Path), "")
	}
	if len(p.OneMove) > 0 {
		d.line("wins in one move at: "+cellsText(p.OneMove), "")
	}
	if p.ShowsRepeat() {
		what := "position"
		if p.Kind == parse.Spot {
			what = "pattern"
		}
		s := fmt.Sprintf("the %s after move %d recurs", what, p.Earlier)
		if p.Kind == parse.Spot && p.Rotation%4 != 0 {
			s += ", " + analyze.TurnWords(p.Rotation)
		}
		d.line(s, "")
	}
	d.legend()
}

// line adds a line under the board, spanned whole by kind unless kind
// is "", wrapped within the view's width at its blanks (the lines after
// the first indented by two).
func (d *Drawing) line(s, kind string) {
	first := true
	for {
		cut := len(s)
		if d.width > 0 && len(s) > d.width {
			if i := strings.LastIndexByte(s[:d.width+1], ' '); i > 2 {
				cut = i
			}
		}
		d.Lines = append(d.Lines, s[:cut])
		if kind != "" && cut > 0 {
			start := 0
			if !first {
				start = 2
			}
			d.add(len(d.Lines)-1, start, cut, kind)
		}
		if cut == len(s) {
			return
		}
		s, first = "  "+strings.TrimLeft(s[cut:], " "), false
	}
}

// legend adds a line naming each kind of highlight the board shows,
// each name highlighted as that kind, so that the colours need no key
// of their own; within the view's width, on more lines when it must.
func (d *Drawing) legend() {
	shown := map[string]bool{}
	for _, s := range d.Spans {
		shown[s.Kind] = true
	}
	b := []byte("legend:")
	var spans []Span
	flush := func() {
		d.Lines = append(d.Lines, string(b))
		d.Spans = append(d.Spans, spans...)
		b, spans = []byte(" "), nil
	}
	named := false
	for _, k := range []struct{ kind, name string }{
		{SpanLast, "last move"}, {SpanPushed, "pushed"}, {SpanArrow, "push"}, {SpanStraight, "straight"},
		{SpanPath, "winning path"}, {SpanOneMove, "wins in one"},
		{SpanWins, "wins at once"}, {SpanLoses, "loses at once"}, {SpanRepeats, "repeats"},
	} {
		if !shown[k.kind] {
			continue
		}
		if named {
			b = append(b, ',')
			if d.width > 0 && len(b)+1+len(k.name) > d.width {
				flush()
			}
		}
		named = true
		b = append(b, ' ')
		spans = append(spans, Span{Line: len(d.Lines), Start: len(b), End: len(b) + len(k.name), Kind: k.kind})
		b = append(b, k.name...)
	}
	if named {
		flush()
	}
}

// Status says whose turn it is in p, or how the game ended there: "X to
// move", "Player 2 to move, 5 moves left", "X WINS", "Draw". A Pousse
// game the transcript leaves undecided is one being played: its
// status is whose turn it is, not "TIE GAME".
func Status(p *picture.Position) string {
	over := p.Kind == parse.Path || (p.End > 0 && p.Move >= p.End)
	switch {
	case over && p.Verdict != "":
		return p.Verdict
	case p.Kind == parse.Pousse:
		if p.Move%2 == 1 {
			return "O to move"
		}
		return "X to move"
	case p.Kind == parse.Spot:
		left := 2*p.N - p.Move
		if left <= 0 {
			return p.Verdict
		}
		plural := "s"
		if left == 1 {
			plural = ""
		}
		return fmt.Sprintf("Player %d to move, %d move%s left", p.Move%2+1, left, plural)
	}
	return p.Verdict
}

// who is the marker of player pl.
func who(pl analyze.Player) string {
	if pl == analyze.Second {
		return "O"
	}
	return "X"
}

// cellsText lists cells as "r c", the first 12 and a count beyond.
func cellsText(cs []analyze.Cell) string {
	var parts []string
	for i, c := range cs {
		if i == 12 {
			parts = append(parts, fmt.Sprintf("... (%d cells)", len(cs)))
			break
		}
		parts = append(parts, fmt.Sprintf("%d %d", c.Row, c.Col))
	}
	return strings.Join(parts, ", ")
}
