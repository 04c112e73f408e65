package solve

import (
	"context"
	"time"
)

// In Spot (UVa 141) a player loses by making a pattern seen before, up
// to rotation, and the game is drawn after 2N moves. So the only danger
// is running out of fresh patterns: the evaluation counts, for the side
// to move, the toggles that would repeat (traps), a share of its N²
// moves; with none, a position is even.

// evalTrap is the value of a board all of whose toggles would repeat,
// for the side to move (short of a proof); fewer traps count pro rata.
const evalTrap = 400

// spotJudge is one judgment search of a Spot position (spotTree: as in
// spotSearch there is no table, a value belongs to a path).
type spotJudge struct {
	spotTree
	lim  limits
	easy bool
	seed uint64
}

// evaluate is the static value of p at ply for the side to move: minus
// evalTrap times the share of its toggles that repeat. O(N² · moves).
func (s *spotJudge) evaluate(p spots, ply int) score {
	nn := s.g.n * s.g.n
	traps := 0
	for sq := range nn {
		if s.repeats(p.toggle(s.g, sq).canon(), ply) {
			traps++
		}
	}
	return -score(evalTrap * traps / nn)
}

// negamax is pousseJudge.negamax for Spot: N² moves a node, a move that
// repeats loses at once, the game is drawn (0, exact) after its 2N moves,
// and the horizon's value is evaluate.
func (s *spotJudge) negamax(p spots, ply, depth int, alpha, beta score) score {
	if s.lim.tick() {
		return 0
	}
	if ply >= s.left {
		return 0
	}
	if depth <= 0 {
		return s.evaluate(p, ply)
	}
	var kids spotKids
	best, bestMove, done := s.expand(p, ply, &kids)
	if done {
		return best
	}
	kids.order(&s.order, ply)
	w := window[spotMove]{alpha: max(alpha, best), beta: beta, best: best, move: bestMove}
	noisy := s.easy && ply == 0
	for k := range kids.n {
		q, m := kids.board[k], kids.move[k]
		s.path[ply+1] = q.canon()
		var v score
		if noisy {
			v = -s.negamax(q, ply+1, depth-1, -inf, inf)
			if o, _ := v.proof(); o == Unknown {
				v += noise(s.seed, int(m))
			}
		} else {
			v = -s.negamax(q, ply+1, depth-1, -w.beta, -w.alpha)
		}
		if s.lim.stop {
			return 0
		}
		if w.raise(v, m) && !noisy {
			s.order.cut(ply, depth, m)
			break
		}
	}
	return s.finish(ply, w)
}

// Judge is Pousse.Judge for Spot: iterative deepening (never past the
// game's 2N moves) under opts. Each iteration costs up to (N²)^d nodes,
// each O(N² · moves) at the horizon.
func (s *Spot) Judge(ctx context.Context, opts JudgeOptions) (Judgment, error) {
	if s.Over() {
		return Judgment{Estimate: 0.5}, nil
	}
	start := time.Now()
	sj := &spotJudge{easy: opts.Level == LevelEasy, seed: mix(s.p.canon() + uint64(s.plies))}
	sj.init(s)
	sj.lim = limits{ctx: ctx}
	xToMove := s.plies&1 == 0
	var j Judgment
	want := min(opts.maxDepth(), sj.left)
	for d := 1; d <= want; d++ {
		v := sj.negamax(s.p, 0, d, -inf, inf)
		if sj.lim.stop && d > 1 {
			break
		}
		j = judgment(v, xToMove)
		j.Best, j.Depth = s.g.token(s.p, int(sj.best)), d
		if j.Proof != Unknown || sj.lim.stop {
			break
		}
		sj.lim.deadline, sj.lim.budget = opts.Deadline, opts.Nodes
		if !opts.Deadline.IsZero() && time.Since(start) > time.Until(opts.Deadline) {
			break
		}
	}
	j.Nodes = sj.lim.nodes
	if j.Best != "" {
		j.PV = []string{j.Best}
	}
	return j, sj.lim.err
}
