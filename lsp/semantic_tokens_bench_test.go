package lsp

import (
	"context"
	"gamels/internal/textpos"
	"gamels/parse"
	"testing"
)

// BenchmarkSemanticTokens collects and encodes the tokens of the 3000
// random Spot games.
func BenchmarkSemanticTokens(b *testing.B) {
	text := readContest(b, "random/uva141_random3000.in")
	fa := analyzeFile(parse.Spot, textpos.FromBytes(text), parse.RulesDefault, nil, nil)
	m := testMapper(text, UTF16)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		toks, _ := collectTokens(context.Background(), textpos.FromBytes(text), parse.Spot, fa, parse.Span{End: len(text)})
		data, _ := encodeTokens(context.Background(), m, toks)
		n = len(data) / 5
	}
	b.ReportMetric(float64(n), "tokens")
}
