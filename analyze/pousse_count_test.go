package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// TestLineCounts compares the counts of the AVX2 path (when the
// processor has it) with the word-at-a-time ones and with counts bit by
// bit, on random tiles of every board size: random O squares (a tile's
// bits off the board are zero, as PousseState keeps them), all O, none.
func TestLineCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 1; n <= parse.PousseMaxN; n++ {
		tiles := (n + 7) >> 3
		for trial := range 20 {
			b := new(pousseBoard)
			for i := range n {
				for j := range n {
					if trial == 1 || trial > 1 && rng.IntN(2) == 0 {
						ti, bit := tileAt(i, j)
						b.o[ti] |= 1 << bit
					}
				}
			}
			for k := range 2 {
				var want [16]uint64
				for i := range n {
					for j := range n {
						ti, bit := tileAt(i, j)
						if b.o[ti]>>bit&1 == 1 {
							line := i // k == 0: the row i
							if k == 1 {
								line = j
							}
							want[line>>3] += 1 << (8 * uint(line&7))
						}
					}
				}
				var words [16]uint64
				for tt := range tiles {
					if k == 0 {
						words[tt] = b.tileRowCounts(tt, tiles)
					} else {
						words[tt] = b.tileColCounts(tt, tiles)
					}
				}
				if diff := cmp.Diff(want, words); diff != "" {
					t.Fatalf("N=%d axis %d trial %d, word at a time (-bits +words):\n%s", n, k, trial, diff)
				}
				var got [16]uint64
				b.lineCounts(k, tiles, &got)
				clear(got[tiles:]) // rowCountsAVX2 leaves them, colCountsAVX2 writes zeros
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("N=%d axis %d trial %d, lineCounts (AVX2 %v) (-bits +got):\n%s", n, k, trial, countAVX2, diff)
				}
			}
		}
	}
	t.Logf("AVX2: %v", countAVX2)
}
