package picture

import (
	"math"
	"strconv"
	"strings"
)

// SVG returns p drawn as a standalone SVG document. Every element has the
// classes of its look, the vocabulary of the VS Code board view's drawing
// (src/board/svg.ts), its markers drawn as shapes rather than letters:
//
//	svg.gamels-board.pousse|spot|path  the root; data-n, data-move
//	rect.background                    the whole picture
//	rect.cell                          a square; data-row, data-col (1-based)
//	  .pushed .last .add .remove .illegal   what the last move did
//	  .straight.x/.o .path .onemove .bad    a straight, the PATH marks, not a square
//	rect.slot, rect.slot.last          a Pousse edge slot; data-move ("L3")
//	path.mark.x, circle.mark.o         Pousse markers: a cross, a ring
//	path.mark.off.x, circle.mark.off.o the marker pushed off, beyond the edge
//	circle.mark.spot                   a Spot spot
//	circle.mark.w, circle.mark.b       PATH stones: a ring, a disc
//	text.mark.bad                      "?" on a character that is not a square
//	line.straight-line.x/.o            through a straight
//	polyline.path-line                 the PATH winning path
//	.arrow                             the last push, in its slot; data-move
//	text.label, text.caption           coordinates, the caption
//	g.earlier                          the earlier board of a repetition, beside;
//	                                   data-move, data-rotation
//
// Unless o.Unstyled, a <style> colours the looks: in o.Theme, or for
// ThemeAuto in every theme, chosen by the viewer's prefers-color-scheme
// and prefers-contrast. With o.Embed it is the drawing a view embeds in
// its page and styles itself, with the hooks embed.go lists. Text from
// the transcript (the caption, the title, move texts) is escaped. O(N²)
// time and output: standalone under 200 bytes a square (1.72 MB for a
// full 100 x 100 board); embeddable about 90 bytes a square's rect.cell,
// 100 its marker and, for Pousse, 4 a square of each slot's run (1.62 MB
// for a 100 x 100 board two-thirds full, 162 bytes a square).
func SVG(p *Position, o *Options) []byte {
	if o == nil {
		o = &Options{}
	}
	d := layout(p, o)
	b := make([]byte, 0, 1024+200*d.n*d.n)
	return d.appendSVG(b, o)
}

var kindClass = map[string]string{"Pousse": "pousse", "Spot": "spot", "PATH": "path"}

func (d *drawing) appendSVG(b []byte, o *Options) []byte {
	start := len(b)
	if !d.embed {
		b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"...)
	}
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" class="gamels-board `...)
	b = append(b, kindClass[kindNames[d.kind]]...)
	b = append(b, `" data-n="`...)
	b = strconv.AppendInt(b, int64(d.n), 10)
	if d.game > 0 {
		b = append(b, `" data-game="`...)
		b = strconv.AppendInt(b, int64(d.game), 10)
	}
	b = append(b, `" data-move="`...)
	b = strconv.AppendInt(b, int64(d.move), 10)
	b = append(b, `" width="`...)
	b = strconv.AppendInt(b, int64(d.w), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(d.h), 10)
	b = append(b, `" viewBox="0 0 `...)
	b = strconv.AppendInt(b, int64(d.w), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(d.h), 10)
	if d.embed {
		// What most texts share, said once: the markers' font size and
		// the centring of the markers and labels.
		b = append(b, `" font-size="`...)
		b = appendFloat(b, d.font)
		b = append(b, `" text-anchor="middle`...)
	}
	b = append(b, `" role="img" aria-label="`...)
	b = appendEscaped(b, d.title)
	b = append(b, "\">\n<title>"...)
	b = appendEscaped(b, d.title)
	b = append(b, "</title>\n"...)
	if !o.Unstyled && !d.embed {
		b = appendStyle(b, o.Theme)
	}
	in := false // in the group of the earlier board
	for i := range d.shapes {
		sh := &d.shapes[i]
		if sh.earlier != in {
			if in {
				b = append(b, "</g>\n"...)
			} else {
				b = append(b, `<g class="earlier" data-move="`...)
				b = strconv.AppendInt(b, int64(d.earlier), 10)
				b = append(b, `" data-rotation="`...)
				b = strconv.AppendInt(b, int64(d.rotation), 10)
				b = append(b, "\">\n"...)
			}
			in = sh.earlier
		}
		if d.embed && sh.look == lookBackground {
			continue // the view's
		}
		b = sh.appendSVG(b, d)
	}
	if in {
		b = append(b, "</g>\n"...)
	}
	b = append(b, "</svg>\n"...)
	if d.embed {
		// Attributes in single quotes: the SVG travels in a JSON string,
		// where each double quote would take a backslash. Every quote
		// written by appendEscaped is an entity, so the only quotes are
		// the attributes' own.
		for i := start; i < len(b); i++ {
			if b[i] == '"' {
				b[i] = '\''
			}
		}
	}
	return b
}

// appendStyle appends the <style> of theme t. The fonts and line caps are
// the same in every theme.
func appendStyle(b []byte, t Theme) []byte {
	b = append(b, "<style>\n"...)
	b = append(b, `.gamels-board text{font-family:ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace}`+
		`.gamels-board .mark,.gamels-board .straight-line,.gamels-board .path-line,.gamels-board .arrow{stroke-linecap:round;stroke-linejoin:round}`+
		`.gamels-board .mark.bad{font-weight:700}`+
		`.gamels-board .cell,.gamels-board .background{shape-rendering:crispEdges}.gamels-board .dash{stroke-dasharray:3 2}.gamels-board .earlier .cell{stroke-dasharray:2 2}`+"\n"...)
	if t != ThemeAuto {
		b = appendCSS(b, t)
		return append(b, "\n</style>\n"...)
	}
	b = appendCSS(b, ThemeLight)
	b = append(b, "\n@media (prefers-color-scheme: dark){"...)
	b = appendCSS(b, ThemeDark)
	b = append(b, "}\n@media (prefers-contrast: more){"...)
	b = appendCSS(b, ThemeHCLight)
	b = append(b, "}\n@media (prefers-contrast: more) and (prefers-color-scheme: dark){"...)
	b = appendCSS(b, ThemeHCDark)
	return append(b, "}\n</style>\n"...)
}

