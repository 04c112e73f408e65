package analyze

import "gamels/parse"

// Player is one side of a game: First is X (Pousse), Player 1 (Spot) or
// White (PATH); Second is O, Player 2 or Black.
type Player uint8

// The players. None means no one (a tie, a draw, no result yet).
const (
	None Player = iota
	First
	Second
)

// Reason says why a game ended.
type Reason uint8

// Reasons.
const (
	ReasonNone       Reason = iota // no end within the moves given
	ReasonStraights                // Pousse: one colour has more straights
	ReasonRepetition               // Pousse icfp: the mover recreated a state it produced before
	ReasonPattern                  // Spot: the pattern repeats an earlier one (up to rotation)
)

// Issue is a problem the engine found in a well-formed game, such as an
// illegal Spot move. Span points at the move; Code names the class of the
// problem (see codes.go), stable when Msg is reworded.
type Issue struct {
	Span parse.Span
	Code parse.Code
	Msg  string
	// Unplayed marks an issue with a move after the end of the game: it
	// changes nothing of the verdict (and the contest judge ignores it).
	Unplayed bool
}

// Result is the outcome of a Pousse or Spot game.
type Result struct {
	// Verdict is the game's line exactly as the contest prints it
	// ("X WINS", "TIE GAME", "Player 2 wins on move 3", "Draw").
	Verdict string
	// Finished is false when the moves ran out without a result: a
	// Pousse tie, an unfinished icfp game, a Spot draw.
	Finished bool
	// End is the index in Game.Moves of the move where the game ends, or
	// -1. Moves after it are not played.
	End    int
	Winner Player
	Reason Reason
	// Earlier is the index in Game.Moves of the earlier move whose
	// position recurs at End (Spot pattern, icfp repetition), or -1.
	// For a Spot pattern repeat, Rotation is the quarter turns (0..3,
	// clockwise) that carry the earlier pattern onto the current one.
	Earlier  int
	Rotation int
	// Issues are problems found while replaying (illegal Spot moves,
	// also after the end: those are marked Unplayed).
	Issues []Issue
	// Partial is true when the game had parse errors: the verdict is
	// computed from the moves that could be read.
	Partial bool
}
