package analyze

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/gen"
	"gamels/parse"
)

// TestAnalyzerOrder checks that an Analyzer with any number of workers
// returns the outcomes of the games in the order they were added, equal
// to analysing each game alone.
func TestAnalyzerOrder(t *testing.T) {
	files := map[parse.Kind][]byte{
		parse.Pousse: gen.Pousse(3, gen.PousseOptions{Games: 60, MinN: 3, MaxN: 12, MinMoves: 1, MaxMoves: 300}),
		parse.Spot:   gen.Spot(3, gen.SpotOptions{Games: 60, MinN: 2, MaxN: 8, Removals: 0.3}),
		parse.Path:   gen.Path(3, gen.PathOptions{Boards: 60, MinN: 2, MaxN: 12, Unfilled: []float64{0, 0.2}}),
	}
	for kind, src := range files {
		f := parse.Parse(kind, src)
		if len(f.Games) != 60 {
			t.Fatalf("%v: %d games, want 60", kind, len(f.Games))
		}
		var want []string
		for _, g := range f.Games {
			want = append(want, Analyze(kind, g, parse.RulesDefault).Verdict)
		}
		if distinct(want) < 2 {
			t.Fatalf("%v: one verdict for all games: the order would not show", kind)
		}
		for _, workers := range []int{0, 1, 2, 5} {
			t.Run(fmt.Sprintf("%v/%d", kind, workers), func(t *testing.T) {
				a := NewAnalyzer(kind, workers)
				for _, g := range f.Games {
					a.Add(g, parse.RulesDefault)
				}
				var got []string
				for _, o := range a.Wait() {
					got = append(got, o.Verdict)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("verdicts (-alone +analyzer):\n%s", diff)
				}
			})
		}
	}
}

func distinct(s []string) int {
	m := map[string]bool{}
	for _, v := range s {
		m[v] = true
	}
	return len(m)
}
