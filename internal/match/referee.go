package match

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gamels/analyze"
	"gamels/parse"
)

// gameSpec is one game of a match's schedule.
type gameSpec struct {
	x, o    int // the players' indexes: x moves first
	size    int
	opening int // the index of its opening, shared with the game of swapped colours
}

// referee plays the games of a match.
type referee struct {
	kind     parse.Kind
	rules    parse.Rules
	maxMoves int // Pousse: the moves after which a game is drawn
	openings int // the moves of an opening
	seed     uint64
	players  []*player
}

// play plays one game and returns its record; ok is false when ctx was
// done before the game ended (the game is abandoned). The error is the
// opening's that cannot be found (Config.Check finds the first of each
// size).
//
// Each turn the player to move is asked for its move, and the answer
// is judged: a move that is no legal move, late, missing or from a
// crashed program loses the game; else the move is played and the
// rules say whether the game is over.
func (rf *referee) play(ctx context.Context, gs gameSpec) (rec *Record, ok bool, err error) {
	start := time.Now()
	n := gs.size
	rec = &Record{X: rf.players[gs.x].spec.Name, O: rf.players[gs.o].spec.Name, Size: n, Round: gs.opening + 1}
	open, err := opening(rf.kind, rf.rules, n, rf.openings, rf.seed, gs.opening)
	if err != nil {
		return nil, false, err
	}
	b := newBoard(rf.kind, rf.rules, n, rf.maxMoves)
	t := &turn{kind: rf.kind, rules: rf.rules, size: n, input: strconv.AppendInt(nil, int64(n), 10)}
	t.input = append(t.input, '\n')
	add := func(mv parse.Move) {
		t.moves = append(t.moves, mv)
		tok := token(mv)
		rec.Moves = append(rec.Moves, tok)
		t.input = append(append(t.input, tok...), '\n')
	}
	for _, mv := range open {
		b.play(mv)
		add(mv)
	}
	rec.Opening = len(open)
	for {
		side := len(t.moves) % 2 // 0: x to move
		p := rf.players[[2]int{gs.x, gs.o}[side]]
		a := p.move(ctx, t)
		mv, reason, f, interrupted := judgeAnswer(a, rf.kind, n)
		if interrupted || ctx.Err() != nil {
			return nil, false, nil
		}
		var end *ending
		if f == nil {
			var illegal string
			if illegal, end = b.play(mv); illegal != "" {
				reason, f = ReasonIllegal, newForfeit(a, fmt.Sprintf("%q: %s", token(mv), illegal))
			}
		}
		if f != nil {
			f.Player = [2]string{"x", "o"}[side]
			f.Move = len(t.moves) + 1
			rec.Result = winWords(rf.kind, analyze.Player(2-side), f.Move)
			rec.Reason, rec.Forfeit = reason, f
			break
		}
		add(mv)
		if end != nil {
			rec.Result, rec.Reason = end.verdict, end.reason
			break
		}
	}
	rec.moves = t.moves
	rec.Ms = time.Since(start).Milliseconds()
	return rec, true, nil
}
