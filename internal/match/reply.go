package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/internal/solution"
	"gamels/parse"
)

// The reasons a game ends, as the JSON and the transcript give them.
// On the board: a Pousse game by straights or, under the icfp rules, a
// repetition; a Spot game by a pattern repeated (up to rotation) or,
// drawn, after its 2N moves; a Pousse game drawn at --max-moves. By a
// forfeit of the player to move: its answer is not a legal move (or is
// more than one line, or floods its output), comes late, is missing,
// or comes from a program that crashed or could not be started.
const (
	ReasonStraights  = "straights"
	ReasonRepetition = "repetition"
	ReasonPattern    = "pattern"
	ReasonAllMoves   = "2n-moves"
	ReasonMoveLimit  = "move-limit"
	ReasonIllegal    = "illegal"
	ReasonTime       = "time"
	ReasonCrash      = "crash"
	ReasonNoMove     = "no-move"
)

// Forfeit is what a player did when it lost without a move on the
// board.
type Forfeit struct {
	Player string `json:"player"`           // "x" or "o" (Spot: player 1 or 2)
	Move   int    `json:"move"`             // the number of the move it did not make, from 1
	Detail string `json:"detail"`           // what happened, in words
	Output string `json:"output,omitempty"` // the start of what it printed
	Stderr string `json:"stderr,omitempty"` // the end of its standard error
}

// keptOutput and keptStderr are the most of a forfeiting player's
// output and standard error a record keeps: the start of one, the end
// of the other.
const (
	keptOutput = 200
	keptStderr = 1024
)

// judgeAnswer reads a player's answer as a move of an n x n board. It
// returns the move, or the reason and the forfeit when the answer is no
// move, or interrupted when the match was stopped during the turn (the
// game is then abandoned). Legality in the position is the board's.
func judgeAnswer(a answer, kind parse.Kind, n int) (mv parse.Move, reason string, f *Forfeit, interrupted bool) {
	f = newForfeit(a, "")
	switch {
	case a.err != nil && (errors.Is(a.err, context.Canceled) || errors.Is(a.err, context.DeadlineExceeded)):
		return mv, "", nil, true
	case a.err != nil:
		var se *solution.StartError
		if errors.As(a.err, &se) {
			f.Detail = a.err.Error()
		} else {
			f.Detail = "the engine failed: " + a.err.Error()
		}
		return mv, ReasonCrash, f, false
	case a.late:
		f.Detail = fmt.Sprintf("no move within the time limit, after %.2f s", a.time.Seconds())
		return mv, ReasonTime, f, false
	}
	if r := a.run; r != nil {
		switch {
		case r.Ending == solution.Interrupted:
			return mv, "", nil, true
		case r.Ending == solution.TimeLimit:
			f.Detail = r.String()
			return mv, ReasonTime, f, false
		case r.Ending == solution.OutputLimit:
			f.Detail = r.String()
			return mv, ReasonIllegal, f, false
		case !r.OK():
			f.Detail = r.String()
			return mv, ReasonCrash, f, false
		}
	}
	text := strings.TrimSpace(string(a.out))
	switch {
	case text == "":
		f.Detail = "it printed no move"
		if a.run != nil {
			f.Detail += ": it " + a.run.String()
		}
		return mv, ReasonNoMove, f, false
	case strings.ContainsAny(text, "\n\r"):
		f.Detail = "it printed more than one line"
		return mv, ReasonIllegal, f, false
	}
	mv, err := parseMove(kind, n, text)
	if err != nil {
		f.Detail = err.Error()
		return mv, ReasonIllegal, f, false
	}
	return mv, "", nil, false
}

// newForfeit returns the forfeit of answer a, what happened in words:
// the start of what it printed and the end of its standard error kept.
func newForfeit(a answer, detail string) *Forfeit {
	f := &Forfeit{Detail: detail, Output: keep(a.out, keptOutput, false)}
	if a.run != nil {
		f.Stderr = keep(a.run.StderrTail, keptStderr, true)
	}
	return f
}

// parseMove reads one move of an n x n board as a player prints it:
// "L3" (Pousse), "2 5 +" (Spot).
func parseMove(kind parse.Kind, n int, text string) (parse.Move, error) {
	if kind == parse.Pousse {
		mv, err := analyze.ParsePousseSlot(text, n)
		if err != nil {
			return mv, fmt.Errorf("%q is not a move: %v", text, err)
		}
		return mv, nil
	}
	f := strings.Fields(text)
	if len(f) != 3 || (f[2] != "+" && f[2] != "-") {
		return parse.Move{}, fmt.Errorf("%q is not a move: a Spot move is ROW COL + or ROW COL -", text)
	}
	var rc [2]int
	for i, w := range f[:2] {
		v, err := strconv.Atoi(w)
		if err != nil || w[0] < '0' || w[0] > '9' || v < 1 || v > n {
			return parse.Move{}, fmt.Errorf("%q is not a move: %s is not a row or column of the %dx%d board (1 to %d)", text, w, n, n, n)
		}
		rc[i] = v
	}
	return parse.SpotMove(rc[0], rc[1], f[2] == "+"), nil
}

// keep returns at most max bytes of b, its start (or its end, tail) as
// valid UTF-8.
func keep(b []byte, max int, tail bool) string {
	if len(b) > max {
		if tail {
			b = b[len(b)-max:]
		} else {
			b = b[:max]
		}
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
