package parse_test

import (
	"bytes"
	"slices"
	"testing"

	"gamels/internal/cputime"
	"gamels/internal/gen"
	"gamels/parse"
)

func benchParse(b *testing.B, kind parse.Kind, src []byte, moves func(*parse.File) int) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var f *parse.File
	cpu := cputime.Start()
	for b.Loop() {
		f = parse.Parse(kind, src)
	}
	if len(f.Errors) > 0 {
		b.Fatalf("generated input has errors: %v", f.Errors[0])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves(f)), "ns/item")
	cpu.Report(b, float64(moves(f)), "item")
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

// BenchmarkReparse times an edit in the middle of the server benchmarks'
// Pousse file (lsp perfInputs: 1000 games, about 10 MB) and of its first
// tenth (100 games, about 1 MB): a move inserted in the middle game, which
// shifts every later game. The cost must not grow with the file beyond
// the O(games) shift.
func BenchmarkReparse(b *testing.B) {
	for _, c := range []struct {
		name  string
		games int
	}{{"1MB", 100}, {"10MB", 1000}} {
		b.Run(c.name, func(b *testing.B) {
			src := gen.Pousse(6, gen.PousseOptions{Games: c.games, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})
			old := parse.Parse(parse.Pousse, src)
			g := old.Games[len(old.Games)/2]
			at := g.MoveSpan(len(g.Moves) / 2).End // after a move, mid-game
			next := slices.Concat(src[:at], []byte(" L1"), src[at:])
			want := parse.Parse(parse.Pousse, next)
			b.ReportAllocs()
			var f *parse.File
			var lo, hi int
			var ok bool
			for b.Loop() {
				f, lo, hi, ok = parse.Reparse(old, parse.Bytes(next), at, at, at+3)
			}
			if !ok || hi-lo != 1 || len(f.Games) != len(want.Games) || len(f.Errors) != 0 {
				b.Fatalf("Reparse: games %d..%d ok %v, %d games (want %d), errors %v", lo, hi, ok, len(f.Games), len(want.Games), f.Errors)
			}
			b.ReportMetric(float64(len(src)), "bytes")
		})
	}
}
