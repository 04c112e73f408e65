package contest

import (
	"io"

	"gamels/analyze"
	"gamels/parse"
)

// Verdicts are the contest's verdicts of an input.
type Verdicts struct {
	File     *parse.File
	Outcomes []analyze.Outcome // one per game of File
	// Judged is the number of leading games the judge prints a verdict
	// for: those before the first error of the input. A contest program
	// reading a malformed input prints nothing the judge can vouch for
	// after it.
	Judged int
	// Errors are the parse errors and the problems met while replaying
	// moves that are played (illegal Spot moves), sorted by position.
	Errors parse.ErrorList
}

// Judge parses src and decides every game's verdict; def is the Pousse
// rule set when the file does not choose. The games are analysed on
// workers goroutines while the rest of the file is read (see
// analyze.NewAnalyzer). O(len(src)) plus the engines' cost.
func Judge(kind parse.Kind, def parse.Rules, src []byte, workers int) *Verdicts {
	a := analyze.NewAnalyzer(kind, workers)
	var rules parse.Rules
	f := parse.ParseEach(kind, src, func(f *parse.File, g *parse.Game) {
		if g.Index == 0 {
			rules = f.EffectiveRules(def)
		}
		a.Add(g, rules)
	})
	return judged(f, a.Wait())
}

// FromOutcomes returns the Verdicts of a file already parsed and
// analysed (as the language server holds them): outcomes[i] is the
// outcome of f.Games[i].
func FromOutcomes(f *parse.File, outcomes []analyze.Outcome) *Verdicts {
	return judged(f, outcomes)
}

func judged(f *parse.File, outcomes []analyze.Outcome) *Verdicts {
	v := &Verdicts{File: f, Outcomes: outcomes, Errors: f.Errors}
	stop := f.Size + 1 // games ending before this offset are judged
	if len(f.Errors) > 0 {
		stop = f.Errors[0].Span.Start
	}
	if len(v.Errors) > 0 {
		v.Errors = append(parse.ErrorList(nil), v.Errors...) // f's list stays as it is
	}
	judging := true
	for i, g := range f.Games {
		played := 0
		for _, is := range outcomes[i].Issues {
			if is.Unplayed {
				continue // after the end: the contest never reads the move
			}
			v.Errors = append(v.Errors, &parse.Error{Span: is.Span, Code: is.Code, Msg: is.Msg})
			played++
		}
		judging = judging && !g.HasErrors && played == 0 && g.Span.End <= stop
		if judging {
			v.Judged++
		}
	}
	v.Errors.Sort()
	return v
}

// Blank reports whether the output has an empty line between two
// verdicts: the UVa 844 layout of Pousse, a count line first.
func (v *Verdicts) Blank() bool {
	return v.File.Kind == parse.Pousse && v.File.Layout == parse.LayoutCounted
}

// Line returns the verdict line of game i, without its newline.
func (v *Verdicts) Line(i int) string { return v.Outcomes[i].Verdict }

// WriteTo writes the judged games' verdicts in the contest's layout.
func (v *Verdicts) WriteTo(w io.Writer) (int64, error) {
	var n int64
	write := func(s string) error {
		k, err := io.WriteString(w, s)
		n += int64(k)
		return err
	}
	for i := range v.Judged {
		if i > 0 && v.Blank() {
			if err := write("\n"); err != nil {
				return n, err
			}
		}
		if err := write(v.Outcomes[i].Verdict); err != nil {
			return n, err
		}
		if err := write("\n"); err != nil {
			return n, err
		}
	}
	return n, nil
}

// EndSpan returns where game i ends, the place for a message about its
// verdict (an editor's diagnostic): its ending move; the last move of a
// game whose moves run out first; the size of a game without moves and
// of a PATH board.
func (v *Verdicts) EndSpan(i int) parse.Span {
	g, o := v.File.Games[i], v.Outcomes[i]
	switch {
	case o.End >= 0 && o.End < len(g.Moves):
		return g.MoveSpan(o.End)
	case len(g.Moves) > 0:
		return g.MoveSpan(len(g.Moves) - 1)
	}
	return g.N.Span
}
