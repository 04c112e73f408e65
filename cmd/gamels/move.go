package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"gamels/analyze/solve"
	"gamels/internal/match"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "move",
		usage: "pousse|spot [--time T] [--level easy|normal|strong] [--rules contest|icfp]",
		short: "play the engine's move in the position on standard input (the ICFP 1998 player interface)",
		long: `Standard input holds the position as a match player reads it: N on the
first line, then the moves played so far, one a line (docs/match.md).
The engine's move is printed on one line ("L3", "2 5 +"). A position
that is malformed, has an illegal move, a size out of 1..8 or a game
already over is an error on standard error with exit status 1, and
nothing on standard output. --time is the thinking time (default: the
level's, 100ms easy, 1s normal, 3s strong); the levels are in
docs/engine.md.`,
		run: runMove,
	})
}

// maxMoveTime bounds --time: a referee's limit is 30 s a move.
const maxMoveTime = 10 * time.Minute

func runMove(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("move", stderr)
	think := fs.Duration("time", 0, "the thinking time, `T` (such as 200ms; default: the level's)")
	level := fs.String("level", "normal", "how well to play, `easy|normal|strong`")
	var rules rulesFlag
	fs.Var(&rules, "rules", "the Pousse rule set, `contest|icfp` (default contest)")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) != 1 {
		return usageError(fs, "want one game: pousse or spot")
	}
	kind, ok := parse.KindOf(rest[0])
	if !ok || rest[0] != kind.String() || kind == parse.Path {
		return usageError(fs, "unknown game %s: want pousse or spot (PATH has no moves)", quoteArg(rest[0]))
	}
	l, ok := solve.ParseLevel(*level)
	if !ok {
		return usageError(fs, "--level %s: the levels are %s", quoteArg(*level), strings.Join(solve.Levels, ", "))
	}
	switch {
	case *think < 0 || *think > maxMoveTime:
		return usageError(fs, "--time %v: want a duration from 1ms to %v", *think, maxMoveTime)
	case *think == 0:
		*think = l.Time()
	}
	if rules.r != parse.RulesDefault && kind != parse.Pousse {
		return usageError(fs, "--rules is for Pousse")
	}
	n, moves, err := match.ReadPosition(kind, rules.r, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "gamels move: %v\n", err)
		return exitProblem
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := solve.JudgeOptions{Level: l, Deadline: time.Now().Add(*think)}
	j, err := match.JudgeTurn(ctx, kind, rules.r, n, moves, opts)
	if err != nil || j.Best == "" {
		fmt.Fprintf(stderr, "gamels move: the engine found no move: %v\n", err)
		return exitProblem
	}
	fmt.Fprintln(stdout, j.Best)
	return exitOK
}
