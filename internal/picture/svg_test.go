package picture

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/analyze"

	"gamels/parse"
)

// svgCases are drawings of every kind of mark, each kept as a golden file.
type svgCase struct {
	golden string
	file   string
	game   int
	move   int
	opts   Options
}

var svgCases = []svgCase{
	{"pousse_start.svg", "forty.pousse", 0, 0, Options{}},
	{"pousse_mid.svg", "forty.pousse", 0, 27, Options{}},
	{"pousse_end.svg", "forty.pousse", 0, 40, Options{Theme: ThemeDark, Caption: "forty.pousse, game 1\nthe last move"}},
	{"spot_repeat.svg", "sample.spot", 0, 3, Options{Theme: ThemeLight}},
	{"spot_illegal.svg", "odd.spot", 0, 3, Options{Theme: ThemeHCLight}},
	{"path_win.svg", "boards.path", 0, 0, Options{Theme: ThemeHCDark}},
	{"path_onemove.svg", "odd.path", 0, 0, Options{Unstyled: true, Cell: 24}},
	{"pousse_repeat.svg", "repeat.pousse", 0, 4, Options{}},
	{"spot_turned.svg", "repeat.spot", 0, 3, Options{Theme: ThemeDark}},
}

// position returns the position of a case, and sets o.Earlier to the
// earlier position when it ends a game by repeating one.
func (tc svgCase) position(t testing.TB, o *Options) *Position {
	kind, g, rules := game(t, tc.file, tc.game)
	p := At(kind, g, rules, tc.move)
	if p.ShowsRepeat() {
		o.Earlier = At(kind, g, rules, p.Earlier)
	}
	return p
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range svgCases {
		t.Run(tc.golden, func(t *testing.T) {
			p := tc.position(t, &tc.opts)
			got := SVG(p, &tc.opts)
			parseSVG(t, got)
			golden(t, tc.golden, got)
		})
	}
}

