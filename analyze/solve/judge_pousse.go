package solve

import (
	"context"
	"math/bits"
	"time"
)

// pousseWeights are the evaluation's weights for an n x n board, from the
// rules: a straight is made by filling a line, so a line's worth grows
// with the markers of one colour in it, steeply near N-1 (one push away
// from a straight when the mover can fill it); a line holding none of
// the opponent's markers is worth more (a push along it cannot bring
// the opponent's markers into it from inside). Markers away from the
// edge are harder to push off the board.
type pousseWeights struct {
	line [9]score // by the number of a colour's markers in a line
	pure [9]score // added when the line holds none of the other colour
	ring [8]uint64
}

// The evaluation's constants, in evaluation units (evalScale is the
// logistic's unit).
const (
	evalMarker = 6  // a marker more than the opponent
	evalRing   = 4  // a marker one ring further from the edge
	evalNear   = 70 // a line with N-1 markers of a colour, beyond the curve
	evalFull   = 160
	evalTempo  = 20 // the side to move
	// evalCycle is taken off a root move, each time the state it makes
	// was made before in the game, and off the root side's cycle inside
	// the tree (contest rules, where a cycle is legal): a cycle leads
	// nowhere but to the move limit, so the engine keeps one up only
	// while every other move is clearly worse.
	evalCycle = 60
)

var pousseWeightsBy [MaxN + 1]*pousseWeights

func init() {
	for n := 1; n <= MaxN; n++ {
		w := &pousseWeights{}
		for k := 0; k <= n; k++ {
			w.line[k] = score(4 * k * k)
			switch k {
			case n:
				w.line[k] += evalFull
			case n - 1:
				w.line[k] += evalNear
			}
			w.pure[k] = w.line[k] / 2
		}
		for r := range n {
			for c := range n {
				d := min(r, c, n-1-r, n-1-c)
				w.ring[d] |= 1 << (8*r + c)
			}
		}
		pousseWeightsBy[n] = w
	}
}

// evaluate returns the static value of b for side (1 X, 2 O) to move,
// clamped to ±evalMax: for each colour the lines' worth by their count
// of its markers, its markers, their distance from the edge; plus the
// tempo. Repetitions and immediate wins are the search's. O(N) (two
// popcounts a line).
func (g *pousseGeom) evaluate(b pousseBoard, side int) score {
	w := pousseWeightsBy[g.n]
	var v score
	for i := range g.n {
		for _, line := range [2]uint64{g.rows[i], g.cols[i]} {
			cx, co := bits.OnesCount64(b.x&line), bits.OnesCount64(b.o&line)
			v += w.line[cx] - w.line[co]
			if co == 0 {
				v += w.pure[cx]
			}
			if cx == 0 {
				v -= w.pure[co]
			}
		}
	}
	v += evalMarker * score(bits.OnesCount64(b.x)-bits.OnesCount64(b.o))
	for d := 1; d < (g.n+1)/2; d++ {
		v += evalRing * score(d) * score(bits.OnesCount64(b.x&w.ring[d])-bits.OnesCount64(b.o&w.ring[d]))
	}
	if side == 2 {
		v = -v
	}
	return max(-evalMax, min(evalMax, v+evalTempo))
}

// pousseJudge is one judgment search of a Pousse position.
type pousseJudge struct {
	pousseTree
	lim  limits
	easy bool
	seed uint64
	// careless: at the easy level, this position is one of those where
	// the root's moves are valued without looking at the reply.
	careless bool
	// iteration is the depth of the iteration under way.
	iteration int
}

// threatened reports whether who (1 X, 2 O) would win at once were it
// to move in b, given b's near-full lines. O(N) per move that may win.
func (s *pousseJudge) threatened(b pousseBoard, who int, rows, cols uint64) bool {
	g := s.g
	for m := pousseMove(0); m < 32; m++ {
		if int(m&7) < g.n && mayWin(m, rows, cols) && g.winner(g.apply(b, m, who)) == who {
			return true
		}
	}
	return false
}

// Cycled reports whether the last move made a state (the board and its
// mover) made before since the marker count last grew: under the contest
// rules, where it is legal, a cycle. O(plateau).
func (p *Pousse) Cycled() bool {
	last := len(p.plateau) - 1
	for i := range last {
		if p.plateau[i] == p.plateau[last] {
			return true
		}
	}
	return false
}

