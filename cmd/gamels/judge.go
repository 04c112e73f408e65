package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"

	"gamels/contest"
	"gamels/internal/textpos"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "judge",
		usage: "pousse|spot|path [--rules contest|icfp] [--expect OUT | --run 'CMD ARGS'] [-v] [FILE]",
		short: "read contest input (standard input by default) and print exactly the contest's output",
		long:  judgeCompareHelp,
		run:   runJudge,
	})
}

func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("judge", stderr)
	var rules rulesFlag
	fs.Var(&rules, "rules", rulesUsage)
	var cf compareFlags
	cf.register(fs)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) < 1 || len(rest) > 2 {
		return usageError(fs, "want a game and at most one file")
	}
	if cf.expect != "" && cf.run != "" {
		return usageError(fs, "--expect and --run do not go together")
	}
	if cf.expect == "-" && (len(rest) == 1 || rest[1] == "-") {
		return usageError(fs, "--expect - reads standard input: give the input as a FILE")
	}
	kind, ok := parse.KindOf(rest[0])
	if !ok {
		return usageError(fs, "unknown game %s: want pousse, spot or path", quoteArg(rest[0]))
	}
	var err error
	name := "<stdin>"
	var src []byte
	if len(rest) == 2 && rest[1] != "-" {
		name = rest[1]
		src, err = os.ReadFile(name)
	} else {
		src, err = io.ReadAll(stdin)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gamels judge: %s\n", message(err))
		return exitProblem
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	if cf.expect != "" || cf.run != "" {
		status = judgeCompare(&cf, kind, rules.r, name, src, stdin, out, stderr)
	} else {
		status = judge(kind, rules.r, name, src, out, stderr)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "gamels judge: %v\n", err)
		return 1
	}
	return status
}

// judge writes the verdicts of the games in src in the contest's layout.
// When the input has errors it writes the verdicts of the games before
// the first error only, the errors on stderr, and returns 1.
func judge(kind parse.Kind, def parse.Rules, name string, src []byte, out io.Writer, stderr io.Writer) int {
	defer judgeMemory(len(src))()
	v := contest.Judge(kind, def, src, judgeWorkers)
	v.WriteTo(out)
	return reportErrors(name, src, v.Errors, stderr)
}

// reportErrors writes errs on stderr as NAME:LINE:COL: MESSAGE and
// returns 1, or 0 when there are none.
func reportErrors(name string, src []byte, errs parse.ErrorList, stderr io.Writer) int {
	if len(errs) == 0 {
		return 0
	}
	lines := textpos.New(src)
	for _, e := range errs {
		line, col := lines.Position(e.Span.Start)
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", name, line, col, e.Msg)
	}
	return 1
}

// judgeWorkers is the number of goroutines that analyse games while the
// parser reads on: one, a pipeline of two stages. Two workers beside the
// parser finish Pousse sooner but cost more CPU: work run on both
// processors at once takes more CPU time here than run on one (why was
// not measured apart: shared caches, the clock, the host). Measured with
// static builds on the reference
// inputs, the child's CPU time (user + system, wait4) and wall time,
// alternated with naive.c (40 and 80 rounds, 17:30 UTC, load 0.8-1.1):
// Pousse CPU median 35.6-36.7 ms against 38.1-41.6 with two workers
// (the parse and play on one goroutine: 35.5-37.3), wall 30.4-31.6
// against 22.8-24.3 (naive.c 391 in the second set); Spot CPU 23.0 against 28.3
// and wall 15.3 against 20.4 (its games are cheap to play: the second
// worker only waits); PATH equal (14.8 and 14.7 ms CPU).
const judgeWorkers = 1

// judgeMemory turns the garbage collector off for a judge of n bytes of
// input and returns what restores the settings. The judge keeps what it
// allocates to the end (the games, their moves, the outcomes: on the
// reference inputs 3 to 4 bytes per byte of input), so a collection
// frees next to nothing: on ref.pousse the one cycle the default setting
// ran cost about 1 ms of CPU (GODEBUG=gctrace=1) of the judge's 35-45.
// A memory limit of 16 bytes per byte of input, and at least 256 MiB,
// brings the collector back should an input need more than that. The
// settings are the process's: judges that overlap (tests, benchmarks)
// share them, the limit that of the largest input, and the last one to
// finish restores them.
func judgeMemory(n int) (restore func()) {
	limit := max(int64(n)*16, 256<<20)
	judgeGC.Lock()
	defer judgeGC.Unlock()
	if judgeGC.running == 0 {
		judgeGC.percent = debug.SetGCPercent(-1)
		judgeGC.limit = debug.SetMemoryLimit(limit)
		judgeGC.set = limit
	} else if limit > judgeGC.set {
		debug.SetMemoryLimit(limit)
		judgeGC.set = limit
	}
	judgeGC.running++
	return func() {
		judgeGC.Lock()
		defer judgeGC.Unlock()
		if judgeGC.running--; judgeGC.running == 0 {
			debug.SetMemoryLimit(judgeGC.limit)
			debug.SetGCPercent(judgeGC.percent)
		}
	}
}

// judgeGC holds the collector's settings from before the running
// judges, and the limit they set.
var judgeGC struct {
	sync.Mutex
	running int
	percent int
	limit   int64
	set     int64
}
