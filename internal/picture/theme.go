package picture

import (
	"fmt"
	"image/color"
	"strings"

	"gamels/parse"
)

// Theme chooses the colours of a drawing.
type Theme uint8

const (
	// ThemeAuto follows the viewer: an SVG carries the light, dark and
	// high-contrast colours and picks by the prefers-color-scheme and
	// prefers-contrast media features. A GIF cannot, and is drawn light.
	ThemeAuto Theme = iota
	ThemeLight
	ThemeDark
	ThemeHCLight // high contrast on white
	ThemeHCDark  // high contrast on black
)

var themeNames = [...]string{"auto", "light", "dark", "hc-light", "hc-dark"}

func (t Theme) String() string {
	if int(t) < len(themeNames) {
		return themeNames[t]
	}
	return fmt.Sprintf("Theme(%d)", t)
}

// ParseTheme parses a theme's name: auto, light, dark, hc-light, hc-dark.
func ParseTheme(s string) (Theme, error) {
	for i, n := range themeNames {
		if s == n {
			return Theme(i), nil
		}
	}
	return 0, fmt.Errorf("unknown theme %s: the themes are %s", parse.Quote(s), strings.Join(themeNames[:], ", "))
}

// ink is a colour role: what a colour is for. Each theme gives each ink
// one colour; the tints are an accent mixed into the background.
type ink uint8

const (
	inkNone ink = iota
	inkBg
	inkGrid
	inkLabel // coordinates and captions
	inkFg    // spots, black PATH stones, the ring of a white one
	inkX
	inkO
	inkLast // the last move: its arrow and square
	inkPath
	inkOneMove
	inkBad
	inkSlot // a Pousse edge slot
	inkTintPushed
	inkTintLast
	inkTintX // a square of a straight of X
	inkTintO
	inkTintPath
	inkTintOneMove
	inkTintBad
	inkLineX // the line through a straight of X
	inkLineO
	inkFadedX // the marker pushed off
	inkFadedO
	numInks
)

// base is a theme's colours before tinting.
type base struct {
	bg, grid, label, fg, x, o, last, path, oneMove, bad, slot uint32
}

var bases = [...]base{
	ThemeLight: {bg: 0xffffff, grid: 0x80868b, label: 0x5f6368, fg: 0x202124, x: 0x1a73e8, o: 0xd93025,
		last: 0xe8710a, path: 0x188038, oneMove: 0xe37400, bad: 0xc5221f, slot: 0xe8eaed},
	ThemeDark: {bg: 0x1e1e1e, grid: 0x6e7681, label: 0x9da5b4, fg: 0xe8eaed, x: 0x6cb6ff, o: 0xff7b72,
		last: 0xf0883e, path: 0x56d364, oneMove: 0xe3b341, bad: 0xf85149, slot: 0x333842},
	ThemeHCLight: {bg: 0xffffff, grid: 0x000000, label: 0x000000, fg: 0x000000, x: 0x0037b3, o: 0xb3000c,
		last: 0x8f3f00, path: 0x00631c, oneMove: 0x6b4e00, bad: 0xb5200d, slot: 0xd0d0d0},
	ThemeHCDark: {bg: 0x000000, grid: 0xffffff, label: 0xffffff, fg: 0xffffff, x: 0x6fc3ff, o: 0xff8080,
		last: 0xffa64d, path: 0x4cff88, oneMove: 0xffff00, bad: 0xff5050, slot: 0x3a3a3a},
}

// palette returns the colours of the inks in theme t (ThemeAuto: light).
func palette(t Theme) [numInks]color.RGBA {
	if t == ThemeAuto || int(t) >= len(bases) {
		t = ThemeLight
	}
	b := bases[t]
	bg := rgb(b.bg)
	mix := func(c uint32, pct int) color.RGBA { return blend(rgb(c), bg, pct) }
	return [numInks]color.RGBA{
		inkNone:        {},
		inkBg:          bg,
		inkGrid:        rgb(b.grid),
		inkLabel:       rgb(b.label),
		inkFg:          rgb(b.fg),
		inkX:           rgb(b.x),
		inkO:           rgb(b.o),
		inkLast:        rgb(b.last),
		inkPath:        rgb(b.path),
		inkOneMove:     rgb(b.oneMove),
		inkBad:         rgb(b.bad),
		inkSlot:        rgb(b.slot),
		inkTintPushed:  mix(b.last, 14),
		inkTintLast:    mix(b.last, 32),
		inkTintX:       mix(b.x, 22),
		inkTintO:       mix(b.o, 22),
		inkTintPath:    mix(b.path, 30),
		inkTintOneMove: mix(b.oneMove, 40),
		inkTintBad:     mix(b.bad, 25),
		inkLineX:       mix(b.x, 45),
		inkLineO:       mix(b.o, 45),
		inkFadedX:      mix(b.x, 55),
		inkFadedO:      mix(b.o, 55),
	}
}

