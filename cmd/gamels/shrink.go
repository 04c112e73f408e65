package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"gamels/contest"
	"gamels/internal/shrink"
	"gamels/internal/solution"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "shrink",
		usage: "pousse|spot|path --run 'CMD ARGS' [--rules contest|icfp] [--max-runs N] -o SMALL INPUT|-",
		short: "cut INPUT down to a smallest input on which CMD still disagrees with the judge",
		long: `shrink runs CMD on INPUT as judge --run does, and keeps cutting the input
while CMD fails the same way (a wrong verdict, a crash, the time or the
output limit): first whole games (the first game that differs alone
first), then the moves of the game left, then its board, a row and the
column of the same number at a time (for Spot first row and column k
with N+1-k, which keeps every rotation of a pattern one), until no
single game, move or line can go. INPUT - reads standard input. Every candidate is a well-formed contest input of INPUT's layout
(UVa count line, ZOJ, the terminating 0; no illegal Spot move). The
result depends only on INPUT and CMD's answers. Progress goes to stderr;
SMALL is written once, at the end (at Ctrl-C or --max-runs, the smallest
failing input so far), then the judge's comparison on it is printed.
SMALL is checked again: CMD is run on it 3 times, and when it does not
fail every time shrink says it is flaky. Exit status 0 when SMALL is
written and 1-minimal, 1 when it is written but shrinking stopped early
or CMD is flaky on it, or nothing could be shrunk.`,
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
	maxSize := addSizeFlag(fs, wholeMaxSize)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) == 0 {
		return usageError(fs, "want a game and one INPUT file")
	}
	kind, status := gameArg(fs, rest[0])
	if status != 0 {
		return status
	}
	if msg := unquotedRun(*run, rest[1:]); msg != "" && len(rest) != 2 {
		return usageError(fs, "%s", msg)
	}
	if len(rest) != 2 {
		return usageError(fs, "want a game and one INPUT file (- for standard input)")
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
	var src []byte
	if name == "-" {
		name = stdinName
		src, err = readLimited(name, stdin, maxSize.n)
	} else {
		src, err = readLimited(name, nil, maxSize.n)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gamels shrink: %s\n", message(err))
		return exitProblem
	}
	if a, err := os.Stat(name); err == nil && name != stdinName {
		if b, err := os.Stat(*outName); err == nil && os.SameFile(a, b) {
			fmt.Fprintf(stderr, "gamels shrink: -o %s is the input itself: write the small input elsewhere\n", quoteName(*outName))
			return exitProblem
		}
	}
	// The live heap peaks at about 20 bytes a byte of input (the games'
	// tokens, the verdicts, two candidates being judged) and shrinking
	// makes garbage in proportion to the runs: the collector keeps the
	// heap within the bound SECURITY.md states.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(len(src))*shrinkHeapPerByte + 64<<20))
	v := keepVerdicts(kind, rules.r, src)
	if v.j.report(name, src, stderr) != 0 {
		fmt.Fprintf(stderr, "gamels shrink: %s has errors: shrink needs a well-formed input\n", quoteName(name))
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
	want, focus := t.classify(v, r)
	switch want {
	case failInterrupted:
		fmt.Fprintf(stderr, "gamels shrink: interrupted: nothing written\n")
		return exitProblem
	case failNone:
		fmt.Fprintf(stderr, "gamels shrink: %s agrees with the judge on %s: nothing to shrink\n", quoteName(argv[0]), quoteName(name))
		return exitProblem
	}
	t.want = want
	fmt.Fprintf(stderr, "gamels shrink: %s on %s: %s; shrinking (%d bytes, %s)\n", quoteName(argv[0]), quoteName(name), want, len(src), parse.Plural(v.games(), "game"))
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
	fmt.Fprintf(stderr, "gamels shrink: wrote %s: %d bytes, after %s in %.1f s\n", quoteName(*outName), len(small), parse.Plural(runs, "run"), time.Since(start).Seconds())
	if ctx.Err() == nil && !t.recheck(ctx, small, *outName, rules.r, false, stdout, stderr) {
		status = exitProblem
	}
	return status
}

// shrinkHeapPerByte is the heap shrink keeps to, per byte of input,
// besides 64 MiB (runShrink).
const shrinkHeapPerByte = 20

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

// classify says how r, a run on the input judged v, fails, and lists
// the first games (up to 3) whose verdict differs.
func (t *trial) classify(v *keptVerdicts, r *solution.Result) (failure, []int) {
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
	var first []int
	c, err := v.compare(bytes.NewReader(r.Stdout), false, func(d *contest.Difference, _ int, _ *parse.Game) {
		if len(first) < 3 {
			first = append(first, d.Game)
		}
	})
	if err != nil || !c.Same() {
		return failWrong, first
	}
	return failNone, nil
}

// shrinkChecks is how many times the small input is run again at the
// end: a solution that fails only now and then is flaky, and its small
// input shows nothing reliably.
const shrinkChecks = 3

// recheck runs the solution on small, written to outName, shrinkChecks
// times, writes what it gets wrong there as judge --run says it (the
// first run that fails as the input did, else the last one), and
// reports whether every run failed so; when one did not, it says that
// the solution is flaky. verbose draws the boards, as judge -v does.
func (t *trial) recheck(ctx context.Context, small []byte, outName string, def parse.Rules, verbose bool, stdout, stderr io.Writer) bool {
	v := keepVerdicts(t.kind, def, small)
	var first, last *solution.Result
	fails, runs := 0, 0
	for range shrinkChecks {
		r, err := solution.Run(ctx, t.argv, small, t.lim)
		if err != nil || r.Ending == solution.Interrupted {
			break
		}
		runs++
		if f, _ := t.classify(v, r); f == t.want {
			fails++
			if first == nil {
				first = r
			}
		}
		last = r
	}
	shown := first
	if shown == nil {
		shown = last
	}
	if shown != nil {
		if msg := describeRun(t.argv[0], shown, t.lim); msg != "" {
			fmt.Fprintf(stdout, "%s\n", msg)
		}
		writeComparison(stdout, v, bytes.NewReader(shown.Stdout), outName, "<output>", verbose)
	}
	if runs == shrinkChecks && fails < shrinkChecks {
		fmt.Fprintf(stderr, "gamels shrink: %s %s on %s in %d of %d runs checked again: it is flaky, and %s may not show what it gets wrong\n",
			quoteName(t.argv[0]), t.want, quoteName(outName), fails, runs, quoteName(outName))
		return false
	}
	return true
}

func (t *trial) test(ctx context.Context, src []byte) (bool, error) {
	r, err := solution.Run(ctx, t.argv, src, t.lim)
	if err != nil {
		return false, err
	}
	f, _ := t.classify(keepVerdicts(t.kind, t.rules, src), r)
	if f == failInterrupted {
		return false, ctx.Err()
	}
	return f == t.want, nil
}
