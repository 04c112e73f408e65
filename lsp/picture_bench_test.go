package lsp

import (
	"context"
	"testing"
	"time"

	"gamels/internal/gen"
)

// BenchmarkPicture times gamels/picture in each format, in process, on
// the last move of a 6 x 6 Pousse game of 40 moves and of a 100 x 100
// one of 2000 moves, reporting the picture's bytes (before base64) and
// the answer's time.
func BenchmarkPicture(b *testing.B) {
	for _, tc := range []struct {
		name string
		text []byte
	}{
		{"n6-40moves", gen.Pousse(11, gen.PousseOptions{Games: 1, MinN: 6, MaxN: 6, MinMoves: 40, MaxMoves: 40})},
		{"n100-2000moves", gen.Pousse(8, gen.PousseOptions{Games: 1, MinN: 100, MaxN: 100, MinMoves: 2000, MaxMoves: 2000})},
	} {
		for _, format := range []string{"svg", "png", "gif"} {
			b.Run(tc.name+"/"+format, func(b *testing.B) {
				c := startServer(b, nil)
				c.initialize(nil, "")
				const u = "file:///p.pousse"
				c.open(u, 1, string(tc.text))
				c.waitVersion(u, 1)
				m := testMapper(tc.text, UTF16)
				lines := moveLines(tc.text, m)
				params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(lines[len(lines)-1], 0), "format": format}
				var r pictureResult
				var total time.Duration
				for b.Loop() {
					t := time.Now()
					if _, err := c.conn.Call(context.Background(), PictureMethod, params, &r); err != nil {
						b.Skipf("%v", err) // over a bound
					}
					total += time.Since(t)
				}
				b.SetBytes(int64(r.Bytes))
				b.ReportMetric(float64(r.Bytes), "picture-bytes")
				b.ReportMetric(float64(r.Frames), "frames")
				b.ReportMetric(float64(total.Microseconds())/float64(b.N), "answer-µs")
			})
		}
	}
}
