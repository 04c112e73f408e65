//go:build !(js && wasm)

package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
)

// hostCSS styles an embeddable drawing as a view's stylesheet would: the
// hooks' classes, each its own colour so that a screenshot tells them
// apart; the squares' rules of one specificity, the most telling last.
// It gives the PATH line a stroke and no fill: the drawing's own
// fill="none" keeps it a line.
const hostCSS = `body{margin:0;background:#fff}
.gamels-board rect.cell{fill:#ffffff;stroke:#808080}
.gamels-board rect.cell.straight.x{fill:#c0d8ff}
.gamels-board rect.cell.straight.o{fill:#ffc8c0}
.gamels-board rect.cell.pushed.pushed{fill:#ffe0c0}
.gamels-board rect.cell.path.path{fill:#b0f0b0}
.gamels-board rect.cell.last.last{fill:#ffa040}
.gamels-board rect.cell.onemove.onemove{fill:#f0f080}
.gamels-board rect.slot{fill:#e0e0e0}
.gamels-board rect.slot.wins{fill:#00c000}
.gamels-board text{font-family:"DejaVu Sans Mono",monospace;font-weight:700}
.gamels-board text.mark.x{fill:#0000ff}
.gamels-board text.mark.o{fill:#ff0000}
.gamels-board circle.mark.spot,.gamels-board circle.mark.b{fill:#000000}
.gamels-board circle.mark.w{fill:#ffffff;stroke:#000000}
.gamels-board .arrow{fill:#804000;stroke:#804000}
.gamels-board .straight-line,.gamels-board .path-line{stroke:#00ff00;opacity:0.3}
`

// TestChromiumEmbed renders embeddable drawings in a page that styles
// them with hostCSS, and reads each square back off the screenshot: the
// fill its classes give it at a corner, and in its middle the ink of its
// marker, an X or an O letter centred in the square (the root's
// font-size and text-anchor, each letter's dominant-baseline), a spot or
// a stone; a slot's mark colours the slot.
func TestChromiumEmbed(t *testing.T) {
	browser := chromium(t)
	rgb := func(c uint32) color.RGBA { return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff} }
	for _, tc := range []struct {
		file  string
		move  int
		marks []Mark
	}{
		{"forty.pousse", 27, []Mark{{Slot: "L1", Mark: "wins"}}},
		{"forty.pousse", 40, nil},
		{"sample.spot", 2, nil},
		{"boards.path", 0, nil},
	} {
		t.Run(fmt.Sprintf("%s@%d", tc.file, tc.move), func(t *testing.T) {
			kind, g, rules := game(t, tc.file, 0)
			p := At(kind, g, rules, tc.move)
			p.Marks = tc.marks
			o := &Options{Embed: true}
			d := layout(p, o)
			page := []byte("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>" + hostCSS + "</style></head><body>")
			page = append(page, SVG(p, o)...)
			page = append(page, "</body></html>"...)
			img := screenshotPage(t, browser, page, d.w, d.h)
			classes := cellClasses(p)
			s := float64(o.cell(p.N))
			for _, sh := range d.shapes {
				if sh.kind != shapeRect || sh.row == 0 || sh.col == 0 || sh.earlier {
					continue
				}
				r, c := sh.row, sh.col
				want := rgb(0xffffff)
				cls := classes(r, c)
				for _, f := range []struct {
					class string
					fill  uint32
				}{{"straight x", 0xc0d8ff}, {"straight o", 0xffc8c0}, {"pushed", 0xffe0c0}, {"path", 0xb0f0b0}, {"last", 0xffa040}, {"onemove", 0xf0f080}} {
					if bytes.Contains([]byte(cls+" "), []byte(" "+f.class+" ")) {
						want = rgb(f.fill)
					}
				}
				corner := image.Pt(int(sh.x+s*0.12), int(sh.y+s*0.12))
				if !near(img.At(corner.X, corner.Y), want, 24) {
					t.Errorf("square %d,%d (%q): %v at its corner, want %v", r, c, cls, img.At(corner.X, corner.Y), want)
				}
				// The marker's ink in the middle of the square, and where
				// its middle is.
				var ink color.RGBA
				switch p.At(r, c) {
				case 'X':
					ink = rgb(0x0000ff)
				case 'O':
					ink = rgb(0xff0000)
				case '*', 'B':
					ink = rgb(0x000000)
				default:
					continue
				}
				var n, sx, sy float64
				for y := int(sh.y + 2); y < int(sh.y+sh.h-2); y++ {
					for x := int(sh.x + 2); x < int(sh.x+sh.w-2); x++ {
						if near(img.At(x, y), ink, 40) {
							n, sx, sy = n+1, sx+float64(x), sy+float64(y)
						}
					}
				}
				if n < s*s*0.04 {
					t.Errorf("square %d,%d (%c): %v pixels of its marker's ink", r, c, p.At(r, c), n)
					continue
				}
				cx, cy := sh.x+sh.w/2, sh.y+sh.h/2
				if dx, dy := sx/n-cx, sy/n-cy; math.Hypot(dx, dy) > s*0.12 {
					t.Errorf("square %d,%d (%c): its marker's ink is centred %.1f, %.1f px off the square's centre", r, c, p.At(r, c), dx, dy)
				}
			}
			for _, sh := range d.shapes {
				if sh.class == "slot wins" {
					x, y := int(sh.x+sh.w/2), int(sh.y+sh.h/2)
					if !near(img.At(x, y), rgb(0x00c000), 24) {
						t.Errorf("the winning slot is %v", img.At(x, y))
					}
				}
			}
		})
	}
}
