package solve

import "context"

// pousseSearch is one Pousse search: the game's rules and history, the table,
// and the path from the root (pousseTree), and the search's limits.
type pousseSearch struct {
	pousseTree
	lim limits
	// rootSafe reports that the game's plateau holds nothing but the
	// root itself, so that the root's value depends on its position
	// alone.
	rootSafe bool
}

// newPousseSearch prepares a search of p's position.
func newPousseSearch(p *Pousse, tt *table) *pousseSearch {
	s := &pousseSearch{}
	s.init(p, tt)
	s.rootSafe = !p.icfp || len(p.plateau) <= 1
	return s
}

// safe reports whether the value at ply depends on the position and the
// side to move alone, so that the table may give or take it: always
// under the contest rules; under icfp when nothing before this node on
// the path or in the game can recur below it.
func (s *pousseSearch) safe(ply int) bool {
	if !s.icfp {
		return true
	}
	if ply == 0 {
		return s.rootSafe
	}
	return s.pstart[ply] == ply
}

// negamax returns the score of the position b at ply with depth plies
// to go, root-relative (see score), exact when it lies strictly between
// alpha and beta, else a bound on the same side.
//
// Each node first plays all 4N moves (O(N) each): a move that wins at
// once ends the search of the node, moves that lose at once (straights
// for the opponent, an icfp repetition) are scored without recursion,
// and the others are searched in order: the table's move, the killers,
// then by the history table.
func (s *pousseSearch) negamax(b pousseBoard, ply, depth int, alpha, beta score) score {
	if s.lim.tick() {
		return 0
	}
	side := s.side(ply)
	// Mate-distance pruning: nothing here beats a win at the next ply.
	if alpha >= winIn(ply+1) {
		return alpha
	}
	if beta <= lossIn(ply+1) {
		return beta
	}
	if depth == 1 {
		return s.frontier(b, ply, side, alpha, beta)
	}
	g := s.g
	// Bounds from the straights within reach: a line's count of a colour
	// changes by at most one a ply, so a colour with no line of N-depth
	// markers cannot win within the horizon (under contest rules; icfp
	// repetitions lose without straights).
	ub, lb := inf, -inf
	if !s.icfp {
		mine, theirs := b.x, b.o
		if side == 2 {
			mine, theirs = theirs, mine
		}
		if !g.reach(mine, g.n-depth) {
			ub = 0
		}
		if !g.reach(theirs, g.n-depth) {
			lb = 0
		}
		switch {
		case ub == lb:
			if ply == 0 {
				s.best = 0 // every move keeps the result open: L1
			}
			return 0
		case ub <= alpha:
			return ub
		case lb >= beta:
			return lb
		}
	}
	safe := s.safe(ply)
	var ttMove pousseMove = 0xff
	if m, d, bound, v, ok := s.tt.probe(b, side); ok {
		ttMove = m
		if safe && ply > 0 && d >= depth {
			v = v.within(depth).fromNode(ply)
			switch {
			case bound == boundExact,
				bound == boundLower && v >= beta,
				bound == boundUpper && v <= alpha:
				return v
			}
		}
	}

	var kids pousseKids
	rows, cols := g.near(b)
	best, bestMove, done := s.expand(b, ply, side, safe, rows, cols, &kids)
	if done {
		return best
	}
	// The root keeps the order L1..BN, so that its best move is the
	// first of the best (see solve).
	if ply > 0 {
		kids.order(&s.order, ply, ttMove)
	}

	w := window[pousseMove]{alpha: max(alpha, best), beta: beta, best: best, move: bestMove}
	if lb > w.alpha && ply > 0 { // the root keeps its first move with the value
		w.alpha = lb
	}
	for k := range kids.n {
		nb, m := kids.board[k], kids.move[k]
		s.descend(nb, ply)
		v := -s.negamax(nb, ply+1, depth-1, -w.beta, -w.alpha)
		if s.lim.stop {
			return 0
		}
		if w.raise(v, m) {
			s.order.cut(ply, depth, m)
			break
		}
		if w.best >= ub {
			break
		}
	}
	return s.finish(b, ply, side, depth, w, alpha, safe, w.best >= ub || w.best <= lb)
}

// frontier is negamax at depth 1, where only the moves' immediate
// results count: a win at once, else no result when some move neither
// loses by straights nor repeats, else a loss at once. It checks the
// straights of every move first and the icfp repetitions only until a
// move passes, since repetition checks cost the most on full boards;
// with beta <= 0 the first move that passes is enough, and with alpha >=
// 0 the absence of a win. It uses no table: the moves cost less than a
// probe. O(N) per move, plus the repetition checks.
func (s *pousseSearch) frontier(b pousseBoard, ply, side int, alpha, beta score) score {
	g := s.g
	rows, cols := g.near(b)
	first := pousseMove(0xff) // the first move that does not lose by straights
	if rows|cols == 0 {
		first = 0 // no move changes the straights
	} else {
		for d := range 4 {
			for i := range g.n {
				m := pousseMove(d<<3 | i)
				if !mayWin(m, rows, cols) {
					if first == 0xff {
						first = m
						if beta <= 0 && !s.icfp {
							return 0
						}
					}
					continue
				}
				switch w := g.winner(g.apply(b, m, side)); {
				case w == side:
					if ply == 0 {
						s.best = m
					}
					return winIn(ply + 1)
				case w == 0 && first == 0xff:
					first = m
					if beta <= 0 && !s.icfp {
						return 0
					}
				}
			}
		}
		if alpha >= 0 {
			return 0 // no win: at most no result
		}
	}
	best, bestMove := lossIn(ply+1), pousseMove(0) // every move loses at once: L1 as any
	if first != 0xff {
		if !s.icfp {
			best, bestMove = 0, first
		} else {
			best, bestMove = s.frontierRepeats(b, ply, side, first, rows, cols)
		}
	}
	if ply == 0 {
		s.best = bestMove
	}
	return best
}

