package analyze

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"gamels/parse"
)

// checkPousseLines checks the invariants of the bitboards that the
// public API does not show directly: the occupied squares of every column
// are the transpose of those of the rows, the occupancy counts are the
// popcounts, nothing is set past square N or line N (in the lines or in
// the tiles), an O bit only on an occupied square.
func checkPousseLines(t *testing.T, s *PousseState) {
	t.Helper()
	b, n := s.b, s.n
	for ax := range 2 {
		for i := range 128 {
			a := b.occ[ax][i]
			if i >= n && (a != pousseLine{} || b.occN[ax][i] != 0) {
				t.Fatalf("axis %d line %d past N = %d is not empty", ax, i, n)
			}
			if a[0]&^s.full[0] != 0 || a[1]&^s.full[1] != 0 {
				t.Fatalf("axis %d line %d: occ %x (N = %d)", ax, i, a, n)
			}
			if c := bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]); int(b.occN[ax][i]) != c {
				t.Fatalf("axis %d line %d: occN %d, %d occupied", ax, i, b.occN[ax][i], c)
			}
		}
	}
	for i := range 128 {
		for j := range 128 {
			tile, bit := tileAt(i, j)
			o := b.o[tile] >> bit & 1
			if i >= n || j >= n {
				if o != 0 {
					t.Fatalf("O bit set off the board at (%d, %d), N = %d", i, j, n)
				}
				continue
			}
			rOcc := b.occ[0][i][j>>6] >> (j & 63) & 1
			cOcc := b.occ[1][j][i>>6] >> (i & 63) & 1
			if rOcc != cOcc || o > rOcc {
				t.Fatalf("square (%d, %d): row says %d, column %d, O bit %d", i, j, rOcc, cOcc, o)
			}
		}
	}
}

// FuzzPousseState plays arbitrary moves on boards of every size (1..100,
// so lines of one and of two words) on the bitboard engine and on the
// reference, comparing the cells, the straights, the straight lines and
// the hash after every move, and the engine's internal invariants. The
// first byte chooses N, then two bytes make a move; a third of the
// inputs play on the first few lines only, so that long lines fill up
// and push markers off.
func FuzzPousseState(f *testing.F) {
	f.Add([]byte{99, 0, 0, 1, 0, 2, 0, 3, 0})
	f.Add([]byte{64, 4, 1, 4, 1, 4, 1, 7, 0, 6, 0})
	f.Add([]byte{0, 0, 0, 1, 0})
	seed := []byte{65 + 128}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 600 {
		seed = append(seed, byte(rng.IntN(8)), 0)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0]&127)%parse.PousseMaxN
		few := data[0] >= 128 // moves on lines 1..4 only
		var moves []parse.Move
		for p := 1; p+1 < len(data) && len(moves) < 3000; p += 2 {
			v := int(data[p]) | int(data[p+1])<<8
			line := 1 + (v>>2)%n
			if few {
				line = 1 + (v>>2)%min(n, 4)
			}
			moves = append(moves, parse.PousseMove("LRTB"[v&3], line))
		}
		checkPousseStates(t, n, moves)
		s := NewPousseState(n)
		for _, mv := range moves {
			s.Apply(mv.Dir(), mv.Line())
		}
		checkPousseLines(t, s)
	})
}

// TestPousseStateWide plays long games on the first few lines of boards
// around the 64-square word boundary, so that the lines fill, wrap and
// push markers off across both words, against the reference after every
// move (checkPousseStates) and the invariants at the end.
func TestPousseStateWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 65))
	for _, n := range []int{63, 64, 65, 100} {
		moves := randomPousseMoves(rng, n, 3*n, 0)
		moves = append(moves, randomPousseMoves(rng, n, 6*n, 3)...)
		checkPousseStates(t, n, moves)
		s := NewPousseState(n)
		for _, mv := range moves {
			s.Apply(mv.Dir(), mv.Line())
			checkPousseLines(t, s)
		}
	}
}

// TestTranspose64 checks the bit-matrix transposition against its
// definition on random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 4))
	for range 20 {
		var a, b [64]uint64
		for i := range a {
			a[i] = rng.Uint64()
		}
		b = a
		transpose64(&b)
		for i := range 64 {
			for j := range 64 {
				if a[i]>>j&1 != b[j]>>i&1 {
					t.Fatalf("bit (%d, %d) not transposed", i, j)
				}
			}
		}
	}
}

// TestPousseStraightsAskedLate checks the bounds that let the straights
// go uncounted: asked only now and then, after moves on two rows only,
// and after hundreds of moves on one or two lines, against the
// reference.
func TestPousseStraightsAskedLate(t *testing.T) {
	// X pushes row 1 and O row 2: no column push, so once counted with 17
	// markers in each row, the rows' bound rests on the most pushed row
	// alone, and three pushes later both rows are straights.
	s := NewPousseState(20)
	r := newPousseRef(20)
	for k, want := range []int{0, 1} {
		for range []int{17, 3}[k] {
			for _, line := range []int{1, 2} {
				s.Apply('L', line)
				r.apply('L', line)
			}
		}
		x, o := s.Straights()
		if rx, ro := r.straights(); x != rx || o != ro || x != want {
			t.Fatalf("rows 1 and 2 pushed: straights %d-%d, want %d-%d", x, o, rx, ro)
		}
	}
	rng := rand.New(rand.NewPCG(255, 256))
	for _, n := range []int{2, 5, 70} {
		s := NewPousseState(n)
		r := newPousseRef(n)
		for round := range 20 {
			for _, mv := range randomPousseMoves(rng, n, 300+rng.IntN(300), 1+round%2) {
				s.Apply(mv.Dir(), mv.Line())
				r.apply(mv.Dir(), mv.Line())
			}
			x, o := s.Straights()
			if rx, ro := r.straights(); x != rx || o != ro {
				t.Fatalf("n=%d round %d: straights %d-%d, want %d-%d", n, round, x, o, rx, ro)
			}
		}
	}
}
