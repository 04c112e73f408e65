package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// TestPousseExhaustiveFullBoards checks the search's claims on 3x3 and
// 4x4 icfp positions after long random play drawn from few distinct
// moves: full boards, where every earlier state of the game can recur,
// and where the same position reached by two paths can have two values.
// Positions won or lost within two plies are skipped: the claims checked
// are the deeper ones, where the transposition table would go wrong if
// it took a value across histories.
func TestPousseExhaustiveFullBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	want := 500
	if testing.Short() {
		want = 300
	}
	tried := 0
	for pos := 0; tried < want; pos++ {
		n := 3 + pos%2
		d := 6
		if n == 4 {
			d = 5
		}
		few := []int{0, 3, 4, 5}[pos/2%4]
		p, _ := NewPousse(n, parse.RulesICFP)
		ref := &refPousse{st: analyze.NewPousseState(n), icfp: true, moves: p.Moves(), seen: map[string]int{}}
		for range n*n + rng.IntN(6*n*n) {
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
		}
		if ref.win(1) || ref.loss(2) {
			continue
		}
		tried++
		res, err := p.Solve(context.Background(), Options{Depth: d, TableBits: 14})
		if err != nil {
			t.Fatal(err)
		}
		if err := checkClaim(res, d, ref.win, ref.loss); err != nil {
			t.Errorf("position %d (%dx%d, %d moves played): %v", pos, n, n, p.Plies(), err)
		}
	}
}
