//go:build !(js && wasm)

package picture

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"iter"
	"strings"
	"testing"
	"time"

	"gamels/analyze"
	"gamels/parse"
)

// decodeGIF decodes an animation and returns its frames composed, as a
// viewer shows them (each frame drawn over the last: DisposalNone).
func decodeGIF(t testing.TB, b []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("image/gif cannot decode it: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var shown []*image.RGBA
	for i, im := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Errorf("frame %d disposal %d, want none", i, g.Disposal[i])
		}
		draw.Draw(canvas, im.Rect, im, im.Rect.Min, draw.Over)
		shown = append(shown, image.NewRGBA(canvas.Rect))
		copy(shown[i].Pix, canvas.Pix)
	}
	return g, shown
}

// centre returns the centre of square (row, col) in the drawing of p.
func centre(t testing.TB, p *Position, o *Options, row, col int) image.Point {
	t.Helper()
	for _, sh := range layout(p, o).shapes {
		if sh.kind == shapeRect && looks[sh.look].class[:4] == "cell" && sh.row == row && sh.col == col {
			return image.Pt(int(sh.x+sh.w/2), int(sh.y+sh.h/2))
		}
	}
	t.Fatalf("no square (%d, %d)", row, col)
	return image.Point{}
}

func sameColor(a color.Color, b color.RGBA) bool {
	r, g, bb, _ := a.RGBA()
	return uint8(r>>8) == b.R && uint8(g>>8) == b.G && uint8(bb>>8) == b.B
}

// TestGIFGame: the 40 moves of a 6 x 6 game give 41 frames (the empty
// board, then a frame a move), the last held; the last frame shows the
// final position, square by square; and the file is small.
func TestGIFGame(t *testing.T) {
	kind, g, rules := game(t, "forty.pousse", 0)
	var b bytes.Buffer
	if err := GIF(&b, framesOf(kind, g, rules), nil, Animation{}); err != nil {
		t.Fatal(err)
	}
	anim, shown := decodeGIF(t, b.Bytes())
	if len(anim.Image) != 41 {
		t.Fatalf("%d frames, want 41", len(anim.Image))
	}
	if anim.Delay[0] != 60 || anim.Delay[40] != 300 {
		t.Errorf("delays %d ... %d, want 60 ... 300 (the ending held)", anim.Delay[0], anim.Delay[40])
	}
	if anim.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", anim.LoopCount)
	}
	if b.Len() >= 100<<10 {
		t.Errorf("%d bytes, want under 100 KB", b.Len())
	}
	t.Logf("%d frames, %d bytes", len(anim.Image), b.Len())

	// Every frame, composed as a viewer shows it, is the position drawn
	// afresh, pixel for pixel: the deltas and the palette that grew
	// while the frames were compressed lose nothing.
	pal0 := newInkPalette(ThemeLight)
	k := 0
	for p := range framesOf(kind, g, rules) {
		want := paint(layout(p, &Options{Theme: ThemeLight, animated: true}), pal0)
		got := shown[k]
		for y := range want.Rect.Dy() {
			for x := range want.Rect.Dx() {
				c := pal0.colors[want.Pix[y*want.Stride+x]].(color.RGBA)
				i := y*got.Stride + 4*x
				if g := got.Pix[i : i+3]; g[0] != c.R || g[1] != c.G || g[2] != c.B {
					t.Fatalf("frame %d at (%d, %d): %v, want %v", k, x, y, g, c)
				}
			}
		}
		k++
	}

	// The final position, read off the last frame: each square's centre
	// is the X colour on an X (the crossing of its strokes), else the
	// line through a straight, else the square's fill (a ring leaves its
	// centre empty).
	pal := palette(ThemeLight)
	last := PoussePosition(g, analyze.Pousse(g, rules), 40)
	if len(last.Straights) != 1 || last.Straights[0] != (analyze.PousseLine{Index: 2, Who: analyze.Second}) {
		t.Fatalf("straights %v, want row 2 of O", last.Straights)
	}
	o := &Options{Theme: ThemeLight}
	fill := cellLooks(last, true)
	for r := 1; r <= last.N; r++ {
		for c := 1; c <= last.N; c++ {
			pt := centre(t, last, o, r, c)
			want := pal[looks[fill(r, c)].fill]
			switch {
			case last.At(r, c) == 'X':
				want = pal[inkX]
			case r == 2:
				want = pal[inkLineO]
			}
			if got := shown[40].At(pt.X, pt.Y); !sameColor(got, want) {
				t.Errorf("square (%d, %d) %c: centre %v, want %v", r, c, last.At(r, c), got, want)
			}
		}
	}
	// An O's ring: O's colour on the ring, right of the centre. Square
	// (2, 1) holds the O of the last move, on a straight of O.
	if last.At(2, 1) != 'O' {
		t.Fatalf("square (2, 1) holds %c, want O", last.At(2, 1))
	}
	pt := centre(t, last, o, 2, 1)
	s := float64(CellSize(6))
	if got := shown[40].At(pt.X+int(s*0.28), pt.Y); !sameColor(got, pal[inkO]) {
		t.Errorf("the ring of the O at (2, 1): %v, want %v", got, pal[inkO])
	}
	// The first frame is the empty board.
	if got := shown[0].At(pt.X+int(s*0.28), pt.Y); !sameColor(got, pal[inkBg]) {
		t.Errorf("the first frame at (2, 1): %v, want the background", got)
	}
}

