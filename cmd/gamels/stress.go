package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"gamels/internal/gen"
	"gamels/internal/shrink"
	"gamels/internal/solution"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "stress",
		usage: "pousse|spot|path --run 'CMD ARGS' [--seed S] [--rounds R | --for T] [--games G] [--max-n N] [--min-n N] [--edge] [--noise] [--rules contest|icfp] [-o SMALL]",
		short: "run CMD on random inputs until it disagrees with the judge, then shrink that input to a small one",
		long: `stress is the classic stress loop in one command, with the judge as the
brute force: round after round it writes an input as gamels gen does
(--seed S, then S+1, ...; --games, --max-n, --min-n, --edge, --noise and
--rules as gen takes them), runs CMD on it as judge --run does, and stops
at the first round where CMD disagrees (a wrong verdict, a crash, the time
or the output limit). That input is then shrunk as gamels shrink does and
written to SMALL (default small.KIND, or small-2.KIND, ... when taken), and
the judge's comparison on it is printed with the board and the reason of
each differing game, as judge -v prints them. The input of the failing
round is gen's with its seed: the command that writes it again is printed.
--for T runs rounds for T instead of --rounds; --time, --memory and
--output-limit are each run's limits, as judge's. On a terminal a
progress line shows the rounds.

Exit status 1 when CMD disagrees (or at Ctrl-C), 0 when every round
agrees (the count is printed), 2 for a wrong command line.`,
		run: runStress,
	})
}

// stressRounds is the default of --rounds.
const stressRounds = 200

func runStress(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("stress", stderr)
	run := fs.String("run", "", "the solution to try, `'CMD ARGS'` (no shell: write sh -c '...' for one)")
	seed := fs.Uint64("seed", 1, "the first round's seed, `S`; round k has S+k-1")
	rounds := fs.Int("rounds", 0, fmt.Sprintf("stop after `R` rounds that agree (default %d)", stressRounds))
	limit := fs.Duration("for", 0, "stop after `T` (such as 30s or 5m) of rounds that agree, instead of --rounds (--time is each run's limit, as judge's)")
	games := fs.Int("games", 10, "games a round, `G`")
	maxN := fs.Int("max-n", 0, "the largest board, `N` (default 8)")
	minN := fs.Int("min-n", 0, "the smallest board, `N` (default the game's smallest)")
	edge := fs.Bool("edge", false, "bias the games toward the cases solutions get wrong (gen --edge)")
	noise := fs.Bool("noise", false, "write the inputs with trailing blanks, CRLF, blank lines and tabs (gen --noise)")
	var rules rulesFlag
	fs.Var(&rules, "rules", rulesUsage)
	outName := fs.String("o", "", "write the small failing input to `SMALL` (default small.KIND)")
	maxRuns := fs.Int("max-runs", 2000, "shrink with at most `N` runs of CMD")
	jobs := fs.Int("jobs", 2, "shrink running CMD on up to `J` candidates at once")
	var limits limitFlags
	limits.register(fs)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) == 0 {
		return usageError(fs, "want a game: pousse, spot or path")
	}
	kind, status := gameArg(fs, rest[0])
	if status != 0 {
		return status
	}
	if msg := unquotedRun(*run, rest[1:]); msg != "" {
		return usageError(fs, "%s", msg)
	}
	lim := genLimits[kind]
	if *maxN == 0 {
		*maxN = max(lim.def, *minN)
	}
	switch {
	case len(rest) > 1:
		return usageError(fs, "want only the game: stress writes its own inputs (%s)", quoteArg(rest[1]))
	case *run == "":
		return usageError(fs, "want --run 'CMD ARGS': the solution to try")
	case *rounds != 0 && *limit != 0:
		return usageError(fs, "--rounds and --for do not go together")
	case *rounds < 0 || *limit < 0:
		return usageError(fs, "--rounds and --for must be positive")
	case *maxN < lim.lo || *maxN > lim.hi:
		return usageError(fs, "--max-n %d: a %s board is %d to %d", *maxN, kind, lim.lo, lim.hi)
	case *minN != 0 && (*minN < lim.lo || *minN > lim.hi):
		return usageError(fs, "--min-n %d: a %s board is %d to %d", *minN, kind, lim.lo, lim.hi)
	case *minN > *maxN:
		return usageError(fs, "--min-n %d is larger than --max-n %d", *minN, *maxN)
	case *games < 1 || *games > 100_000:
		return usageError(fs, "--games %d: want 1 to 100000", *games)
	case rules.r != parse.RulesDefault && kind != parse.Pousse:
		return usageError(fs, "--rules is for Pousse")
	case *jobs < 1:
		return usageError(fs, "--jobs must be at least 1")
	case *maxRuns < 0:
		return usageError(fs, "--max-runs must be 0 or more")
	}
	argv, err := solution.Split(*run)
	if err != nil {
		return usageError(fs, "--run %s: %v", quoteArg(*run), err)
	}
	if *rounds == 0 && *limit == 0 {
		*rounds = stressRounds
	}
	out := *outName
	if out == "" {
		out = freeName("small", kind.String())
	}
	opts := gen.Options{Games: *games, MaxN: *maxN, MinN: *minN, Edge: *edge, Noise: *noise,
		Counted: true, ICFP: rules.r == parse.RulesICFP}
	genCmd := stressGenCommand(kind, opts, rules.r)

	ctx, stop := onInterrupt()
	defer stop()
	t := &trial{kind: kind, rules: rules.r, argv: argv, lim: limits.lim}
	progress := isTerminal(stderr)
	start := time.Now()
	agreed := 0
	var slowest time.Duration
	var rss int64
	for ; *rounds == 0 || agreed < *rounds; agreed++ {
		if *limit > 0 && time.Since(start) >= *limit {
			break
		}
		s := *seed + uint64(agreed)
		src := gen.Contest(kind.String(), s, opts)
		v := keepVerdicts(kind, rules.r, src)
		r, err := solution.Run(ctx, argv, src, t.lim)
		if err != nil {
			clearProgress(stderr, progress)
			fmt.Fprintf(stderr, "gamels stress: %v\n", err)
			return exitProblem
		}
		f, focus := t.classify(v, r)
		if f == failInterrupted {
			clearProgress(stderr, progress)
			fmt.Fprintf(stderr, "gamels stress: interrupted after %s that agree\n", parse.Plural(agreed, "round"))
			return exitProblem
		}
		if f == failNone {
			slowest, rss = max(slowest, r.Time), max(rss, r.MaxRSS)
			if progress {
				fmt.Fprintf(stderr, "\rgamels stress: %s agree (%s, seed %d)\x1b[K", parse.Plural(agreed+1, "round"), parse.Plural((agreed+1)*v.games(), "game"), s)
			}
			continue
		}
		clearProgress(stderr, progress)
		t.want = f
		fmt.Fprintf(stderr, "gamels stress: round %d: %s %s on the input of %s --seed %d; shrinking it (%d bytes, %s)\n",
			agreed+1, quoteName(argv[0]), f, genCmd, s, len(src), parse.Plural(v.games(), "game"))
		return stressShrink(ctx, t, *run, src, focus, out, *maxRuns, *jobs, stdout, stderr)
	}
	clearProgress(stderr, progress)
	fmt.Fprintf(stdout, "%s agrees with the judge on %s of %s (seeds %d to %d): no difference found; the slowest round took %.2f s, peak memory %s\n",
		quoteName(argv[0]), parse.Plural(agreed, "round"), parse.Plural(*games, "game"), *seed, *seed+uint64(max(agreed, 1))-1,
		slowest.Seconds(), formatMiB(rss))
	return exitOK
}

