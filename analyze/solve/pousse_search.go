package solve

import "context"

// pousseSearch is one Pousse search: the game's rules and history, the table,
// and the path from the root.
type pousseSearch struct {
	g    *pousseGeom
	icfp bool
	tt   *table
	lim  limits

	rootSide int
	// path[p] is the position at ply p (path[0] the root); pstart[p] is
	// the first ply of the path whose marker count equals that of
	// path[p]: only path[pstart[p]..p] (and, when pstart[p] is 0, the
	// game's plateau) can recur below ply p.
	path   [maxPlies + 1]pousseBoard
	pstart [maxPlies + 1]int
	// game is the game's plateau (states with the root's count), as a
	// set when it is large; rootSafe reports that it holds nothing but
	// the root itself, so that the root's value depends on its position
	// alone.
	game     []pousseState
	gameSet  stateSet
	rootSafe bool

	killers killerMoves[pousseMove]
	hist    [32]int32
	best    pousseMove // the root's best move after a search
}

// newPsearch prepares a search of p's position.
func newPousseSearch(p *Pousse, tt *table) *pousseSearch {
	s := &pousseSearch{g: p.g, icfp: p.icfp, tt: tt, rootSide: 1 + p.plies&1}
	s.path[0] = p.b
	if p.icfp {
		s.game = p.plateau
		if len(s.game) > 8 {
			s.gameSet.init(s.game)
		}
	}
	s.rootSafe = !p.icfp || len(p.plateau) <= 1
	return s
}

// side returns the player to move at ply (1 X, 2 O).
func (s *pousseSearch) side(ply int) int {
	return s.rootSide ^ (ply&1)*3
}

// repeats reports whether nb, produced by side from the position at
// ply, recreates a state side produced before (icfp rule). Only states
// with the same marker count can match. O(ply + 1) plus a set lookup.
func (s *pousseSearch) repeats(nb pousseBoard, ply, side int) bool {
	if nb.count() != s.path[ply].count() {
		return false
	}
	// path[j] was produced by the move at ply j-1, by side when ply+1-j
	// is even.
	start := s.pstart[ply]
	for j := ply - 1; j >= max(start, 1); j -= 2 {
		if s.path[j] == nb {
			return true
		}
	}
	if start != 0 {
		return false
	}
	st := pousseState{nb, side}
	if s.gameSet.slots != nil {
		return s.gameSet.has(st)
	}
	for _, g := range s.game {
		if g == st {
			return true
		}
	}
	return false
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
	safe := s.safe(ply)
	if depth == 1 && !safe {
		return s.frontier(b, ply, side, false) // the table's move would not be used
	}
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

	if depth == 1 {
		return s.frontier(b, ply, side, safe)
	}
	g := s.g
	var kids [32]pousseBoard
	var cand [32]pousseMove
	nc := 0
	best, bestMove := -inf, pousseMove(0)
	rows, cols := g.near(b)
	for d := range 4 {
		for i := range g.n {
			m := pousseMove(d<<3 | i)
			nb := g.apply(b, m, side)
			if mayWin(m, rows, cols) {
				switch w := g.winner(nb); w {
				case 0:
				case side:
					v := winIn(ply + 1)
					s.tt.store(b, side, m, maxPlies, boundExact, v.toNode(ply))
					if ply == 0 {
						s.best = m
					}
					return v
				default:
					if v := lossIn(ply + 1); v > best {
						best, bestMove = v, m
					}
					continue
				}
			}
			if s.icfp && s.repeats(nb, ply, side) {
				if v := lossIn(ply + 1); v > best {
					best, bestMove = v, m
				}
				continue
			}
			kids[nc], cand[nc] = nb, m
			nc++
		}
	}
	if nc == 0 {
		if safe { // every move loses at once: exact at any depth
			s.tt.store(b, side, bestMove, maxPlies, boundExact, best.toNode(ply))
		}
		if ply == 0 {
			s.best = bestMove
		}
		return best
	}

	// Order the candidates: the table's move, the killers, then the
	// history table. An insertion sort of at most 32 moves.
	var key [32]int32
	for k := 0; k < nc; k++ {
		m := cand[k]
		switch m {
		case ttMove:
			key[k] = 1 << 30
		case s.killers[ply][0]:
			key[k] = 1 << 29
		case s.killers[ply][1]:
			key[k] = 1 << 28
		default:
			key[k] = s.hist[m&31]
		}
		for j := k; j > 0 && key[j] > key[j-1]; j-- {
			key[j], key[j-1] = key[j-1], key[j]
			cand[j], cand[j-1] = cand[j-1], cand[j]
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}

	alpha0 := alpha
	if best > alpha {
		alpha = best
	}
	for k := 0; k < nc; k++ {
		nb := kids[k]
		s.path[ply+1] = nb
		if nb.count() == b.count() {
			s.pstart[ply+1] = s.pstart[ply]
		} else {
			s.pstart[ply+1] = ply + 1
		}
		v := -s.negamax(nb, ply+1, depth-1, -beta, -alpha)
		if s.lim.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, cand[k]
			if v > alpha {
				alpha = v
				if v >= beta {
					s.killers.cut(ply, cand[k])
					s.hist[cand[k]&31] += int32(depth * depth)
					break
				}
			}
		}
	}
	if safe {
		bound := boundExact
		switch {
		case best >= beta:
			bound = boundLower
		case best <= alpha0:
			bound = boundUpper
		}
		s.tt.store(b, side, bestMove, depth, bound, best.toNode(ply))
	}
	if ply == 0 {
		s.best = bestMove
	}
	return best
}

