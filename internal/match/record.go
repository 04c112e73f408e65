package match

import (
	"fmt"
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/parse"
)

// Record is one game as the JSON gives it.
type Record struct {
	// Game is the game's number in the order the games ended, from 1:
	// its place in the transcript and in the JSON.
	Game int `json:"game"`
	// Round is the number of its opening, from 1: the two games of a
	// round (the same players, size and opening) swap the colours.
	Round int    `json:"round"`
	X     string `json:"x"` // the first player's name (Spot: player 1)
	O     string `json:"o"` // the second player's (Spot: player 2)
	Size  int    `json:"size"`
	// Result is "X WINS", "O WINS" or "TIE GAME" for Pousse; for Spot
	// "Player 1 wins on move M", "Player 2 wins on move M" or "Draw",
	// the contest's words, M the move that decided (or was forfeited).
	Result  string   `json:"result"`
	Reason  string   `json:"reason"` // ReasonStraights, ...
	Moves   []string `json:"moves"`
	Opening int      `json:"opening"` // how many of Moves the opening played
	Ms      int64    `json:"ms"`      // the game's wall time, in milliseconds
	Forfeit *Forfeit `json:"forfeit,omitempty"`

	moves []parse.Move // Moves, for the transcript; nil in a record read back
}

// token returns a move as a player prints it and a transcript holds
// it: "L3", "2 5 +".
func token(mv parse.Move) string {
	if d := mv.Dir(); d != 0 {
		return string(d) + strconv.Itoa(mv.Line())
	}
	sign := " -"
	if mv.Add() {
		sign = " +"
	}
	return strconv.Itoa(mv.Row()) + " " + strconv.Itoa(mv.Col()) + sign
}

// winWords returns the result of a game won by w at move m.
func winWords(kind parse.Kind, w analyze.Player, m int) string {
	if kind == parse.Pousse {
		if w == analyze.First {
			return "X WINS"
		}
		return "O WINS"
	}
	return fmt.Sprintf("Player %d wins on move %d", w, m)
}

// Winner returns the winner a record's result names: analyze.First (X,
// player 1), analyze.Second, or analyze.None for a draw; ok is false
// when the result is none of the words a match writes.
func (r *Record) Winner() (w analyze.Player, ok bool) {
	switch {
	case r.Result == "X WINS" || strings.HasPrefix(r.Result, "Player 1 wins on move "):
		return analyze.First, true
	case r.Result == "O WINS" || strings.HasPrefix(r.Result, "Player 2 wins on move "):
		return analyze.Second, true
	case r.Result == "TIE GAME" || r.Result == "Draw":
		return analyze.None, true
	}
	return analyze.None, false
}