func rgb(c uint32) color.RGBA {
	return color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
}

// blend mixes pct percent of c into bg.
func blend(c, bg color.RGBA, pct int) color.RGBA {
	m := func(a, b uint8) uint8 { return uint8((int(a)*pct + int(b)*(100-pct) + 50) / 100) }
	return color.RGBA{m(c.R, bg.R), m(c.G, bg.G), m(c.B, bg.B), 0xff}
}

// A look is how one kind of shape is painted: its classes in the SVG
// (the selector of its CSS rule) and its fill and stroke. Every shape has
// exactly one look and carries exactly its classes, so the rule of its
// own look is the most specific that matches it.
type look uint8

const (
	lookBackground look = iota
	lookCell
	lookCellPushed
	lookCellLast
	lookCellLastAdd
	lookCellLastRemove
	lookCellLastIllegal
	lookCellStraightX
	lookCellStraightO
	lookCellPath
	lookCellOneMove
	lookCellBad
	lookSlot
	lookSlotLast
	lookMarkX
	lookMarkO
	lookMarkOffX
	lookMarkOffO
	lookMarkSpot
	lookMarkW
	lookMarkB
	lookMarkBad
	lookStraightX
	lookStraightO
	lookPathLine
	lookArrow
	lookLabel
	lookCaption
	numLooks
)

// lookPaint is a look's classes and colours; dash is an SVG dash pattern in
// units of the stroke width (the raster draws a dashed stroke solid).
type lookPaint struct {
	class        string
	fill, stroke ink
	dash         bool
}

var looks = [numLooks]lookPaint{
	lookBackground:      {"background", inkBg, inkNone, false},
	lookCell:            {"cell", inkBg, inkGrid, false},
	lookCellPushed:      {"cell pushed", inkTintPushed, inkGrid, false},
	lookCellLast:        {"cell last", inkTintLast, inkLast, false},
	lookCellLastAdd:     {"cell last add", inkTintLast, inkLast, false},
	lookCellLastRemove:  {"cell last remove", inkTintLast, inkLast, true},
	lookCellLastIllegal: {"cell last illegal", inkTintBad, inkBad, true},
	lookCellStraightX:   {"cell straight x", inkTintX, inkGrid, false},
	lookCellStraightO:   {"cell straight o", inkTintO, inkGrid, false},
	lookCellPath:        {"cell path", inkTintPath, inkGrid, false},
	lookCellOneMove:     {"cell onemove", inkTintOneMove, inkOneMove, true},
	lookCellBad:         {"cell bad", inkTintBad, inkGrid, false},
	lookSlot:            {"slot", inkSlot, inkNone, false},
	lookSlotLast:        {"slot last", inkTintLast, inkNone, false},
	lookMarkX:           {"mark x", inkNone, inkX, false},
	lookMarkO:           {"mark o", inkNone, inkO, false},
	lookMarkOffX:        {"mark off x", inkNone, inkFadedX, false},
	lookMarkOffO:        {"mark off o", inkNone, inkFadedO, false},
	lookMarkSpot:        {"mark spot", inkFg, inkNone, false},
	lookMarkW:           {"mark w", inkBg, inkFg, false},
	lookMarkB:           {"mark b", inkFg, inkNone, false},
	lookMarkBad:         {"mark bad", inkBad, inkNone, false},
	lookStraightX:       {"straight-line x", inkNone, inkLineX, false},
	lookStraightO:       {"straight-line o", inkNone, inkLineO, false},
	lookPathLine:        {"path-line", inkNone, inkPath, false},
	lookArrow:           {"arrow", inkLast, inkLast, false},
	lookLabel:           {"label", inkLabel, inkNone, false},
	lookCaption:         {"caption", inkLabel, inkNone, false},
}

// appendCSS appends the rules that colour every look in theme t, each
// selector scoped to the drawing's root class.
func appendCSS(dst []byte, t Theme) []byte {
	pal := palette(t)
	hex := func(dst []byte, k ink) []byte {
		if k == inkNone {
			return append(dst, "none"...)
		}
		c := pal[k]
		return fmt.Appendf(dst, "#%02x%02x%02x", c.R, c.G, c.B)
	}
	for _, p := range looks {
		dst = append(dst, ".gamels-board ."...)
		dst = append(dst, strings.ReplaceAll(p.class, " ", ".")...)
		dst = append(dst, "{fill:"...)
		dst = hex(dst, p.fill)
		dst = append(dst, ";stroke:"...)
		dst = hex(dst, p.stroke)
		dst = append(dst, '}')
	}
	return dst
}
