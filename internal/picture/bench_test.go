package picture

import (
	"bytes"
	"io"
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
	if err := GIF(&buf, Frames(kind, g, rules), nil, Animation{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		if err := GIF(io.Discard, Frames(kind, g, rules), nil, Animation{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "gif-bytes")
	b.ReportMetric(float64(buf.Len())/41, "bytes/frame")
}
