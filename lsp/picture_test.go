package lsp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"

	"gamels/internal/gen"
)

// The light theme's colours of internal/picture (theme.go) that the
// checks below look for.
var (
	lightBg = color.RGBA{0xff, 0xff, 0xff, 0xff}
	lightFg = color.RGBA{0x20, 0x21, 0x24, 0xff}
	lightX  = color.RGBA{0x1a, 0x73, 0xe8, 0xff}
)

// TestPicture asks gamels/picture for each example at a position of
// each kind, in each format: the SVG is well-formed and standalone (its
// own style), the PNG decodes to the drawing's size with the expected
// colour at the centre of a known square, the GIF
// decodes into one frame a position, and its frames, composed as a viewer
// shows them, end with the final position's colours.
func TestPicture(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	var exp struct {
		Picture bool `json:"gamelsPicture"`
	}
	if err := json.Unmarshal(res.Capabilities.Experimental, &exp); err != nil || !exp.Picture {
		t.Errorf("experimental capabilities %s: no gamelsPicture", res.Capabilities.Experimental)
	}
	for _, tc := range []struct {
		file   string
		game   int
		line   uint32 // 0-based: the position asked
		move   int    // the position drawn
		frames int    // of the game's animation
		name   string // of the PNG
		// A square and what its centre shows in the PNG and in the GIF's
		// last frame.
		row, col int
		centre   color.RGBA
	}{
		{"sample.pousse", 2, 20, 7, 8, "sample-game2-move7.png", 0, 0, lightX},
		{"icfp1998.pousse", 1, 16, 13, 14, "icfp1998-game1-move13.png", 0, 0, lightX},
		{"sample.spot", 1, 3, 2, 4, "sample-game1-move2.png", 1, 1, lightFg},
		{"boards.path", 1, 3, 0, 1, "boards-board1.png", 1, 1, lightBg},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("..", "testdata", "examples", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			u := uri.URI("file:///dir/" + tc.file)
			c.open(u, 1, string(text))
			c.waitVersion(u, 1)
			ask := func(format string) pictureResult {
				t.Helper()
				var r pictureResult
				params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(tc.line, 0), "format": format, "theme": "light"}
				if _, err := c.conn.Call(context.Background(), PictureMethod, params, &r); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				if r.Format != format || r.Mime != pictureMimes[format] || r.Game != tc.game {
					t.Errorf("%s: format %q mime %q game %d", format, r.Format, r.Mime, r.Game)
				}
				return r
			}
			// The SVG: standalone, and where its squares are.
			s := ask("svg")
			els := parseDrawing(t, s.Data)
			if !strings.Contains(s.Data, "<style>") || !strings.HasPrefix(s.Data, "<?xml") || s.Bytes != len(s.Data) {
				t.Errorf("the SVG is not standalone: %.100s", s.Data)
			}
			var title string
			for _, e := range els {
				if e.name == "title" {
					title = e.text
				}
			}
			if want := fmt.Sprintf("%s, %s %d: ", tc.file, map[bool]string{true: "board", false: "game"}[strings.HasSuffix(tc.file, ".path")], tc.game); !strings.HasPrefix(title, want) ||
				strings.Count(title, "game ")+strings.Count(title, "board ") != 1 {
				t.Errorf("svg: title %q, want it to start %q and name the game once", title, want)
			}
			if s.Name != strings.TrimSuffix(tc.name, ".png")+".svg" || s.Move != tc.move {
				t.Errorf("svg: name %q move %d, want %q %d", s.Name, s.Move, tc.name, tc.move)
			}
			cells := map[string]svgElement{}
			for _, e := range els {
				if e.name == "rect" && e.has("cell") && e.depth == 1 {
					cells[e.at()] = e
				}
			}
			// The square to look at: the one named, or the first X.
			row, col := tc.row, tc.col
			if row == 0 {
				for _, e := range els {
					if e.has("mark", "x") && !e.has("off") {
						row, _ = strconv.Atoi(e.attrs["data-row"])
						col, _ = strconv.Atoi(e.attrs["data-col"])
						break
					}
				}
			}
			sq, ok := cells[fmt.Sprintf("%d,%d", row, col)]
			if !ok {
				t.Fatalf("no square %d,%d in the SVG", row, col)
			}
			num := func(k string) int { f, _ := strconv.ParseFloat(sq.attrs[k], 64); return int(f) }
			cx, cy := num("x")+num("width")/2, num("y")+num("height")/2

			// The PNG: the position, painted.
			pn := ask("png")
			if pn.Name != tc.name || pn.Move != tc.move {
				t.Errorf("png: name %q move %d, want %q %d", pn.Name, pn.Move, tc.name, tc.move)
			}
			img, err := png.Decode(bytes.NewReader(decode64(t, pn.Data)))
			if err != nil {
				t.Fatalf("png: %v", err)
			}
			// The same layout, without the SVG's caption (the raster has
			// no letters for it): no wider.
			w, _ := strconv.Atoi(els[0].attrs["width"])
			if dx := img.Bounds().Dx(); dx > w || dx <= cx {
				t.Errorf("png %v, the SVG %d wide, square %d,%d at x %d", img.Bounds(), w, row, col, cx)
			}
			if got := rgba(img.At(cx, cy)); got != tc.centre {
				t.Errorf("png: the centre of square %d,%d is %v, want %v", row, col, got, tc.centre)
			}

			// The GIF: the game, one frame a position, the last the end.
			g := ask("gif")
			anim, err := gif.DecodeAll(bytes.NewReader(decode64(t, g.Data)))
			if err != nil {
				t.Fatalf("gif: %v", err)
			}
			if len(anim.Image) != tc.frames || g.Frames != tc.frames || !strings.HasSuffix(g.Name, ".gif") {
				t.Errorf("gif: %d frames (answer: %d, %q), want %d", len(anim.Image), g.Frames, g.Name, tc.frames)
			}
			last := composeGIF(anim)
			if tc.move == tc.frames-1 || tc.frames == 1 {
				// The position asked is the game's last: the same square.
				if got := rgba(last.At(cx, cy)); got != tc.centre {
					t.Errorf("gif: the last frame's square %d,%d is %v, want %v", row, col, got, tc.centre)
				}
			}
			if rgba(last.At(1, 1)) != lightBg {
				t.Errorf("gif: the last frame's corner is %v, want the background", last.At(1, 1))
			}
		})
	}

	// Refusals: outside every game, an unknown format or theme, no position.
	const u = "file:///r.spot"
	c.open(u, 1, "# a comment\n2\n1 1 +\n0\n")
	c.waitVersion(u, 1)
	for _, tc := range []struct {
		name   string
		params map[string]any
	}{
		{"comment", map[string]any{"position": pos(0, 0), "format": "png"}},
		{"trailing 0", map[string]any{"position": pos(3, 0), "format": "svg"}},
		{"format", map[string]any{"position": pos(2, 0), "format": "jpeg"}},
		{"no format", map[string]any{"position": pos(2, 0)}},
		{"theme", map[string]any{"position": pos(2, 0), "format": "svg", "theme": "blue"}},
		{"no position", map[string]any{"format": "svg"}},
	} {
		tc.params["textDocument"] = map[string]any{"uri": u}
		var raw json.RawMessage
		_, err := c.conn.Call(context.Background(), PictureMethod, tc.params, &raw)
		if code := errCode(err); code != jsonrpc2.InvalidParams {
			t.Errorf("%s: %s, %v; want InvalidParams", tc.name, raw, err)
		}
	}
	var dark pictureResult
	if _, err := c.conn.Call(context.Background(), PictureMethod, map[string]any{
		"textDocument": map[string]any{"uri": u}, "position": pos(2, 0), "format": "svg", "theme": "dark"}, &dark); err != nil ||
		!strings.Contains(dark.Data, "#1e1e1e") || strings.Contains(dark.Data, "prefers-color-scheme") {
		t.Errorf("theme dark: %v %.300s", err, dark.Data)
	}

	// A game too long to animate here is refused with a reason.
	long := gen.Pousse(5, gen.PousseOptions{Games: 1, MinN: 100, MaxN: 100, MinMoves: MaxPictureFrames + 10, MaxMoves: MaxPictureFrames + 10})
	const ul = "file:///long.pousse"
	c.open(ul, 1, string(long))
	c.waitVersion(ul, 1)
	var raw json.RawMessage
	_, err := c.conn.Call(context.Background(), PictureMethod, map[string]any{
		"textDocument": map[string]any{"uri": ul}, "position": pos(uint32(bytes.Count(long, []byte("\n"))-2), 0), "format": "gif"}, &raw)
	if code := errCode(err); code != codeRequestFailed || !strings.Contains(err.Error(), "gamels show --gif") {
		t.Errorf("a GIF of %d moves: %v (code %d), want RequestFailed naming gamels show --gif", MaxPictureFrames+10, err, code)
	}
}

