package solve

import (
	"context"
	"fmt"

	"gamels/parse"
)

// The judged annotations: a move is an inaccuracy (?!) when the
// judgment's best move there would have left the mover InaccuracyDrop or
// more of expected score than the move played, a mistake (?) at
// MistakeDrop. The two positions after the move, the one played and the
// best one, are judged alike (the same budget, the same side to move), so
// that the comparison is not skewed by whose turn it is at the search's
// horizon, as the estimates before and after a move are. They are kept
// apart from the proofs' annotations: no judged mark on a move the proofs
// annotate (a missed win, a blunder), nor where an estimate is a proof.
const (
	Inaccuracy Kind = "inaccuracy"
	Mistake    Kind = "mistake"

	InaccuracyDrop = 0.10
	MistakeDrop    = 0.20
)

// DefaultJudgeNodes is the judgment's node budget a position in
// JudgeGame: some 1-3 ms, a search of 4-6 plies in the middle of a 6x6
// game.
const DefaultJudgeNodes = 3000

// Judged is a game's judgment: X's estimate in each position and the
// judged annotations.
type Judged struct {
	// Estimates[i] is X's expected score before move i (Spot: player
	// 1's), for every move played and, when the game did not end, the
	// position after the last; at the position where the game ended on
	// the board, the result (1, 0 or 0.5).
	Estimates []float64
	// Best[i] is the judgment's move before move i.
	Best []string
	// Annotations are the inaccuracies and mistakes, in move order.
	Annotations []Annotation
	Nodes       int64
}

// JudgeGame judges every position of g (Pousse under rules, or Spot) with
// a budget of nodes a position (0: DefaultJudgeNodes), so that the
// answer is the same on every machine, and marks the moves that lost
// estimate, except those in proven (the proofs' annotations). It stops
// at the end of the game, at ctx's end (with its error) and at a move
// the rules refuse. Cost: O(positions · nodes).
func JudgeGame(ctx context.Context, kind parse.Kind, g *parse.Game, rules parse.Rules, nodes int64, proven []Annotation) (*Judged, error) {
	if nodes <= 0 {
		nodes = DefaultJudgeNodes
	}
	opts := JudgeOptions{Nodes: nodes, TableBits: 14}
	jd := &Judged{}
	var judge func() (Judgment, error)
	var play func(mv parse.Move)
	var end func() (bool, float64) // over, and X's score then
	// instead judges the position after the first i moves and then the
	// move best instead of move i: X's estimate there. O(i) to replay.
	var instead func(i int, best string) (float64, error)
	switch kind {
	case parse.Pousse:
		p, err := NewPousse(g.Size, rules)
		if err != nil {
			return nil, err
		}
		judge = func() (Judgment, error) { return p.Judge(ctx, opts) }
		play = func(mv parse.Move) { p.Play(mv.Dir(), mv.Line()) }
		instead = func(i int, best string) (float64, error) {
			q, _ := NewPousse(g.Size, rules)
			for _, mv := range g.Moves[:i] {
				q.Play(mv.Dir(), mv.Line())
			}
			var dir byte
			var line int
			if _, err := fmt.Sscanf(best, "%c%d", &dir, &line); err != nil {
				return 0, fmt.Errorf("solve: the judgment's move %q: %v", best, err)
			}
			q.Play(dir, line)
			if w, _ := q.Winner(); w != 0 {
				return map[bool]float64{true: 1, false: 0}[w == 1], nil
			}
			j, err := q.Judge(ctx, opts)
			return j.Estimate, err
		}
		end = func() (bool, float64) {
			w, _ := p.Winner()
			return w != 0, map[bool]float64{true: 1, false: 0}[w == 1]
		}
	case parse.Spot:
		s, err := NewSpot(g.Size)
		if err != nil {
			return nil, err
		}
		judge = func() (Judgment, error) { return s.Judge(ctx, opts) }
		play = func(mv parse.Move) { s.Play(mv.Row(), mv.Col(), mv.Add()) }
		instead = func(i int, best string) (float64, error) {
			q, _ := NewSpot(g.Size)
			for _, mv := range g.Moves[:i] {
				q.Play(mv.Row(), mv.Col(), mv.Add())
			}
			var row, col int
			var sign string
			if _, err := fmt.Sscanf(best, "%d %d %s", &row, &col, &sign); err != nil {
				return 0, fmt.Errorf("solve: the judgment's move %q: %v", best, err)
			}
			q.Play(row, col, sign == "+")
			switch q.Winner() {
			case 1:
				return 1, nil
			case 2:
				return 0, nil
			}
			if q.Over() {
				return 0.5, nil
			}
			j, err := q.Judge(ctx, opts)
			return j.Estimate, err
		}
		end = func() (bool, float64) {
			switch s.Winner() {
			case 1:
				return true, 1
			case 2:
				return true, 0
			}
			return s.Over(), 0.5
		}
	default:
		return nil, fmt.Errorf("solve: %v has no moves to judge", kind)
	}
	for i := 0; ; i++ {
		if over, e := end(); over {
			jd.Estimates = append(jd.Estimates, e)
			jd.Best = append(jd.Best, "")
			break
		}
		j, err := judge()
		jd.Nodes += j.Nodes
		if err != nil {
			return nil, err
		}
		jd.Estimates = append(jd.Estimates, j.Estimate)
		jd.Best = append(jd.Best, j.Best)
		if i == len(g.Moves) {
			break
		}
		play(g.Moves[i])
	}
	var err error
	jd.Annotations, err = judgedMarks(kind, g, jd, proven, instead)
	return jd, err
}

// judgedMarks returns the inaccuracies and mistakes of g: for each move
// other than the judgment's best whose estimates before and after say it
// may have cost InaccuracyDrop, the position after the best move instead
// is judged and compared with the one after the move played. O(moves +
// proven), plus O(i) and a judgment for each such move i.
func judgedMarks(kind parse.Kind, g *parse.Game, jd *Judged, proven []Annotation, instead func(i int, best string) (float64, error)) ([]Annotation, error) {
	skip := map[int]bool{}
	for _, x := range proven {
		skip[x.Move] = true
	}
	names := [2]string{"X", "O"}
	if kind == parse.Spot {
		names = [2]string{"Player 1", "Player 2"}
	}
	// mover turns X's estimate into the expected score of move i's mover.
	mover := func(i int, e float64) float64 {
		if i%2 == 1 {
			return 1 - e
		}
		return e
	}
	var out []Annotation
	for i := 0; i+1 < len(jd.Estimates) && i < len(g.Moves); i++ {
		before, after := jd.Estimates[i], jd.Estimates[i+1]
		played := token(g.Moves[i])
		if skip[i] || jd.Best[i] == "" || jd.Best[i] == played || before == 0 || before == 1 || after == 0 || after == 1 {
			continue
		}
		if mover(i, before)-mover(i, after) < InaccuracyDrop {
			continue
		}
		alt, err := instead(i, jd.Best[i])
		if err != nil {
			return out, err
		}
		drop := mover(i, alt) - mover(i, after)
		x := Annotation{Move: i, Played: played, Best: jd.Best[i]}
		switch {
		case drop >= MistakeDrop:
			x.Kind, x.Mark = Mistake, "?"
		case drop >= InaccuracyDrop:
			x.Kind, x.Mark = Inaccuracy, "?!"
		default:
			continue
		}
		x.Text = fmt.Sprintf("judged: %s before, %s after; %s was better (%s)", FormatEstimate(before, names[0], names[1]),
			FormatEstimate(after, names[0], names[1]), x.Best, FormatEstimate(alt, names[0], names[1]))
		out = append(out, x)
	}
	return out, nil
}
