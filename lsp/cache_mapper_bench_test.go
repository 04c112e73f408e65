package lsp

import (
	"bytes"
	"testing"
)

func BenchmarkMapper(b *testing.B) {
	line := []byte("L1 R2 T3 B4 # commentaire é漢字😀\n")
	text := bytes.Repeat(line, 10000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		m := testMapper(text, UTF16)
		for l := uint32(0); l < 10000; l += 100 {
			m.Offset(pos(l, 30))
		}
	}
}

// BenchmarkMapperLongWideLine converts positions on one 5 MB line holding
// non-ASCII text, where checkpoints replace a scan from the line start.
func BenchmarkMapperLongWideLine(b *testing.B) {
	text := bytes.Repeat([]byte("L1 é漢😀 R2 "), 5<<20/17)
	m := testMapper(text, UTF16)
	b.SetBytes(1000)
	for b.Loop() {
		for off := 0; off < len(text); off += len(text) / 1000 {
			p := m.Position(off)
			m.Offset(p)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2000, "ns/conversion")
}
