package match

import (
	"gamels/analyze"
	"gamels/parse"
)

// A board is a game being refereed: it judges each move by the rules of
// package analyze.
type board interface {
	// play plays mv for the player to move. It returns why the move is
	// illegal here (it is then not played), or how the game ended with
	// it (nil while it goes on).
	play(mv parse.Move) (illegal string, end *ending)
}

// An ending is how a game ended on the board.
type ending struct {
	winner  analyze.Player // analyze.None for a draw
	reason  string         // ReasonStraights, ...
	verdict string         // the contest's words: "X WINS", "Player 2 wins on move 7", "Draw"
}

// pousseBoard is a Pousse game, drawn after maxMoves moves.
type pousseBoard struct {
	live     *analyze.PousseLive
	maxMoves int
}

func (b *pousseBoard) play(mv parse.Move) (string, *ending) {
	r := b.live.Play(mv)
	switch {
	case r.End >= 0 && r.Reason == analyze.ReasonRepetition:
		return "", &ending{r.Winner, ReasonRepetition, r.Verdict}
	case r.End >= 0:
		return "", &ending{r.Winner, ReasonStraights, r.Verdict}
	case b.live.Moves() >= b.maxMoves:
		return "", &ending{analyze.None, ReasonMoveLimit, "TIE GAME"}
	}
	return "", nil
}

// spotBoard is a Spot game. Each move replays the game so far
// (analyze.Spot): O(2N) a move, the game being 2N moves long.
type spotBoard struct {
	g parse.Game
}

func (b *spotBoard) play(mv parse.Move) (string, *ending) {
	b.g.Moves = append(b.g.Moves, mv)
	sg := analyze.Spot(&b.g)
	last := len(b.g.Moves) - 1
	if sg.IllegalAt(last) {
		b.g.Moves = b.g.Moves[:last]
		return sg.Issues[len(sg.Issues)-1].Msg, nil
	}
	switch {
	case sg.End == last:
		return "", &ending{sg.Winner, ReasonPattern, sg.Verdict}
	case len(b.g.Moves) == 2*b.g.Size:
		return "", &ending{analyze.None, ReasonAllMoves, "Draw"}
	}
	return "", nil
}

// newBoard returns the empty n x n board of kind.
func newBoard(kind parse.Kind, rules parse.Rules, n, maxMoves int) board {
	if kind == parse.Pousse {
		return &pousseBoard{live: analyze.NewPousseLive(n, rules), maxMoves: maxMoves}
	}
	return &spotBoard{g: parse.Game{Size: n}}
}
