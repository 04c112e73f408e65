package match

import (
	"fmt"
	"math/rand/v2"

	"gamels/analyze"
	"gamels/parse"
)

// openingBudget bounds the positions opening looks at: a board where
// almost every line of k moves ends the game is refused rather than
// searched for long.
const openingBudget = 100_000

// opening returns opening i of an n x n game: k legal moves that end no
// game, drawn at random by a generator seeded with seed, n and i, so
// that the same seed gives the same openings whatever the order the
// games are played in. Each move is drawn among those that end no game;
// should the moves run out before k (on a small board), the search
// goes back a move and draws another, so that an opening is found
// whenever one exists. Cost: O(k²·N) for Pousse (each candidate's game
// replayed), O(k·(k + N²)) for Spot, when no move needs taking back.
func opening(kind parse.Kind, rules parse.Rules, n, k int, seed uint64, i int) ([]parse.Move, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(n)<<32|uint64(i)))
	g := parse.Game{Size: n}
	budget := openingBudget
	var deepest int
	var extend func() bool
	extend = func() bool {
		if len(g.Moves) == k {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		open := openMoves(kind, rules, &g)
		rng.Shuffle(len(open), func(a, b int) { open[a], open[b] = open[b], open[a] })
		for _, mv := range open {
			g.Moves = append(g.Moves, mv)
			deepest = max(deepest, len(g.Moves))
			if extend() {
				return true
			}
			g.Moves = g.Moves[:len(g.Moves)-1]
		}
		return false
	}
	if !extend() {
		if budget < 0 {
			return nil, fmt.Errorf("no opening of %d moves found on the %dx%d board: almost every line of moves ends the game before", k, n, n)
		}
		return nil, fmt.Errorf("no opening of %d moves on the %dx%d board: every line of moves ends the game by move %d", k, n, n, deepest+1)
	}
	return g.Moves, nil
}

// openMoves returns the legal moves after g's that do not end it.
func openMoves(kind parse.Kind, rules parse.Rules, g *parse.Game) []parse.Move {
	var open []parse.Move
	if kind == parse.Pousse {
		for _, d := range []byte("LRTB") {
			for line := 1; line <= g.Size; line++ {
				mv := parse.PousseMove(d, line)
				try := parse.Game{Size: g.Size, Moves: append(g.Moves[:len(g.Moves):len(g.Moves)], mv)}
				if analyze.Pousse(&try, rules).End < 0 {
					open = append(open, mv)
				}
			}
		}
		return open
	}
	for _, c := range analyze.Spot(g).Candidates(len(g.Moves)) {
		if c.Earlier < 0 {
			open = append(open, parse.SpotMove(c.Row, c.Col, c.Add))
		}
	}
	return open
}
