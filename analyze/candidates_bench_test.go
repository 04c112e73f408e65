package analyze

import (
	"testing"

	"gamels/parse"
)

// BenchmarkPousseCandidates lists the 400 candidates of the last position
// of a 2000-move game on a 100 x 100 board (the worst case of the
// editor's completion), under both rule sets; the icfp rules replay the
// game to fill the repeat table.
func BenchmarkPousseCandidates(b *testing.B) {
	g, _ := pousseBenchGame(5, 100, 2000)
	for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
		b.Run(rules.String(), func(b *testing.B) {
			pg := Pousse(g, rules)
			b.ReportAllocs()
			for b.Loop() {
				if pc := pg.Candidates(len(g.Moves)); len(pc.Moves) != 400 {
					b.Fatalf("%d candidates", len(pc.Moves))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/400, "ns/candidate")
		})
	}
}

// BenchmarkSpotCandidates lists the 2500 candidates of the last move of
// a 50 x 50 game.
func BenchmarkSpotCandidates(b *testing.B) {
	g := &parse.Game{Size: 50}
	for i := range 99 {
		g.Moves = append(g.Moves, parse.SpotMove(i/50+1, i%50+1, true))
	}
	sg := Spot(g)
	b.ReportAllocs()
	for b.Loop() {
		if c := sg.Candidates(len(g.Moves)); len(c) != 2500 {
			b.Fatalf("%d candidates", len(c))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2500, "ns/candidate")
}
