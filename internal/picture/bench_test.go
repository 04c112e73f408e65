//go:build !(js && wasm)

package picture

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// BenchmarkSVG draws a 6 x 6 position and a full 100 x 100 board (the
// largest Pousse board), reporting the bytes of SVG.
func BenchmarkSVG(b *testing.B) {
	kind, g, rules := game(b, "forty.pousse", 0)
	big := &Position{Kind: parse.Pousse, N: 100, Squares: []byte(strings.Repeat("XO.", 3334)[:10000]),
		Straights: []analyze.PousseLine{{Index: 3, Who: analyze.First}}}
	for _, tc := range []struct {
		name string
		p    *Position
	}{
		{"6x6", At(kind, g, rules, 27)},
		{"100x100", big},
	} {
		b.Run(tc.name, func(b *testing.B) {
			n := len(SVG(tc.p, nil))
			b.SetBytes(int64(n))
			for b.Loop() {
				SVG(tc.p, nil)
			}
			b.ReportMetric(float64(n), "svg-bytes")
		})
	}
}

// BenchmarkGIF animates the 40 moves of a 6 x 6 game, reporting the
// bytes of GIF.
func BenchmarkGIF(b *testing.B) {
	kind, g, rules := game(b, "forty.pousse", 0)
	var buf bytes.Buffer
	if err := GIF(&buf, framesOf(kind, g, rules), nil, Animation{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		if err := GIF(io.Discard, framesOf(kind, g, rules), nil, Animation{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "gif-bytes")
	b.ReportMetric(float64(buf.Len())/41, "bytes/frame")
}

// BenchmarkGIFSizes animates the first 40 moves of every game of the ICFP
// 1998 log that has 40 or more (6 x 6 boards), reporting the median and
// largest size of a GIF. Run it with -benchtime 1x: one pass is 319
// games.
func BenchmarkGIFSizes(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"))
	if err != nil {
		b.Skip(err)
	}
	f := parse.Parse(parse.Pousse, src)
	var sizes []int
	for b.Loop() {
		sizes = sizes[:0]
		total := 0
		for _, g := range f.Games {
			if len(g.Moves) < 40 || g.Size != 6 {
				continue
			}
			short := *g
			short.Moves = g.Moves[:40]
			var buf bytes.Buffer
			if err := GIF(&buf, framesOf(parse.Pousse, &short, parse.RulesICFP), nil, Animation{}); err != nil {
				b.Fatal(err)
			}
			sizes = append(sizes, buf.Len())
			total += buf.Len()
		}
		b.SetBytes(int64(total))
	}
	if len(sizes) == 0 {
		b.Fatal("no game of 40 moves")
	}
	slices.Sort(sizes)
	b.ReportMetric(float64(len(sizes)), "games")
	b.ReportMetric(float64(sizes[len(sizes)/2]), "median-bytes")
	b.ReportMetric(float64(sizes[len(sizes)-1]), "max-bytes")
}
