package solve

import (
	"context"
	"time"
)

// Options bound a search.
type Options struct {
	// Depth is the horizon in plies; 0 means DefaultDepth; at most
	// MaxDepth.
	Depth int
	// Nodes is the node budget of one search (one position); 0 means no
	// budget.
	Nodes int64
	// Deadline, when not zero, stops the search at that time.
	Deadline time.Time
	// TableBits is log2 of the number of transposition table slots (24
	// bytes each); 0 means 8 plus the depth, at most 18 (14, 384 KiB, at
	// the default depth; 18, 6 MiB, from depth 10).
	TableBits int
}

// DefaultDepth is the horizon when Options.Depth is 0.
const DefaultDepth = 6

// MaxDepth is the deepest horizon a search takes: deeper ones are cut to
// it. Each ply multiplies the work by up to the number of moves (4N for
// Pousse), so that a horizon past it would not end in any useful time on
// the boards the search takes; the command line refuses more, and the
// server clamps its setting to it.
const MaxDepth = 12

// MaxN is the largest board, N x N, the searches take: NewPousse and
// NewSpot refuse a larger one with ErrTooLarge.
const MaxN = 8

func (o Options) depth() int {
	if o.Depth <= 0 {
		return DefaultDepth
	}
	return min(o.Depth, MaxDepth)
}

// Result is what a search proved about a position, for the side to move.
type Result struct {
	// Proof and Plies: Win (or Loss) within Plies plies, the shortest
	// win and the longest defence; Unknown: no forced result within
	// Depth plies (for a Pousse game already over: see the game).
	Proof Proof
	Plies int
	// Best is the move the search prefers (the shortest win, the longest
	// defence, or a move keeping the result open; for Pousse the first
	// such move in the order L1..BN), as its token ("R3", "2 3 +");
	// empty when the game is over.
	Best string
	// Depth is the horizon fully searched; Complete is false when the
	// budget, the deadline or the context cut the search short of the
	// requested depth before a result was proven.
	Depth    int
	Complete bool
	// Nodes is the number of positions visited.
	Nodes int64
}

// limits is the stopping logic shared by the searches.
type limits struct {
	ctx      context.Context
	deadline time.Time
	budget   int64 // 0: none
	nodes    int64
	stop     bool
	err      error
}

// tick counts a node and, every 1024 nodes, looks at the budget, the
// deadline and the context, and lets a single-threaded host in
// (yieldHost). O(1) amortised.
func (l *limits) tick() bool {
	l.nodes++
	if l.nodes&1023 == 0 && !l.stop {
		yieldHost()
		switch {
		case l.budget > 0 && l.nodes >= l.budget:
			l.stop = true
		case !l.deadline.IsZero() && time.Now().After(l.deadline):
			l.stop = true
		case l.ctx != nil && l.ctx.Err() != nil:
			l.stop, l.err = true, l.ctx.Err()
		}
	}
	return l.stop
}

// killerMoves are, per ply, the last two moves that caused a beta cutoff:
// tried early at the same ply elsewhere in the tree.
type killerMoves[M comparable] [maxPlies + 1][2]M

// cut records that m caused a cutoff at ply. O(1).
func (k *killerMoves[M]) cut(ply int, m M) {
	if k[ply][0] != m {
		k[ply][1], k[ply][0] = k[ply][0], m
	}
}

// moveOrder is the move order the searches share: after the table's
// move, the killers of the ply, then the history of cutoffs (a cutoff at
// depth d adds d² to its move). Moves are below 64 (a Pousse move, a
// Spot square).
type moveOrder[M ~uint8] struct {
	killers killerMoves[M]
	hist    [64]int32
}

// key is m's rank at ply, highest first: tt (the table's move; one that
// matches no move when there is none), the two killers, then the
// history. plain reports that m is none of the first three. O(1).
func (o *moveOrder[M]) key(ply int, m, tt M) (key int32, plain bool) {
	switch m {
	case tt:
		return 1 << 30, false
	case o.killers[ply][0]:
		return 1 << 29, false
	case o.killers[ply][1]:
		return 1 << 28, false
	}
	return o.hist[m&63], true
}

// cut records that m caused a cutoff at ply with depth plies to go. O(1).
func (o *moveOrder[M]) cut(ply, depth int, m M) {
	o.killers.cut(ply, m)
	o.hist[m&63] += int32(depth * depth)
}

// window is a node's search window (alpha, beta) with its best value
// and move so far.
type window[M ~uint8] struct {
	alpha, beta, best score
	move              M
}

// raise takes v, the value of move m: a new best when above it, and a
// new alpha when above that. It reports whether v cuts the node off (a
// new alpha at least beta). O(1).
func (w *window[M]) raise(v score, m M) bool {
	if v <= w.best {
		return false
	}
	w.best, w.move = v, m
	if v <= w.alpha {
		return false
	}
	w.alpha = v
	return v >= w.beta
}
