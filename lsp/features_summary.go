package lsp

import (
	"fmt"
	"sort"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// A summary says in a line how one game went; code lenses, symbols,
// folding and hovers share it. The words are analyze's (Outcome.Summary,
// Outcome.Headline).
type summary struct {
	name    string          // "game 2", "board 2"
	verdict string          // Outcome.Headline: "X WINS", "no result yet", a PATH line; "" when unusable
	outcome analyze.Outcome // what the engine says of the game
	reveal  parse.Span      // what to show: the ending move, the last move, a marked cell or the N line
}

// String returns e.g. "game 2: X WINS at move 7".
func (sm summary) String() string {
	return sm.name + ": " + sm.detail()
}

// detail returns the summary without the game's name.
func (sm summary) detail() string {
	return sm.outcome.Summary()
}

// summarize describes one game of a snapshot.
func summarize(text *textpos.Text, kind parse.Kind, rules parse.Rules, ga *gameAnalysis) summary {
	g := ga.game
	sm := summary{name: fmt.Sprintf("game %d", g.Index+1), reveal: g.N.Span}
	if kind == parse.Path {
		sm.name = fmt.Sprintf("board %d", g.Index+1)
	}
	sm.outcome = ga.outcome(kind)
	sm.verdict = sm.outcome.Headline()
	switch {
	case kind == parse.Path:
		if res := ga.path; res != nil {
			if mk := pathMarks(text, g, res); len(mk) > 0 {
				sm.reveal = mk[0].span
			}
		}
	case sm.verdict == "":
	case sm.outcome.End >= 0 && sm.outcome.End < len(g.Moves):
		sm.reveal = g.MoveSpan(sm.outcome.End)
	case len(g.Moves) > 0:
		sm.reveal = g.MoveSpan(len(g.Moves) - 1)
	}
	return sm
}

// moveAt returns the index of the move of g whose span contains off (or
// ends at it), or -1. O(log moves).
func moveAt(g *parse.Game, off int) int {
	i := sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).End >= off })
	if i < len(g.Moves) && g.MoveSpan(i).Start <= off {
		return i
	}
	return -1
}

// rowAt returns the index of the PATH row whose span contains off (or
// ends at it), or -1.
func rowAt(rows []parse.Row, off int) int {
	i := sort.Search(len(rows), func(i int) bool { return rows[i].Span.End >= off })
	if i < len(rows) && rows[i].Span.Start <= off {
		return i
	}
	return -1
}

// inSpan reports whether off lies in s or at its end (where an editor's
// cursor sits right after a token).
func inSpan(s parse.Span, off int) bool {
	return s.Start <= off && off <= s.End && s.Len() > 0
}

// player names the side that made move i (0-based) of a game.
func player(kind parse.Kind, i int) string {
	first := i%2 == 0
	if kind == parse.Spot {
		if first {
			return "Player 1"
		}
		return "Player 2"
	}
	if first {
		return "X"
	}
	return "O"
}

// describeMove says what move i does, e.g. "X pushes row 2 from the
// left", "Player 1 places a spot at row 1, column 2".
func describeMove(kind parse.Kind, i int, mv parse.Move) string {
	who := player(kind, i)
	if kind == parse.Spot {
		if mv.Add() {
			return fmt.Sprintf("%s places a spot at row %d, column %d", who, mv.Row(), mv.Col())
		}
		return fmt.Sprintf("%s removes the spot at row %d, column %d", who, mv.Row(), mv.Col())
	}
	switch mv.Dir() {
	case 'L':
		return fmt.Sprintf("%s pushes into row %d from the left", who, mv.Line())
	case 'R':
		return fmt.Sprintf("%s pushes into row %d from the right", who, mv.Line())
	case 'T':
		return fmt.Sprintf("%s pushes into column %d from the top", who, mv.Line())
	case 'B':
		return fmt.Sprintf("%s pushes into column %d from the bottom", who, mv.Line())
	}
	return who + " moves"
}
