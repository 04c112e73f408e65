package solve

import (
	"context"
	"fmt"
	"strconv"

	"gamels/analyze"
)

// spotGeom holds, for an n x n Spot board (n <= 8, square (r, c) at bit
// r*n+c), the bit of each square in the pattern turned k quarter turns
// clockwise, so that a toggle updates the four turned patterns with four
// XORs.
type spotGeom struct {
	n   int
	rot [4][64]uint64
}

func newSpotGeom(n int) *spotGeom {
	g := &spotGeom{n: n}
	for r := range n {
		for c := range n {
			// A quarter turn clockwise carries (r, c) to (c, n-1-r).
			rr, cc := r, c
			for k := range 4 {
				g.rot[k][r*n+c] = 1 << (rr*n + cc)
				rr, cc = cc, n-1-rr
			}
		}
	}
	return g
}

// spots is a Spot pattern under its four rotations; canon is the least,
// the same for every pattern equal up to rotation.
type spots [4]uint64

func (p spots) toggle(g *spotGeom, sq int) spots {
	for k := range 4 {
		p[k] ^= g.rot[k][sq]
	}
	return p
}

func (p spots) canon() uint64 {
	return min(p[0], p[1], p[2], p[3])
}

// Spot is a Spot game being played: the pattern, the number of moves
// played, and the patterns after every move so far, up to rotation.
type Spot struct {
	g       *spotGeom
	p       spots
	plies   int
	seen    []uint64 // canon after each move
	winner  analyze.Player
	illegal bool // the last move was illegal (played as no move)
}

// NewSpot returns the empty n x n game; n must be in 1..8, else
// ErrTooLarge.
func NewSpot(n int) (*Spot, error) {
	if n < 1 {
		return nil, errNoSize
	}
	if n > MaxN {
		return nil, fmt.Errorf("%w: Spot %dx%d (the search takes up to 8x8)", ErrTooLarge, n, n)
	}
	return &Spot{g: newSpotGeom(n)}, nil
}

// N returns the board size.
func (s *Spot) N() int { return s.g.n }

// Plies returns the number of moves played.
func (s *Spot) Plies() int { return s.plies }

// Winner returns the winner, or analyze.None while the game goes on (or
// when it is drawn after 2N moves).
func (s *Spot) Winner() analyze.Player { return s.winner }

// Over reports whether the game has ended: a pattern repeated, or 2N
// moves were played.
func (s *Spot) Over() bool { return s.winner != analyze.None || s.plies >= 2*s.g.n }

// Has reports whether the 1-based square holds a spot.
func (s *Spot) Has(row, col int) bool {
	return s.p[0]&s.g.rot[0][(row-1)*s.g.n+col-1] != 0
}

// Play plays `row col +` (add) or `row col -`: a legal move toggles its
// square, an illegal one (as in analyze) changes nothing but still
// counts; then a pattern equal, up to rotation, to the one after an
// earlier move makes the mover lose. O(moves so far).
func (s *Spot) Play(row, col int, add bool) {
	if s.Over() {
		return
	}
	n := s.g.n
	s.illegal = row < 1 || row > n || col < 1 || col > n || s.Has(row, col) == add
	if !s.illegal {
		s.p = s.p.toggle(s.g, (row-1)*n+col-1)
	}
	s.plies++
	c := s.p.canon()
	for _, e := range s.seen {
		if e == c {
			s.winner = analyze.Player(1 + s.plies&1) // the mover's opponent
			return
		}
	}
	s.seen = append(s.seen, c)
}

// spotMove is a square index; the move is the one legal there.
type spotMove uint8

// token returns the move at square sq on pattern p, such as "2 3 +".
func (g *spotGeom) token(p spots, sq int) string {
	sign := "+"
	if p[0]&g.rot[0][sq] != 0 {
		sign = "-"
	}
	return strconv.Itoa(sq/g.n+1) + " " + strconv.Itoa(sq%g.n+1) + " " + sign
}

// LosingMoves returns the legal moves that lose at once (they repeat an
// earlier pattern up to rotation), as tokens. O(N² · moves so far).
func (s *Spot) LosingMoves() []string {
	if s.Over() {
		return nil
	}
	var out []string
	for sq := range s.g.n * s.g.n {
		c := s.p.toggle(s.g, sq).canon()
		for _, e := range s.seen {
			if e == c {
				out = append(out, s.g.token(s.p, sq))
				break
			}
		}
	}
	return out
}

// spotSearch is one Spot search (spotTree) and its limits.
type spotSearch struct {
	spotTree
	lim limits
}

// negamax is pousseSearch.negamax for Spot: N² moves per node, a move that
// repeats loses at once, and the game is drawn (0, exact) once its 2N
// moves are played.
func (s *spotSearch) negamax(p spots, ply, depth int, alpha, beta score) score {
	if s.lim.tick() {
		return 0
	}
	if ply >= s.left {
		return 0
	}
	if alpha >= winIn(ply+2) { // Spot cannot win at the next ply
		return alpha
	}
	if beta <= lossIn(ply+1) {
		return beta
	}
	nn := s.g.n * s.g.n
	if depth == 1 { // the first move that does not repeat decides
		best, bestMove := lossIn(ply+1), spotMove(0)
		for sq := range nn {
			if !s.repeats(p.toggle(s.g, sq).canon(), ply) {
				best, bestMove = 0, spotMove(sq)
				break
			}
		}
		if ply == 0 {
			s.best = bestMove
		}
		return best
	}
	var kids spotKids
	best, bestMove, done := s.expand(p, ply, &kids)
	if done {
		return best
	}
	kids.order(&s.order, ply)
	w := window[spotMove]{alpha: max(alpha, best), beta: beta, best: best, move: bestMove}
	for k := range kids.n {
		q, m := kids.board[k], kids.move[k]
		s.path[ply+1] = q.canon()
		v := -s.negamax(q, ply+1, depth-1, -w.beta, -w.alpha)
		if s.lim.stop {
			return 0
		}
		if w.raise(v, m) {
			s.order.cut(ply, depth, m)
			break
		}
	}
	return s.finish(ply, w)
}

// Solve searches the position of s to the horizon of opts (never past
// the game's 2N moves), deepening one ply at a time; see Pousse.Solve.
func (s *Spot) Solve(ctx context.Context, opts Options) (Result, error) {
	var r Result
	if s.Over() {
		r.Complete = true
		return r, nil
	}
	ss := &spotSearch{}
	ss.init(s)
	ss.lim = limits{ctx: ctx, deadline: opts.Deadline, budget: opts.Nodes}
	want := min(opts.depth(), ss.left)
	for d := 1; d <= want; d++ {
		v := ss.negamax(s.p, 0, d, -inf, inf)
		if ss.lim.stop {
			break
		}
		r.Proof, r.Plies = v.proof()
		r.Best, r.Depth = s.g.token(s.p, int(ss.best)), d
		if r.Proof != Unknown {
			break
		}
	}
	r.Complete = r.Proof != Unknown || r.Depth == want
	r.Nodes = ss.lim.nodes
	return r, ss.lim.err
}
