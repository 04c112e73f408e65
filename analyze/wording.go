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
//	Player 2 wins on move 3: it repeats the pattern after move 1 turned 90° clockwise
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
	case o.Kind == parse.Spot && o.Finished && o.Earlier >= 0:
		return o.Verdict + ": it repeats " + RepeatWords(parse.Spot, o.Earlier, o.Rotation)
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

// PousseMoveWords says what a Pousse move did, from what PushRun says
// of it on the board before it: who played, the entry square, the run
// it pushed and the marker pushed off the far edge, if any:
//
//	X enters at (2,1)
//	O enters at (1,3), pushing 2 markers to (3,3)
//	X enters at (4,2), pushing 3 markers to (1,2); O pushed off from (1,2)
//
// Squares are (row,column), 1-based. O(1).
func PousseMoveWords(who Player, sh PousseShift) string {
	if len(sh.Run) == 0 {
		return ""
	}
	name := func(p Player) string {
		if p == Second {
			return "O"
		}
		return "X"
	}
	s := name(who) + " enters at " + cellWords(sh.Run[0])
	if n := len(sh.Run) - 1; n > 0 {
		s += ", pushing " + parse.Plural(n, "marker") + " to " + cellWords(sh.Run[n])
	}
	if sh.OffWho != None {
		s += "; " + name(sh.OffWho) + " pushed off from " + cellWords(sh.Off)
	}
	return s
}

// SpotMoveWords says what a Spot move did: "a spot added at (2,3)",
// "the spot at (2,3) removed", or for an illegal move (played as one that
// changes nothing) "illegal, nothing changes". O(1).
func SpotMoveWords(row, col int, add, illegal bool) string {
	if illegal {
		return "illegal, nothing changes"
	}
	if add {
		return "a spot added at " + cellWords(Cell{row, col})
	}
	return "the spot at " + cellWords(Cell{row, col}) + " removed"
}

// RepeatWords says which earlier position a game's ending repeats
// (Result.Earlier, 0-based, and Result.Rotation): for Spot "the pattern
// after move 3" or, when it recurs turned, "the pattern after move 3
// turned 90° clockwise" (the earlier pattern turned so is the current
// one: a solution that turns the current pattern meets it at 270°), for
// Pousse "the same position, by the same player, as after move 3". O(1).
func RepeatWords(kind parse.Kind, earlier, rotation int) string {
	m := strconv.Itoa(earlier + 1)
	switch {
	case kind != parse.Spot:
		return "the same position, by the same player, as after move " + m
	case rotation%4 == 0:
		return "the pattern after move " + m
	}
	return "the pattern after move " + m + " " + TurnWords(rotation)
}

// TurnWords says how a Spot pattern is turned, in quarter turns
// clockwise, in the words every view uses: "turned 90° clockwise"; ""
// for none. O(1).
func TurnWords(rotation int) string {
	if rotation%4 == 0 {
		return ""
	}
	return "turned " + strconv.Itoa(90*(rotation%4)) + "° clockwise"
}

func cellWords(c Cell) string {
	return "(" + strconv.Itoa(c.Row) + "," + strconv.Itoa(c.Col) + ")"
}
