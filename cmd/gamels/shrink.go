package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"gamels/contest"
	"gamels/internal/shrink"
	"gamels/internal/solution"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "shrink",
		usage: "pousse|spot|path --run 'CMD ARGS' [--rules contest|icfp] [--max-runs N] -o SMALL INPUT",
		short: "cut INPUT down to a smallest input on which CMD still disagrees with the judge",
		long: `shrink runs CMD on INPUT as judge --run does, and keeps cutting the input
while CMD fails the same way (a wrong verdict, a crash, the time or the
output limit): first whole games (the first game that differs alone
first), then the moves of the game left, then its board, a row and the
column of the same number at a time, until no single game, move or line
can go. Every candidate is a well-formed contest input of INPUT's layout
(UVa count line, ZOJ, the terminating 0; no illegal Spot move). The
result depends only on INPUT and CMD's answers. Progress goes to stderr;
SMALL is written once, at the end (at Ctrl-C or --max-runs, the smallest
failing input so far), then the judge's comparison on it is printed.
Exit status 0 when SMALL is written and 1-minimal, 1 when it is written
but shrinking stopped early, or nothing could be shrunk.`,
		run: runShrink,
	})
}

func runShrink(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("shrink", stderr)
	var rules rulesFlag
	fs.Var(&rules, "rules", rulesUsage)
	run := fs.String("run", "", "the solution to run, `'CMD ARGS'` (no shell: write sh -c '...' for one)")
	outName := fs.String("o", "", "write the small input to `SMALL`")
	maxRuns := fs.Int("max-runs", 2000, "stop after `N` runs of CMD with the smallest failing input so far; 0 for no bound")
	jobs := fs.Int("jobs", 2, "run CMD on up to `J` candidates at once (the result is the same)")
	var limits limitFlags
	limits.register(fs)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) != 2 {
		return usageError(fs, "want a game and one INPUT file")
	}
	kind, ok := parse.KindOf(rest[0])
	if !ok {
		return usageError(fs, "unknown game %s: want pousse, spot or path", quoteArg(rest[0]))
	}
	switch {
	case *run == "":
		return usageError(fs, "want --run 'CMD ARGS': the solution to shrink against")
	case *outName == "":
		return usageError(fs, "want -o SMALL: where to write the small input")
	case *jobs < 1:
		return usageError(fs, "--jobs must be at least 1")
	case *maxRuns < 0:
		return usageError(fs, "--max-runs must be 0 or more")
	}
	argv, err := solution.Split(*run)
	if err != nil {
		return usageError(fs, "--run %s: %v", quoteArg(*run), err)
	}
	name := rest[1]
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "gamels shrink: %s\n", message(err))
		return exitProblem
	}
	if a, err := os.Stat(name); err == nil {
		if b, err := os.Stat(*outName); err == nil && os.SameFile(a, b) {
			fmt.Fprintf(stderr, "gamels shrink: -o %s is the input itself: write the small input elsewhere\n", *outName)
			return exitProblem
		}
	}
	v := contest.Judge(kind, rules.r, src, judgeWorkers)
	if reportErrors(name, src, v.Errors, stderr) != 0 {
		fmt.Fprintf(stderr, "gamels shrink: %s has errors: shrink needs a well-formed input\n", name)
		return exitProblem
	}

	ctx, stop := onInterrupt()
	defer stop()
	t := &trial{kind: kind, rules: rules.r, argv: argv, lim: limits.lim}
	r, err := solution.Run(ctx, argv, src, t.lim)
	if err != nil {
		fmt.Fprintf(stderr, "gamels shrink: %v\n", err)
		return exitProblem
	}
	want, cmp := t.classify(v, r)
	switch want {
	case failInterrupted:
		fmt.Fprintf(stderr, "gamels shrink: interrupted: nothing written\n")
		return exitProblem
	case failNone:
		fmt.Fprintf(stderr, "gamels shrink: %s agrees with the judge on %s: nothing to shrink\n", argv[0], name)
		return exitProblem
	}
	t.want = want
	var focus []int
	if cmp != nil {
		for _, d := range cmp.Differences[:min(len(cmp.Differences), 3)] {
			focus = append(focus, d.Game)
		}
	}
	fmt.Fprintf(stderr, "gamels shrink: %s on %s: %s; shrinking (%d bytes, %s)\n", argv[0], name, want, len(src), parse.Plural(len(v.File.Games), "game"))
	start := time.Now()
	// The run on INPUT is the first of --max-runs.
	small, runs, err := src, 0, shrink.ErrMaxRuns
	if *maxRuns != 1 {
		small, runs, err = shrink.Shrink(ctx, src, t.test, shrink.Options{
			Kind: kind, MaxRuns: max(*maxRuns-1, 0), Jobs: *jobs, Focus: focus, Failing: true,
			Progress: func(p shrink.Progress) {
				fmt.Fprintf(stderr, "gamels shrink: %s: %d bytes, %s, %s (%s)\n", parse.Plural(p.Runs+1, "run"), p.Bytes, parse.Plural(p.Games, "game"), parse.Plural(p.Moves, "move"), p.Stage)
			},
		})
	}
	runs++
	status = exitOK
	switch {
	case err == nil:
	case errors.Is(err, shrink.ErrMaxRuns):
		fmt.Fprintf(stderr, "gamels shrink: stopped after --max-runs %d runs: the result may not be minimal\n", *maxRuns)
		status = exitProblem
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "gamels shrink: interrupted: writing the smallest failing input so far\n")
		status = exitProblem
	default:
		fmt.Fprintf(stderr, "gamels shrink: %v: writing the smallest failing input so far\n", err)
		status = exitProblem
	}
	if err := writeNew(*outName, small); err != nil {
		fmt.Fprintf(stderr, "gamels shrink: %s\n", message(err))
		return exitProblem
	}
	fmt.Fprintf(stderr, "gamels shrink: wrote %s: %d bytes, after %s in %.1f s\n", *outName, len(small), parse.Plural(runs, "run"), time.Since(start).Seconds())
	if ctx.Err() == nil {
		// What CMD gets wrong on the small input, as judge --run says it.
		sv := contest.Judge(kind, rules.r, small, judgeWorkers)
		if r, err := solution.Run(ctx, argv, small, t.lim); err == nil {
			if msg := describeRun(argv[0], r, t.lim); msg != "" {
				fmt.Fprintf(stdout, "%s\n", msg)
			}
			if c, err := contest.Compare(sv, bytes.NewReader(r.Stdout)); err == nil {
				writeComparison(stdout, sv, c, *outName, "<output>", small, false, rules.r)
			}
		}
	}
	return status
}

