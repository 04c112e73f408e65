package main

import (
	"bytes"
	"encoding/xml"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// wellFormed reports the first XML error in b, or nil.
func wellFormed(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// TestShowSVG: --svg writes the position at LINE as a standalone SVG, to
// standard output or to -o FILE; the file name and the position are its
// title and caption, escaped.
func TestShowSVG(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, `a<b>&"c".pousse`)
	os.WriteFile(name, []byte("4\nL2\nT2 # a <comment>\nL2\nQUIT\n"), 0o644)
	status, stdout, stderr := runCLI("", "show", "--svg", name+":3")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if err := wellFormed([]byte(stdout)); err != nil {
		t.Fatalf("not XML: %v\n%s", err, stdout)
	}
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" class="gamels-board pousse" data-n="4" data-move="2"`,
		`<title>a&lt;b&gt;&amp;&quot;c&quot;.pousse, game 1: Pousse 4×4, after move 2 of 3 (T2); the game: TIE GAME</title>`,
		`class="slot last" data-col="2" data-move="T2"`,
		`@media (prefers-color-scheme: dark)`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "comment") {
		t.Errorf("a comment of the transcript is in the picture")
	}

	out := filepath.Join(dir, "board.svg")
	status, stdout, stderr = runCLI("", "show", "--svg", "--theme", "dark", "-o", out, name+":4")
	b, err := os.ReadFile(out)
	if status != 0 || stdout != "" || stderr != "" || err != nil {
		t.Fatalf("-o: status %d, stdout %q, stderr %q, %v", status, stdout, stderr, err)
	}
	if err := wellFormed(b); err != nil || bytes.Contains(b, []byte("@media")) || !bytes.Contains(b, []byte(`data-move="3"`)) {
		t.Errorf("-o %s --theme dark: %v\n%s", out, err, b)
	}

	// A game that ends by repeating a position: the earlier one beside.
	spot := filepath.Join("..", "..", "testdata", "examples", "sample.spot")
	status, stdout, stderr = runCLI("", "show", "--svg", spot+":5")
	if status != 0 || !strings.Contains(stdout, `<g class="earlier" data-move="1" data-rotation="0">`) {
		t.Errorf("a repeat: status %d, stderr %q, no earlier board in\n%s", status, stderr, stdout)
	}
}

// TestShowGIF: --gif writes the whole game of LINE, a frame a move
// played and one before the first.
func TestShowGIF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "game.gif")
	sample := filepath.Join("..", "..", "testdata", "examples", "sample.pousse")
	// Line 14 is in the second game, which ends at move 7 of 8.
	status, stdout, stderr := runCLI("", "show", "--gif", "-o", out, sample+":14")
	if status != 0 || stdout != "" || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 8 {
		t.Errorf("%d frames, want 8 (the empty board and 7 moves)", len(g.Image))
	}
	status, stdout, _ = runCLI("", "show", "--gif", "--cell", "10", "--delay", "250ms", filepath.Join("..", "..", "testdata", "examples", "sample.spot")+":9")
	g, err = gif.DecodeAll(strings.NewReader(stdout))
	if status != 0 || err != nil {
		t.Fatalf("to standard output: status %d, %v", status, err)
	}
	if g.Delay[0] != 25 || g.Config.Width > 60 {
		t.Errorf("--cell 10 --delay 250ms: delay %d cs, %d px wide", g.Delay[0], g.Config.Width)
	}
}

// TestShowPictureErrors: a wrong combination is a wrong command line; a
// file of several games needs a LINE.
func TestShowPictureErrors(t *testing.T) {
	sample := filepath.Join("..", "..", "testdata", "examples", "sample.pousse")
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"--svg", "--gif", sample + ":5"}, 2, "choose one"},
		{[]string{"-o", "x.svg", sample + ":5"}, 2, "use it with --svg or --gif"},
		{[]string{"--svg", "--theme", "pink", sample + ":5"}, 2, "the themes are auto, light, dark, hc-light, hc-dark"},
		{[]string{"--svg", sample}, 1, "holds 2 games: say which with"},
		{[]string{"--svg", "--cell", "2", sample + ":5"}, 2, "a square is 4 to 200 pixels"},
		{[]string{"--gif", "--delay", "1ms", sample + ":5"}, 2, "from 10ms to 655s"},
		{[]string{"--svg", sample + ":999"}, 1, "no line 999"},
		{[]string{"--svg", sample + ":1"}, 1, "no game starts at or before this line"},
		{[]string{"--gif", "--svg", "nope.txt"}, 2, "choose one"},
		{[]string{"--gif", "nope.txt"}, 1, "not a transcript"},
		{[]string{"--svg", "-o", filepath.Join(t.TempDir(), "no", "such", "dir.svg"), sample + ":5"}, 1, "no such file or directory"},
		{[]string{"--svg", "-o", "other.pousse", sample + ":5"}, 2, "not writing a picture over a transcript"},
		{[]string{"--gif", "-o", sample, sample + ":5"}, 2, "not writing a picture over a transcript"},
	} {
		status, stdout, stderr := runCLI("", append([]string{"show"}, tc.args...)...)
		if status != tc.status || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%q: status %d, stderr %q, stdout %q; want %d and %q", tc.args, status, stderr, stdout, tc.status, tc.want)
		}
	}
}

// TestShowGIFTooLarge: an animation over a bound (its frames, or the
// pixels it would paint) is refused before a frame is painted, at once,
// not after minutes of painting.
func TestShowGIFTooLarge(t *testing.T) {
	dir := t.TempDir()
	// Pushes along one row from both sides never make a straight: the
	// game goes on for every move.
	game := func(moves int) string {
		name := filepath.Join(dir, strconv.Itoa(moves)+".pousse")
		var b strings.Builder
		b.WriteString("100\n")
		for i := range moves {
			b.WriteString([]string{"L1\n", "R1\n"}[i%2])
		}
		b.WriteString("QUIT\n")
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--cell", "4", game(20000)}, "over 20000 frames"},
		{[]string{game(5000)}, "5001 frames of"},
	} {
		args := append([]string{"show", "--gif", "-o", filepath.Join(dir, "x.gif")}, tc.args...)
		start := time.Now()
		status, stderr, _ := boundedRun(t, 1024, 60*time.Second, "", args...)
		if d := time.Since(start); status != exitProblem || !strings.Contains(stderr, tc.want) || d > 10*time.Second {
			t.Errorf("%v: status %d in %v, stderr %q; want 1 and %q, at once", tc.args, status, d, stderr, tc.want)
		}
	}
}
