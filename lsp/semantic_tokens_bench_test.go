package lsp

import (
	"gamels/internal/textpos"
	"gamels/parse"
	"testing"
)

// BenchmarkSemanticTokens collects and encodes the tokens of the 3000
// random Spot games.
func BenchmarkSemanticTokens(b *testing.B) {
	text := readContest(b, "random/uva141_random3000.in")
	fa := analyzeFile(parse.Spot, textpos.FromBytes(text), parse.RulesDefault, nil)
	m := testMapper(text, UTF16)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(encodeTokens(m, collectTokens(textpos.FromBytes(text), parse.Spot, fa))) / 5
	}
	b.ReportMetric(float64(n), "tokens")
}
