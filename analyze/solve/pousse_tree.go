package solve

// pousseTree is what the proof (pousseSearch) and the judgment
// (pousseJudge) share of a Pousse search: the rules, the table, the path
// from the root, the move order, and a node's expansion.
type pousseTree struct {
	g    *pousseGeom
	icfp bool
	tt   *table

	rootSide int
	// path[p] is the position at ply p (path[0] the root); pstart[p] is
	// the first ply of the path whose marker count equals that of
	// path[p]: only path[pstart[p]..p] (and, when pstart[p] is 0, the
	// game's plateau) can recur below ply p.
	path   [maxPlies + 1]pousseBoard
	pstart [maxPlies + 1]int
	// game is the game's plateau (states with the root's count), as a
	// set too when it is large and repeats will ask (indexGame).
	game    []pousseState
	gameSet stateSet

	order moveOrder[pousseMove]
	best  pousseMove // the root's best move after a search
}

// init prepares the search of p's position with the table tt.
// O(plateau).
func (t *pousseTree) init(p *Pousse, tt *table) {
	t.g, t.icfp, t.tt, t.rootSide = p.g, p.icfp, tt, 1+p.plies&1
	t.path[0] = p.b
	t.game = p.plateau
	if p.icfp {
		t.indexGame()
	}
}

// indexGame makes the game's plateau a set when it is large, for
// repeats. O(plateau).
func (t *pousseTree) indexGame() {
	if len(t.game) > 8 {
		t.gameSet.init(t.game)
	}
}

// side returns the player to move at ply (1 X, 2 O).
func (t *pousseTree) side(ply int) int {
	return t.rootSide ^ (ply&1)*3
}

// repeats reports whether nb, produced by side from the position at
// ply, recreates a state side produced before (the icfp rule; under
// the contest rules, the judgment's end of a line that cycles). Only
// states with the same marker count can match. O(ply + 1) plus a set
// lookup.
func (t *pousseTree) repeats(nb pousseBoard, ply, side int) bool {
	if nb.count() != t.path[ply].count() {
		return false
	}
	// path[j] was produced by the move at ply j-1, by side when ply+1-j
	// is even.
	start := t.pstart[ply]
	for j := ply - 1; j >= max(start, 1); j -= 2 {
		if t.path[j] == nb {
			return true
		}
	}
	if start != 0 {
		return false
	}
	st := pousseState{nb, side}
	if t.gameSet.slots != nil {
		return t.gameSet.has(st)
	}
	for _, g := range t.game {
		if g == st {
			return true
		}
	}
	return false
}

// descend records nb, the board of a move from ply, as the path's next
// position. O(1).
func (t *pousseTree) descend(nb pousseBoard, ply int) {
	t.path[ply+1] = nb
	if nb.count() == t.path[ply].count() {
		t.pstart[ply+1] = t.pstart[ply]
	} else {
		t.pstart[ply+1] = ply + 1
	}
}

// pousseKids are the moves of a node that neither win nor lose at once,
// with the boards they make and the keys that order them.
type pousseKids struct {
	n     int
	move  [32]pousseMove
	board [32]pousseBoard
	key   [32]int32
}

// expand plays the 4N moves of b at ply for side (rows and cols are
// g.near(b)). A move that wins at once settles the node: done, with
// that win, stored in the table as exact at any depth. Otherwise the
// moves that lose at once (straights for the opponent, an icfp
// repetition) give best, a loss at once with the first of them (-inf
// and L1 when none does), and the others go to kids in the order
// L1..BN; with no kids the loss settles the node, stored when safe.
// When done at ply 0, the move is the root's best. O(N) a move, plus
// the repetition checks.
func (t *pousseTree) expand(b pousseBoard, ply, side int, safe bool, rows, cols uint64, kids *pousseKids) (best score, bestMove pousseMove, done bool) {
	g := t.g
	best = -inf
	nc := 0
	for d := range 4 {
		for i := range g.n {
			m := pousseMove(d<<3 | i)
			nb := g.apply(b, m, side)
			if mayWin(m, rows, cols) {
				switch w := g.winner(nb); w {
				case 0:
				case side:
					t.settle(b, ply, side, true, winIn(ply+1), m)
					return winIn(ply + 1), m, true
				default:
					if v := lossIn(ply + 1); v > best {
						best, bestMove = v, m
					}
					continue
				}
			}
			if t.icfp && t.repeats(nb, ply, side) {
				if v := lossIn(ply + 1); v > best {
					best, bestMove = v, m
				}
				continue
			}
			kids.board[nc], kids.move[nc] = nb, m
			nc++
		}
	}
	kids.n = nc
	if nc > 0 {
		return best, bestMove, false
	}
	t.settle(b, ply, side, safe, best, bestMove)
	return best, bestMove, true
}

// settle ends the node b at ply, for side, with v at any depth and its
// move m: stored in the table when store, and the root's best move at
// ply 0. O(1).
func (t *pousseTree) settle(b pousseBoard, ply, side int, store bool, v score, m pousseMove) {
	if store {
		t.tt.store(b, side, m, maxPlies, boundExact, v.toNode(ply))
	}
	if ply == 0 {
		t.best = m
	}
}

// order sorts kids for the search at ply: tt (the table's move), the
// killers, then the history.
func (kids *pousseKids) order(o *moveOrder[pousseMove], ply int, tt pousseMove) {
	for k := range kids.n {
		kids.key[k], _ = o.key(ply, kids.move[k], tt)
	}
	kids.sort()
}

// sort sorts kids by key, highest first, equal keys in their order: an
// insertion sort of at most 32 moves.
func (kids *pousseKids) sort() {
	for k := 1; k < kids.n; k++ {
		for j := k; j > 0 && kids.key[j] > kids.key[j-1]; j-- {
			kids.key[j], kids.key[j-1] = kids.key[j-1], kids.key[j]
			kids.move[j], kids.move[j-1] = kids.move[j-1], kids.move[j]
			kids.board[j], kids.board[j-1] = kids.board[j-1], kids.board[j]
		}
	}
}

// finish ends the search of node b at ply, for side, with depth plies
// to go and w, which began with alpha0: its value w.best, stored in the
// table when store, as exact when exact or inside (alpha0, w.beta), else
// as the bound it is; at ply 0 its move is the root's best. O(1).
func (t *pousseTree) finish(b pousseBoard, ply, side, depth int, w window[pousseMove], alpha0 score, store, exact bool) score {
	if store {
		bound := boundExact
		switch {
		case exact:
		case w.best >= w.beta:
			bound = boundLower
		case w.best <= alpha0:
			bound = boundUpper
		}
		t.tt.store(b, side, w.move, depth, bound, w.best.toNode(ply))
	}
	if ply == 0 {
		t.best = w.move
	}
	return w.best
}
