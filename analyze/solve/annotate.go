package solve

import (
	"context"
	"fmt"
	"strconv"

	"gamels/analyze"
	"gamels/parse"
)

// Kind is the kind of an annotation.
type Kind string

// The annotations.
const (
	// MissedWin: the mover had a forced win within k plies (k = 1: a
	// move that wins at once) and played a move that does not win
	// within k.
	MissedWin Kind = "missed-win"
	// Blunder: before the move the mover faced no forced loss within
	// the horizon; after it, one exists.
	Blunder Kind = "blunder"
	// Decisive: the last move after which the game's result was forced.
	Decisive Kind = "decisive"
)

// Annotation is one remark on one move.
type Annotation struct {
	// Move is the index of the move in Game.Moves (0-based).
	Move int
	Kind Kind
	// Mark is "??" (a blunder, a win thrown away), "?" (a win missed for
	// a slower one) or "" (the decisive move).
	Mark string
	// Played and Best are move tokens: the move played, and the
	// search's move for the mover in the position before it.
	Played, Best string
	// Plies is the length of the forced line, counted from the position
	// before the move: for a missed win the win the mover had (1: at
	// once); for a blunder the loss it allowed, the move included (1:
	// the move itself loses); for the decisive move the forced result
	// after it, the move included.
	Plies int
	// Text says it in words, such as "missed R3: wins at once".
	Text string
}

// Analysis is an annotated game.
type Analysis struct {
	// Evals[i] is the search's result for the position before move i,
	// for the player to move there, for every move played; when the game
	// did not end, one more for the position after the last move.
	Evals []Result
	// Annotations, in move order (a move may have a missed win and a
	// blunder).
	Annotations []Annotation
	// Complete is false when a budget, the deadline or the context cut
	// some search short of the requested depth.
	Complete bool
	// Nodes is the total number of positions searched (reused
	// evaluations included).
	Nodes int64

	// What AnnotateFrom needs to reuse the evaluations.
	kind  parse.Kind
	rules parse.Rules
	size  int
	opts  Options
	moves []parse.Move
}

// An Annotator annotates games one after the other, reusing its
// transposition table. It is not safe for concurrent use.
type Annotator struct {
	opts Options
	tt   *table

	// Progress, when not nil, is called after each position of a game
	// is evaluated (searched or reused), so that a caller can show
	// progress within a long game.
	Progress func()
}

// NewAnnotator returns an Annotator searching each position with opts
// (Nodes is a budget per position, Deadline one for all).
func NewAnnotator(opts Options) *Annotator {
	return &Annotator{opts: opts}
}

// Annotate searches every position of g, a Pousse (under rules) or Spot
// game, from the start to its end, and derives the annotations. It
// returns ErrTooLarge for boards over 8 x 8, an error for other kinds,
// and the context's error when cancelled (with what was done so far).
//
// Cost: one search per position played, each bounded by opts; the table
// is cleared once per game (O(table)), so that a game's node counts do
// not depend on the games annotated before (its results never do).
func (a *Annotator) Annotate(ctx context.Context, kind parse.Kind, g *parse.Game, rules parse.Rules) (*Analysis, error) {
	return a.AnnotateFrom(ctx, kind, g, rules, nil)
}

// AnnotateFrom is Annotate, reusing the evaluations of old, an analysis
// of an earlier text of the same game, for the positions up to the first
// move that differs: the evaluation of a position depends only on the
// moves before it. old is used only when its kind, rules, board size and
// options are the same; nil means none. An editor re-annotating after
// each edit then searches only from the edited move on.
//
// Cost: O(moves) to compare the moves, then the searches of the
// positions from the first changed move on. The proofs, lengths and
// best moves are those of a fresh analysis.
func (a *Annotator) AnnotateFrom(ctx context.Context, kind parse.Kind, g *parse.Game, rules parse.Rules, old *Analysis) (*Analysis, error) {
	if kind == parse.Pousse && rules == parse.RulesDefault {
		rules = parse.RulesContest
	}
	var reuse []Result
	if old != nil && old.kind == kind && old.rules == rules && old.size == g.Size && old.opts == a.opts {
		p := 0
		for p < len(old.moves) && p < len(g.Moves) && sameMove(old.moves[p], g.Moves[p]) {
			p++
		}
		reuse = old.Evals[:min(p+1, len(old.Evals))]
	}
	an, err := a.annotate(ctx, kind, g, rules, reuse)
	if an != nil {
		an.kind, an.rules, an.size, an.opts = kind, rules, g.Size, a.opts
		an.moves = append([]parse.Move(nil), g.Moves...)
	}
	return an, err
}

