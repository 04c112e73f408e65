//go:build !(js && wasm)

package picture

import (
	"image"
	"image/color"
	"math"
)

// A canvas is a paletted image that the layout's shapes are painted on,
// with their edges smoothed: a pixel a shape covers in part takes a blend
// of the shape's colour and the colour under it, in steps of a quarter.
// The blends are added to the palette as they are met (a board needs a
// few dozen); when it is full, a part-covered pixel takes the nearer of
// the two.
type canvas struct {
	img *image.Paletted
	pal *inkPalette
}

// inkPalette is the palette of a theme's inks and the blends met so far.
// Index 0 is transparent, for the unchanged pixels of a GIF frame.
type inkPalette struct {
	colors color.Palette
	ink    [numInks]uint8
	blends map[[3]uint8]uint8
}

func newInkPalette(t Theme) *inkPalette {
	p := &inkPalette{colors: color.Palette{color.RGBA{}}, blends: map[[3]uint8]uint8{}}
	pal := palette(t)
	for k := inkBg; k < numInks; k++ {
		p.ink[k] = uint8(len(p.colors))
		p.colors = append(p.colors, pal[k])
	}
	return p
}

// blend returns the index of level quarters of colour c over colour b.
func (p *inkPalette) blend(c, b uint8, level int) uint8 {
	if level >= 4 || c == b {
		return c
	}
	key := [3]uint8{c, b, uint8(level)}
	if i, ok := p.blends[key]; ok {
		return i
	}
	if len(p.colors) >= 256 || b == 0 {
		if level >= 2 {
			return c
		}
		return b
	}
	i := uint8(len(p.colors))
	p.colors = append(p.colors, blend(p.colors[c].(color.RGBA), p.colors[b].(color.RGBA), level*25))
	p.blends[key] = i
	return i
}

// paint paints d on a fresh canvas of its size.
func paint(d *drawing, pal *inkPalette) *image.Paletted {
	c := &canvas{img: image.NewPaletted(image.Rect(0, 0, d.w, d.h), pal.colors), pal: pal}
	for i := range d.shapes {
		c.shape(&d.shapes[i])
	}
	c.img.Palette = pal.colors
	return c.img
}

func (c *canvas) shape(sh *shape) {
	p := looks[sh.look]
	switch sh.kind {
	case shapeRect:
		c.rect(sh.x, sh.y, sh.x+sh.w, sh.y+sh.h, p.fill)
		if p.stroke != inkNone && sh.sw > 0 {
			h := sh.sw / 2
			c.rect(sh.x-h, sh.y-h, sh.x+sh.w+h, sh.y+h, p.stroke)
			c.rect(sh.x-h, sh.y+sh.h-h, sh.x+sh.w+h, sh.y+sh.h+h, p.stroke)
			c.rect(sh.x-h, sh.y-h, sh.x+h, sh.y+sh.h+h, p.stroke)
			c.rect(sh.x+sh.w-h, sh.y-h, sh.x+sh.w+h, sh.y+sh.h+h, p.stroke)
		}
	case shapeCircle:
		cx, cy, r := sh.x, sh.y, sh.r
		ext := r + sh.sw/2 + 1
		if p.fill != inkNone {
			c.cover(cx-ext, cy-ext, cx+ext, cy+ext, p.fill, func(x, y float64) float64 {
				return math.Hypot(x-cx, y-cy) - r
			})
		}
		if p.stroke != inkNone && sh.sw > 0 {
			c.cover(cx-ext, cy-ext, cx+ext, cy+ext, p.stroke, func(x, y float64) float64 {
				return math.Abs(math.Hypot(x-cx, y-cy)-r) - sh.sw/2
			})
		}
	case shapeLine:
		c.stroke([]float64{sh.x, sh.y, sh.w, sh.h}, sh.sw, p.stroke)
	case shapeCross:
		r := sh.r
		segs := []float64{sh.x - r, sh.y - r, sh.x + r, sh.y + r, sh.x + r, sh.y - r, sh.x - r, sh.y + r}
		c.cover(sh.x-r-sh.sw, sh.y-r-sh.sw, sh.x+r+sh.sw, sh.y+r+sh.sw, p.stroke, func(x, y float64) float64 {
			return math.Min(segDist(x, y, segs[0:4]), segDist(x, y, segs[4:8])) - sh.sw/2
		})
	case shapePolyline:
		c.stroke(sh.pts, sh.sw, p.stroke)
	case shapePolygon:
		if p.fill != inkNone {
			c.polygon(sh.pts, p.fill)
		}
	case shapeText:
		c.text(sh)
	}
}

