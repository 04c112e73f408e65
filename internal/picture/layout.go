package picture

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gamels/analyze"
	"gamels/parse"
)

// Options say how to draw. The zero Options draw with the default cell
// size in ThemeAuto.
type Options struct {
	// Cell is the side of a square in pixels; 0 chooses by the board's
	// size (CellSize). It is kept within 4..200.
	Cell  int
	Theme Theme
	// Unstyled leaves the colours out of the SVG: no <style>, only the
	// classes, for a page that styles them itself. The raster ignores it.
	Unstyled bool
	// Embed draws the SVG for a view that shows it in its page and
	// styles it (an editor's board view): unstyled, without the XML
	// declaration and the background, with the hooks a view uses
	// (embed.go): every class that applies to a square, the Pousse
	// edge slots with the push each would make and the position's
	// Marks, the markers as the letters X and O. The raster ignores it.
	Embed bool
	// Title is the drawing's accessible name (the SVG's <title>); empty,
	// a description of the position. Caption is a line of text under the
	// board (SVG only; the raster has no font for it), a line break between
	// its lines. Both are escaped.
	Title, Caption string
	// Earlier is the position at the earlier move of a repetition
	// (Position.Earlier), drawn beside at two thirds of the scale when
	// the position drawn ShowsRepeat. The GIF leaves it out.
	Earlier *Position

	// animated is set by GIF: the frames leave the pushed run untinted,
	// as the motion shows it (and the tint, on and off, was a third of
	// the bytes of a game).
	animated bool
}

// MaxN is the largest board drawn, well above the games' own limits
// (Pousse 100, PATH 80, Spot 50): a Position of a larger N is drawn
// without its squares, so that a drawing's size stays bounded.
const MaxN = 256

// CellSize is the default side of a square for an n x n board: 40 pixels
// for small boards, less for large ones so that the board stays near 480
// pixels wide, and never below 14.
func CellSize(n int) int {
	return max(14, min(40, 480/max(1, n)))
}

func (o *Options) cell(n int) int {
	if o == nil || o.Cell == 0 {
		return CellSize(n)
	}
	return max(4, min(200, o.Cell))
}

type shapeKind uint8

const (
	shapeRect     shapeKind = iota // x, y, w, h; rx rounds the corners
	shapeCircle                    // centre x, y; radius r
	shapeLine                      // x, y to x2, y2 (the w, h fields)
	shapeCross                     // centre x, y; half-width r
	shapePolyline                  // pts
	shapePolygon                   // pts, closed
	shapeText                      // text centred on x, y (anchor start: from x)
)

// A shape is one element of a drawing, in pixels from the top left.
type shape struct {
	kind       shapeKind
	look       look
	x, y, w, h float64
	r, rx      float64
	pts        []float64 // x0, y0, x1, y1, ...
	sw         float64   // stroke width
	row, col   int       // the square it belongs to, 1-based; 0 for none
	text       string
	size       float64 // font size
	start      bool    // text anchored at its start, not its middle
	move       string  // the move it shows (data-move)
	earlier    bool    // of the earlier board of a repetition
	// Embed only: class replaces the look's classes when not empty;
	// attrs are more attributes, escaped, each with its leading space;
	// inert shapes let the pointer through to what is under them.
	class string
	attrs string
	inert bool
}

// A drawing is the layout of one position: its size and its shapes in
// painting order.
type drawing struct {
	w, h   int
	kind   parse.Kind
	n      int
	move   int
	game   int
	embed  bool
	font   float64 // embed: the markers' font size, the root's
	title  string
	shapes []shape
	// The earlier board of a repetition, when drawn: its move and
	// rotation.
	earlier, rotation int
}

