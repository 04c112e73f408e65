package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

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
	maxSize := addSizeFlag(fs, defaultMaxSize)
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
		src, err = readLimited(name, nil, maxSize.n)
	} else {
		src, err = readLimited(name, stdin, maxSize.n)
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

// reportErrors writes errs on stderr as NAME:LINE:COL: MESSAGE and
// returns 1, or 0 when there are none.
func reportErrors(name string, src []byte, errs parse.ErrorList, stderr io.Writer) int {
	if len(errs) == 0 {
		return 0
	}
	lines := textpos.New(src)
	for _, e := range errs {
		line, col := lines.Position(e.Span.Start)
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", quoteName(name), line, col, e.Msg)
	}
	return 1
}

// judgeWorkers is the number of goroutines that analyse games beside the
// parser when all the verdicts are kept (--expect, --run, shrink): one, a
// pipeline of two stages, as the streaming judge does. A second worker
// finishes Pousse sooner in wall time but costs more CPU time, and gains
// nothing on Spot (its games are cheap: the second worker only waits) or
// PATH; the judge is held to CPU time as well as to wall time.
const judgeWorkers = 1

// judgeMemory turns the garbage collector off for a judge of n bytes of
// input and returns what restores the settings. A judge allocates little
// and most of it is kept to the end, so a collection costs more than it
// frees. A memory limit of judgeBytesPerByte per byte of input, plus 64
// MiB, brings the collector back should an input need more than that (a
// file of many small games makes garbage in proportion to its games), so
// that the judge's memory stays within that bound (SECURITY.md). The
// settings are the process's: judges that overlap (tests, benchmarks)
// share them, the limit that of the largest input, and the last one to
// finish restores them.
func judgeMemory(n int) (restore func()) {
	limit := int64(n)*judgeBytesPerByte + 64<<20
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

// judgeBytesPerByte is the memory limit of a judge per byte of input;
// what it keeps is at most about 2.5 bytes per byte (the source, a
// verdict line and 4 bytes per clean game: judgeStream).
const judgeBytesPerByte = 4

// judgeGC holds the collector's settings from before the running
// judges, and the limit they set.
var judgeGC struct {
	sync.Mutex
	running int
	percent int
	limit   int64
	set     int64
}
