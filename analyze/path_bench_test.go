package analyze

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gamels/internal/cputime"
	"gamels/parse"
)

// BenchmarkPath analyses random 80 x 80 boards (the contest's largest)
// with U cells at three densities, W and B equally likely (so nobody has
// a path: both colours are below the percolation threshold), and one
// set of mostly-White boards; bytes are board cells.
func BenchmarkPath(b *testing.B) {
	const n = 80
	for _, bc := range []struct{ pu, pw float64 }{
		{0.05, 0.475}, {0.20, 0.40}, {0.50, 0.25},
		// Mostly White: a winning path, so the shortest-path search runs.
		{0.20, 0.60},
	} {
		name := fmt.Sprintf("U=%.0f%%", bc.pu*100)
		if bc.pw != (1-bc.pu)/2 {
			name += fmt.Sprintf(",W=%.0f%%", bc.pw*100)
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(80, uint64(bc.pu*100)))
			boards := make([]*parse.Game, 16)
			classes := map[PathVerdict]int{}
			for i := range boards {
				boards[i] = pathRandomBoardW(rng, n, bc.pu, bc.pw)
				classes[Path(boards[i]).Class]++
			}
			b.Logf("verdicts: %v", classes)
			b.SetBytes(n * n)
			b.ReportAllocs()
			cpu := cputime.Start()
			for i := 0; b.Loop(); i++ {
				Path(boards[i%len(boards)])
			}
			cpu.Report(b, 1, "board")
		})
	}
}