// layout lays out p: the one drawing that the SVG and the raster paint.
// O(N²) shapes.
func layout(p *Position, o *Options) *drawing {
	if o == nil {
		o = &Options{}
	}
	if p.N > MaxN || p.N < 0 {
		q := *p
		q.N = 0
		p = &q
	}
	n := p.N
	s := float64(o.cell(n))
	m := math.Round(s * 0.9) // the margin: the labels
	if p.Kind == parse.Pousse {
		m = math.Round(s * 1.75) // the edge slots, then the labels
	}
	side := float64(n) * s
	d := &drawing{kind: p.Kind, n: n, move: p.Move, game: p.Game, embed: o.Embed, font: math.Round(s * 0.62)}
	w, h := side+2*m, side+2*m
	x0, y0 := m, m
	// The shapes: a square and a marker a square, a slot and half a
	// label a line, the earlier board's and a few more; sized once, as
	// growing them copied megabytes on a large board.
	est := 2*n*n + 5*n + 16
	if o.Earlier != nil {
		est += 2 * n * n
	}
	d.shapes = make([]shape, 0, est)
	add := func(sh shape) { d.shapes = append(d.shapes, sh) }
	add(shape{kind: shapeRect, look: lookBackground}) // sized at the end

	// Coordinates: the column numbers above, the row numbers left.
	every := 1
	if n > 20 {
		every = 5
	}
	font := math.Max(8, math.Round(math.Min(s*0.45, 14)))
	out := m - math.Max(font*0.75, s*0.45) // centre of a label from the edge
	if p.Kind == parse.Pousse {
		out = m - s*1.35
	}
	for i := 1; i <= n; i++ {
		if i != 1 && i%every != 0 {
			continue
		}
		mid := (float64(i) - 0.5) * s
		t := strconv.Itoa(i)
		add(shape{kind: shapeText, look: lookLabel, x: x0 + mid, y: out, text: t, size: font})
		add(shape{kind: shapeText, look: lookLabel, x: out, y: y0 + mid, text: t, size: font})
	}

	last := p.Last
	// The edge slots of Pousse: where a move enters, on every side.
	if p.Kind == parse.Pousse {
		var sl *slotHooks
		if o.Embed {
			sl = newSlotHooks(p)
		}
		for i := 1; i <= n; i++ {
			lo := (float64(i)-1)*s + s*0.1
			for _, dir := range []byte("LRTB") {
				lk := lookSlot
				if last != nil && last.Dir == dir && last.Line == i {
					lk = lookSlotLast
				}
				sh := shape{kind: shapeRect, look: lk, rx: s * 0.12}
				// Along the edge and outward: 0.7 of a square at the least,
				// so that a slot is a touch target of 32 px where the board
				// is scaled to a phone's width (a 4 x 4 board: 48 px squares).
				along, across := s*0.8, s*0.7
				switch dir {
				case 'L':
					sh.x, sh.y, sh.w, sh.h, sh.row = x0-s*0.8, y0+lo, across, along, i
				case 'R':
					sh.x, sh.y, sh.w, sh.h, sh.row = x0+side+s*0.1, y0+lo, across, along, i
				case 'T':
					sh.x, sh.y, sh.w, sh.h, sh.col = x0+lo, y0-s*0.8, along, across, i
				case 'B':
					sh.x, sh.y, sh.w, sh.h, sh.col = x0+lo, y0+side+s*0.1, along, across, i
				}
				sh.move = string(dir) + strconv.Itoa(i)
				if sl != nil {
					sl.hook(&sh, dir, i, lk == lookSlotLast)
				}
				add(sh)
			}
		}
	}

	// The squares: each its look, the highlighted ones after the plain
	// ones so that their strokes are not painted over.
	cellLook := cellLooks(p, o.animated)
	var classes func(r, c int) string
	if o.Embed {
		classes = cellClasses(p)
	}
	first := len(d.shapes)
	for r := 1; r <= n; r++ {
		for c := 1; c <= n; c++ {
			sh := shape{kind: shapeRect, look: cellLook(r, c), row: r, col: c,
				x: x0 + float64(c-1)*s, y: y0 + float64(r-1)*s, w: s, h: s, sw: 1}
			if classes != nil {
				sh.class = classes(r, c)
			}
			add(sh)
		}
	}
	cells := d.shapes[first:]
	slices.SortStableFunc(cells, func(a, b shape) int {
		return cmpBool(looks[a.look].stroke != inkGrid, looks[b.look].stroke != inkGrid)
	})
	for i := range cells {
		if looks[cells[i].look].stroke != inkGrid {
			cells[i].sw = math.Max(2, math.Round(s/20))
		}
	}

	// The lines through the straights, under the markers.
	for _, l := range p.Straights {
		lk := lookStraightX
		if l.Who == analyze.Second {
			lk = lookStraightO
		}
		mid := (float64(l.Index) - 0.5) * s
		sh := shape{kind: shapeLine, look: lk, sw: math.Max(2, s*0.12), inert: o.Embed}
		if l.Col {
			sh.x, sh.y, sh.w, sh.h, sh.col = x0+mid, y0+s*0.15, x0+mid, y0+side-s*0.15, l.Index
		} else {
			sh.x, sh.y, sh.w, sh.h, sh.row = x0+s*0.15, y0+mid, x0+side-s*0.15, y0+mid, l.Index
		}
		if o.Embed {
			line := "row"
			if l.Col {
				line = "column"
			}
			sh.attrs = ` data-line="` + line + `" data-index="` + strconv.Itoa(l.Index) + `"`
		}
		add(sh)
	}

	// The markers.
	d.marks(p, x0, y0, s)

	// The winning path of PATH, through its squares in order.
	if len(p.Path) > 0 {
		sh := shape{kind: shapePolyline, look: lookPathLine, sw: math.Max(2, s*0.12), inert: o.Embed}
		if o.Embed {
			sh.attrs = ` fill="none"` // a line, not the shape it encloses, whatever the host's CSS says
		}
		for _, c := range p.Path {
			sh.pts = append(sh.pts, x0+(float64(c.Col)-0.5)*s, y0+(float64(c.Row)-0.5)*s)
		}
		if len(p.Path) == 1 { // one square: a dot
			sh.pts = append(sh.pts, sh.pts[0]+0.01, sh.pts[1])
		}
		add(sh)
	}

	// The arrow where the last push came in, in its slot, and the marker
	// pushed off beyond the far edge.
	if p.Kind == parse.Pousse && last != nil && len(last.Run) > 0 {
		dr, dc := pushDirection(last.Dir)
		e := last.Run[0]
		cx, cy := x0+(float64(e.Col)-0.5)*s, y0+(float64(e.Row)-0.5)*s
		tipX, tipY := cx-dc*s*0.5, cy-dr*s*0.5
		tailX, tailY := tipX-dc*s*0.68, tipY-dr*s*0.68
		hw := s * 0.2
		bx, by := tipX-dc*hw*1.5, tipY-dr*hw*1.5
		add(shape{kind: shapeLine, look: lookArrow, x: tailX, y: tailY, w: bx, h: by, sw: math.Max(1.5, s*0.09), move: last.Text, inert: o.Embed})
		add(shape{kind: shapePolygon, look: lookArrow, pts: []float64{tipX, tipY, bx - dr*hw, by - dc*hw, bx + dr*hw, by + dc*hw}, move: last.Text, inert: o.Embed})
		if last.OffWho != analyze.None {
			ox := x0 + (float64(last.Off.Col)-0.5)*s + dc*s*0.9
			oy := y0 + (float64(last.Off.Row)-0.5)*s + dr*s*0.9
			sh := shape{x: ox, y: oy, sw: math.Max(1.5, s*0.08), row: last.Off.Row, col: last.Off.Col, inert: o.Embed}
			switch {
			case o.Embed && last.OffWho == analyze.First:
				sh.kind, sh.look, sh.text, sh.size = shapeText, lookMarkOffX, "X", math.Round(s*0.55)
			case o.Embed:
				sh.kind, sh.look, sh.text, sh.size = shapeText, lookMarkOffO, "O", math.Round(s*0.55)
			case last.OffWho == analyze.First:
				sh.kind, sh.look, sh.r = shapeCross, lookMarkOffX, s*0.18
			default:
				sh.kind, sh.look, sh.r = shapeCircle, lookMarkOffO, s*0.19
			}
			add(sh)
		}
	}

	// The earlier board of a repetition, beside, with its plain squares.
	if e := o.Earlier; e != nil && p.ShowsRepeat() && e.N == n && n > 0 {
		es := math.Max(8, math.Round(s*0.66))
		ex, ey := x0+side+math.Round(m*0.75), y0
		cf := math.Max(9, math.Min(14, math.Round(s*0.4)))
		text := fmt.Sprintf("move %d", p.Earlier)
		if p.Kind == parse.Spot && p.Rotation%4 != 0 {
			text += ", " + analyze.TurnWords(p.Rotation)
		}
		first := len(d.shapes)
		add(shape{kind: shapeText, look: lookCaption, x: ex, y: ey - cf*0.6, text: text, size: cf, start: true})
		for r := 1; r <= n; r++ {
			for c := 1; c <= n; c++ {
				sh := shape{kind: shapeRect, look: lookCell, row: r, col: c,
					x: ex + float64(c-1)*es, y: ey + float64(r-1)*es, w: es, h: es, sw: 1}
				if o.Embed && e.At(r, c) == '?' {
					sh.class = "cell bad"
				}
				add(sh)
			}
		}
		d.marks(e, ex, ey, es)
		for i := first; i < len(d.shapes); i++ {
			d.shapes[i].earlier = true
		}
		d.earlier, d.rotation = p.Earlier, p.Rotation
		w = math.Max(w, math.Max(ex+float64(n)*es, ex+float64(utf8.RuneCountInString(text))*cf*0.6)+m*0.5)
		h = math.Max(h, ey+float64(n)*es+m*0.5)
	}

	if o.Caption != "" {
		// The caption's lines under the board; its width estimated at
		// 0.6 em a character.
		cf := math.Max(11, math.Min(16, math.Round(s*0.4)))
		h -= math.Round(m * 0.4)
		for _, ln := range strings.Split(o.Caption, "\n") {
			h += cf * 1.4
			add(shape{kind: shapeText, look: lookCaption, x: math.Round(m * 0.5), y: h, text: ln, size: cf, start: true})
			w = math.Max(w, m*0.5+float64(utf8.RuneCountInString(ln))*cf*0.6+m*0.5)
		}
		h += cf
	}
	d.w, d.h = int(math.Ceil(w)), int(math.Ceil(h))
	d.shapes[0].w, d.shapes[0].h = float64(d.w), float64(d.h)
	d.title = Describe(p)
	if o.Title != "" {
		d.title = o.Title
	}
	return d
}