// stressShrink shrinks src, on which t's solution fails, writes the
// result to out and prints the judge's comparison on it, with boards.
func stressShrink(ctx context.Context, t *trial, run string, src []byte, focus []int, out string, maxRuns, jobs int, stdout, stderr io.Writer) int {
	small, runs, err := shrink.Shrink(ctx, src, t.test, shrink.Options{
		Kind: t.kind, MaxRuns: maxRuns, Jobs: jobs, Focus: focus, Failing: true,
	})
	switch {
	case err == nil:
	case errors.Is(err, shrink.ErrMaxRuns):
		fmt.Fprintf(stderr, "gamels stress: stopped shrinking after --max-runs %d runs: the input may not be minimal\n", maxRuns)
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "gamels stress: interrupted: writing the smallest failing input so far\n")
	default:
		fmt.Fprintf(stderr, "gamels stress: %v: writing the smallest failing input so far\n", err)
	}
	if err := writeNew(out, small); err != nil {
		fmt.Fprintf(stderr, "gamels stress: %s\n", message(err))
		return exitProblem
	}
	fmt.Fprintf(stderr, "gamels stress: wrote %s: %d bytes, after %s; gamels judge %s --run %s -v %s shows it again\n",
		quoteName(out), len(small), parse.Plural(runs+1, "run"), t.kind, shellQuote(run), quoteName(out))
	if ctx.Err() == nil {
		t.recheck(ctx, small, out, t.rules, true, stdout, stderr)
	}
	return exitProblem
}

// clearProgress erases the progress line, when there is one.
func clearProgress(w io.Writer, on bool) {
	if on {
		fmt.Fprint(w, "\r\x1b[K")
	}
}

// stressGenCommand is the gen command line that writes a round's input,
// but for its --seed.
func stressGenCommand(kind parse.Kind, o gen.Options, rules parse.Rules) string {
	parts := []string{"gamels gen", kind.String(), "--games", strconv.Itoa(o.Games), "--max-n", strconv.Itoa(o.MaxN)}
	if o.MinN > 0 {
		parts = append(parts, "--min-n", strconv.Itoa(o.MinN))
	}
	if o.Edge {
		parts = append(parts, "--edge")
	}
	if o.Noise {
		parts = append(parts, "--noise")
	}
	if rules == parse.RulesICFP {
		parts = append(parts, "--rules", "icfp")
	}
	return strings.Join(parts, " ")
}

// freeName returns base.ext, or base-2.ext, base-3.ext, ... when it is
// taken: stress writes SMALL unasked, and never over a file.
func freeName(base, ext string) string {
	name := base + "." + ext
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d.%s", base, i, ext)
	}
}

// shellQuote quotes s for a POSIX shell, in single quotes when it holds
// anything but letters, digits and -_./=:@+,.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
