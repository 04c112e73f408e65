package parse_test

import (
	"bytes"
	"testing"

	"gamels/internal/gen"
	"gamels/parse"
)

func benchParse(b *testing.B, kind parse.Kind, src []byte, moves func(*parse.File) int) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var f *parse.File
	for b.Loop() {
		f = parse.Parse(kind, src)
	}
	if len(f.Errors) > 0 {
		b.Fatalf("generated input has errors: %v", f.Errors[0])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves(f)), "ns/item")
}

func countMoves(f *parse.File) (n int) {
	for _, g := range f.Games {
		n += len(g.Moves) + len(g.Rows)*len(g.Rows)
	}
	return n
}

func BenchmarkParsePousse(b *testing.B) {
	benchParse(b, parse.Pousse, gen.Pousse(1, gen.RefPousse), countMoves)
}

func BenchmarkParseSpot(b *testing.B) {
	benchParse(b, parse.Spot, gen.Spot(1, gen.RefSpot), countMoves)
}

func BenchmarkParsePath(b *testing.B) {
	benchParse(b, parse.Path, gen.Path(1, gen.RefPath), countMoves)
}

// BenchmarkParsePathCR parses the PATH reference with lone "\r" line
// ends, which must cost what "\n"s do (finding a line's end must not
// search the rest of the file for a '\n').
func BenchmarkParsePathCR(b *testing.B) {
	src := bytes.ReplaceAll(gen.Path(1, gen.RefPath), []byte("\n"), []byte("\r"))
	benchParse(b, parse.Path, src, countMoves)
}
