package analyze

import "gamels/parse"

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
