package analyze

import (
	"math/rand/v2"
	"testing"

	"gamels/parse"
)

// randomTiles returns a board whose O tiles hold random bits on the n x n
// squares and nothing off them.
func randomTiles(rng *rand.Rand, n int) *pousseBoard {
	b := new(pousseBoard)
	for i := range n {
		for j := range n {
			if rng.IntN(2) == 0 {
				t, bit := tileAt(i, j)
				b.o[t] |= 1 << bit
			}
		}
	}
	return b
}

// oAt is the O bit of square (i, j) by the definition of the tiles.
func oAt(b *pousseBoard, i, j int) uint64 {
	t, bit := tileAt(i, j)
	return b.o[t] >> bit & 1
}

// TestPousseTiles checks the tile helpers against the square-by-square
// definition on random boards of every size: reading a row or a column
// out as a line, writing a row back, and the counts of O squares of
// eight rows or columns at once.
func TestPousseTiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for n := 1; n <= parse.PousseMaxN; n++ {
		b := randomTiles(rng, n)
		tiles := (n + 7) >> 3
		for i := range n {
			row, col := b.rowO(i), b.colO(i)
			nr, nc := 0, 0
			for j := range 128 {
				wr, wc := uint64(0), uint64(0)
				if j < n {
					wr, wc = oAt(b, i, j), oAt(b, j, i)
				}
				if got := row[j>>6] >> (j & 63) & 1; got != wr {
					t.Fatalf("n=%d: rowO(%d) square %d = %d, want %d", n, i, j, got, wr)
				}
				if got := col[j>>6] >> (j & 63) & 1; got != wc {
					t.Fatalf("n=%d: colO(%d) square %d = %d, want %d", n, i, j, got, wc)
				}
				nr += int(wr)
				nc += int(wc)
			}
			if got := b.tileRowCounts(i>>3, tiles) >> (8 * (i & 7)) & 0xff; int(got) != nr {
				t.Fatalf("n=%d: row %d counts %d O, want %d", n, i, got, nr)
			}
			if got := b.tileColCounts(i>>3, tiles) >> (8 * (i & 7)) & 0xff; int(got) != nc {
				t.Fatalf("n=%d: column %d counts %d O, want %d", n, i, got, nc)
			}
		}
		// setRowO of another board's rows rebuilds that board.
		c := randomTiles(rng, n)
		for i := range n {
			b.setRowO(i, c.rowO(i))
		}
		if b.o != c.o {
			t.Fatalf("n=%d: setRowO does not rebuild the rows", n)
		}
	}
}

// TestPousseBytewise checks pousseMax and pousseHasByte against byte by
// byte loops on random words with bytes below 128, equal bytes made
// frequent.
func TestPousseBytewise(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 20000 {
		var a, b uint64
		for k := range 8 {
			x := uint64(rng.IntN(128))
			y := uint64(rng.IntN(128))
			if rng.IntN(8) == 0 {
				y = x
			}
			a |= x << (8 * k)
			b |= y << (8 * k)
		}
		var want uint64
		eq := false
		for k := range 8 {
			x, y := a>>(8*k)&0xff, b>>(8*k)&0xff
			want |= max(x, y) << (8 * k)
			eq = eq || x == y
		}
		if got := pousseMax(a, b); got != want {
			t.Fatalf("pousseMax(%x, %x) = %x, want %x", a, b, got, want)
		}
		if got := pousseHasByte(a, b) != 0; got != eq {
			t.Fatalf("pousseHasByte(%x, %x) = %v, want %v", a, b, got, eq)
		}
	}
}
