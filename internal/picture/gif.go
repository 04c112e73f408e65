//go:build !(js && wasm)

package picture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"iter"
	"time"
)

// Animation says how an animated GIF plays.
type Animation struct {
	Delay time.Duration // each frame but the last; 0: DefaultDelay
	Hold  time.Duration // the last frame, the ending move; 0: DefaultHold
	// Bounds tighter than the package's, for a caller that holds the
	// animation in a message: the frames, the bytes of GIF and the
	// pixels painted over all frames. 0, or more than the package's
	// MaxGIFFrames, MaxGIFBytes, MaxGIFPaint: those.
	MaxFrames, MaxBytes, MaxPaint int
}

// bound is limit when it is set and below max, else max.
func bound(limit, max int) int {
	if limit > 0 && limit < max {
		return limit
	}
	return max
}

// The times of an Animation's frames when it gives none.
const (
	DefaultDelay = 600 * time.Millisecond
	DefaultHold  = 3 * time.Second
)

// Bounds of an animation: the bytes of GIF (held in memory until the
// palette is final), the frames (at the default delay, over three
// hours), the pixels painted over all frames (some tens of seconds), and
// the pixels of one frame.
const (
	MaxGIFBytes       = 64 << 20
	MaxGIFFrames      = 20000
	MaxGIFPaint       = 4 << 30
	MaxGIFFramePixels = 16 << 20
)

// ErrTooLarge is returned by GIF for an animation over one of its bounds.
var ErrTooLarge = errors.New("the animation is too large")

// Fits returns nil when an animation of frames positions, each of the
// size of first, drawn with o, keeps within the bounds of a (the
// package's where a sets none), else an error wrapping ErrTooLarge that
// says which: the frames, the pixels of a frame or the pixels painted
// over all of them. GIF finds the same at the frame that passes a bound,
// after painting those before it; a caller that knows the number of
// frames (Frames) asks Fits first. O(N²), no painting.
func Fits(frames int, first *Position, o *Options, a Animation) error {
	opts := Options{}
	if o != nil {
		opts = *o
	}
	opts.Caption, opts.Earlier, opts.animated = "", nil, true
	d := layout(first, &opts)
	maxFrames, maxPaint := bound(a.MaxFrames, MaxGIFFrames), bound(a.MaxPaint, MaxGIFPaint)
	switch {
	case d.w*d.h > MaxGIFFramePixels:
		return fmt.Errorf("%w: a frame of %d x %d pixels", ErrTooLarge, d.w, d.h)
	case frames > maxFrames:
		return fmt.Errorf("%w: over %d frames", ErrTooLarge, maxFrames)
	case int64(frames)*int64(d.w*d.h) > int64(maxPaint):
		return fmt.Errorf("%w: %d frames of %d x %d pixels are more than it paints", ErrTooLarge, frames, d.w, d.h)
	}
	return nil
}

// GIF writes the positions of frames to w as an animated GIF that loops,
// one frame a position, each drawn as SVG would draw it (in o.Theme;
// ThemeAuto draws light), but for the caption and the earlier board of a
// repetition, which are left out, and the pushed run, which is not
// tinted: the motion shows it. Every position must have the size of the
// first.
//
// The first frame is whole; each later one holds only the rectangle that
// changed, its unchanged pixels transparent, so a frame costs about what
// its move changed. image/gif compresses each frame as it is painted;
// the frames are kept compressed and written once the last is known and
// the palette, which grows with the blends met, is final.
//
// Cost: O(w·h) a frame to paint and compare, two w x h canvases, and the
// compressed frames.
func GIF(w io.Writer, frames iter.Seq[*Position], o *Options, a Animation) error {
	opts := Options{}
	if o != nil {
		opts = *o
	}
	opts.Caption, opts.Earlier, opts.animated = "", nil, true
	if opts.Theme == ThemeAuto {
		opts.Theme = ThemeLight
	}
	e := &gifEncoder{pal: newInkPalette(opts.Theme), delay: centiseconds(a.Delay, DefaultDelay),
		maxBytes: bound(a.MaxBytes, MaxGIFBytes)}
	maxFrames, maxPaint := bound(a.MaxFrames, MaxGIFFrames), bound(a.MaxPaint, MaxGIFPaint)
	var first *Position
	var prev *image.Paletted
	painted := 0
	for p := range frames {
		if first == nil {
			first = p
		} else if p.N != first.N || p.Kind != first.Kind {
			return fmt.Errorf("frame %d is a %d x %d board, not %d x %d", e.frames+1, p.N, p.N, first.N, first.N)
		}
		d := layout(p, &opts)
		painted += d.w * d.h
		switch {
		case d.w*d.h > MaxGIFFramePixels:
			return fmt.Errorf("%w: a frame of %d x %d pixels", ErrTooLarge, d.w, d.h)
		case e.frames == maxFrames:
			return fmt.Errorf("%w: over %d frames", ErrTooLarge, maxFrames)
		case painted > maxPaint:
			return fmt.Errorf("%w: %d frames of %d x %d pixels are as many as it paints", ErrTooLarge, e.frames, d.w, d.h)
		}
		cur := paint(d, e.pal)
		frame := cur
		if prev != nil {
			frame = delta(prev, cur)
		}
		if err := e.add(frame, cur.Rect); err != nil {
			return err
		}
		prev = cur
	}
	if first == nil {
		return errors.New("no frame to draw")
	}
	return e.finish(w, centiseconds(a.Hold, DefaultHold))
}

