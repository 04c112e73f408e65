package analyze

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// refPousseCandidate is what the reference says a move does from the
// position after moves: replay moves plus the candidate with refAnalyze
// (whole boards, straights recounted, repetitions by comparing boards).
func refPousseCandidate(n int, moves []parse.Move, dir byte, line int, icfp bool) (PousseCandidate, string) {
	k := len(moves)
	r := newPousseRef(n)
	for _, mv := range moves {
		r.apply(mv.Dir(), mv.Line())
	}
	want := PousseCandidate{Dir: dir, Line: line, Earlier: -1}
	// What the move pushes, walking the line from the side of entry.
	at := func(x int) byte {
		switch dir {
		case 'L':
			return r.b[line-1][x]
		case 'R':
			return r.b[line-1][n-1-x]
		case 'T':
			return r.b[x][line-1]
		}
		return r.b[n-1-x][line-1]
	}
	for want.Pushed < n && at(want.Pushed) != 0 {
		want.Pushed++
	}
	if want.Pushed == n {
		want.Pushed = n - 1
		want.Off = map[byte]Player{'X': First, 'O': Second}[at(n-1)]
	}
	all := append(slices.Clone(moves), parse.PousseMove(dir, line))
	res, boards := refAnalyze(n, all, icfp)
	after := newPousseRef(n)
	for _, mv := range all {
		after.apply(mv.Dir(), mv.Line())
	}
	want.X, want.O = after.straights()
	if res.End == k {
		want.Winner, want.Reason, want.Earlier = res.Winner, res.Reason, res.Earlier
	}
	return want, boards[len(boards)-1]
}

// TestPousseCandidatesAgainstReference checks every candidate of random
// positions of random games (some drawn from few distinct moves, so that
// icfp repetitions are common) against the reference engine, under both
// rule sets: what it pushes, the straights after, who wins and why, the
// repeated move, and the board After gives.
func TestPousseCandidatesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(844, 2))
	count := map[Reason]int{}
	rounds := 400
	if testing.Short() {
		rounds = 100
	}
	for round := range rounds {
		n := 1 + rng.IntN(7)
		if round%10 == 0 {
			n = 9 + rng.IntN(8)
		}
		few := 0
		if rng.IntN(3) != 0 {
			few = 1 + rng.IntN(4)
		}
		moves := randomPousseMoves(rng, n, rng.IntN(3*n*n+20), few)
		for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
			icfp := rules == parse.RulesICFP
			pg := Pousse(pousseGameOf(n, moves), rules)
			// A random position, the last one of the game, and one
			// past the end; many candidates repeat late in a game.
			for _, k := range []int{rng.IntN(len(moves) + 2), pg.Played() - 1, pg.Played(), pg.Played() + 1} {
				pc := pg.Candidates(k)
				if pg.End >= 0 && k > pg.End {
					if pc != nil {
						t.Fatalf("n=%d rules=%v: Candidates(%d) after the end (move %d) = %d moves, want nil", n, rules, k, pg.End, len(pc.Moves))
					}
					continue
				}
				k = min(max(k, 0), len(moves))
				if pc == nil || pc.K != k || len(pc.Moves) != 4*n {
					t.Fatalf("n=%d rules=%v: Candidates(%d) = %+v, want %d moves", n, rules, k, pc, 4*n)
				}
				ref := newPousseRef(n)
				for _, mv := range moves[:k] {
					ref.apply(mv.Dir(), mv.Line())
				}
				x0, o0 := ref.straights()
				if pc.X != x0 || pc.O != o0 || pc.Mover != Player(1+k%2) {
					t.Fatalf("n=%d k=%d: before: X %d, O %d, mover %d; want %d, %d, %d", n, k, pc.X, pc.O, pc.Mover, x0, o0, 1+k%2)
				}
				for i, got := range pc.Moves {
					want, board := refPousseCandidate(n, moves[:k], "LRTB"[i/n], i%n+1, icfp)
					if diff := cmp.Diff(want, got); diff != "" {
						t.Fatalf("n=%d rules=%v moves=%v k=%d, candidate %s (-ref +got):\n%s", n, rules, moves[:k], k, got.Token(), diff)
					}
					if got.Token() != fmt.Sprintf("%c%d", want.Dir, want.Line) {
						t.Fatalf("Token() = %q", got.Token())
					}
					if b := pousseBoardString(pc.After(i)); b != board {
						t.Fatalf("n=%d k=%d: After(%s):\n%s\nwant\n%s", n, k, got.Token(), b, board)
					}
					count[got.Reason]++
				}
			}
		}
	}
	for _, why := range []Reason{ReasonNone, ReasonStraights, ReasonRepetition} {
		if count[why] < rounds/4 {
			t.Errorf("only %d candidates with reason %d: the test data is too weak (%v)", count[why], why, count)
		}
	}
	t.Logf("candidates by reason: %v", count)
}

// TestSpotCandidatesAgainstReference checks every candidate of random
// positions of random Spot games against the reference replay of the
// moves before it plus the candidate: the sign, whether it repeats a
// pattern, which one, under which rotation, and who wins. With colliding
// keys the answers must stay exact.
func TestSpotCandidatesAgainstReference(t *testing.T) {
	t.Run("full keys", func(t *testing.T) { spotCandidatesAgainstReference(t, 1500) })
	defer func(m uint64) { spotKeyMask = m }(spotKeyMask)
	spotKeyMask = 7
	t.Run("colliding keys", func(t *testing.T) { spotCandidatesAgainstReference(t, 500) })
}

