//go:build !(js && wasm)

package picture_test

import (
	"bytes"
	"fmt"
	"image/gif"

	"gamels/analyze"
	"gamels/internal/picture"
	"gamels/parse"
)

// A caller with its own analysis (the server keeps one per game) builds
// the Position from it and draws; At analyses a game afresh.
func ExampleSVG() {
	f := parse.Parse(parse.Pousse, []byte("4\nL2\nT2\nL2\nQUIT\n"))
	g := f.Games[0]
	p := picture.PoussePosition(g, analyze.Pousse(g, parse.RulesContest), 3)
	svg := picture.SVG(p, &picture.Options{Theme: picture.ThemeDark})
	fmt.Println(picture.Describe(p))
	fmt.Println(bytes.Count(svg, []byte(`<rect class="cell`)), "squares")
	// Output:
	// Pousse 4×4, after move 3 of 3 (L2); the game: TIE GAME
	// 16 squares
}

func ExampleGIF() {
	f := parse.Parse(parse.Spot, []byte("2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n"))
	var out bytes.Buffer // or a file
	n, frames := picture.Frames(parse.Spot, f.Games[0], parse.RulesDefault)
	if err := picture.Fits(n, picture.At(parse.Spot, f.Games[0], parse.RulesDefault, 0), nil, picture.Animation{}); err != nil {
		fmt.Println(err)
		return
	}
	if err := picture.GIF(&out, frames, nil, picture.Animation{}); err != nil {
		fmt.Println(err)
		return
	}
	anim, err := gif.DecodeAll(&out)
	fmt.Println(len(anim.Image), "frames: the empty board and moves 1 to 3, where the game ends;", err)
	// Output:
	// 4 frames: the empty board and moves 1 to 3, where the game ends; <nil>
}
