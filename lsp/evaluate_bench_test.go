package lsp

import (
	"context"
	"testing"
	"time"

	"go.lsp.dev/uri"
)

// BenchmarkEvaluateJudged times gamels/evaluate through the server in
// process on a 6x6 middle game whose annotations are off, so that the
// answer is the proof search's and the judgment's (until 40 ms): ms/answer
// is the mean, max-ms the slowest; the answer is due within 50 ms.
func BenchmarkEvaluateJudged(b *testing.B) {
	c := startServer(b, nil)
	c.initialize(nil, `{"gamels.analysis.enabled": false}`)
	const u = uri.URI("file:///bench.pousse")
	c.open(u, 1, "6\nT5\nL2\nB3\nL2\nL6\nL2\nR3\nL2\nB4\nB1\nQUIT\n")
	var total, worst time.Duration
	for b.Loop() {
		start := time.Now()
		var ev *evaluation
		if _, err := c.conn.Call(context.Background(), EvaluateMethod, map[string]any{
			"textDocument": map[string]any{"uri": u}, "position": pos(10, 0)}, &ev); err != nil || ev == nil || ev.Judged == nil {
			b.Fatalf("evaluate: %+v %v", ev, err)
		}
		d := time.Since(start)
		total += d
		worst = max(worst, d)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/answer")
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
}