// sameMove reports whether two moves are the same move (wherever they
// are written).
func sameMove(x, y parse.Move) bool {
	return x.Same(y)
}

// annotate is AnnotateFrom with the evaluations to reuse, for the first
// len(reuse) positions.
func (a *Annotator) annotate(ctx context.Context, kind parse.Kind, g *parse.Game, rules parse.Rules, reuse []Result) (*Analysis, error) {
	switch kind {
	case parse.Pousse:
		p, err := NewPousse(g.Size, rules)
		if err != nil {
			return nil, err
		}
		if a.tt == nil {
			a.tt = newTable(tableBits(a.opts))
		} else {
			a.tt.reset()
		}
		return a.run(ctx, g, &pousseGame{p, a.tt}, [3]string{"", "X", "O"}, reuse)
	case parse.Spot:
		s, err := NewSpot(g.Size)
		if err != nil {
			return nil, err
		}
		return a.run(ctx, g, spotGame{s}, [3]string{"", "Player 1", "Player 2"}, reuse)
	}
	return nil, fmt.Errorf("solve: no search for %v games", kind)
}

// game is what run needs of a game being played.
type game interface {
	over() bool
	winner() analyze.Player
	play(mv parse.Move)
	solve(ctx context.Context, opts Options) (Result, error)
}

type pousseGame struct {
	*Pousse
	tt *table
}

func (p *pousseGame) over() bool             { return p.winner() != analyze.None }
func (p *pousseGame) winner() analyze.Player { w, _ := p.Winner(); return w }
func (p *pousseGame) play(mv parse.Move)     { p.Play(mv.Dir(), mv.Line()) }
func (p *pousseGame) solve(ctx context.Context, o Options) (Result, error) {
	return p.Pousse.solve(ctx, o, p.tt)
}

type spotGame struct{ *Spot }

func (s spotGame) over() bool             { return s.Over() }
func (s spotGame) winner() analyze.Player { return s.Winner() }
func (s spotGame) play(mv parse.Move)     { s.Play(mv.Row(), mv.Col(), mv.Add()) }
func (s spotGame) solve(ctx context.Context, o Options) (Result, error) {
	return s.Solve(ctx, o)
}

// run searches the positions and annotates.
func (a *Annotator) run(ctx context.Context, g *parse.Game, gm game, names [3]string, reuse []Result) (*Analysis, error) {
	an := &Analysis{Complete: true}
	var err error
	played := 0
	eval := func() (Result, error) {
		if a.Progress != nil {
			defer a.Progress()
		}
		if played < len(reuse) {
			return reuse[played], nil
		}
		return gm.solve(ctx, a.opts)
	}
	for _, mv := range g.Moves {
		if gm.over() {
			break
		}
		var r Result
		if r, err = eval(); err != nil {
			break
		}
		an.Evals = append(an.Evals, r)
		gm.play(mv)
		played++
	}
	if err == nil && !gm.over() && played == len(g.Moves) {
		var r Result
		if r, err = eval(); err == nil {
			an.Evals = append(an.Evals, r)
		}
	}
	for _, r := range an.Evals {
		an.Nodes += r.Nodes
		an.Complete = an.Complete && r.Complete
	}
	an.Complete = an.Complete && err == nil
	winner := analyze.None
	if gm.over() && len(an.Evals) == played {
		winner = gm.winner()
	}
	drawn := gm.over() && gm.winner() == analyze.None && len(an.Evals) == played
	an.Annotations = annotations(g.Moves[:played], an.Evals, winner, drawn, played, names)
	return an, err
}