// TestSVGCells checks the drawing against the position: one square a
// cell, one mark of the right shape on each occupied square, and the last
// move's square, slot and arrow where the move says.
func TestSVGCells(t *testing.T) {
	for _, tc := range svgCases {
		t.Run(tc.golden, func(t *testing.T) {
			p := tc.position(t, &tc.opts)
			kind := p.Kind
			els := parseSVG(t, SVG(p, &tc.opts))
			root := els[0]
			if want := fmt.Sprint(p.N); root.attrs["data-n"] != want {
				t.Errorf("data-n = %q, want %q", root.attrs["data-n"], want)
			}
			// What each square should show, and what it shows.
			wantMark := map[string]string{}
			for r := 1; r <= p.N; r++ {
				for c := 1; c <= p.N; c++ {
					at := fmt.Sprintf("%d,%d", r, c)
					switch p.At(r, c) {
					case 'X':
						wantMark[at] = "path mark x"
					case 'O':
						wantMark[at] = "circle mark o"
					case '*':
						wantMark[at] = "circle mark spot"
					case 'W':
						wantMark[at] = "circle mark w"
					case 'B':
						wantMark[at] = "circle mark b"
					case '?':
						wantMark[at] = "text mark bad"
					}
				}
			}
			gotMark := map[string]string{}
			cells := map[string]string{}
			depth, earlier := 0, 0 // in the earlier board's group: its elements
			for _, e := range els {
				at := e.attrs["data-row"] + "," + e.attrs["data-col"]
				if e.name == "g" && e.class() == "earlier" {
					depth = 1
					if want := fmt.Sprint(p.Earlier); e.attrs["data-move"] != want {
						t.Errorf("the earlier board of move %s, want %s", e.attrs["data-move"], want)
					}
					continue
				}
				if depth > 0 {
					earlier++
					continue
				}
				switch {
				case strings.HasPrefix(e.class(), "cell"):
					if _, dup := cells[at]; dup {
						t.Errorf("two squares at %s", at)
					}
					cells[at] = e.class()
				case strings.HasPrefix(e.class(), "mark") && !strings.Contains(e.class(), "off"):
					gotMark[at] = e.name + " " + e.class()
				}
			}
			if len(cells) != p.N*p.N {
				t.Errorf("%d squares, want %d", len(cells), p.N*p.N)
			}
			if (earlier > 0) != (tc.opts.Earlier != nil) {
				t.Errorf("%d elements of an earlier board; earlier position %v", earlier, tc.opts.Earlier)
			}
			if diff := cmp.Diff(wantMark, gotMark); diff != "" {
				t.Errorf("marks (-want +got):\n%s", diff)
			}
			if p.Last != nil {
				e := p.Last.Run[0]
				if got := cells[fmt.Sprintf("%d,%d", e.Row, e.Col)]; !strings.HasPrefix(got, "cell last") {
					t.Errorf("the last move's square %v is %q, want cell last", e, got)
				}
			}
			for _, c := range p.OneMove {
				if got := cells[fmt.Sprintf("%d,%d", c.Row, c.Col)]; got != "cell onemove dash" {
					t.Errorf("one-move square %v is %q", c, got)
				}
			}
			if kind == parse.Pousse {
				var arrows, slots, lastSlots int
				for _, e := range els {
					switch {
					case e.class() == "arrow":
						arrows++
						if e.attrs["data-move"] != p.Last.Text {
							t.Errorf("arrow of %q, want %q", e.attrs["data-move"], p.Last.Text)
						}
					case e.class() == "slot":
						slots++
					case e.class() == "slot last":
						lastSlots++
						if e.attrs["data-move"] != p.Last.Text {
							t.Errorf("last slot %q, want %q", e.attrs["data-move"], p.Last.Text)
						}
					}
				}
				want := 0
				if p.Last != nil {
					want = 1
				}
				if arrows != 2*want || lastSlots != want || slots+lastSlots != 4*p.N {
					t.Errorf("%d arrow shapes, %d slots, %d last: want %d, %d, %d", arrows, slots, lastSlots, 2*want, 4*p.N, want)
				}
			}
		})
	}
}

// TestSVGEscapes: what comes from a transcript or a user (the title, the
// caption, a move's text) is escaped, and a character XML cannot hold is
// replaced, so the document stays well-formed and says what was given.
func TestSVGEscapes(t *testing.T) {
	nasty := `</title><script>alert("x")</script> & 'quotes' ]]> <!-- `
	p := &Position{Kind: parse.Pousse, N: 2, Squares: []byte("X..O"), Move: 1, Moves: 1,
		Last: &Move{Text: `L1"><x a='`, Dir: 'L', Line: 1, Run: nil}}
	p.Last.Run = append(p.Last.Run, struct{ Row, Col int }{1, 1})
	for _, o := range []Options{
		{Title: nasty, Caption: nasty + "\nline two \x00\x1b\xff\ufffe"},
		{Unstyled: true, Caption: "\t\r"},
	} {
		b := SVG(p, &o)
		els := parseSVG(t, b)
		for _, e := range els {
			if e.name == "script" || e.name == "x" {
				t.Errorf("an element <%s> from the text", e.name)
			}
		}
		if o.Title != "" {
			var title, caption string
			for _, e := range els {
				switch {
				case e.name == "title":
					title = e.text
				case e.class() == "caption" && caption == "":
					caption = e.text
				}
			}
			if title != nasty || els[0].attrs["aria-label"] != nasty {
				t.Errorf("title %q, aria-label %q, want %q", title, els[0].attrs["aria-label"], nasty)
			}
			if caption != nasty {
				t.Errorf("caption %q, want %q", caption, nasty)
			}
		}
		if !bytes.Contains(b, []byte(`data-move="L1&quot;&gt;&lt;x a=&#39;"`)) {
			t.Errorf("the move's text is not escaped in data-move")
		}
	}
}

