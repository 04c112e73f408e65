package lsp

import (
	"strings"
	"testing"

	"gamels/analyze"
	"gamels/internal/picture"
	"gamels/internal/render"
	"gamels/parse"
)

// BenchmarkBoardText draws a board as text and writes it as the text
// member of a gamels/board answer (docs/protocol.md): a 6 x 6 board and
// a full 100 x 100 one whose markers alternate (a span each), reporting
// the bytes of JSON and the spans.
func BenchmarkBoardText(b *testing.B) {
	six := &picture.Position{Kind: parse.Pousse, N: 6, Squares: []byte(strings.Repeat("XO..X.", 6))}
	big := &picture.Position{Kind: parse.Pousse, N: 100, Squares: []byte(strings.Repeat("XO", 5000)),
		Straights: []analyze.PousseLine{{Index: 3, Who: analyze.First}}}
	for _, tc := range []struct {
		name  string
		p     *picture.Position
		width int
	}{{"6x6", six, 40}, {"100x100", big, 0}} {
		b.Run(tc.name, func(b *testing.B) {
			d := render.Board(tc.p, nil, tc.width)
			n := len(appendText(nil, d))
			b.SetBytes(int64(n))
			for b.Loop() {
				appendText(nil, render.Board(tc.p, nil, tc.width))
			}
			b.ReportMetric(float64(n), "json-bytes")
			b.ReportMetric(float64(len(d.Spans)), "spans")
		})
	}
}
