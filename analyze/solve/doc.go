// Package solve is the game-tree search beside the rule engines: it
// proves forced results in Pousse and Spot positions and annotates games
// with the moves that mattered (missed wins, blunders, the decisive move).
//
// The search is negamax with alpha-beta, iterative deepening, move
// ordering (the transposition table's move, killers, a history table) and,
// where the rules allow, a transposition table. Values are exact: a
// result says "the side to move wins within k plies", "loses within k
// plies", or "no forced result within d plies", and each is a proof over
// the depth-limited game tree in which every leaf at the horizon counts as
// no result. A node budget, a deadline and a context bound the work; when
// they cut an iteration short, the result of the last completed depth is
// returned, so a cut never makes a claim wrong, only shallower.
//
// The boards are this package's own, compact ones (a Pousse or Spot
// board of up to 8 x 8 fits in machine words, so that a move is a few
// word operations and a position is copied, not undone). Their rules are
// tested against the analyze engines on random games. Larger boards are
// not searched: ErrTooLarge.
//
// Dependencies: parse (moves, rules) and analyze (players); nothing here
// knows LSP.
package solve
