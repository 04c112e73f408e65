package analyze

import (
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
	// Moves is the number of moves written (Pousse, Spot); Rules is the
	// rule set a Pousse game was judged by (RulesContest or RulesICFP),
	// RulesDefault for the other games.
	Moves int
	Rules parse.Rules
	// Earlier and Rotation say which earlier pattern a finished Spot
	// game repeats, as Result's do; Earlier is -1 otherwise.
	Earlier, Rotation int
}

// Analyze runs the engine for the game's kind. rules applies to Pousse
// only (RulesDefault means contest).
func Analyze(kind parse.Kind, g *parse.Game, rules parse.Rules) Outcome {
	switch kind {
	case parse.Pousse:
		return analyzePousse(g, rules, false).Outcome() // no boards wanted
	case parse.Spot:
		return Spot(g).Outcome()
	case parse.Path:
		return Path(g).Outcome()
	}
	return Outcome{Kind: kind, End: -1, Partial: g.HasErrors, Earlier: -1}
}

// Outcome returns the game's Outcome. O(1).
func (pg *PousseGame) Outcome() Outcome {
	o := pg.Result.outcome(parse.Pousse, len(pg.moves))
	o.Rules = parse.RulesContest
	if pg.icfp {
		o.Rules = parse.RulesICFP
	}
	return o
}

// Outcome returns the game's Outcome. O(1).
func (sg *SpotGame) Outcome() Outcome {
	return sg.Result.outcome(parse.Spot, len(sg.game.Moves))
}

// Outcome returns the board's Outcome. O(1).
func (r *PathGame) Outcome() Outcome {
	return Outcome{Kind: parse.Path, Verdict: r.Verdict, Finished: r.Verdict != "", End: -1, Partial: r.Partial, Earlier: -1}
}

// outcome is the Outcome of a Pousse or Spot result of a game of the
// given number of moves.
func (r *Result) outcome(kind parse.Kind, moves int) Outcome {
	o := Outcome{Kind: kind, Verdict: r.Verdict, Finished: r.Finished, End: r.End,
		Issues: r.Issues, Partial: r.Partial, Moves: moves, Earlier: -1}
	if kind == parse.Spot && r.Finished {
		o.Earlier, o.Rotation = r.Earlier, r.Rotation
	}
	return o
}

// An Analyzer analyses games on worker goroutines as they are handed to
// it, so that a reader can hand out the first games of a file while it
// reads the rest (see parse.ParseEach). Games are taken one at a time, so
// a few long games do not leave a worker idle.
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

// NewAnalyzer starts workers workers (at least one).
func NewAnalyzer(kind parse.Kind, workers int) *Analyzer {
	workers = max(workers, 1)
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
