package main

import (
	"bytes"
	"fmt"
	"io"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// judgeStream judges the games of src as the parser hands them out
// (parse.StreamGames), keeping no game once it is judged: memory is the
// source, the moves (8 bytes each), the errors and, for a counted Pousse
// file, the verdicts (below), whatever the number of games. The games
// are judged on one worker while the parser reads on, in order
// (BENCHMARKS.md, "The judge": a second worker cost more
// CPU than it saved).
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
	verdicts []byte    // the verdicts kept
	ends     []uint32  // where each of their games ends in the source
	printing bool      // no game so far had an error
	errs     parse.ErrorList
	nerrs    int // issues found, beyond the kept ones included
}

// judge writes the verdicts of the games in src in the contest's layout.
// When the input has errors it writes the verdicts of the games before
// the first error only, the errors on stderr, and returns 1.
func judge(kind parse.Kind, def parse.Rules, name string, src []byte, out io.Writer, stderr io.Writer) int {
	defer judgeMemory(len(src))()
	j := &judgeStream{kind: kind, printing: true}
	type job struct {
		g     *parse.Game
		clean bool
	}
	work := make(chan job, 256)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for x := range work {
			j.game(x.g, x.clean)
		}
	}()
	firstErr, seen := len(src)+1, 0 // the first parse error found so far
	f := parse.StreamGames(kind, src, func(f *parse.File, g *parse.Game) {
		if g.Index == 0 {
			j.rules = f.EffectiveRules(def)
			j.out = out
			if kind == parse.Pousse && f.Layout == parse.LayoutCounted {
				j.sep = "\n" // UVa 844: an empty line between two verdicts
				j.out = nil
			}
		}
		for _, e := range f.Errors[seen:] {
			firstErr = min(firstErr, e.Span.Start)
		}
		seen = len(f.Errors)
		work <- job{g, g.Span.End <= firstErr}
	})
	close(work)
	<-done

	stop := len(src) + 1 // games ending before this offset are printed
	if len(f.Errors) > 0 {
		stop = f.Errors[0].Span.Start
	}
	k := 0
	for k < len(j.ends) && int(j.ends[k]) <= stop {
		k++
	}
	out.Write(j.verdicts[:verdictsEnd(j.verdicts, k, len(j.sep))])
	j.errs = append(j.errs, f.Errors...)
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
