package solve

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"gamels/parse"
)

// pousseOf returns the n x n board whose rows are given top to bottom,
// 'X', 'O' or '.' a square.
func pousseOf(t *testing.T, rows ...string) (*pousseGeom, pousseBoard) {
	t.Helper()
	g := newPousseGeom(len(rows))
	var b pousseBoard
	for r, row := range rows {
		if len(row) != len(rows) {
			t.Fatalf("row %q is not %d squares", row, len(rows))
		}
		for c := range row {
			switch row[c] {
			case 'X':
				b.x |= 1 << (8*r + c)
			case 'O':
				b.o |= 1 << (8*r + c)
			}
		}
	}
	return g, b
}

// TestEvaluateFeatures checks what the evaluation counts, one feature a
// case: each board is compared with one that lacks the feature, for X to
// move, and the better one must value higher.
func TestEvaluateFeatures(t *testing.T) {
	tests := []struct {
		name          string
		better, worse []string
	}{
		{"a marker more", []string{"X...", "....", "....", "...."}, []string{"....", "....", "....", "...."}},
		{"more markers in one line", []string{"XX..", "....", "....", "...."}, []string{"X...", ".X..", "....", "...."}},
		{"N-1 in a line beats N-2 twice", []string{"XXX.", "....", "....", "...."}, []string{"XX..", "....", "....", "...X"}},
		{"a line free of the opponent", []string{"XXX.", "O...", "....", "...."}, []string{"XXXO", "....", "....", "...."}},
		{"away from the edge", []string{"....", ".X..", "....", "...."}, []string{"X...", "....", "....", "...."}},
		{"the opponent's N-1 line hurts", []string{"OO..", "....", "....", "...."}, []string{"OOO.", "....", "....", "...."}},
		{"5x5: N-1 of a colour", []string{"XXXX.", ".....", ".....", ".....", "....."}, []string{"XXX..", ".....", ".....", ".....", "....X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, b := pousseOf(t, tt.better...)
			_, w := pousseOf(t, tt.worse...)
			if vb, vw := g.evaluate(b, 1), g.evaluate(w, 1); vb <= vw {
				t.Errorf("evaluate %d <= %d, want the first board valued higher", vb, vw)
			}
		})
	}
	// The value is for the side to move: the same board for O is X's
	// value negated, each side getting the tempo.
	g, b := pousseOf(t, "XXX.", "O...", ".O..", "....")
	if x, o := g.evaluate(b, 1), g.evaluate(b, 2); x+o != 2*evalTempo {
		t.Errorf("evaluate for X %d and for O %d: want them to sum to twice the tempo, %d", x, o, 2*evalTempo)
	}
	if v := g.evaluate(pousseBoard{}, 1); v != evalTempo {
		t.Errorf("the empty board: %d, want the tempo, %d", v, evalTempo)
	}
}

