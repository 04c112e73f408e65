package solve

import (
	"math/bits"
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

// TestReach checks reach against counting every line's squares, on
// random boards of every size.
func TestReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 20000 {
		n := 1 + rng.IntN(8)
		g := newPousseGeom(n)
		c := rng.Uint64() & rng.Uint64() & g.all
		most := 0
		for i := range n {
			most = max(most, bits.OnesCount64(c&g.rows[i]), bits.OnesCount64(c&g.cols[i]))
		}
		for tt := -1; tt <= n+1; tt++ {
			if got, want := g.reach(c, tt), tt <= most; got != want {
				t.Fatalf("%dx%d %#x: reach(%d) = %v, want %v (a line holds %d)", n, n, c, tt, got, want, most)
			}
		}
	}
}