func centiseconds(d, def time.Duration) int {
	if d <= 0 {
		d = def
	}
	return int(min(d/(10*time.Millisecond), 65535))
}

// A gifEncoder collects the frames of an animation, compressed. A frame
// is compressed when the next arrives, so that the last, whose delay is
// the hold, is known.
type gifEncoder struct {
	pal     *inkPalette
	delay   int
	screen  image.Rectangle
	pending *image.Paletted // the last frame added, not yet compressed
	blocks  bytes.Buffer    // the compressed frames before it
	frames  int
	// maxBytes bounds blocks.
	maxBytes int
}

func (e *gifEncoder) add(frame *image.Paletted, screen image.Rectangle) error {
	e.screen = screen
	if e.pending != nil {
		if err := e.compress(e.delay); err != nil {
			return err
		}
	}
	e.pending = frame
	e.frames++
	return nil
}

// compress appends the pending frame's blocks, as image/gif writes them,
// to e.blocks: its graphic control extension (delay, disposal, the
// transparent index 0) and its image. The frame is written as a GIF of
// its own, of the palette as it stands, and cut out of it: its pixels are
// indices into that palette, which the final one extends.
func (e *gifEncoder) compress(delay int) error {
	f := e.pending
	f.Palette = e.pal.colors
	var one bytes.Buffer
	err := gif.EncodeAll(&one, &gif.GIF{
		Image:    []*image.Paletted{f},
		Delay:    []int{delay},
		Disposal: []byte{gif.DisposalNone},
		Config:   image.Config{ColorModel: e.pal.colors, Width: e.screen.Dx(), Height: e.screen.Dy()},
	})
	if err != nil {
		return err
	}
	b := one.Bytes()
	// The header (6 bytes), the logical screen (7) and the global colour
	// table, then the frame, then the trailer (1).
	start := 13
	if packed := b[10]; packed&0x80 != 0 {
		start += 3 << (packed&7 + 1)
	}
	if len(b) < start+1 || b[len(b)-1] != 0x3b {
		return errors.New("image/gif wrote an unexpected stream")
	}
	e.blocks.Write(b[start : len(b)-1])
	e.pending = nil
	if e.blocks.Len() > e.maxBytes {
		return fmt.Errorf("%w: over %d bytes by frame %d", ErrTooLarge, e.maxBytes, e.frames)
	}
	return nil
}

// finish compresses the last frame with the hold delay and writes the
// animation: the header and the final palette, the loop extension, the
// frames and the trailer.
func (e *gifEncoder) finish(w io.Writer, hold int) error {
	if err := e.compress(hold); err != nil {
		return err
	}
	pal := e.pal.colors
	size := 0 // the table holds 2^(size+1) colours
	for 2<<size < len(pal) {
		size++
	}
	var h bytes.Buffer
	h.WriteString("GIF89a")
	binary.Write(&h, binary.LittleEndian, [2]uint16{uint16(e.screen.Dx()), uint16(e.screen.Dy())})
	h.Write([]byte{0x80 | 7<<4 | byte(size), 0, 0}) // a global table of 8-bit colours; background 0
	for i := range 2 << size {
		c := color.RGBA{}
		if i < len(pal) {
			c = color.RGBAModel.Convert(pal[i]).(color.RGBA)
		}
		h.Write([]byte{c.R, c.G, c.B})
	}
	if e.frames > 1 { // loop for ever
		h.Write([]byte{0x21, 0xff, 0x0b})
		h.WriteString("NETSCAPE2.0")
		h.Write([]byte{0x03, 0x01, 0x00, 0x00, 0x00})
	}
	if _, err := w.Write(h.Bytes()); err != nil {
		return err
	}
	if _, err := w.Write(e.blocks.Bytes()); err != nil {
		return err
	}
	_, err := w.Write([]byte{0x3b})
	return err
}

// delta returns the rectangle of cur that differs from prev, with the
// pixels that do not differ transparent (index 0). When nothing differs
// it is one transparent pixel: a frame still stands for its move.
func delta(prev, cur *image.Paletted) *image.Paletted {
	b := cur.Rect
	x0, y0, x1, y1 := b.Dx(), b.Dy(), 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pr := prev.Pix[y*prev.Stride : y*prev.Stride+b.Dx()]
		cr := cur.Pix[y*cur.Stride : y*cur.Stride+b.Dx()]
		for x := range cr {
			if pr[x] != cr[x] {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+1), max(y1, y+1)
			}
		}
	}
	r := image.Rect(0, 0, 1, 1)
	if x0 < x1 {
		r = image.Rect(x0, y0, x1, y1)
	}
	out := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*cur.Stride + x
			if prev.Pix[i] != cur.Pix[i] {
				out.Pix[out.PixOffset(x, y)] = cur.Pix[i]
			}
		}
	}
	return out
}
