package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"gamels/contest"
	"gamels/parse"
)

// keptVerdicts are the verdicts of an input as judge --expect and --run
// and shrink compare an output with them: judged by the streaming judge
// (judgeStream), each kept as the index of its text with where its
// game starts and ends, and no game. Memory: the source, and 12 bytes a
// game, whatever the games hold.
type keptVerdicts struct {
	kind   parse.Kind
	src    []byte
	j      *judgeStream
	judged int // the games before the first error: those compared
}

// keepVerdicts judges src as judge does, keeping the verdicts.
func keepVerdicts(kind parse.Kind, def parse.Rules, src []byte) *keptVerdicts {
	j := &judgeStream{kind: kind, printing: true, keep: true}
	k := j.run(def, src, nil)
	return &keptVerdicts{kind: kind, src: src, j: j, judged: k}
}

// games is the number of games in the input.
func (v *keptVerdicts) games() int { return v.j.games }

// compare reads out and compares it with the verdicts, game by game,
// calling each (when set) with every difference and the offset where
// its game starts, and with the game itself when withGames is set (the
// input is parsed again, one game at a time: the game is valid during
// the call only). O(input + output); memory O(one game + MaxLine).
func (v *keptVerdicts) compare(out io.Reader, withGames bool, each func(d *contest.Difference, start int, g *parse.Game)) (*contest.Comparison, error) {
	cm := contest.NewComparer(out, v.j.blank)
	var err error
	one := func(i int, g *parse.Game) {
		var d *contest.Difference
		if d, err = cm.Next(i, v.j.texts[v.j.ids[i]]); d != nil && each != nil {
			each(d, int(v.j.starts[i]), g)
		}
	}
	if withGames {
		parse.Stream(v.kind, v.src, func(_ *parse.File, g *parse.Game) {
			if g.Index < v.judged && err == nil {
				one(g.Index, g)
			}
		})
	} else {
		for i := 0; i < v.judged && err == nil; i++ {
			one(i, nil)
		}
	}
	c, endErr := cm.End(v.judged, v.games())
	if err == nil {
		err = endErr
	}
	return c, err
}

// comparisonReport writes a comparison as it is made: each game whose
// line differs, at its line in the input (with its board, -v), then the
// lines missing or in excess, the layout, and a summary line.
type comparisonReport struct {
	w             io.Writer
	name, outName string // the input's and the output's, quoted
	src           []byte
	show          *shower // -v: draws the game of each difference
	// The line of offset off in src, counted as the games come.
	off, line   int
	lastMissing bool
}

func newComparisonReport(w io.Writer, v *keptVerdicts, name, outName string, verbose bool) *comparisonReport {
	r := &comparisonReport{w: w, name: quoteName(name), outName: quoteName(outName), src: v.src, line: 1}
	if verbose {
		r.show = &shower{f: &parse.File{Kind: v.kind}, rules: v.j.rules, w: w}
	}
	return r
}

// difference writes d, whose game starts at offset start (g when the
// boards are drawn).
func (r *comparisonReport) difference(d *contest.Difference, start int, g *parse.Game) {
	r.line += bytes.Count(r.src[r.off:start], []byte("\n"))
	r.off = start
	at := fmt.Sprintf("%s:%d: game %d", r.name, r.line, d.Game+1)
	if d.Missing {
		if !r.lastMissing {
			fmt.Fprintf(r.w, "%s: expected %s, got nothing: the output ends after %s\n", at, strconv.Quote(d.Want), parse.Plural(d.Game, "verdict line"))
			// The first game the output never reached: a crash or a
			// limit is most often there.
			if r.show != nil && g != nil {
				r.show.game(g, -1)
				fmt.Fprintln(r.w)
			}
		}
		r.lastMissing = true
		return
	}
	fmt.Fprintf(r.w, "%s: expected %s, got %s (%s:%d)\n", at, strconv.Quote(d.Want), strconv.Quote(d.Got), r.outName, d.OutLine)
	if r.show != nil && g != nil {
		r.show.game(g, -1)
		fmt.Fprintln(r.w)
	}
}

// end writes what follows the differences: the lines missing or in
// excess, the layout, the games not compared, and the summary.
func (r *comparisonReport) end(c *contest.Comparison, games int) {
	w := r.w
	if c.Missing > 1 {
		fmt.Fprintf(w, "%s: no verdict for the last %d games\n", r.outName, c.Missing)
	}
	if c.Extra > 0 {
		fmt.Fprintf(w, "%s:%d: an extra line %s after the last game's verdict", r.outName, c.ExtraLine, strconv.Quote(c.ExtraText))
		if c.Extra > 1 {
			fmt.Fprintf(w, " (%d extra lines in all)", c.Extra)
		}
		fmt.Fprintln(w)
	}
	if c.Layout > 0 {
		fmt.Fprintf(w, "%s:%d: layout: %s", r.outName, c.LayoutLine, c.LayoutMsg)
		if c.Layout > 1 {
			fmt.Fprintf(w, " (%d places in all)", c.Layout)
		}
		fmt.Fprintln(w)
	}
	if c.Binary {
		fmt.Fprintf(w, "%s: the output is not text (a NUL byte or bytes that are not UTF-8)\n", r.outName)
	}
	switch c.Shift {
	case 1:
		fmt.Fprintf(w, "hint: from game %d on, your output matches one line later: a line too many before game %d's?\n", c.ShiftFrom+1, c.ShiftFrom+1)
	case -1:
		fmt.Fprintf(w, "hint: from game %d on, your output matches one line earlier: game %d's line missing?\n", c.ShiftFrom+1, c.ShiftFrom+1)
	}
	if n := games - c.Games; n > 0 {
		fmt.Fprintf(w, "%s: the last %s not compared: the input has errors before them\n", r.name, parse.Plural(n, "game"))
	}
	switch {
	case c.Games == 0:
		fmt.Fprintf(w, "no game to compare\n")
	case c.Same() && c.Games == 1:
		fmt.Fprintf(w, "the one verdict matches\n")
	case c.Same():
		fmt.Fprintf(w, "all %d verdicts match\n", c.Games)
	default:
		fmt.Fprintf(w, "%d of %d games differ\n", c.Differ, c.Games)
	}
}

// writeComparison compares out with the verdicts v and writes the
// report: the output named outName, the input name, boards with
// verbose.
func writeComparison(w io.Writer, v *keptVerdicts, out io.Reader, name, outName string, verbose bool) (*contest.Comparison, error) {
	r := newComparisonReport(w, v, name, outName, verbose)
	c, err := v.compare(out, verbose, r.difference)
	if err != nil {
		return c, err
	}
	r.end(c, v.games())
	return c, nil
}
