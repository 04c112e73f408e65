// Package match referees matches between game-playing programs, as
// cutechess-cli and fastchess do for chess engines and as the ICFP 1998
// contest did for Pousse: it schedules the games (two players, a round
// robin or a gauntlet; openings played twice with the colours swapped),
// plays each one by asking the players for their moves, judges every
// move by the rules of package analyze, and scores the results (Elo with
// its 95% interval, a sequential probability ratio test).
//
// A player is a program run afresh for each move on the ICFP 1998 player
// interface (standard input: N, then the moves so far, one a line;
// standard output: its move), run by internal/solution exactly as
// gamels judge --run runs a solution; or one of the engine players of
// engine.go, played in the process.
//
// The files: spec.go the players as written on the command line;
// command.go a program as a player; engine.go the engine players;
// reply.go what a player's answer means; referee.go one game;
// openings.go the random openings; schedule.go the games of a match;
// run.go the match itself; tally.go the scores; elo.go and sprt.go the
// statistics; record.go the JSON of a game and of a match, and their
// merge; transcript.go the games as a transcript, written as they end.
// docs/match.md is the user's reference.
package match
