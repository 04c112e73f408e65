package gen

import (
	"bytes"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// TestContest: every input Contest writes is a well-formed contest input
// of its layout, with the games and sizes asked for, and the same seed
// gives the same bytes.
func TestContest(t *testing.T) {
	for _, kind := range []parse.Kind{parse.Pousse, parse.Spot, parse.Path} {
		for _, o := range []Options{
			{Games: 50, MaxN: 6},
			{Games: 50, MaxN: 6, Edge: true},
			{Games: 50, MaxN: 6, Edge: true, Counted: true, ICFP: true},
			{Games: 5, MaxN: 40, Counted: true},
			{Games: 1, MaxN: 2},
			{Games: 30, MinN: 5, MaxN: 7, Edge: true},
			{Games: 50, MaxN: 6, Noise: true, Edge: true},
		} {
			if kind != parse.Pousse && (o.Counted || o.ICFP) {
				continue
			}
			src := Contest(kind.String(), 7, o)
			if !bytes.Equal(src, Contest(kind.String(), 7, o)) {
				t.Errorf("%s %+v: two inputs from seed 7", kind, o)
			}
			if o.MaxN > 1 && bytes.Equal(src, Contest(kind.String(), 8, o)) {
				t.Errorf("%s %+v: seeds 7 and 8 give the same input", kind, o)
			}
			f := parse.Parse(kind, src)
			if len(f.Errors) > 0 {
				t.Fatalf("%s %+v: %v\n%s", kind, o, f.Errors, src)
			}
			if len(f.Games) != o.Games || (f.Layout == parse.LayoutCounted) != o.Counted {
				t.Errorf("%s %+v: %d games, layout %d", kind, o, len(f.Games), f.Layout)
			}
			for _, g := range f.Games {
				if g.Size > o.MaxN || g.Size < o.MinN {
					t.Errorf("%s %+v: a board of %d", kind, o, g.Size)
				}
				if is := analyze.Analyze(kind, g, parse.RulesICFP).Issues; len(is) > 0 {
					t.Errorf("%s %+v: game %d: %s", kind, o, g.Index+1, is[0].Msg)
				}
			}
		}
	}
}

// TestContestEdge: --edge makes more of the cases it names.
func TestContestEdge(t *testing.T) {
	count := func(kind parse.Kind, o Options, is func(analyze.Outcome, *parse.Game) bool) int {
		f := parse.Parse(kind, Contest(kind.String(), 1, o))
		n := 0
		for _, g := range f.Games {
			if is(analyze.Analyze(kind, g, parse.RulesICFP), g) {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name string
		kind parse.Kind
		o    Options
		is   func(analyze.Outcome, *parse.Game) bool
	}{
		{"icfp repetitions", parse.Pousse, Options{Games: 1000, MaxN: 6, ICFP: true}, func(o analyze.Outcome, g *parse.Game) bool {
			return analyze.Pousse(g, parse.RulesICFP).Reason == analyze.ReasonRepetition
		}},
		{"Spot repeats only rotated", parse.Spot, Options{Games: 1000, MaxN: 6}, func(o analyze.Outcome, g *parse.Game) bool {
			return analyze.Spot(g).Rotation != 0
		}},
		{"PATH wins in one", parse.Path, Options{Games: 1000, MaxN: 6}, func(o analyze.Outcome, g *parse.Game) bool {
			c := analyze.Path(g).Class
			return c == analyze.PathWhiteInOne || c == analyze.PathBlackInOne
		}},
	} {
		plain := count(tc.kind, tc.o, tc.is)
		tc.o.Edge = true
		edge := count(tc.kind, tc.o, tc.is)
		t.Logf("%s: %d of 1000 games, %d with --edge", tc.name, plain, edge)
		if edge < 3*plain/2 {
			t.Errorf("%s: %d of 1000 games, only %d with --edge", tc.name, plain, edge)
		}
	}
}

// TestContestNoise: --noise writes other bytes for the same games: the
// verdicts are those of the input without it, and it holds what it
// names.
func TestContestNoise(t *testing.T) {
	for _, kind := range []parse.Kind{parse.Pousse, parse.Spot, parse.Path} {
		for seed := uint64(1); seed <= 6; seed++ {
			o := Options{Games: 40, MaxN: 6, Counted: kind == parse.Pousse}
			plain := Contest(kind.String(), seed, o)
			o.Noise = true
			noisy := Contest(kind.String(), seed, o)
			if bytes.Equal(plain, noisy) {
				t.Fatalf("%s seed %d: --noise changes nothing", kind, seed)
			}
			f, nf := parse.Parse(kind, plain), parse.Parse(kind, noisy)
			if len(nf.Errors) > 0 || len(nf.Games) != len(f.Games) {
				t.Fatalf("%s seed %d: %d games, errors %v\n%q", kind, seed, len(nf.Games), nf.Errors, noisy)
			}
			for i, g := range f.Games {
				a, b := analyze.Analyze(kind, g, 0), analyze.Analyze(kind, nf.Games[i], 0)
				if a.Verdict != b.Verdict || a.End != b.End {
					t.Errorf("%s seed %d game %d: %q, with noise %q", kind, seed, i+1, a.Verdict, b.Verdict)
				}
			}
		}
	}
	var all []byte
	for seed := uint64(1); seed <= 6; seed++ {
		all = append(all, Contest(KindSpot, seed, Options{Games: 40, MaxN: 6, Noise: true})...)
	}
	for _, what := range []string{" \n", "\r\n", "\n\n", "\t"} {
		if !bytes.Contains(all, []byte(what)) {
			t.Errorf("no %q in the noisy inputs", what)
		}
	}
}

// TestContestPath: without --edge, large PATH boards still meet every
// verdict, none of them most of the time.
func TestContestPath(t *testing.T) {
	f := parse.Parse(parse.Path, Contest(KindPath, 1, Options{Games: 500, MinN: 20, MaxN: 60}))
	count := map[string]int{}
	for _, g := range f.Games {
		count[analyze.Analyze(parse.Path, g, 0).Verdict]++
	}
	t.Log(count)
	for v, n := range count {
		if n > len(f.Games)/2 {
			t.Errorf("%d of %d boards: %q", n, len(f.Games), v)
		}
	}
	if len(count) != 5 {
		t.Errorf("%d verdicts of 5: %v", len(count), count)
	}
}
