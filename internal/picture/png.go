//go:build !(js && wasm)

package picture

import (
	"fmt"
	"image/png"
	"io"
)

// PNG writes p to w as a PNG image, painted as a frame of GIF is (in
// o.Theme; ThemeAuto paints light) but with the pushed run tinted and the
// earlier board of a repetition beside, as SVG draws them; the caption
// is left out (the raster has no letters). It refuses a picture of over
// MaxGIFFramePixels pixels. O(w·h).
func PNG(w io.Writer, p *Position, o *Options) error {
	opts := Options{}
	if o != nil {
		opts = *o
	}
	opts.Caption, opts.Embed, opts.animated = "", false, false
	if opts.Theme == ThemeAuto {
		opts.Theme = ThemeLight
	}
	d := layout(p, &opts)
	if d.w*d.h > MaxGIFFramePixels {
		return fmt.Errorf("%w: a picture of %d x %d pixels", ErrTooLarge, d.w, d.h)
	}
	img := paint(d, newInkPalette(opts.Theme))
	return png.Encode(w, img)
}

// Size returns the width and height in pixels of p drawn with o: of a
// PNG, or of a GIF's frames (which leave out the caption and the earlier
// board: draw those without o.Caption and o.Earlier). O(N²).
func Size(p *Position, o *Options) (w, h int) {
	d := layout(p, o)
	return d.w, d.h
}
