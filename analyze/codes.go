package analyze

import "gamels/parse"

// Codes of the issues the rule engines find in well-formed games. They
// are of parse.Code, the one set of error codes that tools key on (see
// parse/codes.go); each comment gives an example input (the game's kind,
// then the text).
const (
	// CodeIllegalPlace: a Spot move places a spot on a square that
	// already holds one (also after the end of the game, in the position
	// the moves after the end reach).
	//
	//	spot: 2\n1 1 +\n1 1 +\n2 2 +\n2 1 +\n0
	CodeIllegalPlace parse.Code = "illegal-place"

	// CodeIllegalRemove: a Spot move removes a spot from an empty
	// square (also after the end of the game, in the position the moves
	// after the end reach).
	//
	//	spot: 2\n2 2 -\n1 1 +\n1 2 +\n2 1 +\n0
	CodeIllegalRemove parse.Code = "illegal-remove"

	// CodeOffBoard: a Spot move off the board. The parser reports such
	// moves (row-out-of-range, column-out-of-range) and leaves them out of
	// the game, so only a game built by a program can hold one; no input
	// produces it.
	CodeOffBoard parse.Code = "off-board"
)
