package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"gamels/internal/solution"
	"gamels/parse"
)

// judgeCompareHelp is the part of judge's help on --expect and --run.
const judgeCompareHelp = `With --expect OUT, judge compares OUT (a solution's output, or a file of
expected lines; - for standard input) with the verdicts instead of printing
them. With --run 'CMD ARGS', it runs CMD on the input (no shell: write
sh -c '...' for one; the input on its standard input, under the limits
below, killed with what it started at a limit or at Ctrl-C) and compares
its output. Each game whose line differs is reported at the game's line
in the input, where "expected" is the judge's verdict and "got" the line
of OUT:

  FILE:LINE: game G: expected "X WINS", got "TIE GAME"

then lines missing or in excess, empty lines out of the contest's layout,
and a summary: "3 of 1347 games differ", after a hint when from some game
on the output is one line off. -v draws the board where each differing
game ends, with why it ends there, and the first game the output never
reached. A solution that passes gets its time and peak memory on stderr.
Line ends "\r\n" and a last line without one are not differences. An input with errors is compared up to its first error, the
errors reported first. Exit status 1 when anything differs or the
solution fails.`

// compareFlags are judge's flags for comparing an output.
type compareFlags struct {
	expect  string
	run     string
	verbose bool
	limits  limitFlags
}

func (c *compareFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.expect, "expect", "", "compare the output in `OUT` with the verdicts")
	fs.StringVar(&c.run, "run", "", "run `'CMD ARGS'` on the input and compare its output with the verdicts")
	fs.BoolVar(&c.verbose, "v", false, "with --expect or --run: draw the board where each differing game ends")
	c.limits.register(fs)
}

// judgeCompare judges src and compares an output with its verdicts: the
// file of --expect (at most maxSize bytes), or the output of the
// solution of --run. The games are judged as judge judges them, keeping
// a line a game (keepVerdicts), and the output is read line by line, so
// that memory is about judge's, and the solution's output.
func judgeCompare(c *compareFlags, kind parse.Kind, def parse.Rules, name string, src []byte, stdin io.Reader, maxSize int64, out io.Writer, stderr io.Writer) int {
	var argv []string
	if c.run != "" {
		var err error
		if argv, err = solution.Split(c.run); err != nil {
			fmt.Fprintf(stderr, "gamels judge: --run %s: %v\n", quoteArg(c.run), err)
			return exitUsage
		}
	}
	defer judgeMemory(kind, len(src))()
	v := keepVerdicts(kind, def, src)
	if c.expect != "" && c.expect != "-" && v.judged == 0 && len(v.j.errs) > 0 && looksLikeInput(kind, c.expect, maxSize) {
		fmt.Fprintf(stderr, "gamels judge: %s is not a %s input but %s is one: the two are swapped? (gamels judge %s --expect %s %s)\n",
			quoteName(name), kind, quoteName(c.expect), kind, quoteName(name), quoteName(c.expect))
		return exitUsage
	}
	status := v.j.report(name, src, stderr)

	outName := c.expect
	var output io.Reader
	var ran *solution.Result // --run's
	switch {
	case c.run != "":
		ctx, stop := onInterrupt()
		r, err := solution.Run(ctx, argv, src, c.limits.lim)
		stop()
		if err != nil {
			fmt.Fprintf(stderr, "gamels judge: %v\n", err)
			return exitProblem
		}
		if r.Ending == solution.Interrupted {
			fmt.Fprintf(stderr, "gamels judge: interrupted: %s killed\n", quoteName(argv[0]))
			return exitProblem
		}
		if msg := describeRun(argv[0], r, c.limits.lim); msg != "" {
			fmt.Fprintf(stderr, "gamels judge: %s\n", msg)
			status = exitProblem
		}
		outName, output = "<output>", bytes.NewReader(r.Stdout)
		ran = r
	case c.expect == "-":
		outName, output = stdinName, &capReader{r: stdin, name: stdinName, limit: maxSize}
	default:
		f, err := os.Open(c.expect)
		if err != nil {
			fmt.Fprintf(stderr, "gamels judge: %s\n", message(err))
			return exitProblem
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.IsDir() {
			fmt.Fprintf(stderr, "gamels judge: %s is a directory\n", quoteName(c.expect))
			return exitProblem
		}
		output = &capReader{r: f, name: c.expect, limit: maxSize}
	}
	cmp, err := writeComparison(out, v, output, name, outName, c.verbose)
	if tl := (*errTooLarge)(nil); errors.As(err, &tl) {
		fmt.Fprintf(stderr, "gamels judge: %s\n", message(err))
		return exitProblem
	} else if err != nil {
		fmt.Fprintf(stderr, "gamels judge: %s: %s\n", quoteName(outName), message(err))
		return exitProblem
	}
	if !cmp.Same() {
		status = exitProblem
	}
	if ran != nil && ran.OK() && status == exitOK {
		// As CPH says it of a passing test: what the run cost.
		fmt.Fprintf(stderr, "gamels judge: %s ran in %.2f s (CPU %.2f s), peak memory %s\n", quoteName(argv[0]), ran.Time.Seconds(), ran.CPU.Seconds(), formatMiB(ran.MaxRSS))
	}
	return status
}

// looksLikeInput reports whether the file name (at most maxSize bytes)
// is a contest input of kind with no error: what --expect OUT holds when
// the input and the output were given the other way round.
func looksLikeInput(kind parse.Kind, name string, maxSize int64) bool {
	src, err := readLimited(name, nil, maxSize)
	if err != nil {
		return false
	}
	f := parse.Parse(kind, src)
	return len(f.Errors) == 0 && len(f.Games) > 0
}
