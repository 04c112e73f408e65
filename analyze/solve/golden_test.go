package solve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/gen"
	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata (and the generated Spot input)")

// goldenSpotSeed and goldenSpotOptions make testdata/spot2000.spot: 2,000
// random Spot games of every size the search takes. The file is written
// once (-update when missing) and read after, so that the test does not
// depend on the generator staying the same.
const goldenSpotSeed = 2026

var goldenSpotOptions = gen.SpotOptions{Games: 2000, MinN: 2, MaxN: 8, Removals: 0.3}

// TestGoldenAnnotations annotates the ICFP 1998 log (1347 games under
// the contest rules) and 2,000 random Spot games at the default depth
// and compares every evaluation and annotation with the golden files,
// written by the engine before its speed work: a faster search must
// find the same values, the same best moves and the same annotations.
// With -short, and under the race detector (which finds the same races
// on fewer games, ten times slower), only the first games of each file
// are compared; scripts/test runs the whole files once without it.
func TestGoldenAnnotations(t *testing.T) {
	spotIn := filepath.Join("testdata", "spot2000.spot")
	if _, err := os.Stat(spotIn); os.IsNotExist(err) && *update {
		if err := os.WriteFile(spotIn, gen.Spot(goldenSpotSeed, goldenSpotOptions), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, in, golden string
		kind             parse.Kind
		short            int // games compared under -short
	}{
		{"icfp1998", filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"), "icfp1998.golden", parse.Pousse, 60},
		{"spot2000", spotIn, "spot2000.golden", parse.Spot, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := os.ReadFile(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			f := parse.Parse(tc.kind, src)
			games := f.Games
			short := (testing.Short() || raceEnabled) && !*update
			if short {
				games = games[:min(tc.short, len(games))]
			}
			got := goldenText(f, games, tc.kind)
			path := filepath.Join("testdata", tc.golden)
			want, err := os.ReadFile(path)
			if err != nil && !(*update && os.IsNotExist(err)) {
				t.Fatal(err)
			}
			if short {
				want = firstGames(want, len(games))
			}
			// The proofs do not depend on the search order: even -update
			// keeps them.
			if want != nil {
				if diff := cmp.Diff(goldenProofs(want), goldenProofs(got)); diff != "" {
					t.Fatalf("%s: proofs differ from %s (-want +got):\n%s", tc.name, path, diff)
				}
			}
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s: annotations differ from %s (-want +got):\n%s", tc.name, path, diff)
			}
		})
	}
}

// goldenText annotates games on two workers, as gamels analyze does, and
// writes each as a line of evaluations and a line per annotation.
func goldenText(f *parse.File, games []*parse.Game, kind parse.Kind) []byte {
	rules := parse.RulesDefault
	if kind == parse.Pousse {
		rules = f.EffectiveRules(parse.RulesDefault)
	}
	out := make([]string, len(games))
	work := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := NewAnnotator(Options{})
			for i := range work {
				out[i] = goldenGame(a, kind, games[i], rules)
			}
		}()
	}
	for i := range games {
		work <- i
	}
	close(work)
	wg.Wait()
	return []byte(strings.Join(out, ""))
}

// goldenGame is one game's golden text: "game N:" then each evaluation
// as proof (W, L, ?), plies, "/" depth and ":" the best move, then its
// annotations, one a line.
func goldenGame(a *Annotator, kind parse.Kind, g *parse.Game, rules parse.Rules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d:", g.Index+1)
	an, err := a.Annotate(context.Background(), kind, g, rules)
	if err != nil {
		fmt.Fprintf(&b, " error: %v\n", err)
		return b.String()
	}
	for _, r := range an.Evals {
		b.WriteString(" " + evalToken(r))
	}
	b.WriteByte('\n')
	for _, x := range an.Annotations {
		fmt.Fprintf(&b, "  %d %s %q %s %s %d %q\n", x.Move+1, x.Kind, x.Mark, x.Played, x.Best, x.Plies, x.Text)
	}
	return b.String()
}

// goldenProofs is the part of a golden text that does not depend on the
// order in which a search meets equally good moves: each evaluation's
// proof, plies and depth, and each annotation's game, move, kind and
// plies (without the best move and the text naming it).
func goldenProofs(text []byte) string {
	var b strings.Builder
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "game ") {
			f := strings.Fields(line)
			b.WriteString(f[0] + " " + f[1])
			for _, ev := range f[2:] {
				proof, _, _ := strings.Cut(ev, ":")
				b.WriteString(" " + proof)
			}
			b.WriteByte('\n')
			continue
		}
		if m := goldenAnnotation.FindStringSubmatch(line); m != nil {
			fmt.Fprintf(&b, "  %s %s %s\n", m[1], m[2], m[3])
		}
	}
	return b.String()
}

// goldenAnnotation matches an annotation's line of a golden text: move,
// kind, mark, the moves played and best, plies, text.
var goldenAnnotation = regexp.MustCompile(`^  (\d+) (\S+) "[^"]*" .* (\d+) ".*"$`)

// firstGames returns the golden text of the first n games.
func firstGames(text []byte, n int) []byte {
	k := 0
	for i := 0; i < len(text); {
		if bytes.HasPrefix(text[i:], []byte("game ")) {
			if k == n {
				return text[:i]
			}
			k++
		}
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return text
}
