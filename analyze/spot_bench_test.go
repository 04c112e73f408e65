package analyze

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gamels/parse"
)

// BenchmarkSpotGame analyses random 50 x 50 games of 100 legal moves,
// about 30% of them removals (most such games are draws, so every move is
// played).
func BenchmarkSpotGame(b *testing.B) {
	const n = 50
	rng := rand.New(rand.NewPCG(50, 50))
	games := make([]*parse.Game, 64)
	moves := 0
	for i := range games {
		games[i] = spotRandomGame(rng, n, 0.3, 0)
		moves += len(games[i].Moves)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Spot(games[i%len(games)])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves/len(games)), "ns/move")
}

// BenchmarkSpotContest analyses the 3000 games of the random contest set
// (N up to 50, about 270k moves) per iteration, parsing excluded.
func BenchmarkSpotContest(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "contest", "random", "uva141_random3000.in"))
	if err != nil {
		b.Fatal(err)
	}
	games := spotReadContest(b, src)
	moves := 0
	for _, g := range games {
		moves += Spot(g).Played()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, g := range games {
			Spot(g)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
}
