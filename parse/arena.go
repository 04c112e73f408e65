package parse

import "bytes"

// moveArena hands out the Moves slices of a file's games from a few large
// blocks, instead of one growing slice per game: parsing a file of a
// million moves then costs a handful of allocations and no copying.
type moveArena struct {
	block []Move
}

// reserve sizes the first block for src: at most one move per line
// (ending in "\n" or "\r\n", or in a lone "\r" when there is no "\n")
// is the usual layout, and a wrong guess only costs another block.
func (a *moveArena) reserve(src []byte) {
	n := bytes.Count(src, []byte{'\n'})
	if n == 0 {
		n = bytes.Count(src, []byte{'\r'})
	}
	n++
	a.block = newBlock(min(n, 1<<20))
}

// add appends m to moves, a slice this arena handed out whose last
// element is the last of the current block (the game being parsed).
func (a *moveArena) add(moves []Move, m Move) []Move {
	if len(a.block) == cap(a.block) {
		// Start a new block and carry over the current game's moves.
		next := make([]Move, 0, max(2*cap(a.block), 2*len(moves), 64))
		next = append(next, moves...)
		a.block = next
		moves = next[:len(moves):len(moves)]
	}
	a.block = append(a.block, m)
	start := len(a.block) - len(moves) - 1
	return a.block[start:len(a.block):len(a.block)]
}
