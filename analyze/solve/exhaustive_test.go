package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// The exhaustive checker: a plain boolean search, without pruning other
// than stopping at the first witness, on analyze's board (Clone and
// Apply), with the icfp repetitions found by comparing whole boards. It
// shares no code with the search under test.

type refPousse struct {
	st    *analyze.PousseState
	icfp  bool
	moves []parse.Move
	seen  map[string]int // cells and mover of every state produced so far
}

func refKey(st *analyze.PousseState, mover analyze.Player) string {
	var b []byte
	for r := 1; r <= st.N(); r++ {
		b = st.AppendRow(b, r, '.')
	}
	return string(append(b, byte('0'+mover)))
}

// play returns the child state after mv and its result for the mover:
// +1 wins at once, -1 loses at once, 0 goes on (key is then its state).
func (r *refPousse) play(mv parse.Move) (*analyze.PousseState, int, string) {
	mover := r.st.ToMove()
	c := r.st.Clone()
	c.Apply(mv.Dir(), mv.Line())
	switch w := c.Winner(); {
	case w == mover:
		return c, 1, ""
	case w != analyze.None:
		return c, -1, ""
	}
	key := refKey(c, mover)
	if r.icfp && r.seen[key] > 0 {
		return c, -1, ""
	}
	return c, 0, key
}

// enter and leave move r down to a child and back.
func (r *refPousse) enter(c *analyze.PousseState, key string) *analyze.PousseState {
	old := r.st
	r.st = c
	r.seen[key]++
	return old
}

func (r *refPousse) leave(old *analyze.PousseState, key string) {
	r.seen[key]--
	r.st = old
}

// win reports whether the side to move can force a win within k plies.
func (r *refPousse) win(k int) bool {
	if k < 1 {
		return false
	}
	for _, mv := range r.moves {
		c, res, key := r.play(mv)
		if res == 1 {
			return true
		}
		if res == -1 || k < 2 {
			continue
		}
		old := r.enter(c, key)
		lost := r.loss(k - 1)
		r.leave(old, key)
		if lost {
			return true
		}
	}
	return false
}

// loss reports whether every move of the side to move loses within k
// plies.
func (r *refPousse) loss(k int) bool {
	if k < 1 {
		return false
	}
	for _, mv := range r.moves {
		c, res, key := r.play(mv)
		if res == 1 {
			return false
		}
		if res == -1 {
			continue
		}
		if k < 2 {
			return false
		}
		old := r.enter(c, key)
		won := r.win(k - 1)
		r.leave(old, key)
		if !won {
			return false
		}
	}
	return true
}

// checkClaim checks a search result r against the exhaustive checker
// whose win and loss are given, for a search to depth d: a win or loss
// within k must hold and not within k-1, and no result must mean neither
// within d.
func checkClaim(res Result, d int, win, loss func(int) bool) error {
	switch res.Proof {
	case Win:
		if !win(res.Plies) || win(res.Plies-1) {
			return fmt.Errorf("claims a win in %d: checker says win within %d %v, within %d %v", res.Plies, res.Plies, win(res.Plies), res.Plies-1, win(res.Plies-1))
		}
	case Loss:
		if !loss(res.Plies) || loss(res.Plies-1) {
			return fmt.Errorf("claims a loss in %d: checker says loss within %d %v, within %d %v", res.Plies, res.Plies, loss(res.Plies), res.Plies-1, loss(res.Plies-1))
		}
	default:
		if win(d) || loss(d) {
			return fmt.Errorf("claims no result within %d: checker says win %v, loss %v", d, win(d), loss(d))
		}
	}
	if res.Depth > d || (res.Proof == Unknown && res.Depth != d) {
		return fmt.Errorf("depth %d for a search to %d", res.Depth, d)
	}
	return nil
}