// frontier is negamax at depth 1, where only the moves' immediate
// results count: a win at once, else no result when some move neither
// loses by straights nor repeats, else a loss at once. It checks the
// straights of every move first and the icfp repetitions only until a
// move passes, since repetition checks cost the most on full boards.
// O(N) per move, plus the repetition checks.
func (s *pousseSearch) frontier(b pousseBoard, ply, side int, safe bool) score {
	g := s.g
	rows, cols := g.near(b)
	first := pousseMove(0xff) // the first move that does not lose by straights
	lost := pousseMove(0xff)  // the last move that does
	for d := range 4 {
		for i := range g.n {
			m := pousseMove(d<<3 | i)
			if !mayWin(m, rows, cols) {
				if first == 0xff {
					first = m
				}
				continue
			}
			switch w := g.winner(g.apply(b, m, side)); {
			case w == side:
				v := winIn(ply + 1)
				s.tt.store(b, side, m, maxPlies, boundExact, v.toNode(ply))
				if ply == 0 {
					s.best = m
				}
				return v
			case w != 0:
				lost = m
			case first == 0xff:
				first = m
			}
		}
	}
	best, bestMove, d := lossIn(ply+1), lost, maxPlies
	if first != 0xff {
		if !s.icfp {
			best, bestMove, d = 0, first, 1
		} else {
			best, bestMove, d = s.frontierRepeats(b, ply, side, first, rows, cols)
		}
	}
	if safe {
		s.tt.store(b, side, bestMove, d, boundExact, best.toNode(ply))
	}
	if ply == 0 {
		s.best = bestMove
	}
	return best
}

// frontierRepeats is frontier's answer under icfp when some move, first
// the first, does not lose by straights: no result with the first such
// move that does not repeat, else a loss at once with the last such
// move.
func (s *pousseSearch) frontierRepeats(b pousseBoard, ply, side int, first pousseMove, rows, cols uint64) (score, pousseMove, int) {
	g := s.g
	bestMove := first
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
				return 0, m, 1
			}
			bestMove = m
		}
	}
	return lossIn(ply + 1), bestMove, maxPlies
}

// Solve searches the position of p to the horizon of opts, deepening one
// ply at a time and stopping at the first proven result. The error is
// the context's when it cancelled the search (the result is then that of
// the last completed depth). A game that is over gives Unknown at depth
// 0.
func (p *Pousse) Solve(ctx context.Context, opts Options) (Result, error) {
	tt := newTable(tableBits(opts))
	return p.solve(ctx, opts, tt)
}

func tableBits(o Options) int {
	if o.TableBits <= 0 {
		return 18
	}
	return min(o.TableBits, 30)
}

// solve is Solve with a table shared between positions (its entries are
// valid for any root: see safe).
func (p *Pousse) solve(ctx context.Context, opts Options, tt *table) (Result, error) {
	var r Result
	if p.winner != 0 {
		r.Complete = true
		return r, nil
	}
	s := newPousseSearch(p, tt)
	s.lim = limits{ctx: ctx, deadline: opts.Deadline, budget: opts.Nodes}
	want := opts.depth()
	for d := 1; d <= want; d++ {
		v := s.negamax(p.b, 0, d, -inf, inf)
		if s.lim.stop {
			break
		}
		r.Proof, r.Plies = v.proof()
		r.Best, r.Depth = s.best.String(), d
		if r.Proof != Unknown {
			break
		}
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
