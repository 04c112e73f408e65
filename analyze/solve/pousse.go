package solve

import (
	"errors"
	"fmt"

	"gamels/analyze"
	"gamels/parse"
)

// ErrTooLarge is returned for boards the search does not take.
var ErrTooLarge = errors.New("solve: board too large to search")

// errNoSize is returned for a game without a usable board size.
var errNoSize = errors.New("solve: the game has no usable board size")

// pousseState is a state for the icfp repetition rule: the cells and who made
// the last move (1 X, 2 O).
type pousseState struct {
	b     pousseBoard
	mover int
}

// Pousse is a Pousse game being played: the position, the number of
// moves played, and the states that can still recur (which the icfp
// repetition rule matches).
//
// The marker count never goes down (a move adds a marker, or pushes one
// off a full line), so a state can only recur among the states with the
// current count: the plateau, the states produced since the count last
// grew. Pousse keeps those only.
type Pousse struct {
	g       *pousseGeom
	icfp    bool
	b       pousseBoard
	plies   int
	winner  analyze.Player
	reason  analyze.Reason
	plateau []pousseState
}

// NewPousse returns the empty n x n game under rules (RulesDefault means
// contest). n must be in 1..8: larger boards give ErrTooLarge.
func NewPousse(n int, rules parse.Rules) (*Pousse, error) {
	if n < 1 {
		return nil, errNoSize
	}
	if n > pousseMaxN {
		return nil, fmt.Errorf("%w: Pousse %dx%d (the search takes up to 8x8)", ErrTooLarge, n, n)
	}
	return &Pousse{g: newPousseGeom(n), icfp: rules == parse.RulesICFP}, nil
}

// Clone returns an independent copy of p. O(plateau).
func (p *Pousse) Clone() *Pousse {
	c := *p
	c.plateau = append([]pousseState(nil), p.plateau...)
	return &c
}

// N returns the board size.
func (p *Pousse) N() int { return p.g.n }

// Plies returns the number of moves played.
func (p *Pousse) Plies() int { return p.plies }

// ToMove returns the player to move.
func (p *Pousse) ToMove() analyze.Player { return analyze.Player(1 + p.plies&1) }

// Winner returns the winner and why, or analyze.None while the game goes
// on.
func (p *Pousse) Winner() (analyze.Player, analyze.Reason) { return p.winner, p.reason }

// At returns the cell at the 1-based row and column: 0, 'X' or 'O'.
func (p *Pousse) At(row, col int) byte {
	bit := uint64(1) << (8*(row-1) + col - 1)
	switch {
	case p.b.x&bit != 0:
		return 'X'
	case p.b.o&bit != 0:
		return 'O'
	}
	return 0
}

// Play plays dir line (dir one of L, R, T, B; line 1..N) for the player
// to move, with the rules: the colour with more straights wins; under
// icfp a move recreating a state the mover produced before loses. A game
// that is over does not change. O(N + plateau) (the plateau is compared
// in full only when the marker count did not grow).
func (p *Pousse) Play(dir byte, line int) {
	if p.winner != analyze.None {
		return
	}
	m := newPousseMove(dir, line)
	mover := 1 + p.plies&1
	nb := p.g.apply(p.b, m, mover)
	grew := nb.count() > p.b.count()
	p.b = nb
	p.plies++
	if w := p.g.winner(nb); w != 0 {
		p.winner, p.reason = analyze.Player(w), analyze.ReasonStraights
		return
	}
	// The plateau is kept under both rules: icfp loses on a repetition,
	// and the judgment (judge_pousse.go) avoids contest cycles with it.
	if grew {
		p.plateau = p.plateau[:0]
	} else if p.icfp {
		for _, s := range p.plateau {
			if s == (pousseState{nb, mover}) {
				p.winner, p.reason = analyze.Player(3-mover), analyze.ReasonRepetition
				return
			}
		}
	}
	p.plateau = append(p.plateau, pousseState{nb, mover})
}

// Moves returns the 4N moves of the board, in the order L1..LN, R1..,
// T1.., B1...
func (p *Pousse) Moves() []parse.Move {
	out := make([]parse.Move, 0, 4*p.g.n)
	for d := range 4 {
		for i := 1; i <= p.g.n; i++ {
			out = append(out, parse.PousseMove(pousseDirs[d], i))
		}
	}
	return out
}
