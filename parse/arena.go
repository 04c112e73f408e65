package parse

import "bytes"

// moveArena hands out the Moves slices of a file's games from a few large
// blocks, instead of one growing slice per game: parsing a file of a
// million moves then costs a handful of allocations and no copying.
//
// Blocks are sized from the source, never beyond what it can hold: a
// move takes at least 3 bytes with its separator (a Pousse move is 2,
// L1; a Spot move 5), so a source of n bytes holds at most n/3+1 moves.
type moveArena struct {
	block []Move
	// bound is the most moves the source can still hold beyond those in
	// finished blocks; done counts those.
	bound, done int
}

// reserve sizes the first block for src: one move per line (ending in
// "\n" or "\r\n", or in a lone "\r" when there is no "\n") is the usual
// layout, and at most len(src)/3+1 moves fit in any layout. A file with
// more moves per line grows the arena (see grow). O(len(src)) at memory
// speed.
func (a *moveArena) reserve(src []byte) {
	n := bytes.Count(src, []byte{'\n'})
	if n == 0 {
		n = bytes.Count(src, []byte{'\r'})
	}
	a.bound = len(src)/3 + 1
	a.block = newBlock(min(n+1, a.bound))
}

// grow starts a new block holding moves (the current game's, the tail of
// the full block) with room for more, and returns it. The new block is
// twice the old one, but no larger than what the source can still hold.
// O(len(moves)).
func (a *moveArena) grow(moves []Move) []Move {
	a.done += len(a.block) - len(moves)
	n := max(2*cap(a.block), 2*len(moves), 64)
	if a.bound > 0 {
		n = min(n, a.bound-a.done)
	}
	n = max(n, len(moves)+1)
	next := newBlock(n)
	next = append(next, moves...)
	a.block = next
	return next
}

// add appends m to moves, a slice this arena handed out whose last
// element is the last of the current block (the game being parsed).
func (a *moveArena) add(moves []Move, m Move) []Move {
	if len(a.block) == cap(a.block) {
		// Start a new block and carry over the current game's moves.
		moves = a.grow(moves)
	}
	a.block = append(a.block, m)
	start := len(a.block) - len(moves) - 1
	return a.block[start:len(a.block):len(a.block)]
}

// newBlock returns an empty block of n moves.
func newBlock(n int) []Move { return make([]Move, 0, n) }
