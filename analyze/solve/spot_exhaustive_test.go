package solve

import (
	"context"
	"math/rand/v2"
	"testing"
)

// refSpot is the Spot side of the exhaustive checker: a plain board, and
// every earlier pattern compared square by square under the four
// rotations.
type refSpot struct {
	n     int
	b     [][]bool
	plies int
	seen  [][][]bool // the pattern after each move
}

func (r *refSpot) copyBoard() [][]bool {
	c := make([][]bool, r.n)
	for i := range c {
		c[i] = append([]bool(nil), r.b[i]...)
	}
	return c
}

// sameUpToRotation reports whether a turned by some quarter turns is b.
func sameUpToRotation(a, b [][]bool) bool {
	n := len(a)
	for k := range 4 {
		same := true
		for r := 0; r < n && same; r++ {
			for c := 0; c < n && same; c++ {
				rr, cc := r, c
				for range k {
					rr, cc = cc, n-1-rr
				}
				same = a[r][c] == b[rr][cc]
			}
		}
		if same {
			return true
		}
	}
	return false
}

// toggle plays the legal move on square (r, c) and reports whether it
// repeats an earlier pattern; undo takes it back.
func (r *refSpot) toggle(row, col int) bool {
	r.b[row][col] = !r.b[row][col]
	r.plies++
	rep := false
	for _, e := range r.seen {
		if sameUpToRotation(e, r.b) {
			rep = true
			break
		}
	}
	r.seen = append(r.seen, r.copyBoard())
	return rep
}

func (r *refSpot) undo(row, col int) {
	r.b[row][col] = !r.b[row][col]
	r.plies--
	r.seen = r.seen[:len(r.seen)-1]
}

func (r *refSpot) win(k int) bool {
	if k < 2 || r.plies >= 2*r.n {
		return false
	}
	for sq := range r.n * r.n {
		row, col := sq/r.n, sq%r.n
		rep := r.toggle(row, col)
		ok := !rep && r.loss(k-1)
		r.undo(row, col)
		if ok {
			return true
		}
	}
	return false
}

func (r *refSpot) loss(k int) bool {
	if k < 1 || r.plies >= 2*r.n {
		return false
	}
	for sq := range r.n * r.n {
		row, col := sq/r.n, sq%r.n
		rep := r.toggle(row, col)
		ok := rep || r.win(k-1)
		r.undo(row, col)
		if !ok {
			return false
		}
	}
	return true
}

// TestSpotExhaustive checks the Spot search's claims on random positions
// of 2x2 to 4x4 boards, to depth 6 (5 on 4x4), against refSpot.
func TestSpotExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(141, 6))
	lengths := map[string]int{}
	for pos := range 300 {
		n := 2 + pos%3
		d := 6
		if n == 4 {
			d = 5
		}
		ref := &refSpot{n: n, b: make([][]bool, n)}
		for i := range ref.b {
			ref.b[i] = make([]bool, n)
		}
		s, _ := NewSpot(n)
		// Random play that does not repeat, leaving at least two moves.
		for range rng.IntN(2*n - 1) {
			row, col := rng.IntN(n), rng.IntN(n)
			if pos%2 == 0 {
				row = 0 // a narrow game: repeats close in fast
			}
			if ref.toggle(row, col) {
				ref.undo(row, col)
				break
			}
			s.Play(row+1, col+1, ref.b[row][col])
		}
		if s.Over() {
			t.Fatalf("position %d: the search's game is over, the checker's is not", pos)
		}
		res, err := s.Solve(context.Background(), Options{Depth: d})
		if err != nil {
			t.Fatal(err)
		}
		dd := min(d, 2*n-ref.plies)
		if err := checkClaim(res, dd, ref.win, ref.loss); err != nil {
			t.Errorf("position %d (%dx%d, %d moves): %v", pos, n, n, ref.plies, err)
		}
		lengths[res.Proof.String()+" in "+string(rune('0'+res.Plies))]++
	}
	t.Logf("claims: %v", lengths)
	if lengths["win in 2"]+lengths["win in 4"] == 0 || lengths["loss in 1"]+lengths["loss in 3"] == 0 {
		t.Errorf("the positions do not exercise both claims: %v", lengths)
	}
}

// TestSpotLosingMoves checks LosingMoves against the checker: the moves
// listed are exactly those that repeat.
func TestSpotLosingMoves(t *testing.T) {
	s, _ := NewSpot(3)
	for _, mv := range [][3]int{{1, 1, 1}, {1, 1, 0}, {2, 2, 1}} {
		s.Play(mv[0], mv[1], mv[2] == 1)
	}
	// Patterns so far: {(1,1)}, {}, {(2,2)}. Removing (2,2) repeats the
	// empty pattern; adding a corner gives {(2,2), corner}, new; no other
	// single spot pattern is reachable.
	got := s.LosingMoves()
	if len(got) != 1 || got[0] != "2 2 -" {
		t.Errorf("LosingMoves = %q, want [2 2 -]", got)
	}
}