// TestGIFFrames: a frame a move played, for every kind; PATH one still.
func TestGIFFrames(t *testing.T) {
	for _, tc := range []struct {
		file   string
		game   int
		frames int
	}{
		{"forty.pousse", 0, 41},
		{"sample.spot", 0, 4}, // ends at move 3
		{"sample.spot", 1, 5}, // a draw: all 4 moves
		{"odd.spot", 0, 4},
		{"boards.path", 0, 1},
	} {
		kind, g, rules := game(t, tc.file, tc.game)
		var b bytes.Buffer
		if err := GIF(&b, framesOf(kind, g, rules), &Options{Theme: ThemeHCDark}, Animation{Delay: time.Second, Hold: 5 * time.Second}); err != nil {
			t.Fatal(err)
		}
		anim, _ := decodeGIF(t, b.Bytes())
		if len(anim.Image) != tc.frames {
			t.Errorf("%s game %d: %d frames, want %d", tc.file, tc.game+1, len(anim.Image), tc.frames)
		}
		if anim.Delay[len(anim.Delay)-1] != 500 {
			t.Errorf("%s: hold %d, want 500", tc.file, anim.Delay[len(anim.Delay)-1])
		}
	}
}

func TestGIFErrors(t *testing.T) {
	var b bytes.Buffer
	if err := GIF(&b, func(func(*Position) bool) {}, nil, Animation{}); err == nil {
		t.Errorf("no frames: no error")
	}
	two := func(yield func(*Position) bool) {
		_ = yield(&Position{Kind: parse.Spot, N: 2}) && yield(&Position{Kind: parse.Spot, N: 3})
	}
	if err := GIF(&b, two, nil, Animation{}); err == nil {
		t.Errorf("frames of two sizes: no error")
	}
	// A board too large for memory is refused before it is painted whole.
	many := func(yield func(*Position) bool) {
		for {
			if !yield(&Position{Kind: parse.Pousse, N: 100, Squares: bytes.Repeat([]byte("X"), 10000)}) {
				return
			}
		}
	}
	if err := GIF(&b, many, &Options{Cell: 200}, Animation{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a frame of 20,000 x 20,000 pixels: %v, want ErrTooLarge", err)
	}
	tiny := func(yield func(*Position) bool) {
		for yield(&Position{Kind: parse.Spot, N: 1, Squares: []byte("*")}) {
		}
	}
	if err := GIF(&b, tiny, &Options{Cell: 4}, Animation{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("an endless animation: %v, want ErrTooLarge", err)
	}
}

// FuzzGIF: any squares and last move make an animation image/gif reads.
func FuzzGIF(f *testing.F) {
	f.Add(uint8(3), []byte("XO.*WB?U"), byte('L'), uint8(2))
	f.Fuzz(func(t *testing.T, n uint8, squares []byte, dir byte, line uint8) {
		p := &Position{Kind: parse.Pousse, N: int(n%9) + 1, Squares: squares,
			Last: &Move{Dir: dir, Line: int(line), Run: []analyze.Cell{{Row: int(line), Col: 1}}, OffWho: analyze.Second}}
		two := func(yield func(*Position) bool) { _ = yield(&Position{Kind: parse.Pousse, N: p.N}) && yield(p) }
		var b bytes.Buffer
		if err := GIF(&b, two, &Options{Cell: 8}, Animation{}); err != nil {
			t.Fatal(err)
		}
		if anim, _ := decodeGIF(t, b.Bytes()); len(anim.Image) != 2 {
			t.Fatalf("%d frames, want 2", len(anim.Image))
		}
	})
}

// framesOf is the positions of Frames.
func framesOf(kind parse.Kind, g *parse.Game, rules parse.Rules) iter.Seq[*Position] {
	_, seq := Frames(kind, g, rules)
	return seq
}

// TestFits: Fits finds the bound an animation passes from its number of
// frames and its first position, as GIF finds it by painting.
func TestFits(t *testing.T) {
	g := parse.Parse(parse.Pousse, []byte("100\nL1\nR1\nQUIT\n")).Games[0]
	n, _ := Frames(parse.Pousse, g, parse.RulesDefault)
	first := At(parse.Pousse, g, parse.RulesDefault, 0)
	w, h := Size(first, &Options{animated: true})
	for _, tc := range []struct {
		frames int
		o      *Options
		a      Animation
		want   string // "" when it fits
	}{
		{n, nil, Animation{}, ""},
		{MaxGIFFrames, &Options{Cell: 4}, Animation{}, ""},
		{MaxGIFFrames + 1, &Options{Cell: 4}, Animation{}, "over 20000 frames"},
		{11, nil, Animation{MaxFrames: 10}, "over 10 frames"},
		{MaxGIFPaint/(w*h) + 1, nil, Animation{}, "frames of"},
		{1, &Options{Cell: 200}, Animation{}, "a frame of"},
	} {
		err := Fits(tc.frames, first, tc.o, tc.a)
		if (err == nil) != (tc.want == "") || err != nil && (!errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Fits(%d, %+v, %+v) = %v, want %q", tc.frames, tc.o, tc.a, err, tc.want)
		}
	}
}