// made returns how many times state (nb, side) was made since the
// marker count last grew, at most 100. O(plateau).
func (s *pousseJudge) made(nb pousseBoard, side int) int8 {
	k := int8(0)
	for _, st := range s.game {
		if st.b == nb && st.mover == side && k < 100 {
			k++
		}
	}
	return k
}

// safe reports whether the value at ply is the position's alone, so
// that the table may give it (see pousseSearch.safe).
func (s *pousseJudge) safe(ply int) bool {
	if !s.icfp {
		return ply > 0 || len(s.game) == 0
	}
	if ply == 0 {
		return len(s.game) <= 1
	}
	return s.pstart[ply] == ply
}

// quiet is the value at the horizon: a win at once when the side to
// move has one (a straight is never left to the evaluation), else the
// evaluation. O(N) per move tried; moves are tried only when some line
// is near full.
func (s *pousseJudge) quiet(b pousseBoard, ply, side int) score {
	g := s.g
	rows, cols := g.near(b)
	if rows|cols != 0 {
		for m := pousseMove(0); m < 32; m++ {
			if int(m&7) >= g.n || !mayWin(m, rows, cols) {
				continue
			}
			if g.winner(g.apply(b, m, side)) == side {
				return winIn(ply + 1)
			}
		}
	}
	return g.evaluate(b, side)
}