func spotCandidatesAgainstReference(t *testing.T, games int) {
	rng := rand.New(rand.NewPCG(141, 2))
	count := map[string]int{}
	for iter := range games {
		n := 2 + rng.IntN(4)
		g := spotRandomGame(rng, n, 0.3+0.4*rng.Float64(), []float64{0, 0, 0.05, 0.2}[iter%4])
		if iter%5 == 0 { // symmetric play: rotated repeats
			for i := 1; i < len(g.Moves); i += 2 {
				p := g.Moves[i-1]
				g.Moves[i] = g.Moves[i].With(parse.SpotMove(n+1-p.Col(), p.Row(), g.Moves[i].Add()))
			}
		}
		sg := Spot(g)
		k := rng.IntN(len(g.Moves) + 1)
		got := sg.Candidates(k)
		// The pattern after the k moves, illegal ones skipped.
		board := make([]bool, n*n)
		for _, mv := range g.Moves[:k] {
			i := int(mv.Row()-1)*n + int(mv.Col()-1)
			if board[i] != mv.Add() {
				board[i] = mv.Add()
			}
		}
		judged := sg.End < 0 || k <= sg.End
		var want []SpotCandidate
		for i := range n * n {
			c := SpotCandidate{Row: i/n + 1, Col: i%n + 1, Add: !board[i], Judged: judged, Earlier: -1}
			if judged {
				h := *g
				h.Moves = append(slices.Clone(g.Moves[:k]), parse.SpotMove(c.Row, c.Col, c.Add))
				if res, _ := spotReference(&h); res.End == k {
					c.Earlier, c.Rotation, c.Winner = res.Earlier, res.Rotation, res.Winner
				}
			}
			want = append(want, c)
			switch {
			case !judged:
				count["unjudged"]++
			case c.Earlier < 0:
				count["plain"]++
			case c.Rotation > 0:
				count["rotated"]++
			default:
				count["repeat"]++
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("game %d (N=%d, moves %v), k=%d: (-ref +got)\n%s", iter, n, g.Moves, k, diff)
		}
	}
	for _, c := range []string{"unjudged", "plain", "rotated", "repeat"} {
		if count[c] < games/20 {
			t.Errorf("only %d %s candidates: %v", count[c], c, count)
		}
	}
	if s := (SpotCandidate{Row: 3, Col: 12, Add: true}).Token(); s != "3 12 +" {
		t.Errorf("Token() = %q", s)
	}
}

// TestPathCandidatesAgainstReference checks the effect of W, B and U on
// every cell of random boards by brute force (place the stone, flood fill
// from it), and the runs of the winning path against its cells.
func TestPathCandidatesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(601, 2))
	count := map[PathEffect]int{}
	for iter := range 2000 {
		n := 1 + rng.IntN(7)
		g := pathRandomBoard(rng, n, []float64{0.1, 0.3, 0.5, 0.7}[iter%4])
		if iter%9 == 1 { // a missing row: its cells have no current value
			g.Rows = g.Rows[:rng.IntN(n)]
		}
		res := Path(g)
		b := make([]byte, n*n)
		for r := range n {
			for c := range n {
				b[r*n+c] = pathRefCell(g, r, c)
			}
		}
		onPath := func(c Cell) bool { return slices.Contains(res.Path, c) }
		for i := range n * n {
			cell := Cell{Row: i/n + 1, Col: i%n + 1}
			var cur byte
			if i/n < len(g.Rows) {
				cur = b[i]
			}
			var want []PathCandidate
			for _, stone := range []byte{'W', 'B', 'U'} {
				e := PathEffectNone
				through := false
				if cur == 'U' && stone != 'U' {
					b[i] = stone
					through = pathRefThrough(b, n, i)
					b[i] = 'U'
				}
				if res.Verdict != "" && cur != 0 {
					switch {
					case stone == cur && onPath(cell):
						e = PathKeepsPath
					case through && stone == 'W':
						e = PathMakesWhite
					case through && stone == 'B':
						e = PathMakesBlack
					case stone != cur && onPath(cell):
						e = PathBreaksPath
					}
				}
				want = append(want, PathCandidate{Stone: stone, Effect: e})
				count[e]++
			}
			if diff := cmp.Diff(want, res.Candidates(cell, cur)); diff != "" {
				t.Fatalf("board %d %v, cell %v holding %q: (-ref +got)\n%s", iter, g.Rows, cell, cur, diff)
			}
		}
		// Runs: every path cell in exactly one run, runs maximal, in
		// row-major order.
		var cells []Cell
		prev := PathRun{}
		for _, run := range res.Runs() {
			if run.From > run.To || (run.Row == prev.Row && run.From <= prev.To+1) || run.Row < prev.Row {
				t.Fatalf("board %d: runs %v not ordered and maximal", iter, res.Runs())
			}
			for c := run.From; c <= run.To; c++ {
				cells = append(cells, Cell{run.Row, c})
			}
			prev = run
		}
		want := slices.Clone(res.Path)
		slices.SortFunc(want, func(a, b Cell) int { return (a.Row-b.Row)*100 + a.Col - b.Col })
		if diff := cmp.Diff(want, cells); diff != "" {
			t.Fatalf("board %d: runs %v cover (-path +runs)\n%s", iter, res.Runs(), diff)
		}
	}
	for e := PathEffectNone; e <= PathBreaksPath; e++ {
		if count[e] < 200 {
			t.Errorf("only %d candidates with effect %d: %v", count[e], e, count)
		}
	}
}