// annotations derives the annotations of the moves played from the
// evaluations before and after each move; winner is the game's winner
// when it ended at its move played-1 (None otherwise), drawn that it
// ended there without a winner (a Spot game's 2N moves); names are the
// players' names. O(moves).
func annotations(moves []parse.Move, evals []Result, winner analyze.Player, drawn bool, played int, names [3]string) []Annotation {
	var out []Annotation
	last := min(len(moves), played) // moves whose before-position was searched
	if winner == analyze.None && !drawn {
		last = min(last, len(evals)-1) // the after-position is needed
	}
	// after returns, for move i, the result for its mover after it:
	// Win/Loss within plies counted from before the move, or Unknown,
	// and the horizon that result holds for (from before the move).
	after := func(i int) (Proof, int, int) {
		if i == played-1 && winner != analyze.None {
			if winner == mover(i) {
				return Win, 1, maxPlies
			}
			return Loss, 1, maxPlies
		}
		if i == played-1 && drawn {
			return Unknown, 0, maxPlies
		}
		r := evals[i+1]
		switch r.Proof {
		case Win:
			return Loss, r.Plies + 1, r.Depth + 1
		case Loss:
			return Win, r.Plies + 1, r.Depth + 1
		}
		return Unknown, 0, r.Depth + 1
	}
	// forced[i]: the position before move i is a forced win for the
	// game's winner.
	forced := func(i int) bool {
		if i == played {
			return true
		}
		r := evals[i]
		return (r.Proof == Win && mover(i) == winner) || (r.Proof == Loss && mover(i) != winner)
	}
	decisive := -1
	if winner != analyze.None && len(evals) == played {
		for i := played - 1; i >= 0; i-- {
			if !forced(i) && forced(i+1) {
				decisive = i
				break
			}
		}
	}
	for i := 0; i < last; i++ {
		before := evals[i]
		o, k, horizon := after(i)
		who := names[mover(i)]
		tok := token(moves[i])
		an := Annotation{Move: i, Played: tok, Best: before.Best}
		// A missed win: the mover had a win within k; the move does not
		// win within k (the after-search saw far enough to say so).
		if before.Proof == Win && !(o == Win && k <= before.Plies) && horizon >= before.Plies {
			m := an
			m.Kind, m.Mark, m.Plies = MissedWin, "??", before.Plies
			if o == Win {
				m.Mark = "?"
			}
			if before.Plies == 1 {
				m.Text = fmt.Sprintf("missed %s: wins at once", before.Best)
			} else {
				m.Text = fmt.Sprintf("missed %s: %s", before.Best, wins(who, before.Plies))
			}
			out = append(out, m)
		}
		// A blunder: no forced loss within the horizon before, one
		// within it after.
		if before.Proof != Loss && o == Loss && k <= before.Depth {
			b := an
			b.Kind, b.Mark, b.Plies = Blunder, "??", k
			if k == 1 {
				b.Text = fmt.Sprintf("blunder: %s loses at once; %s holds", tok, before.Best)
			} else {
				b.Text = fmt.Sprintf("blunder: after %s, %s; %s holds", tok, wins(names[3-mover(i)], k-1), before.Best)
			}
			out = append(out, b)
		}
		if i == decisive {
			d := an
			d.Kind, d.Plies = Decisive, k
			d.Text = "decisive: after it, " + wins(names[winner], k-1)
			if k == 1 {
				d.Text = fmt.Sprintf("decisive: %s wins", names[winner])
			}
			out = append(out, d)
		}
	}
	return out
}

// wins says that who wins within k plies: "X wins at once", "X wins in
// 3".
func wins(who string, k int) string {
	if k == 1 {
		return who + " wins at once"
	}
	return fmt.Sprintf("%s wins in %d", who, k)
}

// mover returns the player of move i (0-based).
func mover(i int) analyze.Player { return analyze.Player(1 + i&1) }

// token is a move as written: "R3" (Pousse), "2 3 +" (Spot).
func token(mv parse.Move) string {
	if mv.Dir() != 0 {
		return string(mv.Dir()) + strconv.Itoa(mv.Line())
	}
	sign := "+"
	if !mv.Add() {
		sign = "-"
	}
	return strconv.Itoa(mv.Row()) + " " + strconv.Itoa(mv.Col()) + " " + sign
}

// Describe says what the search found for the player to move, named who
// (the opponent other), as a hover shows it: "best: R3, X wins in 3",
// "best: L1, O wins at once", "best: T2, no forced result within 6
// plies".
func (r Result) Describe(who, other string) string {
	if r.Best == "" {
		return "the game is over"
	}
	return "best: " + r.Best + ", " + r.Value(who, other)
}

// Value says what the search proved for the player to move, named who
// (the opponent other), without the move: "X wins in 3", "O wins at
// once", "no forced result within 6 plies"; "the game is over" when
// there is no move. Describe and the editor's evaluation say it with
// these words.
func (r Result) Value(who, other string) string {
	switch {
	case r.Best == "":
		return "the game is over"
	case r.Proof == Win:
		return wins(who, r.Plies)
	case r.Proof == Loss:
		return wins(other, r.Plies)
	}
	return fmt.Sprintf("no forced result within %d plies", r.Depth)
}

// Hint is the annotation as an editor shows it after the move: the mark
// and the text, such as "?? missed R3: wins at once".
func (x Annotation) Hint() string {
	if x.Mark == "" {
		return x.Text
	}
	return x.Mark + " " + x.Text
}