// negamax returns the value of b at ply with depth plies to go, for the
// side to move, exact strictly inside (alpha, beta), else a bound on
// the same side. Each node plays all 4N moves (O(N) each, plus an
// evaluation each for the order when depth >= 2): a move that wins at
// once ends the node, a move that loses at once (straights for the
// opponent, an icfp repetition) is scored without search, the rest are
// searched in order (the table's move, killers, history and the
// evaluation), the first with a full window and the others with a
// null window, searched again when they beat it (PVS).
func (s *pousseJudge) negamax(b pousseBoard, ply, depth int, alpha, beta score) score {
	if s.lim.tick() {
		return 0
	}
	side := s.side(ply)
	if alpha >= winIn(ply+1) {
		return alpha
	}
	if beta <= lossIn(ply+1) {
		return beta
	}
	if depth <= 0 || ply >= maxPlies-1 {
		return s.quiet(b, ply, side)
	}
	safe := s.safe(ply)
	ttMove := pousseMove(0xff)
	if m, d, bound, v, ok := s.tt.probe(b, side); ok {
		ttMove = m
		if safe && ply > 0 && d >= depth {
			v = v.fromNode(ply)
			switch {
			case bound == boundExact,
				bound == boundLower && v >= beta,
				bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	g := s.g
	var kids pousseKids
	rows, cols := g.near(b)
	best, bestMove, done := s.expand(b, ply, side, safe, rows, cols, &kids)
	if done {
		return best
	}
	for k := range kids.n {
		key, plain := s.order.key(ply, kids.move[k], ttMove)
		if plain && depth >= 2 {
			key -= 64 * int32(g.evaluate(kids.board[k], 3-side))
		}
		kids.key[k] = key
	}
	kids.sort()
	var cycles [32]int8 // how often a root move's state was made before
	if ply == 0 && !s.icfp {
		for k := range kids.n {
			cycles[k] = s.made(kids.board[k], side)
		}
	}
	w := window[pousseMove]{alpha: max(alpha, best), beta: beta, best: best, move: bestMove}
	noisy := s.easy && ply == 0
	// A threat extension: when the opponent holds a win at once, the
	// side to move must parry, so the line is forcing and searched a ply
	// deeper (at most until twice the iteration's depth).
	next := depth - 1
	if ply < 2*s.iteration && (rows|cols) != 0 && s.threatened(b, 3-side, rows, cols) {
		next = depth
	}
	for k := range kids.n {
		nb, m := kids.board[k], kids.move[k]
		s.descend(nb, ply)
		var v score
		switch {
		case !s.icfp && ply > 0 && ply&1 == 0 && s.repeats(nb, ply, side):
			// Under the contest rules the root side's own cycle inside the
			// tree leads only to the move limit: the line ends there, valued
			// as the position it recreates but at best a draw, less
			// evalCycle, so the engine plans progress rather than the same
			// threat again. (A plain draw's 0 here would flatten every
			// value above it to 0 wherever the root side stands a little
			// worse.) The opponent's cycles are left to the search (it may
			// repeat a parry, the engine need not follow).
			v = -s.quiet(nb, ply+1, 3-side)
			if o, _ := v.proof(); o == Unknown {
				v = min(v, 0) - evalCycle
			}
		case noisy && s.careless:
			// The easy level's careless move: the position after it as it
			// looks, the opponent's reply unseen.
			v = -s.g.evaluate(nb, 3-side) + noise(s.seed, int(m))
		case noisy:
			v = -s.negamax(nb, ply+1, next, -inf, inf)
			if o, _ := v.proof(); o == Unknown {
				v += noise(s.seed, int(m))
			}
		case k == 0:
			v = -s.negamax(nb, ply+1, next, -w.beta, -w.alpha)
		default:
			v = -s.negamax(nb, ply+1, next, -w.alpha-1, -w.alpha)
			if v > w.alpha && v < w.beta && !s.lim.stop {
				v = -s.negamax(nb, ply+1, next, -w.beta, -w.alpha)
			}
		}
		if s.lim.stop {
			return 0
		}
		if o, _ := v.proof(); cycles[k] > 0 && o == Unknown {
			v -= evalCycle * score(cycles[k])
		}
		if w.raise(v, m) && !noisy {
			s.order.cut(ply, depth, m)
			break
		}
	}
	return s.finish(b, ply, side, depth, w, alpha, safe && !noisy, false)
}

// Judge searches the position of p by judgment under opts: deepening
// one ply at a time until a result is proven, the depth cap, the node
// budget, the context or the deadline (an iteration is not begun past
// half the time left, since it would most likely not end), and answers
// the last completed iteration. The first iteration always completes,
// (it is 4N moves and evaluations), so a game that goes on always gets
// a move. The error is the context's
// when it stopped the search. Each iteration costs about (4N)^(d/2) to
// (4N)^d nodes of O(N) each; the table takes 24 << TableBits bytes.
func (p *Pousse) Judge(ctx context.Context, opts JudgeOptions) (Judgment, error) {
	if p.winner != 0 {
		return Judgment{Estimate: EstimateOf(0, true), Eval: 0}, nil
	}
	start := time.Now()
	s := &pousseJudge{easy: opts.Level == LevelEasy, seed: mix(p.b.hash(p.plies&1) + uint64(p.plies))}
	s.careless = s.easy && s.seed%easyCareless == 0
	s.init(p, newTable(judgeTableBits(opts)))
	if !p.icfp {
		s.indexGame() // the contest rules' cycles in the tree ask too
	}
	s.lim = limits{ctx: ctx}
	var j Judgment
	want := opts.maxDepth()
	if s.careless {
		want = 1 // the root's moves are valued as they look: deeper adds nothing
	}
	for d := 1; d <= want; d++ {
		s.iteration = d
		v := s.negamax(p.b, 0, d, -inf, inf)
		if s.lim.stop && d > 1 {
			break
		}
		j = judgment(v, s.rootSide == 1)
		j.Best, j.Depth = s.best.String(), d
		if j.Proof != Unknown || s.lim.stop {
			break
		}
		s.lim.deadline, s.lim.budget = opts.Deadline, opts.Nodes
		if !opts.Deadline.IsZero() && time.Since(start) > time.Until(opts.Deadline) {
			break
		}
	}
	j.Nodes = s.lim.nodes
	j.PV = s.pv(p.b, j.Depth)
	return j, s.lim.err
}

// pv is the root's best move, then the table's moves from there, for
// at most depth plies in all. O(depth
// · N).
func (s *pousseJudge) pv(b pousseBoard, depth int) []string {
	if depth == 0 {
		return nil
	}
	out := []string{s.best.String()}
	b = s.g.apply(b, s.best, s.rootSide)
	side := 3 - s.rootSide
	for range depth - 1 {
		if s.g.winner(b) != 0 {
			break
		}
		m, _, _, _, ok := s.tt.probe(b, side)
		if !ok || int(m&7) >= s.g.n {
			break
		}
		out = append(out, m.String())
		b = s.g.apply(b, m, side)
		side = 3 - side
	}
	return out
}

func judgeTableBits(o JudgeOptions) int {
	if o.TableBits <= 0 {
		return 18
	}
	return min(o.TableBits, 26)
}