// failure is the way a solution fails on an input.
type failure uint8

const (
	failNone        failure = iota // it agrees with the judge
	failWrong                      // it runs and prints another output
	failCrash                      // it exits with a status other than 0, or is killed by a signal
	failTime                       // it is killed at the time limit
	failOutput                     // it is killed at the output limit
	failInterrupted                // the user interrupted gamels
)

func (f failure) String() string {
	return [...]string{"agrees with the judge", "prints a wrong output", "crashes", "runs past the time limit", "prints past the output limit", "interrupted"}[f]
}

// trial runs a solution on candidates and says whether each fails as
// the original input does.
type trial struct {
	kind  parse.Kind
	rules parse.Rules
	argv  []string
	lim   solution.Limits
	want  failure
}

func (t *trial) classify(v *contest.Verdicts, r *solution.Result) (failure, *contest.Comparison) {
	switch {
	case r.Ending == solution.Interrupted:
		return failInterrupted, nil
	case r.Ending == solution.TimeLimit:
		return failTime, nil
	case r.Ending == solution.OutputLimit:
		return failOutput, nil
	case !r.OK():
		return failCrash, nil
	}
	c, err := contest.Compare(v, bytes.NewReader(r.Stdout))
	if err != nil || !c.Same() {
		return failWrong, c
	}
	return failNone, c
}

func (t *trial) test(ctx context.Context, src []byte) (bool, error) {
	r, err := solution.Run(ctx, t.argv, src, t.lim)
	if err != nil {
		return false, err
	}
	f, _ := t.classify(contest.Judge(t.kind, t.rules, src, 1), r)
	if f == failInterrupted {
		return false, ctx.Err()
	}
	return f == t.want, nil
}
