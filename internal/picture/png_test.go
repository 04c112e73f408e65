//go:build !(js && wasm)

package picture

import (
	"bytes"
	"errors"
	"image/color"
	"image/png"
	"testing"

	"gamels/parse"
)

// TestPNG paints positions of every kind in every theme and decodes them:
// the drawing's size, and at the centre of each square the colour of its
// marker (an X's cross, a spot, a black stone) or, on an empty plain
// square, the background.
func TestPNG(t *testing.T) {
	for _, tc := range []struct {
		file string
		move int
	}{{"forty.pousse", 40}, {"repeat.pousse", 4}, {"sample.spot", 3}, {"odd.spot", 3}, {"boards.path", 0}} {
		for _, th := range []Theme{ThemeAuto, ThemeLight, ThemeDark, ThemeHCLight, ThemeHCDark} {
			kind, g, rules := game(t, tc.file, 0)
			p := At(kind, g, rules, tc.move)
			o := &Options{Theme: th}
			if p.ShowsRepeat() {
				o.Earlier = At(kind, g, rules, p.Earlier)
			}
			var buf bytes.Buffer
			if err := PNG(&buf, p, o); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("%s in %v: %v", tc.file, th, err)
			}
			d := layout(p, &Options{Theme: th, Earlier: o.Earlier})
			if img.Bounds().Dx() != d.w || img.Bounds().Dy() != d.h {
				t.Errorf("%s in %v: %v, the layout %d x %d", tc.file, th, img.Bounds(), d.w, d.h)
			}
			pal := palette(th)
			looksAt := cellLooks(p, false)
			for _, sh := range d.shapes {
				if sh.kind != shapeRect || sh.row == 0 || sh.earlier || sh.look == lookSlot || sh.look == lookSlotLast {
					continue
				}
				var want color.RGBA
				switch p.At(sh.row, sh.col) {
				case 'X':
					want = pal[inkX]
				case '*', 'B':
					want = pal[inkFg]
				case '.', 'U':
					if looksAt(sh.row, sh.col) != lookCell {
						continue
					}
					want = pal[inkBg]
				default:
					continue
				}
				x, y := int(sh.x+sh.w/2), int(sh.y+sh.h/2)
				if got := rgba(img.At(x, y)); got != want {
					t.Errorf("%s in %v: square %d,%d (%c) is %v at its centre, want %v", tc.file, th, sh.row, sh.col, p.At(sh.row, sh.col), got, want)
				}
			}
		}
	}
}

// TestPNGTooLarge: a picture over the pixel bound is refused, not painted.
func TestPNGTooLarge(t *testing.T) {
	p := &Position{Kind: parse.Spot, N: 200, Squares: make([]byte, 200*200)}
	err := PNG(&bytes.Buffer{}, p, &Options{Cell: 200})
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("a 40000 x 40000 picture: %v, want ErrTooLarge", err)
	}
}

func rgba(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}
