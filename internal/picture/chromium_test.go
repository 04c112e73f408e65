//go:build !(js && wasm)

package picture

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// chromium returns the path of a Chromium to render with, or skips t.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("renders in Chromium: not in -short")
	}
	for _, name := range []string{os.Getenv("GAMELS_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no Chromium on PATH (set GAMELS_CHROMIUM)")
	return ""
}

// screenshot renders svg in headless Chromium at its own size and returns
// the picture; dark asks for prefers-color-scheme: dark.
func screenshot(t *testing.T, browser string, svg []byte, w, h int, dark bool) image.Image {
	t.Helper()
	return render(t, browser, "board.svg", svg, w, h, dark)
}

// screenshotPage renders an HTML page in headless Chromium, w x h.
func screenshotPage(t *testing.T, browser string, page []byte, w, h int) image.Image {
	t.Helper()
	return render(t, browser, "board.html", page, w, h, false)
}

// render writes content to a file named name and renders it.
func render(t *testing.T, browser, name string, content []byte, w, h int, dark bool) image.Image {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, name), filepath.Join(dir, "board.png")
	if err := os.WriteFile(in, content, 0o666); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--user-data-dir=" + filepath.Join(dir, "profile"),
		fmt.Sprintf("--window-size=%d,%d", w, h), "--screenshot=" + out}
	if dark {
		args = append(args, "--force-dark-mode")
	}
	cmd := exec.CommandContext(ctx, browser, append(args, "file://"+in)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("GAMELS_SCREENSHOTS"); dir != "" {
		b, _ := os.ReadFile(out)
		_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-dark=%v.png", filepath.Base(t.Name()), dark)), b, 0o666)
	}
	return img
}

func near(a color.Color, b color.RGBA, tol int) bool {
	r, g, bb, _ := a.RGBA()
	d := func(x uint32, y uint8) bool { v := int(x>>8) - int(y); return v <= tol && v >= -tol }
	return d(r, b.R) && d(g, b.G) && d(bb, b.B)
}

// TestChromium renders drawings in Chromium, for a viewer that prefers
// light and one that prefers dark (the SVG's own media queries choose),
// and in the high-contrast themes fixed, and reads every square back off
// the screenshot: the marks' colours where the position has them, the
// square's fill where it has none.
func TestChromium(t *testing.T) {
	browser := chromium(t)
	for _, tc := range []struct {
		file  string
		move  int
		theme Theme // the drawing's
		dark  bool  // the viewer's preference
		want  Theme // the colours expected
	}{
		{"forty.pousse", 27, ThemeAuto, false, ThemeLight},
		{"forty.pousse", 27, ThemeAuto, true, ThemeDark},
		{"sample.spot", 2, ThemeAuto, false, ThemeLight},
		{"sample.spot", 2, ThemeAuto, true, ThemeDark},
		{"forty.pousse", 40, ThemeHCDark, false, ThemeHCDark}, // a fixed theme whatever the viewer's
		{"forty.pousse", 12, ThemeHCLight, true, ThemeHCLight},
	} {
		kind, g, rules := game(t, tc.file, 0)
		p := At(kind, g, rules, tc.move)
		o := &Options{Caption: "a caption", Theme: tc.theme}
		d := layout(p, o)
		svg := SVG(p, o)
		dark := tc.dark
		t.Run(fmt.Sprintf("%s@%d/%v/dark=%v", tc.file, tc.move, tc.theme, dark), func(t *testing.T) {
			img := screenshot(t, browser, svg, d.w, d.h, dark)
			if img.Bounds().Dx() != d.w || img.Bounds().Dy() != d.h {
				t.Fatalf("screenshot %v, drawing %d x %d", img.Bounds(), d.w, d.h)
			}
			pal := palette(tc.want)
			fill := cellLooks(p, false)
			s := float64(o.cell(p.N))
			var marks int
			for r := 1; r <= p.N; r++ {
				for c := 1; c <= p.N; c++ {
					pt := centre(t, p, o, r, c)
					onLine := false
					for _, l := range p.Straights {
						onLine = onLine || (!l.Col && l.Index == r) || (l.Col && l.Index == c)
					}
					var where image.Point
					var want color.RGBA
					switch ch := p.At(r, c); {
					case ch == 'X':
						where, want = pt, pal[inkX]
					case ch == 'O':
						where, want = pt.Add(image.Pt(int(s*0.28), 0)), pal[inkO]
					case ch == '*':
						where, want = pt, pal[inkFg]
					case onLine:
						continue
					default:
						where, want = pt, pal[looks[fill(r, c)].fill]
					}
					if ch := p.At(r, c); ch != '.' {
						marks++
					}
					if got := img.At(where.X, where.Y); !near(got, want, 8) {
						t.Errorf("square (%d, %d) %c at %v: %v, want %v", r, c, p.At(r, c), where, got, want)
					}
				}
			}
			if marks == 0 {
				t.Fatalf("no marks to check")
			}
			if got, want := img.At(1, 1), pal[inkBg]; !near(got, want, 2) {
				t.Errorf("the background %v, want %v", got, want)
			}
		})
	}
}