func (sh *shape) appendSVG(b []byte, d *drawing) []byte {
	p := looks[sh.look]
	class := p.class
	switch {
	case sh.class != "":
		class = sh.class
	case p.dash:
		class += " dash"
	}
	switch sh.kind {
	case shapeRect:
		b = append(b, "<rect"...)
		b = appendClass(b, class, sh)
		b = appendNum(b, "x", sh.x)
		b = appendNum(b, "y", sh.y)
		b = appendNum(b, "width", sh.w)
		b = appendNum(b, "height", sh.h)
		if sh.rx > 0 {
			b = appendNum(b, "rx", sh.rx)
		}
	case shapeCircle:
		b = append(b, "<circle"...)
		b = appendClass(b, class, sh)
		b = appendNum(b, "cx", sh.x)
		b = appendNum(b, "cy", sh.y)
		b = appendNum(b, "r", sh.r)
	case shapeLine:
		b = append(b, "<line"...)
		b = appendClass(b, class, sh)
		b = appendNum(b, "x1", sh.x)
		b = appendNum(b, "y1", sh.y)
		b = appendNum(b, "x2", sh.w)
		b = appendNum(b, "y2", sh.h)
	case shapeCross:
		b = append(b, "<path"...)
		b = appendClass(b, class, sh)
		r := sh.r
		b = append(b, ` d="M`...)
		b = appendPoint(b, sh.x-r, sh.y-r)
		b = append(b, 'L')
		b = appendPoint(b, sh.x+r, sh.y+r)
		b = append(b, 'M')
		b = appendPoint(b, sh.x+r, sh.y-r)
		b = append(b, 'L')
		b = appendPoint(b, sh.x-r, sh.y+r)
		b = append(b, '"')
	case shapePolyline, shapePolygon:
		if sh.kind == shapePolyline {
			b = append(b, "<polyline"...)
		} else {
			b = append(b, "<polygon"...)
		}
		b = appendClass(b, class, sh)
		b = append(b, ` points="`...)
		for i := 0; i+1 < len(sh.pts); i += 2 {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendPoint(b, sh.pts[i], sh.pts[i+1])
		}
		b = append(b, '"')
	case shapeText:
		b = append(b, "<text"...)
		b = appendClass(b, class, sh)
		b = appendNum(b, "x", sh.x)
		b = appendNum(b, "y", sh.y)
		if !d.embed || sh.size != d.font {
			b = appendNum(b, "font-size", sh.size)
		}
		switch {
		case d.embed && sh.start:
			b = append(b, ` text-anchor="start"`...)
		case d.embed:
			b = append(b, ` dominant-baseline="central"`...)
		case !sh.start:
			b = append(b, ` text-anchor="middle" dominant-baseline="central"`...)
		}
		b = append(b, '>')
		b = appendEscaped(b, sh.text)
		return append(b, "</text>\n"...)
	}
	if sh.sw > 0 && sh.sw != 1 { // 1 is SVG's default
		b = appendNum(b, "stroke-width", sh.sw)
	}
	return append(b, "/>\n"...)
}

func appendClass(b []byte, class string, sh *shape) []byte {
	b = append(b, ` class="`...)
	b = append(b, class...)
	b = append(b, '"')
	if sh.row > 0 {
		b = append(b, ` data-row="`...)
		b = strconv.AppendInt(b, int64(sh.row), 10)
		b = append(b, '"')
	}
	if sh.col > 0 {
		b = append(b, ` data-col="`...)
		b = strconv.AppendInt(b, int64(sh.col), 10)
		b = append(b, '"')
	}
	if sh.move != "" {
		b = append(b, ` data-move="`...)
		b = appendEscaped(b, sh.move)
		b = append(b, '"')
	}
	if sh.inert {
		b = append(b, ` pointer-events="none"`...)
	}
	return append(b, sh.attrs...)
}

func appendNum(b []byte, name string, v float64) []byte {
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, `="`...)
	b = appendFloat(b, v)
	return append(b, '"')
}

func appendPoint(b []byte, x, y float64) []byte {
	b = appendFloat(b, x)
	b = append(b, ',')
	return appendFloat(b, y)
}

// appendFloat appends v to two decimals, without trailing zeros.
func appendFloat(b []byte, v float64) []byte {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	if i := int64(v); float64(i) == v { // most coordinates: the same digits, faster
		return strconv.AppendInt(b, i, 10)
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// appendEscaped appends s escaped for XML text and double-quoted
// attributes. Characters XML 1.0 cannot hold (controls other than tab,
// newline and carriage return, invalid UTF-8) become U+FFFD.
func appendEscaped(b []byte, s string) []byte {
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '"':
			b = append(b, "&quot;"...)
		case r == '\'':
			b = append(b, "&#39;"...)
		case r == '\t' || r == '\n' || r == '\r':
			b = append(b, "&#"...)
			b = strconv.AppendInt(b, int64(r), 10)
			b = append(b, ';')
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			b = append(b, "\uFFFD"...)
		default:
			b = append(b, string(r)...)
		}
	}
	return b
}
