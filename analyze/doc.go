// Package analyze holds the rule engines of the three games: it replays a
// parsed game move by move, decides the verdict and the move where the
// game ends, gives the board after any move, and says what every move
// would do from any position (the Candidates methods, which use the
// replay's own repeat detectors). It also holds the words for a game's
// outcome (wording.go), so that every tool says it alike.
//
// The engines know nothing of editors or protocols: they take parse.Game
// values and return plain results whose positions are byte spans of the
// source, so that a command-line tool and the language server share them.
//
// The files: result.go a replay's Result (Player, Reason, Issue);
// outcome.go a game's Outcome and the Analyzer that finds a file's on a
// worker beside the parser; pousse.go the Pousse state and its moves,
// pousse_tiles.go its O squares in 8 x 8 tiles, pousse_count*.go the
// straights' recounts (with AVX2 on amd64), pousse_push.go what a push
// moves, pousse_game.go a replayed game with its checkpoints; spot.go and
// path*.go the other two games; *_candidates.go what every move would do;
// codes.go the issues' codes; wording.go the words for an outcome. The
// game-tree search is analyze/solve.
package analyze