// TestPictureTooLarge: an animation of more pixels than the bound is
// refused before a frame is painted.
func TestPictureTooLarge(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	text := gen.Pousse(9, gen.PousseOptions{Games: 1, MinN: 100, MaxN: 100, MinMoves: 600, MaxMoves: 600})
	const u = "file:///big.pousse"
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	var raw json.RawMessage
	_, err := c.conn.Call(context.Background(), PictureMethod, map[string]any{
		"textDocument": map[string]any{"uri": u}, "position": pos(5, 0), "format": "gif"}, &raw)
	if code := errCode(err); code != codeRequestFailed || !strings.Contains(err.Error(), "601 frames of 1450 x 1450") {
		t.Errorf("a GIF of 600 moves on 100 x 100: %v (code %d), want RequestFailed", err, code)
	}
}

func TestPictureBase(t *testing.T) {
	for in, want := range map[string]string{
		"/dir/sample.pousse":  "sample",
		"/dir/my game.spot":   "my-game",
		`C:\x\win.path`:       "win",
		"/dir/.pousse":        "board",
		"/a/ü<b>.spot":        "b",
		"/dir/v1.2.game.spot": "v1.2.game",
		"":                    "board",
		"/dir/untitled-1":     "untitled-1",
	} {
		if got := pictureBase(in); got != want {
			t.Errorf("pictureBase(%q) = %q, want %q", in, got, want)
		}
	}
}

func decode64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("base64: %v", err)
	}
	return b
}

func rgba(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// composeGIF draws the frames of anim in turn, as a viewer shows them
// (each over the last, its transparent pixels leaving what is under), and
// returns the last picture.
func composeGIF(anim *gif.GIF) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
	for _, f := range anim.Image {
		draw.Draw(out, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	return out
}
