package format_test

import (
	"strings"
	"testing"

	"gamels/internal/format"
	"gamels/internal/gen"
	"gamels/parse"
)

// benchSource formats src, reporting bytes per second and the cost per
// byte of the source.
func benchSource(b *testing.B, kind parse.Kind, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		var err error
		if out, err = format.Source(kind, src); err != nil {
			b.Fatal(err)
		}
	}
	if len(out) == 0 {
		b.Fatal("empty output")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
}

// BenchmarkSourceManyGames formats a million one-move games (10 MB), the
// shape of the largest documents an editor sends: the cost is per game.
func BenchmarkSourceManyGames(b *testing.B) {
	benchSource(b, parse.Pousse, []byte(strings.Repeat("1\nL1\nQUIT\n", 1000000)))
}

// The reference inputs of BENCHMARKS.md (already in the canonical
// layout: the cost of formatting on save).
func BenchmarkSourcePousse(b *testing.B) {
	benchSource(b, parse.Pousse, gen.Pousse(1, gen.RefPousse))
}

func BenchmarkSourceSpot(b *testing.B) {
	benchSource(b, parse.Spot, gen.Spot(1, gen.RefSpot))
}

func BenchmarkSourcePath(b *testing.B) {
	benchSource(b, parse.Path, gen.Path(1, gen.RefPath))
}
