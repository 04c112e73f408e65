//go:build !(js && wasm)

package picture

import (
	"image"
	"math"
	"testing"
)

// newTestCanvas is a w x h canvas of the light theme, all background.
func newTestCanvas(w, h int) *canvas {
	pal := newInkPalette(ThemeLight)
	c := &canvas{img: image.NewPaletted(image.Rect(0, 0, w, h), pal.colors), pal: pal}
	c.rect(0, 0, float64(w), float64(h), inkBg)
	return c
}

// count counts the pixels of full ink k, and those blended (neither k nor
// the background).
func (c *canvas) count(k ink) (full, part int) {
	for _, p := range c.img.Pix {
		switch p {
		case c.pal.ink[k]:
			full++
		case c.pal.ink[inkBg]:
		default:
			part++
		}
	}
	return full, part
}

func TestRasterShapes(t *testing.T) {
	for _, tc := range []struct {
		name string
		sh   shape
		area float64 // the shape's exact area
	}{
		{"disc", shape{kind: shapeCircle, look: lookMarkSpot, x: 20, y: 20, r: 10}, math.Pi * 100},
		{"ring", shape{kind: shapeCircle, look: lookMarkO, x: 20, y: 20, r: 10, sw: 4}, math.Pi * (12*12 - 8*8)},
		{"line", shape{kind: shapeLine, look: lookPathLine, x: 5, y: 20, w: 35, h: 20, sw: 4}, 30*4 + math.Pi*4},
		{"triangle", shape{kind: shapePolygon, look: lookArrow, pts: []float64{5, 5, 35, 5, 5, 35}}, 450},
		{"rect", shape{kind: shapeRect, look: lookMarkSpot, x: 10, y: 10, w: 20, h: 10}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newTestCanvas(40, 40)
			c.shape(&tc.sh)
			k := looks[tc.sh.look].fill
			if k == inkNone {
				k = looks[tc.sh.look].stroke
			}
			full, part := c.count(k)
			// The covered area, counting a blended pixel as half: within
			// a pixel a unit of edge.
			got := float64(full) + float64(part)/2
			if math.Abs(got-tc.area) > 0.08*tc.area+2 {
				t.Errorf("area %.1f (%d full, %d part), want %.1f", got, full, part, tc.area)
			}
		})
	}
}

func TestRasterCrossCentre(t *testing.T) {
	c := newTestCanvas(40, 40)
	c.shape(&shape{kind: shapeCross, look: lookMarkX, x: 20, y: 20, r: 10, sw: 4})
	x := c.pal.ink[inkX]
	for _, p := range []image.Point{{20, 20}, {12, 12}, {27, 27}, {27, 12}, {12, 27}} {
		if got := c.img.ColorIndexAt(p.X, p.Y); got != x {
			t.Errorf("%v: index %d, want X (%d)", p, got, x)
		}
	}
	for _, p := range []image.Point{{20, 12}, {12, 20}, {2, 2}} {
		if got := c.img.ColorIndexAt(p.X, p.Y); got != c.pal.ink[inkBg] {
			t.Errorf("%v: index %d, want the background", p, got)
		}
	}
}

// TestPaletteBlend: blends are made once, and a full palette falls back
// to the nearer of the two colours.
func TestPaletteBlend(t *testing.T) {
	p := newInkPalette(ThemeDark)
	x, bg := p.ink[inkX], p.ink[inkBg]
	a := p.blend(x, bg, 2)
	if b := p.blend(x, bg, 2); a != b || int(a) != len(p.colors)-1 {
		t.Errorf("blend made twice: %d, %d", a, b)
	}
	if p.blend(x, bg, 4) != x || p.blend(x, x, 1) != x {
		t.Errorf("a full or same-colour blend is not the colour")
	}
	for len(p.colors) < 256 {
		p.colors = append(p.colors, p.colors[1])
	}
	if p.blend(x, bg, 3) != x || p.blend(x, bg, 1) != bg {
		t.Errorf("a full palette does not fall back to the nearer colour")
	}
}

// TestDelta: a frame holds the changed rectangle, the rest transparent.
func TestDelta(t *testing.T) {
	a := newTestCanvas(10, 10)
	b := newTestCanvas(10, 10)
	b.img.Pix[b.img.PixOffset(2, 3)] = b.pal.ink[inkX]
	b.img.Pix[b.img.PixOffset(5, 6)] = b.pal.ink[inkO]
	d := delta(a.img, b.img)
	if d.Rect != image.Rect(2, 3, 6, 7) {
		t.Fatalf("rectangle %v, want (2,3)-(6,7)", d.Rect)
	}
	if d.ColorIndexAt(2, 3) != b.pal.ink[inkX] || d.ColorIndexAt(5, 6) != b.pal.ink[inkO] || d.ColorIndexAt(3, 3) != 0 {
		t.Errorf("changed pixels not kept or unchanged ones not transparent")
	}
	if d := delta(a.img, a.img); d.Rect.Dx() != 1 || d.Rect.Dy() != 1 || d.Pix[0] != 0 {
		t.Errorf("no change: %v, want one transparent pixel", d.Rect)
	}
}

func TestDigits(t *testing.T) {
	c := newTestCanvas(40, 20)
	c.shape(&shape{kind: shapeText, look: lookLabel, x: 20, y: 10, text: "10", size: 14})
	// "1" has 8 font pixels and "0" 12, each 2 x 2 at this size.
	if full, _ := c.count(inkLabel); full != (8+12)*4 {
		t.Errorf("%d pixels for \"10\", want %d", full, (8+12)*4)
	}
	c = newTestCanvas(40, 20)
	c.shape(&shape{kind: shapeText, look: lookCaption, x: 0, y: 10, text: "game 1", size: 14, start: true})
	if full, _ := c.count(inkLabel); full != 0 {
		t.Errorf("a caption with letters painted %d pixels, want none", full)
	}
}
