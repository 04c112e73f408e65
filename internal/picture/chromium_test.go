package picture

import (
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
	dir := t.TempDir()
	in, out := filepath.Join(dir, "board.svg"), filepath.Join(dir, "board.png")
	if err := os.WriteFile(in, svg, 0o666); err != nil {
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
