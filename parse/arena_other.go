//go:build !linux

package parse

// newBlock returns an empty block of n moves.
func newBlock(n int) []Move { return make([]Move, 0, n) }
