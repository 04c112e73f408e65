package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"

	"gamels/parse"
)

// benchGames returns the tournament games at the given quantiles of
// length (0.5: the median game).
func benchGames(b *testing.B, qs ...float64) []tournamentGame {
	games := readTournament(b)
	sort.SliceStable(games, func(i, j int) bool { return games[i].plies < games[j].plies })
	var out []tournamentGame
	for _, q := range qs {
		out = append(out, games[min(int(q*float64(len(games))), len(games)-1)])
	}
	return out
}

// BenchmarkAnnotateGame annotates ICFP 1998 games (6x6, icfp rules): the
// median-length one (23 plies) and the 90th percentile (57 plies) at
// depths 4, 6 and 8, and the longest (748 plies) at the default depth.
// It reports the CPU time per game, and the nodes searched per second.
func BenchmarkAnnotateGame(b *testing.B) {
	gs := benchGames(b, 0.5, 0.9, 1)
	type run struct {
		name  string
		g     tournamentGame
		depth int
	}
	var runs []run
	for _, d := range []int{4, 6, 8} {
		for i, name := range []string{"median", "p90"} {
			runs = append(runs, run{name, gs[i], d})
		}
	}
	runs = append(runs, run{"longest", gs[2], DefaultDepth})
	for _, r := range runs {
		b.Run(fmt.Sprintf("%s/depth=%d", r.name, r.depth), func(b *testing.B) {
			a := NewAnnotator(Options{Depth: r.depth})
			var nodes int64
			start, cpu := time.Now(), cpuTime()
			for b.Loop() {
				an, err := a.Annotate(context.Background(), parse.Pousse, r.g.game, parse.RulesICFP)
				if err != nil {
					b.Fatal(err)
				}
				nodes += an.Nodes
			}
			report(b, nodes, start, cpu)
			b.ReportMetric(float64(r.g.plies), "plies/game")
		})
	}
}

// BenchmarkSolve searches the positions of the median game one by one
// at depth 6 with a fresh table each: nodes per second of the bare
// search.
func BenchmarkSolve(b *testing.B) {
	tg := benchGames(b, 0.5)[0]
	var positions []*Pousse
	p, _ := NewPousse(6, parse.RulesICFP)
	for _, mv := range tg.game.Moves[:tg.plies-1] {
		p.Play(mv.Dir(), mv.Line())
		positions = append(positions, p.Clone())
	}
	var nodes int64
	start, cpu := time.Now(), cpuTime()
	i := 0
	for b.Loop() {
		r, err := positions[i%len(positions)].Solve(context.Background(), Options{Depth: 6, TableBits: 16})
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
		i++
	}
	report(b, nodes, start, cpu)
}

// cpuTime returns the process's CPU time so far: on a loaded machine the
// wall clock says more about the neighbours than about the search.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// report adds nodes per second of wall clock and of CPU time, and the
// CPU time per operation.
func report(b *testing.B, nodes int64, start time.Time, cpu time.Duration) {
	c := cpuTime() - cpu
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	if c > 0 {
		b.ReportMetric(float64(nodes)/c.Seconds(), "nodes/cpu-s")
		b.ReportMetric(float64(c.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkSpotSolve searches a 5x5 Spot position after four moves to
// depth 6 (25 moves a node, no table: a value belongs to its path).
func BenchmarkSpotSolve(b *testing.B) {
	s, _ := NewSpot(5)
	for _, mv := range [][3]int{{1, 1, 1}, {3, 3, 1}, {2, 4, 1}, {1, 1, 0}} {
		s.Play(mv[0], mv[1], mv[2] == 1)
	}
	var nodes int64
	start, cpu := time.Now(), cpuTime()
	for b.Loop() {
		r, err := s.Solve(context.Background(), Options{Depth: 6})
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	report(b, nodes, start, cpu)
}

// BenchmarkAnnotateLog annotates the first 100 games of the ICFP 1998
// log (6x6, contest rules, as gamels analyze reads it) at the default
// depth on one annotator: the throughput of gamels analyze per core.
func BenchmarkAnnotateLog(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"))
	if err != nil {
		b.Fatal(err)
	}
	f := parse.Parse(parse.Pousse, src)
	games := f.Games[:100]
	rules := f.EffectiveRules(parse.RulesDefault)
	a := NewAnnotator(Options{})
	var nodes, positions int64
	start, cpu := time.Now(), cpuTime()
	for b.Loop() {
		for _, g := range games {
			an, err := a.Annotate(context.Background(), parse.Pousse, g, rules)
			if err != nil {
				b.Fatal(err)
			}
			nodes += an.Nodes
			positions += int64(len(an.Evals))
		}
	}
	report(b, nodes, start, cpu)
	b.ReportMetric(float64(positions)/float64(b.N), "positions/op")
}
