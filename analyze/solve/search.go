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
	// bytes each); 0 means 18 (6 MiB).
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
	// defence, or a move keeping the result open), as its token ("R3",
	// "2 3 +"); empty when the game is over.
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
