package analyze

import (
	"strconv"

	"gamels/parse"
)

// This file holds the words for a game's outcome: `gamels check`, the
// editor's code lenses, symbols, hovers and diagnostics all say how a
// game went with these, so that they say it alike.

// Headline returns the verdict in a few words: the contest's line, or
// "no result yet" for an unfinished game under the icfp rules (for which
// the judge's TIE GAME would mislead); "" when nothing could be replayed
// (an unusable board size). O(1).
func (o Outcome) Headline() string {
	if o.Verdict != "" && !o.Finished && o.Kind == parse.Pousse && o.Rules == parse.RulesICFP {
		return "no result yet"
	}
	return o.Verdict
}

// Ending says in one line how the game ends, or that its moves ran out:
//
//	X WINS at move 7
//	Player 2 wins on move 3
//	White has a winning path.
//	TIE GAME: no winner after 12 moves
//	no result yet after 12 moves; the judge prints TIE GAME
//	Draw: no pattern repeats in 12 moves
//	no verdict: the board size is unusable
//
// O(1).
func (o Outcome) Ending() string {
	switch {
	case o.Verdict == "":
		return "no verdict: the board size is unusable"
	case o.Kind == parse.Path, o.Kind == parse.Spot && o.Finished:
		return o.Verdict // the line names the move, or there is none
	case o.Finished:
		return o.Verdict + " at move " + strconv.Itoa(o.End+1)
	case o.Kind == parse.Spot:
		return o.Verdict + ": no pattern repeats in " + parse.Plural(o.Moves, "move")
	case o.Kind == parse.Pousse && o.Rules == parse.RulesICFP:
		return o.Headline() + " after " + parse.Plural(o.Moves, "move") + "; the judge prints " + o.Verdict
	}
	return o.Verdict + ": no winner after " + parse.Plural(o.Moves, "move")
}

// Summary is Ending, followed by " (computed despite errors)" when the
// game had parse errors and a verdict was still computed. O(1).
func (o Outcome) Summary() string {
	s := o.Ending()
	if o.Partial && o.Verdict != "" {
		s += " (computed despite errors)"
	}
	return s
}