// TestSVGUnstyled: an unstyled drawing has no colour of its own.
func TestSVGUnstyled(t *testing.T) {
	kind, g, rules := game(t, "forty.pousse", 0)
	b := SVG(At(kind, g, rules, 40), &Options{Unstyled: true})
	if bytes.Contains(b, []byte("<style")) || bytes.Contains(b, []byte("#")) {
		t.Errorf("an unstyled drawing has a colour:\n%s", b[:200])
	}
}

// TestThemesDiffer: every theme colours the marks, and the themes differ.
func TestThemesDiffer(t *testing.T) {
	seen := map[string]Theme{}
	for _, th := range []Theme{ThemeLight, ThemeDark, ThemeHCLight, ThemeHCDark} {
		css := string(appendCSS(nil, th))
		if prev, dup := seen[css]; dup {
			t.Errorf("%v colours as %v", th, prev)
		}
		seen[css] = th
		pal := palette(th)
		// X and O, and each against the background, must differ.
		if pal[inkX] == pal[inkO] || pal[inkX] == pal[inkBg] || pal[inkO] == pal[inkBg] || pal[inkFg] == pal[inkBg] {
			t.Errorf("%v: X %v, O %v, background %v", th, pal[inkX], pal[inkO], pal[inkBg])
		}
		for _, k := range []ink{inkX, inkO, inkFg, inkLast, inkPath, inkGrid} {
			if r := contrast(pal[k], pal[inkBg]); r < 3 {
				t.Errorf("%v: ink %d has contrast %.2f on the background, want >= 3", th, k, r)
			}
		}
	}
}

func TestParseTheme(t *testing.T) {
	for _, name := range themeNames {
		th, err := ParseTheme(name)
		if err != nil || th.String() != name {
			t.Errorf("ParseTheme(%q) = %v, %v", name, th, err)
		}
	}
	if _, err := ParseTheme("blue"); err == nil || !strings.Contains(err.Error(), "hc-dark") {
		t.Errorf("ParseTheme(blue): %v", err)
	}
}

// TestSVGHugeN: a Position larger than any game is drawn without its
// squares, not with billions of elements.
func TestSVGHugeN(t *testing.T) {
	b := SVG(&Position{Kind: parse.Spot, N: 1 << 30}, nil)
	if len(b) > 64<<10 {
		t.Errorf("%d bytes for an empty board of 2^30 squares a side", len(b))
	}
	parseSVG(t, b)
}

// FuzzSVG: any squares, size and caption give a well-formed document,
// standalone and embeddable (with marks and a last move from the same
// bytes).
func FuzzSVG(f *testing.F) {
	f.Add(uint8(3), []byte("XO.*WB?U\x00"), "game <1> & \"2\"", uint8(1))
	f.Add(uint8(0), []byte{}, "", uint8(0))
	f.Fuzz(func(t *testing.T, n uint8, squares []byte, caption string, kind uint8) {
		p := &Position{Kind: parse.Kind(kind % 4), N: int(n % 12), Squares: squares, Verdict: caption}
		parseSVG(t, SVG(p, &Options{Caption: caption, Title: caption}))
		// Embeddable, with marks and a last move from the same bytes.
		p.Game, p.Move, p.End = 1, int(n), int(kind)
		p.Marks = []Mark{{Slot: caption, Mark: caption}, {Cell: analyze.Cell{Row: int(n % 5), Col: int(kind % 5)}, Mark: "repeats"}}
		p.Last = &Move{Text: caption, Dir: "LRTB?"[kind%5], Line: int(n % 13), Run: []analyze.Cell{{Row: int(n % 13), Col: int(kind % 13)}},
			Off: analyze.Cell{Row: -1, Col: 99}, OffWho: analyze.Player(kind % 3)}
		parseSVG(t, SVG(p, &Options{Embed: true, Title: caption}))
	})
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	l := func(c color.RGBA) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	x, y := l(a)+0.05, l(b)+0.05
	return max(x, y) / min(x, y)
}