// gifCheckPage decodes board.gif with Chromium's own decoder (WebCodecs'
// ImageDecoder), draws its last frame and prints the frame count and the
// colours at the points asked for in the page's query.
const gifCheckPage = `<html><body><pre id="out">pending</pre><canvas id="c"></canvas><script>
(async () => {
  const out = document.getElementById("out");
  try {
    const data = await (await fetch("board.gif")).arrayBuffer();
    const dec = new ImageDecoder({ data, type: "image/gif" });
    await dec.tracks.ready;
    const n = dec.tracks.selectedTrack.frameCount;
    const f = (await dec.decode({ frameIndex: n - 1 })).image;
    const c = document.getElementById("c");
    c.width = f.displayWidth; c.height = f.displayHeight;
    const ctx = c.getContext("2d");
    ctx.drawImage(f, 0, 0);
    const pts = new URLSearchParams(location.search).get("at").split(";");
    out.textContent = "frames=" + n + " " + pts.map(p => {
      const [x, y] = p.split(",").map(Number);
      return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)).join(",");
    }).join(" ");
  } catch (e) { out.textContent = "error " + e; }
})();
</script></body></html>`

// TestChromiumGIF: Chromium's GIF decoder reads the animation as image/gif
// does: every frame, and the final position in the last.
func TestChromiumGIF(t *testing.T) {
	browser := chromium(t)
	kind, g, rules := game(t, "forty.pousse", 0)
	var b bytes.Buffer
	if err := GIF(&b, framesOf(kind, g, rules), nil, Animation{}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "board.gif"), b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "check.html"), []byte(gifCheckPage), 0o666); err != nil {
		t.Fatal(err)
	}
	last := At(kind, g, rules, 40)
	o := &Options{Theme: ThemeLight}
	x := centre(t, last, o, 1, 1)                                                     // an X
	ring := centre(t, last, o, 5, 5).Add(image.Pt(int(0.28*float64(CellSize(6))), 0)) // an O's ring
	empty := centre(t, last, o, 5, 6)                                                 // empty
	if last.At(1, 1) != 'X' || last.At(5, 5) != 'O' || last.At(5, 6) != '.' {
		t.Fatalf("the final position has moved: %q", last.Squares)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := fmt.Sprintf("file://%s?at=%d,%d;%d,%d;%d,%d", filepath.Join(dir, "check.html"), x.X, x.Y, ring.X, ring.Y, empty.X, empty.Y)
	// The page decodes asynchronously, and Chromium may dump the page
	// before it is done (virtual time does not wait for the decoder): a
	// page still pending is asked again.
	var out []byte
	for try := 0; try < 5; try++ {
		var err error
		out, err = exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
			"--allow-file-access-from-files", "--user-data-dir="+filepath.Join(dir, "profile"),
			"--virtual-time-budget=5000", "--dump-dom", url).Output()
		if err != nil {
			t.Fatalf("%s: %v", browser, err)
		}
		if !bytes.Contains(out, []byte(`<pre id="out">pending`)) {
			break
		}
	}
	pal := palette(ThemeLight)
	hex := func(c color.RGBA) string { return fmt.Sprintf("%d,%d,%d", c.R, c.G, c.B) }
	want := fmt.Sprintf(`<pre id="out">frames=41 %s %s %s</pre>`, hex(pal[inkX]), hex(pal[inkO]), hex(pal[inkBg]))
	if !bytes.Contains(out, []byte(want)) {
		i := bytes.Index(out, []byte(`<pre id="out">`))
		t.Errorf("Chromium reads %s, want %s", out[max(i, 0):min(max(i, 0)+120, len(out))], want)
	}
}
