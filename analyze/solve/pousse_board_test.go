package solve

import (
	"math/rand/v2"
	"testing"
)

// TestNearGatesStraights checks mayWin against the straights on random
// positions of every size: a move it rules out leaves the straights of
// both colours as they were, so that the search may skip the count.
func TestNearGatesStraights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= pousseMaxN; n++ {
		g := newPousseGeom(n)
		gated := 0
		for range 20000 {
			var b pousseBoard
			// Dense boards, biased to one colour, so that lines near
			// full are common.
			px, po := rng.Float64(), rng.Float64()
			for sq := range 64 {
				bit := uint64(1) << sq
				if g.all&bit == 0 {
					continue
				}
				switch r := rng.Float64(); {
				case r < px:
					b.x |= bit
				case r < px+po*(1-px):
					b.o |= bit
				}
			}
			rows, cols := g.near(b)
			for m := range pousseMove(32) {
				if int(m&7) >= n {
					continue
				}
				if mayWin(m, rows, cols) {
					continue
				}
				gated++
				for side := 1; side <= 2; side++ {
					x0, o0 := g.straights(b)
					x1, o1 := g.straights(g.apply(b, m, side))
					if x0 != x1 || o0 != o1 {
						t.Fatalf("n=%d %x/%x %v side %d: ruled out, but straights %d/%d before, %d/%d after", n, b.x, b.o, m, side, x0, o0, x1, o1)
					}
				}
			}
		}
		if gated == 0 && n > 1 {
			t.Errorf("n=%d: no move ruled out in 20000 positions", n)
		}
	}
}
