package solve

// spotTree is what the proof (spotSearch) and the judgment (spotJudge)
// share of a Spot search: the game's patterns, the path from the root,
// the move order, and a node's expansion. There is no table: whether a
// move loses depends on every pattern before it, so a value belongs to a
// path, not to a position.
type spotTree struct {
	g     *spotGeom
	left  int      // moves left in the game at the root
	seen  []uint64 // the game's patterns, up to rotation
	path  [maxPlies + 1]uint64
	order moveOrder[spotMove]
	best  spotMove // the root's best move after a search
}

// init prepares the search of s's position. O(1).
func (t *spotTree) init(s *Spot) {
	t.g, t.left, t.seen = s.g, 2*s.g.n-s.plies, s.seen
}

// repeats reports whether canon c at ply (the pattern after the move at
// ply) equals an earlier one. O(moves so far + ply).
func (t *spotTree) repeats(c uint64, ply int) bool {
	for _, e := range t.seen {
		if e == c {
			return true
		}
	}
	for j := 1; j <= ply; j++ {
		if t.path[j] == c {
			return true
		}
	}
	return false
}

// spotKids are the moves of a node that do not repeat, with the
// patterns they make and the keys that order them.
type spotKids struct {
	n     int
	move  [64]spotMove
	board [64]spots
	key   [64]int32
}

// expand plays the N² toggles of p at ply. Those that repeat lose at
// once and give best, a loss at once with the first of them (-inf and
// square 0 when none does); the others go to kids in square order. With
// no kids the loss settles the node: done (at ply 0 its move is the
// root's best). O(N² · (moves so far + ply)).
func (t *spotTree) expand(p spots, ply int, kids *spotKids) (best score, bestMove spotMove, done bool) {
	best = -inf
	nc := 0
	for sq := range t.g.n * t.g.n {
		q := p.toggle(t.g, sq)
		if t.repeats(q.canon(), ply) {
			if v := lossIn(ply + 1); v > best {
				best, bestMove = v, spotMove(sq)
			}
			continue
		}
		kids.move[nc], kids.board[nc] = spotMove(sq), q
		nc++
	}
	kids.n = nc
	if nc > 0 {
		return best, bestMove, false
	}
	if ply == 0 {
		t.best = bestMove
	}
	return best, bestMove, true
}

// order sorts kids for the search at ply: the killers, then the
// history; an insertion sort, equal keys in their order.
func (kids *spotKids) order(o *moveOrder[spotMove], ply int) {
	for k := range kids.n {
		kids.key[k], _ = o.key(ply, kids.move[k], 0xff)
		for j := k; j > 0 && kids.key[j] > kids.key[j-1]; j-- {
			kids.key[j], kids.key[j-1] = kids.key[j-1], kids.key[j]
			kids.move[j], kids.move[j-1] = kids.move[j-1], kids.move[j]
			kids.board[j], kids.board[j-1] = kids.board[j-1], kids.board[j]
		}
	}
}

// finish ends the search of the node at ply with w: its value w.best;
// at ply 0 its move is the root's best. O(1).
func (t *spotTree) finish(ply int, w window[spotMove]) score {
	if ply == 0 {
		t.best = w.move
	}
	return w.best
}
