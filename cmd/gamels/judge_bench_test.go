package main

import (
	"io"
	"testing"

	"gamels/internal/gen"
	"gamels/parse"
)

// The judge on the reference inputs of BENCHMARKS.md, in-process: read
// from memory, parse, analyse, print. The process start-up that the
// end-to-end figures add is a few milliseconds.
func benchJudge(b *testing.B, kind parse.Kind, src []byte) {
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if status := judge(kind, parse.RulesDefault, "ref", src, io.Discard, io.Discard); status != 0 {
			b.Fatalf("status %d", status)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/input")
}

func BenchmarkJudgePousse(b *testing.B) { benchJudge(b, parse.Pousse, gen.Pousse(1, gen.RefPousse)) }
func BenchmarkJudgeSpot(b *testing.B)   { benchJudge(b, parse.Spot, gen.Spot(1, gen.RefSpot)) }
func BenchmarkJudgePath(b *testing.B)   { benchJudge(b, parse.Path, gen.Path(1, gen.RefPath)) }