// moveValue is, for the mover, what the checker says of move mv within d
// plies, counted from before the move: +k a win within k, -k a loss
// within k (the shortest of each, 1 at once), 0 neither.
func (r *refPousse) moveValue(mv parse.Move, d int) int {
	c, res, key := r.play(mv)
	switch {
	case res != 0:
		return res
	case d < 2:
		return 0
	}
	old := r.enter(c, key)
	defer r.leave(old, key)
	// The opponent's position, one ply on: a loss for it is a win here.
	for k := 1; k < d; k++ {
		if r.loss(k) {
			return k + 1
		}
		if r.win(k) {
			return -(k + 1)
		}
	}
	return 0
}

// checkBest checks the best move of a search result res for the
// position of r, searched to depth d: it must be as good as claimed (win
// within Plies, lose in no fewer than Plies, or keep the result open
// within d), and no move before it in the order L1..BN may be as good.
func checkBest(r *refPousse, res Result, d int) error {
	good := func(v int) bool {
		switch res.Proof {
		case Win:
			return v > 0 && v <= res.Plies
		case Loss:
			return v == 0 || v <= -res.Plies
		}
		return v >= 0
	}
	for _, mv := range r.moves {
		k := res.Depth
		if res.Proof == Unknown {
			k = d
		}
		v := r.moveValue(mv, k)
		if token(mv) == res.Best {
			if !good(v) {
				return fmt.Errorf("best move %s: checker says %+d", res.Best, v)
			}
			return nil
		}
		if good(v) {
			return fmt.Errorf("best move %s: %s before it is as good (%+d)", res.Best, token(mv), v)
		}
	}
	return fmt.Errorf("best move %q is not a move", res.Best)
}

// TestPousseExhaustive checks every claim of the search on random
// positions of boards up to 4 x 4 (depth up to 6 on 2x2 and 3x3, 5 on
// 4x4; 6 on 4x4 without -short), under both rule sets. The positions
// come from random play, many of them late, full-board ones where
// the icfp repetitions bite.
func TestPousseExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 4))
	claims := map[Proof]int{}
	lengths := map[string]int{}
	for pos := range 1200 {
		n := 2 + pos%3
		rules := []parse.Rules{parse.RulesContest, parse.RulesICFP}[pos/3%2]
		d := 6
		if n == 4 {
			d = 5
			if !testing.Short() && pos%12 == 2 {
				d = 6
			}
		}
		few := []int{0, 3}[pos/6%2]
		p, _ := NewPousse(n, rules)
		ref := &refPousse{st: analyze.NewPousseState(n), icfp: rules == parse.RulesICFP, moves: p.Moves(), seen: map[string]int{}}
		// Random play that never ends the game, up to 6N² moves.
		var moves []parse.Move
		for range rng.IntN(6 * n * n) {
			var mv parse.Move
			var c *analyze.PousseState
			var key string
			res := -1
			for try := 0; try < 20 && res != 0; try++ {
				mv = randomPousse(rng, n, 1, few)[0]
				c, res, key = ref.play(mv)
			}
			if res != 0 {
				break
			}
			ref.enter(c, key)
			p.Play(mv.Dir(), mv.Line())
			moves = append(moves, mv)
		}
		if w, _ := p.Winner(); w != analyze.None {
			t.Fatalf("%v: the search's game ended, the checker's did not", moves)
		}
		if pos%4 != 0 && ref.win(1) {
			continue // most positions: no win at once, to test deeper claims
		}
		res, err := p.Solve(context.Background(), Options{Depth: d, TableBits: 12})
		if err != nil {
			t.Fatal(err)
		}
		if err := checkClaim(res, d, ref.win, ref.loss); err != nil {
			t.Errorf("%dx%d %v after %v: %v", n, n, rules, moves, err)
		}
		if err := checkBest(ref, res, d); err != nil {
			t.Errorf("%dx%d %v after %v: %v", n, n, rules, moves, err)
		}
		claims[res.Proof]++
		lengths[fmt.Sprintf("%v in %d", res.Proof, res.Plies)]++
	}
	t.Logf("claims: %v", lengths)
	if claims[Win] == 0 || claims[Loss] == 0 {
		t.Errorf("the positions do not exercise both claims: %v", claims)
	}
}
