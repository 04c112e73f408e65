package main

import (
	"bytes"
	"fmt"
	"io"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// judgeStream judges the games of src one at a time as the parser hands
// them out (parse.Stream, which reuses one game's memory for the next),
// keeping no game once it is judged: memory is the source, the largest
// game's moves, the errors and, for a counted Pousse file, the verdicts
// (below), whatever the number of games. The games are judged on the
// parser's goroutine: a worker judging while the parser reads on needs
// every move kept until judged, and costs more page faults and CPU than
// the overlap saves (BENCHMARKS.md, "Judge and start-up: page faults").
//
// Output is as the contest's: the verdicts of the games before the
// first error only. Parse errors are found in the order of the source,
// but for one: a UVa 844 count line that does not match the games, known
// at the end, which stops the verdicts from the first game on. So the
// verdicts of a counted Pousse file (a line of at most 8 bytes for a
// game of at least 9, and 4 bytes for where the game ends) are kept and
// written when the whole file has been read; those of the other files
// are written as they come.
type judgeStream struct {
	kind     parse.Kind
	sep      string // between two verdicts
	rules    parse.Rules
	out      io.Writer // nil while the verdicts are kept
	keep     bool      // keep every verdict (ids), and where its game starts
	blank    bool      // the UVa 844 layout (a counted Pousse file)
	verdicts []byte    // the verdicts kept, unless keep
	ids      []uint32  // keep: the verdicts kept, as indexes in texts
	texts    []string  // keep: the distinct verdicts, a few hundred at most
	index    map[string]uint32
	starts   []uint32 // keep: where each of their games starts in the source
	ends     []uint32 // where each of their games ends in the source
	games    int      // the games read
	printing bool     // no game so far had an error
	errs     parse.ErrorList
	nerrs    int // issues found, beyond the kept ones included
}

// judge writes the verdicts of the games in src in the contest's layout.
// When the input has errors it writes the verdicts of the games before
// the first error only, the errors on stderr, and returns 1.
func judge(kind parse.Kind, def parse.Rules, name string, src []byte, out io.Writer, stderr io.Writer) int {
	defer judgeMemory(kind, len(src))()
	j := &judgeStream{kind: kind, printing: true}
	k := j.run(def, src, out)
	out.Write(j.verdicts[:verdictsEnd(j.verdicts, k, len(j.sep))])
	return j.report(name, src, stderr)
}

// run judges src, writing the verdicts to out as they come or keeping
// them (j.keep, or a counted Pousse file), and returns how many of the
// verdicts kept are the contest's: those of the games before the first
// error.
func (j *judgeStream) run(def parse.Rules, src []byte, out io.Writer) int {
	firstErr, seen := len(src)+1, 0 // the first parse error found so far
	f := parse.Stream(j.kind, src, func(f *parse.File, g *parse.Game) {
		if g.Index == 0 {
			j.rules = f.EffectiveRules(def)
			j.blank = j.kind == parse.Pousse && f.Layout == parse.LayoutCounted
			if !j.keep {
				j.out = out
			}
			if j.blank && !j.keep {
				j.sep = "\n" // UVa 844: an empty line between two verdicts
				j.out = nil
			}
		}
		j.games = g.Index + 1
		for _, e := range f.Errors[seen:] {
			firstErr = min(firstErr, e.Span.Start)
		}
		seen = len(f.Errors)
		j.game(g, g.Span.End <= firstErr)
	})

	stop := len(src) + 1 // games ending before this offset are printed
	if len(f.Errors) > 0 {
		stop = f.Errors[0].Span.Start
	}
	k := 0
	for k < len(j.ends) && int(j.ends[k]) <= stop {
		k++
	}
	j.errs = append(j.errs, f.Errors...)
	return k
}

// report writes the errors found on stderr, NAME:LINE:COL: MESSAGE, in
// the order of the source, and returns 1, or 0 when there are none.
func (j *judgeStream) report(name string, src []byte, stderr io.Writer) int {
	if len(j.errs) == 0 {
		return 0
	}
	j.errs.Sort()
	lines := textpos.New(src)
	for _, e := range j.errs {
		line, col := lines.Position(e.Span.Start)
		fmt.Fprintf(stderr, "%s:%d:%d: %s\n", quoteName(name), line, col, e.Msg)
	}
	if j.nerrs > checkMaxErrors {
		fmt.Fprintf(stderr, "%s: too many errors: %d more are not listed\n", quoteName(name), j.nerrs-checkMaxErrors)
	}
	return 1
}

// game judges one game; clean says that no parse error before its end
// was found while reading it.
func (j *judgeStream) game(g *parse.Game, clean bool) {
	o := analyze.Analyze(j.kind, g, j.rules)
	played := 0
	for _, is := range o.Issues {
		if is.Unplayed {
			continue // after the end: the contest never reads the move
		}
		if j.nerrs++; j.nerrs <= checkMaxErrors {
			j.errs = append(j.errs, &parse.Error{Span: is.Span, Code: is.Code, Msg: is.Msg})
		}
		played++
	}
	j.printing = j.printing && !g.HasErrors && played == 0 && clean
	switch {
	case !j.printing:
	case j.out != nil:
		io.WriteString(j.out, o.Verdict)
		io.WriteString(j.out, "\n")
	case j.keep:
		id, ok := j.index[o.Verdict]
		if !ok {
			if j.index == nil {
				j.index = map[string]uint32{}
			}
			id = uint32(len(j.texts))
			j.texts = append(j.texts, o.Verdict)
			j.index[o.Verdict] = id
		}
		j.ids = append(j.ids, id)
		j.starts = append(j.starts, uint32(g.Span.Start))
		j.ends = append(j.ends, uint32(g.Span.End))
	default:
		if g.Index > 0 {
			j.verdicts = append(j.verdicts, j.sep...)
		}
		j.verdicts = append(j.verdicts, o.Verdict...)
		j.verdicts = append(j.verdicts, '\n')
		j.ends = append(j.ends, uint32(g.Span.End))
	}
}

// verdictsEnd returns the length of the first k verdicts in v, each a
// line, separated by sep line ends.
func verdictsEnd(v []byte, k, sep int) int {
	lines := k + max(k-1, 0)*sep
	end := 0
	for range lines {
		end += bytes.IndexByte(v[end:], '\n') + 1
	}
	return end
}
