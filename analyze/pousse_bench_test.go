package analyze

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gamels/internal/cputime"
	"gamels/internal/gen"
	"gamels/parse"
)

// pousseBenchGame returns a random game of count moves on an n x n board
// and the approximate size of its transcript in bytes.
func pousseBenchGame(seed uint64, n, count int) (*parse.Game, int64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	moves := randomPousseMoves(rng, n, count, 0)
	// Random play repeats now and then (a full row pushed back and forth);
	// change the repeating moves so that the game runs to its end under
	// both rule sets.
	for {
		pg := Pousse(pousseGameOf(n, moves), parse.RulesICFP)
		if pg.End < 0 {
			break
		}
		moves[pg.End] = randomPousseMoves(rng, n, 1, 0)[0]
	}
	size := int64(len("100\nQUIT\n"))
	for _, mv := range moves {
		size += 2 + int64(len(itoa(mv.Line())))
	}
	return pousseGameOf(n, moves), size
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// BenchmarkPousseApply measures one move on a 100 x 100 board filled by
// random play (the steady state of long random games: most lines full, so
// most pushes move a whole line).
func BenchmarkPousseApply(b *testing.B) {
	for _, bc := range []struct {
		name    string
		hashing bool
	}{{"contest", false}, {"hashed", true}} {
		b.Run(bc.name, func(b *testing.B) {
			g, _ := pousseBenchGame(1, 100, 1<<16)
			s := newPousseState(100, bc.hashing)
			for _, mv := range g.Moves[:30000] {
				s.Apply(mv.Dir(), mv.Line())
			}
			b.ResetTimer()
			cpu := cputime.Start()
			for i := 0; i < b.N; i++ {
				mv := g.Moves[i&(1<<16-1)]
				s.Apply(mv.Dir(), mv.Line())
			}
			cpu.Report(b, 1, "move")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/move")
		})
	}
}

// BenchmarkPousseGame analyses a random 100000-move game on a 100 x 100
// board (no straights arise, so every move is played).
func BenchmarkPousseGame(b *testing.B) {
	g, size := pousseBenchGame(2, 100, 100000)
	for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
		b.Run(rules.String(), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				pg := Pousse(g, rules)
				if pg.Played() != len(g.Moves) {
					b.Fatalf("game ended at %d", pg.End)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(g.Moves)), "ns/move")
		})
	}
}

// BenchmarkPousseBoardAt measures Board(k) at random k on the game of
// BenchmarkPousseGame.
func BenchmarkPousseBoardAt(b *testing.B) {
	g, _ := pousseBenchGame(2, 100, 100000)
	pg := Pousse(g, parse.RulesICFP)
	rng := rand.New(rand.NewPCG(3, 3))
	b.ReportAllocs()
	for b.Loop() {
		pg.Board(rng.IntN(len(g.Moves) + 1))
	}
}

// BenchmarkPousseJudge40 judges 40 random games with N in 60..100 and
// 5000..30000 moves each under the contest rules, as the judge does (no
// checkpoints): the engine's share of judging such a file.
func BenchmarkPousseJudge40(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	var games []*parse.Game
	var size int64
	for i := 0; i < 40; i++ {
		g, sz := pousseBenchGame(uint64(10+i), 60+rng.IntN(41), 5000+rng.IntN(25001))
		games = append(games, g)
		size += sz
	}
	moves := 0
	for _, g := range games {
		moves += len(g.Moves)
	}
	b.SetBytes(size)
	cpu := cputime.Start()
	for b.Loop() {
		for _, g := range games {
			analyzePousse(g, parse.RulesDefault, false)
		}
	}
	cpu.Report(b, float64(moves), "move")
	b.ReportMetric(float64(moves), "moves/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
}

// BenchmarkPousseJudgeRef analyses the 40 games of the reference input
// ref.pousse (676,154 moves, all played) as the judge does
// (Analyze: contest rules, no checkpoints): the engine's share of
// `gamels judge pousse ref.pousse`, parsing excluded.
func BenchmarkPousseJudgeRef(b *testing.B) {
	src := gen.Pousse(1, gen.RefPousse)
	f := parse.Parse(parse.Pousse, src)
	moves := 0
	for _, g := range f.Games {
		moves += len(g.Moves)
	}
	b.SetBytes(int64(len(src)))
	cpu := cputime.Start()
	for b.Loop() {
		for _, g := range f.Games {
			Analyze(parse.Pousse, g, parse.RulesDefault)
		}
	}
	cpu.Report(b, float64(moves), "move")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(moves), "ns/move")
}

// BenchmarkPousseCheckpoint packs a 100 x 100 position into a checkpoint
// and restores one (setPacked: the rows read back, the columns
// transposed from them).
func BenchmarkPousseCheckpoint(b *testing.B) {
	g, _ := pousseBenchGame(2, 100, 20000)
	s := NewPousseState(100)
	for _, mv := range g.Moves {
		s.Apply(mv.Dir(), mv.Line())
	}
	buf := s.appendPacked(nil)
	b.Run("pack", func(b *testing.B) {
		b.SetBytes(100 * 100)
		for b.Loop() {
			buf = s.appendPacked(buf[:0])
		}
	})
	b.Run("restore", func(b *testing.B) {
		b.SetBytes(100 * 100)
		r := newPousseState(100, false)
		for b.Loop() {
			r.setPacked(buf, 20000)
		}
	})
}

// BenchmarkPousseCount recounts the straights of the rows and of the
// columns of a 100 x 100 board filled by random play (countAxis: the
// tiles counted eight lines at a time), as Winner does when the slack of
// an axis is used up.
func BenchmarkPousseCount(b *testing.B) {
	g, _ := pousseBenchGame(1, 100, 30000)
	s := newPousseState(100, false)
	for _, mv := range g.Moves {
		s.Apply(mv.Dir(), mv.Line())
	}
	for k, name := range []string{"rows", "columns"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				s.countAxis(k)
			}
		})
	}
}

// BenchmarkPoussePlay measures playUntilWin, the contest rules' move loop,
// per move: 65,536 random moves on an N x N board, played from the empty
// board and restarted from it (reset) after each move that wins (often at
// N = 8, so the resets count there). "random" draws each move's direction
// at random, as a game does; "blocks16" plays the same moves with each
// block of 16 sorted by direction, in runs of one direction, so that the
// branch on the direction is mostly predicted: the difference between the
// two is about what that branch costs.
func BenchmarkPoussePlay(b *testing.B) {
	for _, n := range []int{8, 100} {
		for _, order := range []string{"random", "blocks16"} {
			b.Run(fmt.Sprintf("N=%d/%s", n, order), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(uint64(n), 7))
				moves := randomPousseMoves(rng, n, 1<<16, 0)
				if order == "blocks16" {
					for i := 0; i < len(moves); i += 16 {
						blk := moves[i : i+16]
						slices.SortStableFunc(blk, func(x, y parse.Move) int {
							return cmp.Compare(x.Dir(), y.Dir())
						})
					}
				}
				s := newPousseState(n, false)
				cpu := cputime.Start()
				for b.Loop() {
					s.reset()
					for at := 0; at < len(moves); {
						j, w := s.playUntilWin(moves[at:])
						if w == None {
							break
						}
						at += j + 1
						s.reset()
					}
				}
				cpu.Report(b, float64(len(moves)), "move")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(moves)), "ns/move")
			})
		}
	}
}
