package solve

import (
	"math/rand/v2"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// randomPousse returns count random moves on an n x n board, drawn from
// few distinct moves when few > 0 (which makes icfp repetitions likely).
func randomPousse(rng *rand.Rand, n, count, few int) []parse.Move {
	all := make([]parse.Move, 0, 4*n)
	for _, d := range []byte("LRTB") {
		for i := 1; i <= n; i++ {
			all = append(all, parse.PousseMove(d, i))
		}
	}
	if few > 0 {
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		all = all[:min(few, len(all))]
	}
	out := make([]parse.Move, count)
	for i := range out {
		out[i] = all[rng.IntN(len(all))]
	}
	return out
}

// TestPousseAgreesWithAnalyze replays random games with the search's
// board and with analyze's engine: the cells after every move, the
// winner, the reason and the ending move must agree, under both rule
// sets.
func TestPousseAgreesWithAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1998))
	ends := map[analyze.Reason]int{}
	for game := range 600 {
		n := 1 + game%8
		rules := []parse.Rules{parse.RulesContest, parse.RulesICFP}[game/8%2]
		few := []int{0, 2, 3, 5}[game/16%4]
		moves := randomPousse(rng, n, 4+rng.IntN(12*n*n), few)
		want := analyze.Pousse(&parse.Game{Size: n, Moves: moves}, rules)

		p, err := NewPousse(n, rules)
		if err != nil {
			t.Fatal(err)
		}
		ref := analyze.NewPousseState(n)
		end := -1
		for i, mv := range moves {
			p.Play(mv.Dir(), mv.Line())
			ref.Apply(mv.Dir(), mv.Line())
			for r := 1; r <= n; r++ {
				for c := 1; c <= n; c++ {
					if got, w := p.At(r, c), ref.At(r, c); got != w {
						t.Fatalf("game %d (n=%d) move %d %c%d: cell (%d,%d) = %q, analyze says %q", game, n, i+1, mv.Dir(), mv.Line(), r, c, got, w)
					}
				}
			}
			if w, _ := p.Winner(); w != analyze.None {
				end = i
				break
			}
		}
		w, why := p.Winner()
		if end != want.End || w != want.Winner || why != want.Reason {
			t.Fatalf("game %d (n=%d, %v): end %d winner %d reason %d, analyze says end %d winner %d reason %d",
				game, n, rules, end, w, why, want.End, want.Winner, want.Reason)
		}
		ends[why]++
	}
	if ends[analyze.ReasonRepetition] == 0 || ends[analyze.ReasonStraights] == 0 || ends[analyze.ReasonNone] == 0 {
		t.Errorf("the random games do not cover every ending: %v", ends)
	}
}

// TestSpotAgreesWithAnalyze does the same for Spot, illegal moves
// (no-ops that count) included.
func TestSpotAgreesWithAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(141, 13))
	won := 0
	for game := range 2000 {
		n := 1 + game%8
		p, err := NewSpot(n)
		if err != nil {
			t.Fatal(err)
		}
		moves := make([]parse.Move, 2*n)
		cells := map[[2]int]bool{}
		for i := range moves {
			r, c := 1+rng.IntN(n), 1+rng.IntN(n)
			if game%3 == 0 && rng.IntN(2) == 0 { // a few narrow games repeat often
				r, c = 1, 1+rng.IntN(min(n, 2))
			}
			add := !cells[[2]int{r, c}]
			if rng.IntN(20) == 0 {
				add = !add // illegal
			} else {
				cells[[2]int{r, c}] = add
			}
			moves[i] = parse.SpotMove(r, c, add)
		}
		want := analyze.Spot(&parse.Game{Size: n, Moves: moves})
		end := -1
		for i, mv := range moves {
			p.Play(mv.Row(), mv.Col(), mv.Add())
			if p.Winner() != analyze.None {
				end = i
				break
			}
		}
		if end != want.End || p.Winner() != want.Winner {
			t.Fatalf("game %d (n=%d) %v: end %d winner %d, analyze says end %d winner %d", game, n, moves, end, p.Winner(), want.End, want.Winner)
		}
		if end >= 0 {
			won++
		}
		board := want.Board(want.Played())
		for r := 1; r <= n; r++ {
			for c := 1; c <= n; c++ {
				if p.Has(r, c) != board.At(r, c) {
					t.Fatalf("game %d: square (%d,%d) differs", game, r, c)
				}
			}
		}
	}
	if won == 0 || won == 2000 {
		t.Errorf("%d of 2000 games end by a repeat: the test covers one ending only", won)
	}
}

// TestStraightsAgainstCount checks the word-parallel straights count
// against a square-by-square one on random boards of every size.
func TestStraightsAgainstCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for n := 1; n <= 8; n++ {
		g := newPousseGeom(n)
		for range 3000 {
			var b pousseBoard
			for r := range n {
				for c := range n {
					switch rng.IntN(5) { // mostly X: straights are common
					case 0:
						b.o |= 1 << (8*r + c)
					case 1:
					default:
						b.x |= 1 << (8*r + c)
					}
				}
			}
			var wx, wo int
			for i := range n {
				rowX, rowO, colX, colO := true, true, true, true
				for j := range n {
					rowX = rowX && b.x&(1<<(8*i+j)) != 0
					rowO = rowO && b.o&(1<<(8*i+j)) != 0
					colX = colX && b.x&(1<<(8*j+i)) != 0
					colO = colO && b.o&(1<<(8*j+i)) != 0
				}
				for _, f := range []bool{rowX, colX} {
					if f {
						wx++
					}
				}
				for _, f := range []bool{rowO, colO} {
					if f {
						wo++
					}
				}
			}
			if x, o := g.straights(b); x != wx || o != wo {
				t.Fatalf("n=%d %x/%x: straights %d, %d, want %d, %d", n, b.x, b.o, x, o, wx, wo)
			}
		}
	}
}
