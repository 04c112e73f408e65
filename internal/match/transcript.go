package match

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gamels/analyze"
	"gamels/parse"
)

// Transcript writes the games of a match as one transcript, each game
// as it ends (so that memory does not grow with the match): Pousse in
// the Waterloo layout (the games back to back, each ending in QUIT)
// after a "# rules:" line, Spot as UVa 141 has it (each game its 2N
// moves, a last line 0, written by Close). Each game is preceded by
// comments naming the players, the result and its reason, and for a
// forfeit what the player did.
//
// A Spot game has its 2N moves in a transcript, also when it ended
// before: the moves after its end are filler, marked so in a comment.
// After a forfeit they are chosen so that where it can the forfeiting
// player repeats a pattern and the transcript's verdict names the same
// winner (see spotFiller).
type Transcript struct {
	w    *bufio.Writer
	kind parse.Kind
	err  error
}

// NewTranscript starts a transcript on w with the header lines (each
// written as a comment) and, for Pousse, the rules, and returns it with
// the error of that first write.
func NewTranscript(w io.Writer, kind parse.Kind, rules parse.Rules, header []string) (*Transcript, error) {
	t := &Transcript{w: bufio.NewWriter(w), kind: kind}
	for _, h := range header {
		t.comment("%s", h)
	}
	if kind == parse.Pousse {
		if rules == parse.RulesDefault {
			rules = parse.RulesContest
		}
		fmt.Fprintf(t.w, "# rules: %s\n", rules)
	}
	t.err = t.w.Flush()
	return t, t.err
}

// comment writes one comment line: a line break in the text becomes a
// space. The text never starts with "rules:", which would be a
// directive.
func (t *Transcript) comment(format string, args ...any) {
	text := strings.NewReplacer("\r", " ", "\n", " ").Replace(fmt.Sprintf(format, args...))
	fmt.Fprintf(t.w, "# %s\n", text)
}

// Add writes a game and flushes it. It returns the first write error,
// then keeps it.
func (t *Transcript) Add(r *Record) error {
	if t.err != nil {
		return t.err
	}
	fmt.Fprintln(t.w)
	x, o := "X", "O"
	if t.kind == parse.Spot {
		x, o = "player 1", "player 2"
	}
	opening := ""
	if r.Opening > 0 {
		opening = fmt.Sprintf(", an opening of %s", parse.Plural(r.Opening, "move"))
	}
	t.comment("game %d: %s %s, %s %s; %dx%d%s", r.Game, x, r.X, o, r.O, r.Size, r.Size, opening)
	if f := r.Forfeit; f != nil {
		who := x + " " + r.X
		if f.Player == "o" {
			who = o + " " + r.O
		}
		t.comment("%s: %s forfeits at move %d (%s): %s", r.Result, who, f.Move, r.Reason, f.Detail)
		if f.Output != "" {
			t.comment("  its output: %s", strconv.Quote(f.Output))
		}
		if f.Stderr != "" {
			t.comment("  the end of its standard error:")
			lines := strings.Split(strings.TrimRight(f.Stderr, "\n"), "\n")
			for _, ln := range lines[max(0, len(lines)-10):] {
				t.comment("    %s", strconv.Quote(ln))
			}
		}
	} else {
		t.comment("%s (%s), %s, %.2f s", r.Result, r.Reason, parse.Plural(len(r.Moves), "move"), float64(r.Ms)/1000)
	}
	fmt.Fprintf(t.w, "%d\n", r.Size)
	for i, mv := range r.Moves {
		if i < r.Opening {
			fmt.Fprintf(t.w, "%s # opening\n", mv)
		} else {
			fmt.Fprintln(t.w, mv)
		}
	}
	if t.kind == parse.Pousse {
		fmt.Fprintln(t.w, "QUIT")
	} else if len(r.Moves) < 2*r.Size {
		loser := analyze.None // a game decided on the board: any legal moves
		if f := r.Forfeit; f != nil {
			loser = analyze.First
			if f.Player == "o" {
				loser = analyze.Second
			}
		}
		fill := spotFiller(r.Size, r.moves, loser)
		t.comment("not played: the game ended at move %d; the %s below only complete its 2N", len(r.Moves)+btoi(r.Forfeit != nil), parse.Plural(len(fill), "move"))
		for _, mv := range fill {
			fmt.Fprintln(t.w, token(mv))
		}
	}
	t.err = t.w.Flush()
	return t.err
}

// Close ends the transcript: Spot's last line, 0.
func (t *Transcript) Close() error {
	if t.err != nil {
		return t.err
	}
	if t.kind == parse.Spot {
		fmt.Fprintln(t.w, "\n0")
	}
	t.err = t.w.Flush()
	return t.err
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spotFiller returns the moves that complete a Spot game forfeited by
// loser after moves to its 2N moves, all legal. While the game is
// undecided, the loser plays a move that repeats a pattern if it has
// one, and its opponent one that does not (then the loser can repeat:
// it takes back the opponent's move), so that the transcript's verdict
// names the winner of the forfeit when there are moves enough (three).
// O(N) moves of O(N² + moves) each.
func spotFiller(n int, moves []parse.Move, loser analyze.Player) []parse.Move {
	g := parse.Game{Size: n, Moves: append([]parse.Move(nil), moves...)}
	on := make([]bool, n*n) // the squares with a spot, the moves after the end played too
	for _, mv := range g.Moves {
		on[(mv.Row()-1)*n+mv.Col()-1] = mv.Add()
	}
	var fill []parse.Move
	for len(g.Moves) < 2*n {
		k := len(g.Moves)
		mover := analyze.Player(1 + k%2)
		var mv parse.Move
		if sg := analyze.Spot(&g); sg.End >= 0 {
			mv = parse.SpotMove(1, 1, !on[0]) // decided: any legal move
		} else {
			cands := sg.Candidates(k)
			pick := cands[0]
			for _, c := range cands {
				if (c.Earlier >= 0) == (mover == loser) {
					pick = c
					break
				}
			}
			mv = parse.SpotMove(pick.Row, pick.Col, pick.Add)
		}
		on[(mv.Row()-1)*n+mv.Col()-1] = mv.Add()
		g.Moves = append(g.Moves, mv)
		fill = append(fill, mv)
	}
	return fill
}
