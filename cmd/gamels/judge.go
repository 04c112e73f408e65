package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

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
	if len(rest) > 0 {
		if msg := unquotedRun(cf.run, rest[1:]); msg != "" {
			return usageError(fs, "%s", msg)
		}
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
	kind, status := gameArg(fs, rest[0])
	if status != 0 {
		return status
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
		status = judgeCompare(&cf, kind, rules.r, name, src, stdin, maxSize.n, out, stderr)
	} else {
		status = judge(kind, rules.r, name, src, out, stderr)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "gamels judge: %v\n", err)
		return 1
	}
	return status
}

// judgeMemory turns the garbage collector off for a PATH judge of n
// bytes of input and returns what restores the settings; for Pousse and
// Spot it does nothing, as it saves nothing there (BENCHMARKS.md, "Judge
// and server start-up: page faults"). A PATH judge allocates little and
// most of it is kept to the end, so a collection costs more than it
// frees. A memory limit of judgeBytesPerByte per byte of input, plus 64
// MiB, brings the collector back should an input need more than that (a
// file of many small games makes garbage in proportion to its games), so
// that the judge's memory stays within that bound (SECURITY.md). The
// settings are the process's: judges that overlap (tests, benchmarks)
// share them, the limit that of the largest input, and the last one to
// finish restores them.
func judgeMemory(kind parse.Kind, n int) (restore func()) {
	if kind != parse.Path {
		return func() {}
	}
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
