package picture

import (
	"errors"
	"fmt"
	"image"
	"image/gif"
	"io"
	"iter"
	"time"
)

// Animation says how an animated GIF plays.
type Animation struct {
	Delay time.Duration // each frame but the last; 0: DefaultDelay
	Hold  time.Duration // the last frame, the ending move; 0: DefaultHold
}

const (
	DefaultDelay = 600 * time.Millisecond
	DefaultHold  = 3 * time.Second
)

// MaxGIFPixels bounds the pixels a GIF stores over all its frames, which
// are held in memory until written: about one byte a pixel. MaxGIFFrames
// bounds the frames: at the default delay, over three hours.
const (
	MaxGIFPixels = 64 << 20
	MaxGIFFrames = 20000
)

// ErrTooLarge is returned by GIF for an animation over MaxGIFPixels.
var ErrTooLarge = errors.New("the animation is too large")

// GIF writes the positions of frames to w as an animated GIF that loops,
// one frame a position, each drawn as SVG would draw it (in o.Theme;
// ThemeAuto draws light), but for the caption and the earlier board of a
// repetition, which are left out, and the pushed run, which is not
// tinted: the motion shows it. Every position must have the size of the
// first.
//
// The first frame is whole; each later one holds only the rectangle that
// changed, its unchanged pixels transparent, so a frame costs about what
// its move changed.
//
// Cost: O(w·h) a frame to paint and compare; the frames stay in memory
// until the end (image/gif writes a whole animation), which MaxGIFPixels
// bounds.
func GIF(w io.Writer, frames iter.Seq[*Position], o *Options, a Animation) error {
	opts := Options{}
	if o != nil {
		opts = *o
	}
	opts.Caption, opts.Earlier, opts.animated = "", nil, true
	if opts.Theme == ThemeAuto {
		opts.Theme = ThemeLight
	}
	delay := centiseconds(a.Delay, DefaultDelay)
	hold := centiseconds(a.Hold, DefaultHold)
	pal := newInkPalette(opts.Theme)
	anim := &gif.GIF{}
	var prev *image.Paletted
	var first *Position
	stored := 0
	for p := range frames {
		if first == nil {
			first = p
		} else if p.N != first.N || p.Kind != first.Kind {
			return fmt.Errorf("frame %d is a %d x %d board, not %d x %d", len(anim.Image)+1, p.N, p.N, first.N, first.N)
		}
		if len(anim.Image) == MaxGIFFrames {
			return fmt.Errorf("%w: over %d frames", ErrTooLarge, MaxGIFFrames)
		}
		d := layout(p, &opts)
		if d.w*d.h > MaxGIFPixels/4 {
			return fmt.Errorf("%w: a frame of %d x %d pixels", ErrTooLarge, d.w, d.h)
		}
		cur := paint(d, pal)
		frame := cur
		if prev != nil {
			frame = delta(prev, cur)
		}
		stored += frame.Rect.Dx() * frame.Rect.Dy()
		if stored > MaxGIFPixels {
			return fmt.Errorf("%w: over %d MB of frames by frame %d (a smaller board or fewer moves fit)", ErrTooLarge, MaxGIFPixels>>20, len(anim.Image)+1)
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev = cur
	}
	if first == nil {
		return errors.New("no frame to draw")
	}
	anim.Delay[len(anim.Delay)-1] = hold
	// The palette grew while painting: every frame uses its final form,
	// whose first entries are unchanged.
	for _, im := range anim.Image {
		im.Palette = pal.colors
	}
	anim.Config = image.Config{ColorModel: pal.colors, Width: prev.Rect.Dx(), Height: prev.Rect.Dy()}
	return gif.EncodeAll(w, anim)
}

func centiseconds(d, def time.Duration) int {
	if d <= 0 {
		d = def
	}
	return int(min(d/(10*time.Millisecond), 65535))
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
