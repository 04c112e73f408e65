package analyze

import (
	"runtime"
	"sync"

	"gamels/parse"
)

// Outcome is what every engine says of one game, whatever its kind: the
// summary that the command-line tools print.
type Outcome struct {
	Kind parse.Kind
	// Verdict is the contest's line for the game; empty when the game's
	// size is unusable and nothing could be replayed.
	Verdict string
	// Finished is false for a Pousse tie or unfinished game and a Spot
	// draw; PATH verdicts are always finished.
	Finished bool
	// End is the index in Game.Moves of the move where the game ends, or
	// -1 (always -1 for PATH).
	End    int
	Issues []Issue
	// Partial is true when the game had parse errors.
	Partial bool
}

// Analyze runs the engine for the game's kind. rules applies to Pousse
// only (RulesDefault means contest).
func Analyze(kind parse.Kind, g *parse.Game, rules parse.Rules) Outcome {
	o := Outcome{Kind: kind, End: -1, Partial: g.HasErrors}
	var r *Result
	switch kind {
	case parse.Pousse:
		r = &analyzePousse(g, rules, false).Result // no boards wanted
	case parse.Spot:
		r = &Spot(g).Result
	case parse.Path:
		p := Path(g)
		o.Verdict, o.Finished = p.Verdict, p.Verdict != ""
		return o
	default:
		return o
	}
	o.Verdict, o.Finished, o.End, o.Issues = r.Verdict, r.Finished, r.End, r.Issues
	return o
}

// An Analyzer analyses games on all processors as they are handed to it,
// so that a reader can hand out the first games of a file while it reads
// the rest (see parse.ParseEach). Games are taken one at a time, so a few
// long games do not leave a processor idle.
type Analyzer struct {
	kind    parse.Kind
	work    chan job
	wg      sync.WaitGroup
	results [][]indexed // one list per worker, merged by Wait
	added   int
}

type job struct {
	g     *parse.Game
	index int
	rules parse.Rules
}

type indexed struct {
	index int
	o     Outcome
}

// NewAnalyzer starts one worker per processor.
func NewAnalyzer(kind parse.Kind) *Analyzer {
	workers := runtime.GOMAXPROCS(0)
	a := &Analyzer{kind: kind, work: make(chan job, 256), results: make([][]indexed, workers)}
	for w := range workers {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			for j := range a.work {
				a.results[w] = append(a.results[w], indexed{j.index, Analyze(kind, j.g, j.rules)})
			}
		}()
	}
	return a
}

// Add hands a game to the workers. The games must be added in order and
// not changed afterwards.
func (a *Analyzer) Add(g *parse.Game, rules parse.Rules) {
	a.work <- job{g: g, index: a.added, rules: rules}
	a.added++
}

// Wait returns the outcomes of all the games added, in order. The
// Analyzer cannot be used after.
func (a *Analyzer) Wait() []Outcome {
	close(a.work)
	a.wg.Wait()
	out := make([]Outcome, a.added)
	for _, r := range a.results {
		for _, x := range r {
			out[x.index] = x.o
		}
	}
	return out
}