// marks adds the markers of p's squares, the board's top left at (x0,
// y0), squares of side s.
func (d *drawing) marks(p *Position, x0, y0, s float64) {
	n := p.N
	markW := math.Max(1.5, s*0.11)
	font := math.Round(s * 0.62) // the letters of an embedded drawing
	for r := 1; r <= n; r++ {
		for c := 1; c <= n; c++ {
			cx, cy := x0+(float64(c)-0.5)*s, y0+(float64(r)-0.5)*s
			sh := shape{x: cx, y: cy, row: r, col: c}
			switch p.At(r, c) {
			case 'X':
				sh.kind, sh.look, sh.r, sh.sw = shapeCross, lookMarkX, s*0.27, markW
				if d.embed {
					sh.kind, sh.text, sh.size = shapeText, "X", font
				}
			case 'O':
				sh.kind, sh.look, sh.r, sh.sw = shapeCircle, lookMarkO, s*0.28, markW
				if d.embed {
					sh.kind, sh.text, sh.size = shapeText, "O", font
				}
			case '*':
				sh.kind, sh.look, sh.r = shapeCircle, lookMarkSpot, s*0.3
			case 'W':
				sh.kind, sh.look, sh.r, sh.sw = shapeCircle, lookMarkW, s*0.34, math.Max(1.5, s*0.06)
			case 'B':
				sh.kind, sh.look, sh.r = shapeCircle, lookMarkB, s*0.34
			case '.', 'U':
				continue
			default:
				sh.kind, sh.look, sh.text, sh.size = shapeText, lookMarkBad, "?", math.Round(s*0.6)
			}
			d.shapes = append(d.shapes, sh)
		}
	}
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// pushDirection is the direction a Pousse move pushes, as (drow, dcol).
func pushDirection(dir byte) (dr, dc float64) {
	switch dir {
	case 'L':
		return 0, 1
	case 'R':
		return 0, -1
	case 'T':
		return 1, 0
	case 'B':
		return -1, 0
	}
	return 0, 0
}

// cellLooks returns the look of each square of p: of what it shows, the
// most telling, in the order one-move win, last move, not a square,
// winning path, pushed run (unless animated), straight.
func cellLooks(p *Position, animated bool) func(r, c int) look {
	at := map[analyze.Cell]look{}
	set := func(c analyze.Cell, lk look) {
		if old, ok := at[c]; !ok || cellRank[lk] > cellRank[old] {
			at[c] = lk
		}
	}
	for _, l := range p.Straights {
		lk := lookCellStraightX
		if l.Who == analyze.Second {
			lk = lookCellStraightO
		}
		for i := 1; i <= p.N; i++ {
			if l.Col {
				set(analyze.Cell{Row: i, Col: l.Index}, lk)
			} else {
				set(analyze.Cell{Row: l.Index, Col: i}, lk)
			}
		}
	}
	if l := p.Last; l != nil && len(l.Run) > 0 {
		lk := lookCellLast
		if p.Kind == parse.Spot {
			switch {
			case l.Illegal:
				lk = lookCellLastIllegal
			case l.Add:
				lk = lookCellLastAdd
			default:
				lk = lookCellLastRemove
			}
		}
		if !animated {
			for _, c := range l.Run[1:] {
				set(c, lookCellPushed)
			}
		}
		set(l.Run[0], lk)
	}
	for _, c := range p.Path {
		set(c, lookCellPath)
	}
	for _, c := range p.OneMove {
		set(c, lookCellOneMove)
	}
	return func(r, c int) look {
		if lk, ok := at[analyze.Cell{Row: r, Col: c}]; ok {
			return lk
		}
		if p.At(r, c) == '?' {
			return lookCellBad
		}
		return lookCell
	}
}

var cellRank = map[look]int{
	lookCellStraightX: 1, lookCellStraightO: 1,
	lookCellPushed: 2, lookCellPath: 3,
	lookCellLast: 4, lookCellLastAdd: 4, lookCellLastRemove: 4, lookCellLastIllegal: 4,
	lookCellOneMove: 5,
}

var kindNames = map[parse.Kind]string{parse.Pousse: "Pousse", parse.Spot: "Spot", parse.Path: "PATH"}

// Describe is a one-line account of what a drawing of p shows: the
// default title of an SVG.
func Describe(p *Position) string {
	s := fmt.Sprintf("%s %d×%d", kindNames[p.Kind], p.N, p.N)
	switch {
	case p.Game > 0 && p.Kind == parse.Path:
		s += fmt.Sprintf(", board %d", p.Game)
	case p.Game > 0:
		s += fmt.Sprintf(", game %d", p.Game)
	}
	switch {
	case p.Kind == parse.Path:
	case p.Move == 0:
		s += ", before the first move"
	case p.End > 0 && p.Move > p.End:
		s += fmt.Sprintf(", move %d (not played: the game ended at move %d)", p.Move, p.End)
	case p.Last != nil:
		s += fmt.Sprintf(", after move %d of %d (%s)", p.Move, p.Moves, p.Last.Text)
	default:
		s += fmt.Sprintf(", after move %d of %d", p.Move, p.Moves)
	}
	switch {
	case p.Verdict == "":
	case p.Kind == parse.Path || p.End > 0 && p.Move >= p.End:
		s += ": " + p.Verdict
	case p.End > 0:
		s += fmt.Sprintf("; %s at move %d", p.Verdict, p.End)
	default:
		s += "; the game: " + p.Verdict
	}
	return s
}

// Label returns the title and the caption of a standalone drawing of p,
// game game (1-based; 0 for none) of the file named file: "sample.spot,
// game 2: " and the description of the position (Describe), the caption
// on two lines. A PATH board is "board 2".
func Label(file string, game int, p *Position) (title, caption string) {
	q := *p
	q.Game = 0 // named once, in where
	where := file
	switch {
	case game > 0 && p.Kind == parse.Path:
		where += fmt.Sprintf(", board %d", game)
	case game > 0:
		where += fmt.Sprintf(", game %d", game)
	}
	desc := Describe(&q)
	return where + ": " + desc, where + "\n" + desc
}