// frontierRepeats is frontier's answer under icfp when some move, first
// the first, does not lose by straights: no result with the first such
// move that does not repeat, else a loss at once with L1.
func (s *pousseSearch) frontierRepeats(b pousseBoard, ply, side int, first pousseMove, rows, cols uint64) (score, pousseMove) {
	g := s.g
	for d := int(first >> 3); d < 4; d++ {
		for i := range g.n {
			m := pousseMove(d<<3 | i)
			if m < first {
				continue
			}
			nb := g.apply(b, m, side)
			if mayWin(m, rows, cols) && g.winner(nb) != 0 {
				continue
			}
			if !s.repeats(nb, ply, side) {
				return 0, m
			}
		}
	}
	return lossIn(ply + 1), 0
}

// Solve searches the position of p to the horizon of opts, deepening one
// ply at a time and stopping at the first proven result. The error is
// the context's when it cancelled the search (the result is then that of
// the last completed depth). A game that is over gives Unknown at depth
// 0.
//
// The best move does not depend on the order of the search: it is the
// first move in the order L1..LN, R1.., T1.., B1.. among those with the
// position's value (the shortest win, the longest defence, or a move
// that keeps the result open).
func (p *Pousse) Solve(ctx context.Context, opts Options) (Result, error) {
	tt := newTable(tableBits(opts))
	return p.solve(ctx, opts, tt)
}

// tableBits is the table's size for o: the default grows with the
// depth, since a small table that stays in the cache serves a shallow
// search better than a large one.
func tableBits(o Options) int {
	if o.TableBits <= 0 {
		return min(8+o.depth(), 18)
	}
	return min(o.TableBits, 30)
}

// solve is Solve with a table shared between positions (its entries are
// valid for any root: see safe).
//
// Each depth d is searched with the window (-1, 1): the depth before
// proved nothing, so the value at d is a win in d, a loss in d or no
// result, and the window tells them apart without the distances (at the
// horizon tried first, exactly 0 is no result whatever the depths
// before). The
// root searches its moves in the order L1..BN and keeps the first that
// raises its best, so that with no result (or a win) its best move is
// the first move with the value. With a loss in d, the moves with the
// longest defence are those that kept the result open at depth d-1:
// the best move is that depth's (L1 when d is 1: every move loses at
// once).
func (p *Pousse) solve(ctx context.Context, opts Options, tt *table) (Result, error) {
	var r Result
	if p.winner != 0 {
		r.Complete = true
		return r, nil
	}
	s := newPousseSearch(p, tt)
	s.lim = limits{ctx: ctx, deadline: opts.Deadline, budget: opts.Nodes}
	want := opts.depth()
	// Most positions have no result within the horizon: without a
	// deadline or a budget (which want the deepest completed depth), the
	// horizon is tried first, and the depths one by one only to measure a
	// result it finds.
	if opts.Deadline.IsZero() && opts.Nodes == 0 && want > 1 {
		v := s.negamax(p.b, 0, want, -1, 1)
		if !s.lim.stop && v == 0 {
			r.Best, r.Depth, r.Complete = s.best.String(), want, true
			r.Nodes = s.lim.nodes
			return r, nil
		}
	}
	open := pousseMove(0) // the best move of the last depth, with no result
	for d := 1; d <= want; d++ {
		v := s.negamax(p.b, 0, d, -1, 1)
		if s.lim.stop {
			break
		}
		r.Depth = d
		switch {
		case v > 0:
			r.Proof, r.Plies, r.Best = Win, d, s.best.String()
		case v < 0:
			r.Proof, r.Plies, r.Best = Loss, d, open.String()
		default:
			open = s.best
			r.Best = open.String()
			continue
		}
		break
	}
	r.Complete = r.Proof != Unknown || r.Depth == want
	r.Nodes = s.lim.nodes
	return r, s.lim.err
}

// stateSet is a set of icfp states: open addressing on pousseBoard.hash,
// linear probing, at most half full. O(1) expected per lookup.
type stateSet struct {
	slots []pousseState // mover 0: a free slot
	mask  uint64
}

// init makes the set hold the states of list. O(len(list)).
func (t *stateSet) init(list []pousseState) {
	size := 16
	for size < 2*len(list) {
		size *= 2
	}
	t.slots, t.mask = make([]pousseState, size), uint64(size-1)
	for _, st := range list {
		i := st.b.hash(st.mover) & t.mask
		for t.slots[i].mover != 0 && t.slots[i] != st {
			i = (i + 1) & t.mask
		}
		t.slots[i] = st
	}
}

// has reports whether st is in the set.
func (t *stateSet) has(st pousseState) bool {
	for i := st.b.hash(st.mover) & t.mask; t.slots[i].mover != 0; i = (i + 1) & t.mask {
		if t.slots[i] == st {
			return true
		}
	}
	return false
}
