package analyze

import (
	"runtime"
	"sync"
	"sync/atomic"

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
	// Despite is true when the game had parse errors.
	Despite bool
}

// Analyze runs the engine for the game's kind. rules applies to Pousse
// only (RulesDefault means contest).
func Analyze(kind parse.Kind, g *parse.Game, rules parse.Rules) Outcome {
	o := Outcome{Kind: kind, End: -1, Despite: g.HasErrors}
	var r *Result
	switch kind {
	case parse.Pousse:
		r = &AnalyzePousse(g, rules).Result
	case parse.Spot:
		r = &AnalyzeSpot(g).Result
	case parse.Path:
		p := AnalyzePath(g)
		o.Verdict, o.Finished = p.Verdict, p.Verdict != ""
		return o
	default:
		return o
	}
	o.Verdict, o.Finished, o.End, o.Issues = r.Verdict, r.Finished, r.End, r.Issues
	return o
}

// AnalyzeAll analyses games independently on all processors and returns
// their outcomes in order. Games are handed out one at a time, so a few
// long games do not leave a processor idle; the outcome of game i is the
// same as Analyze(kind, games[i], rules).
func AnalyzeAll(kind parse.Kind, games []*parse.Game, rules parse.Rules) []Outcome {
	out := make([]Outcome, len(games))
	workers := min(runtime.GOMAXPROCS(0), len(games))
	if workers <= 1 {
		for i, g := range games {
			out[i] = Analyze(kind, g, rules)
		}
		return out
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(games) {
					return
				}
				out[i] = Analyze(kind, games[i], rules)
			}
		}()
	}
	wg.Wait()
	return out
}