// TestEstimateScale: 50% at an even value, rising with X's value, 1 and
// 0 for proofs, and people's words for it.
func TestEstimateScale(t *testing.T) {
	if e := EstimateOf(0, true); e != 0.5 {
		t.Errorf("EstimateOf(0) = %v, want 0.5", e)
	}
	if a, b := EstimateOf(100, true), EstimateOf(300, true); !(0.5 < a && a < b && b < 1) {
		t.Errorf("EstimateOf(100), (300) = %v, %v: want rising between 0.5 and 1", a, b)
	}
	if e := EstimateOf(100, false); e >= 0.5 {
		t.Errorf("O to move, better by 100: %v, want under 0.5", e)
	}
	if EstimateOf(int(winIn(3)), true) != 1 || EstimateOf(int(winIn(3)), false) != 0 || EstimateOf(int(lossIn(2)), true) != 0 {
		t.Error("a proven result is not 1 or 0")
	}
	for _, tt := range []struct {
		e    float64
		want string
	}{{0.64, "X 64%"}, {0.5, "X 50%"}, {0.29, "O 71%"}, {1, "X 100%"}} {
		if got := FormatEstimate(tt.e, "X", "O"); got != tt.want {
			t.Errorf("FormatEstimate(%v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// playTokens plays Pousse moves such as "L1" on p.
func playTokens(p *Pousse, toks ...string) {
	for _, tok := range toks {
		p.Play(tok[0], int(tok[1]-'0'))
	}
}

// TestJudgeProofs: a win at once and a forced loss are proven, with
// estimates of 1 and 0 and the winning move; a quiet position is an
// estimate strictly between.
func TestJudgeProofs(t *testing.T) {
	ctx := context.Background()
	// 4x4: X has three in row 1 and plays L1 to fill it.
	p, _ := NewPousse(4, parse.RulesContest)
	playTokens(p, "L1", "R4", "L1", "R4", "L1", "R3")
	j, err := p.Judge(ctx, JudgeOptions{Depth: 4})
	if err != nil || j.Proof != Win || j.Plies != 1 || j.Estimate != 1 || j.Best != "L1" {
		t.Errorf("X to win at once: %+v %v, want a win in 1 by L1, estimate 1", j, err)
	}
	// The same for O to move, O's estimate: X's is 0.
	p, _ = NewPousse(4, parse.RulesContest)
	playTokens(p, "L4", "L1", "L3", "L1", "L2", "L1", "R4")
	j, _ = p.Judge(ctx, JudgeOptions{Depth: 4})
	if j.Proof != Win || j.Estimate != 0 || j.Best != "L1" {
		t.Errorf("O to win at once: %+v, want a win by L1, X's estimate 0", j)
	}
	p, _ = NewPousse(6, parse.RulesContest)
	playTokens(p, "T3", "B4")
	j, _ = p.Judge(ctx, JudgeOptions{Depth: 4})
	if j.Proof != Unknown || j.Estimate <= 0 || j.Estimate >= 1 || j.Depth != 4 || len(j.PV) == 0 || j.PV[0] != j.Best {
		t.Errorf("a quiet 6x6 position: %+v, want an estimate at depth 4 with its line", j)
	}
}

// TestJudgeStops: the node budget and the deadline stop the deepening
// after its first iteration, which always completes; a context
// cancelled stops it too, with its error.
func TestJudgeStops(t *testing.T) {
	p, _ := NewPousse(8, parse.RulesContest)
	playTokens(p, "T3", "B4", "L2")
	j, err := p.Judge(context.Background(), JudgeOptions{Nodes: 1})
	if err != nil || j.Best == "" || j.Depth < 1 || j.Depth > 2 {
		t.Errorf("a budget of one node: %+v %v, want the first iteration's move", j, err)
	}
	j, _ = p.Judge(context.Background(), JudgeOptions{Deadline: time.Now().Add(-time.Second)})
	if j.Best == "" || j.Depth != 1 {
		t.Errorf("a deadline passed: %+v, want the first iteration's move", j)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Judge(ctx, JudgeOptions{}); err != context.Canceled {
		t.Errorf("a context cancelled: %v, want context.Canceled", err)
	}
}

// TestJudgeSpot: in Spot a pattern made again, up to rotation, loses.
// After 1 1 + and 1 1 -, a spot in a corner makes the first pattern
// again: on 3x3 the judgment puts one elsewhere; on 2x2, where every
// square is a corner, every move loses: proven, player 1's estimate 0.
func TestJudgeSpot(t *testing.T) {
	s, _ := NewSpot(3)
	s.Play(1, 1, true)
	s.Play(1, 1, false)
	j, err := s.Judge(context.Background(), JudgeOptions{Depth: 3})
	corners := map[string]bool{"1 1 +": true, "1 3 +": true, "3 1 +": true, "3 3 +": true}
	if err != nil || j.Best == "" || corners[j.Best] || j.Proof == Loss {
		t.Errorf("3x3 spot: %+v %v, want a move off the corners and no loss", j, err)
	}
	s, _ = NewSpot(2)
	s.Play(1, 1, true)
	s.Play(1, 1, false)
	j, _ = s.Judge(context.Background(), JudgeOptions{})
	if j.Proof != Loss || j.Plies != 1 || j.Estimate != 0 {
		t.Errorf("2x2 spot: %+v, want a loss at once, estimate 0", j)
	}
	// 1x1: after 1 1 +, the only move, 1 1 -, makes the empty pattern
	// (the empty board before the first move is not a move's), then the
	// game's 2 moves are over: a draw.
	s, _ = NewSpot(1)
	s.Play(1, 1, true)
	j, _ = s.Judge(context.Background(), JudgeOptions{})
	if j.Best != "1 1 -" || j.Proof != Unknown || j.Estimate != 0.5 {
		t.Errorf("1x1 spot: %+v, want 1 1 -, a draw at 50%%", j)
	}
}

// greedyMove is the greedy player of the match tests
// (testdata/players): a win at once, else a random move after which the
// opponent cannot win at once, else any.
func greedyMove(p *Pousse, rng *rand.Rand) string {
	var safe, all []string
	for _, mv := range p.Moves() {
		tok := string(mv.Dir()) + string(rune('0'+mv.Line()))
		q := p.Clone()
		q.Play(mv.Dir(), mv.Line())
		if w, _ := q.Winner(); w == p.ToMove() {
			return tok
		} else if w != 0 {
			all = append(all, tok)
			continue
		}
		all = append(all, tok)
		ok := true
		for _, r := range q.Moves() {
			z := q.Clone()
			z.Play(r.Dir(), r.Line())
			if w, _ := z.Winner(); w == q.ToMove() {
				ok = false
				break
			}
		}
		if ok {
			safe = append(safe, tok)
		}
	}
	if len(safe) > 0 {
		return safe[rng.IntN(len(safe))]
	}
	return all[rng.IntN(len(all))]
}

// TestJudgeBeatsGreedy plays the judgment, at a node budget a move (so
// that the games are the same on every machine), against the greedy
// player on 5x5, from seeded two-move openings, each with both colours,
// at most 100 moves a game: it must score at least 80%.
func TestJudgeBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 12 games; skipped with -short")
	}
	const games, cap = 12, 100
	points := 0.0
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i/2), 5))
		p, _ := NewPousse(5, parse.RulesContest)
		playTokens(p, greedyMove(p, rng))
		playTokens(p, greedyMove(p, rng))
		engine := i % 2 // the engine's colour: X (0) or O (1) after the opening
		for p.Plies() < cap {
			if w, _ := p.Winner(); w != 0 {
				break
			}
			var tok string
			if p.Plies()%2 == engine {
				j, _ := p.Judge(context.Background(), JudgeOptions{Nodes: 20_000})
				tok = j.Best
			} else {
				tok = greedyMove(p, rng)
			}
			playTokens(p, tok)
		}
		switch w, _ := p.Winner(); {
		case w == 0:
			points += 0.5
		case int(w)-1 == engine:
			points++
		}
	}
	if score := points / games; score < 0.8 {
		t.Errorf("the engine scored %.0f%% against greedy, want 80%% or more", 100*score)
	} else {
		t.Logf("the engine scored %.0f%% against greedy (%v of %d)", 100*score, points, games)
	}
}

// TestLevels: the names read back, easy searches shallow.
func TestLevels(t *testing.T) {
	for _, name := range Levels {
		if l, ok := ParseLevel(name); !ok || l.String() != name {
			t.Errorf("ParseLevel(%q) = %v, %v", name, l, ok)
		}
	}
	if _, ok := ParseLevel("hard"); ok {
		t.Error("ParseLevel(hard) accepted")
	}
	p, _ := NewPousse(6, parse.RulesContest)
	playTokens(p, "T3", "B4")
	if j, _ := p.Judge(context.Background(), JudgeOptions{Level: LevelEasy}); j.Depth != easyDepth {
		t.Errorf("easy searched %d plies, want %d", j.Depth, easyDepth)
	}
}
