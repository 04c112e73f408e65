package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"gamels/contest"
	"gamels/internal/solution"
	"gamels/internal/textpos"
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
and a summary: "3 of 1347 games differ". -v draws the board where each
differing game ends. Line ends "\r\n" and a last line without one are not
differences. An input with errors is compared up to its first error, the
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
// file of --expect, or the output of the solution of --run.
func judgeCompare(c *compareFlags, kind parse.Kind, def parse.Rules, name string, src []byte, stdin io.Reader, out io.Writer, stderr io.Writer) int {
	var argv []string
	if c.run != "" {
		var err error
		if argv, err = solution.Split(c.run); err != nil {
			fmt.Fprintf(stderr, "gamels judge: --run %s: %v\n", quoteArg(c.run), err)
			return exitUsage
		}
	}
	v := contest.Judge(kind, def, src, judgeWorkers)
	status := reportErrors(name, src, v.Errors, stderr)

	outName := c.expect
	var output io.Reader
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
			fmt.Fprintf(stderr, "gamels judge: interrupted: %s killed\n", argv[0])
			return exitProblem
		}
		if msg := describeRun(argv[0], r, c.limits.lim); msg != "" {
			fmt.Fprintf(stderr, "gamels judge: %s\n", msg)
			status = exitProblem
		}
		outName, output = "<output>", bytes.NewReader(r.Stdout)
	case c.expect == "-":
		outName, output = stdinName, stdin
	default:
		f, err := os.Open(c.expect)
		if err != nil {
			fmt.Fprintf(stderr, "gamels judge: %s\n", message(err))
			return exitProblem
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.IsDir() {
			fmt.Fprintf(stderr, "gamels judge: %s is a directory\n", c.expect)
			return exitProblem
		}
		output = f
	}
	cmp, err := contest.Compare(v, output)
	if err != nil {
		fmt.Fprintf(stderr, "gamels judge: %s: %s\n", outName, message(err))
		return exitProblem
	}
	writeComparison(out, v, cmp, name, outName, src, c.verbose, def)
	if !cmp.Same() {
		status = exitProblem
	}
	return status
}

// writeComparison reports a comparison: the games that differ, at their
// line in the input, the lines missing or in excess, the layout, and a
// summary line.
func writeComparison(w io.Writer, v *contest.Verdicts, c *contest.Comparison, name, outName string, src []byte, verbose bool, def parse.Rules) {
	lines := textpos.New(src)
	show := &shower{f: v.File, rules: v.File.EffectiveRules(def), w: w}
	for i, d := range c.Differences {
		g := v.File.Games[d.Game]
		at := fmt.Sprintf("%s:%d: game %d", name, lineOf(lines, g.Span.Start), d.Game+1)
		if d.Missing {
			if i == 0 || !c.Differences[i-1].Missing {
				fmt.Fprintf(w, "%s: expected %s, got nothing: the output ends after %s\n", at, strconv.Quote(d.Want), parse.Plural(d.Game, "verdict line"))
			}
			continue
		}
		fmt.Fprintf(w, "%s: expected %s, got %s (%s:%d)\n", at, strconv.Quote(d.Want), strconv.Quote(d.Got), outName, d.OutLine)
		if verbose {
			show.game(g, -1)
			fmt.Fprintln(w)
		}
	}
	if c.Missing > 1 {
		fmt.Fprintf(w, "%s: no verdict for the last %d games\n", outName, c.Missing)
	}
	if c.Extra > 0 {
		fmt.Fprintf(w, "%s:%d: an extra line %s after the last game's verdict", outName, c.ExtraLine, strconv.Quote(c.ExtraText))
		if c.Extra > 1 {
			fmt.Fprintf(w, " (%d extra lines in all)", c.Extra)
		}
		fmt.Fprintln(w)
	}
	if c.Layout > 0 {
		fmt.Fprintf(w, "%s:%d: layout: %s", outName, c.LayoutLine, c.LayoutMsg)
		if c.Layout > 1 {
			fmt.Fprintf(w, " (%d places in all)", c.Layout)
		}
		fmt.Fprintln(w)
	}
	if c.Binary {
		fmt.Fprintf(w, "%s: the output is not text (a NUL byte or bytes that are not UTF-8)\n", outName)
	}
	if n := len(v.File.Games) - v.Judged; n > 0 {
		fmt.Fprintf(w, "%s: the last %s not compared: the input has errors before them\n", name, parse.Plural(n, "game"))
	}
	differ := len(c.Differences)
	switch {
	case c.Games == 0:
		fmt.Fprintf(w, "no game to compare\n")
	case c.Same() && c.Games == 1:
		fmt.Fprintf(w, "the one verdict matches\n")
	case c.Same():
		fmt.Fprintf(w, "all %d verdicts match\n", c.Games)
	default:
		fmt.Fprintf(w, "%d of %d games differ\n", differ, c.Games)
	}
}

func lineOf(lines *textpos.Index, off int) int {
	line, _ := lines.Position(off)
	return line
}
