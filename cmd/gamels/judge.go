package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

func init() {
	register(&command{
		name:  "judge",
		usage: "pousse|spot|path [--rules contest|icfp] [FILE]",
		short: "read contest input (standard input by default) and print exactly the contest's output",
		run:   runJudge,
	})
}

func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("judge", stderr)
	var rules rulesFlag
	fs.Var(&rules, "rules", rulesUsage)
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) < 1 || len(rest) > 2 {
		return usageError(fs, "want a game and at most one file")
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
	status = judge(kind, rules.r, name, src, out, stderr)
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
	// Games are analysed while the rest of the file is read, on one
	// worker (judgeWorkers); the rule set is known when the first game is
	// complete.
	a := analyze.NewAnalyzer(kind, judgeWorkers)
	var rules parse.Rules
	f := parse.ParseEach(kind, src, func(f *parse.File, g *parse.Game) {
		if g.Index == 0 {
			rules = f.EffectiveRules(def)
		}
		a.Add(g, rules)
	})
	outcomes := a.Wait()
	errs := f.Errors
	stop := len(src) + 1 // games ending before this offset are printed
	if len(errs) > 0 {
		stop = errs[0].Span.Start
	}
	sep := ""
	if kind == parse.Pousse && f.Layout == parse.LayoutCounted {
		sep = "\n" // UVa 844: an empty line between two verdicts
	}
	printing := true
	for i, g := range f.Games {
		o := outcomes[i]
		played := 0
		for _, is := range o.Issues {
			if is.Unplayed {
				continue // after the end: the contest never reads the move
			}
			errs = append(errs, &parse.Error{Span: is.Span, Code: is.Code, Msg: is.Msg})
			played++
		}
		printing = printing && !g.HasErrors && played == 0 && g.Span.End <= stop
		if !printing {
			continue
		}
		if i > 0 {
			io.WriteString(out, sep)
		}
		io.WriteString(out, o.Verdict)
		io.WriteString(out, "\n")
	}
	if len(errs) == 0 {
		return 0
	}
	errs.Sort()
	lines := textpos.New(src)
	for _, e := range errs {
		line, col := lines.Position(e.Span.Start)
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", name, line, col, e.Msg)
	}
	return 1
}

// judgeWorkers is the number of goroutines that analyse games while the
// parser reads on: one, a pipeline of two stages. A second worker
// finishes Pousse sooner in wall time but costs more CPU time, and gains
// nothing on Spot (its games are cheap: the second worker only waits) or
// PATH; the judge is held to CPU time as well as to wall time.
const judgeWorkers = 1

// judgeMemory turns the garbage collector off for a judge of n bytes of
// input and returns what restores the settings. The judge keeps what it
// allocates to the end (the games, their moves, the outcomes: on the
// reference inputs 3 to 4 bytes per byte of input), so a collection
// frees next to nothing. A memory limit of 16 bytes per byte of input,
// and at least 256 MiB, brings the collector back should an input need
// more than that. The settings are the process's: judges that overlap
// (tests, benchmarks) share them, the limit that of the largest input,
// and the last one to finish restores them.
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