// rect fills the pixels whose centres lie in [x0, x1) x [y0, y1).
func (c *canvas) rect(x0, y0, x1, y1 float64, k ink) {
	if k == inkNone {
		return
	}
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))).Intersect(c.img.Rect)
	idx := c.pal.ink[k]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[y*c.img.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			row[x] = idx
		}
	}
}

// cover paints ink k over the box with the coverage that dist gives: the
// signed distance from a pixel's centre to the shape's edge, negative
// inside. A pixel within half a pixel of the edge is covered in part.
func (c *canvas) cover(x0, y0, x1, y1 float64, k ink, dist func(x, y float64) float64) {
	if k == inkNone {
		return
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(c.img.Rect)
	idx := c.pal.ink[k]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.img.Pix[y*c.img.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			d := dist(float64(x)+0.5, float64(y)+0.5)
			level := int(math.Round((0.5 - d) * 4))
			if level <= 0 {
				continue
			}
			row[x] = c.pal.blend(idx, row[x], level)
		}
	}
}

// stroke paints the polyline pts with round caps and joins.
func (c *canvas) stroke(pts []float64, width float64, k ink) {
	if len(pts) < 4 {
		return
	}
	x0, y0, x1, y1 := pts[0], pts[1], pts[0], pts[1]
	for i := 0; i+1 < len(pts); i += 2 {
		x0, y0 = math.Min(x0, pts[i]), math.Min(y0, pts[i+1])
		x1, y1 = math.Max(x1, pts[i]), math.Max(y1, pts[i+1])
	}
	h := width/2 + 1
	c.cover(x0-h, y0-h, x1+h, y1+h, k, func(x, y float64) float64 {
		d := math.Inf(1)
		for i := 0; i+3 < len(pts); i += 2 {
			d = math.Min(d, segDist(x, y, pts[i:i+4]))
		}
		return d - width/2
	})
}

// polygon fills the convex polygon pts.
func (c *canvas) polygon(pts []float64, k ink) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	x0, y0, x1, y1 := pts[0], pts[1], pts[0], pts[1]
	area := 0.0
	for i := range n {
		x, y := pts[2*i], pts[2*i+1]
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
		j := (i + 1) % n
		area += x*pts[2*j+1] - pts[2*j]*y
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	c.cover(x0-1, y0-1, x1+1, y1+1, k, func(x, y float64) float64 {
		// The distance outside the nearest edge's line: exact inside and
		// near the edges, which is all the coverage needs.
		d := math.Inf(-1)
		for i := range n {
			j := (i + 1) % n
			ax, ay, bx, by := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
			ex, ey := bx-ax, by-ay
			l := math.Hypot(ex, ey)
			if l == 0 {
				continue
			}
			d = math.Max(d, -sign*(ex*(y-ay)-ey*(x-ax))/l)
		}
		return d
	})
}

// segDist is the distance from (x, y) to the segment s[0],s[1]-s[2],s[3].
func segDist(x, y float64, s []float64) float64 {
	ax, ay, bx, by := s[0], s[1], s[2], s[3]
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/l))
	}
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}

// text draws the digits and '?' of a text shape in a 3 x 5 pixel font
// scaled to its size; the raster has no other glyphs, and skips a text
// with any other character (the caption).
func (c *canvas) text(sh *shape) {
	for _, r := range sh.text {
		if glyphIndex(r) < 0 {
			return
		}
	}
	k := math.Max(1, math.Round(sh.size/7)) // pixels a font pixel
	n := float64(len(sh.text))
	w, h := (4*n-1)*k, 5*k
	x0, y0 := math.Round(sh.x-w/2), math.Round(sh.y-h/2)
	if sh.start {
		x0 = math.Round(sh.x)
	}
	ink := looks[sh.look].fill
	for i, r := range sh.text {
		g := font3x5[glyphIndex(r)]
		for row := range 5 {
			for col := range 3 {
				if g[row]>>(2-col)&1 == 0 {
					continue
				}
				x := x0 + (float64(4*i+col))*k
				y := y0 + float64(row)*k
				c.rect(x, y, x+k, y+k, ink)
			}
		}
	}
}

func glyphIndex(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r == '?':
		return 10
	}
	return -1
}

// font3x5 holds the rows of the glyphs 0-9 and '?', three bits a row.
var font3x5 = [11][5]uint8{
	{7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
	{7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
	{7, 1, 3, 0, 2},
}
