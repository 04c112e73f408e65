// Package parse reads Pousse, Spot and PATH transcripts into games whose
// every token carries its byte span in the source. A move (Move, 8 bytes)
// holds its span relative to its game: Game.MoveSpan gives it in the
// source, and a game moved by an edit before it (Reparse) keeps its moves.
//
// The parsers recover: Parse always returns a File holding every game it
// could recognise, together with every error found, sorted by position; it
// never stops at the first error. Malformed move tokens are reported and
// left out of Game.Moves, so that an engine replaying the game skips them
// (the turn does not pass) and later positions can still be shown.
//
// The formats are those of the contest inputs (UVa 844 and the Waterloo
// layout, UVa 141, UVa 601) plus `#` comments that run to the end of the
// line, and for Pousse a `# rules: contest|icfp` line before the first game.
//
// Every error carries a Code (codes.go), a stable name for its class that
// tools key on; its message is for people and may be reworded.
//
// Nothing here allocates in proportion to a number written in the input:
// sizes are checked against the formats' limits before they are used.
package parse
