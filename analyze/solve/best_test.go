package solve

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// TestBestMovesICFP1998 checks the best moves of the golden file on a
// sample of the ICFP 1998 log's positions with the exhaustive checker:
// each is as good as its proof says, and no move before it in the order
// L1..BN is as good. A fresh search of each sampled position, with its
// own table, must also give the golden evaluation: the best move does
// not depend on what the table held before.
func TestBestMovesICFP1998(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "contest", "icfp1998", "as_uva844.in"))
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "icfp1998.golden"))
	if err != nil {
		t.Fatal(err)
	}
	f := parse.Parse(parse.Pousse, src)
	rules := f.EffectiveRules(parse.RulesDefault)
	// Every proven position in everyProof, every other one in
	// everyOpen.
	everyProof, everyOpen := 10, 1200
	if testing.Short() || raceEnabled {
		everyProof, everyOpen = 60, 6000
	}
	proofs, open := 0, 0
	checked := map[Proof]int{}
	for _, line := range bytes.Split(golden, []byte("\n")) {
		fields := strings.Fields(string(line))
		if len(fields) < 2 || fields[0] != "game" {
			continue
		}
		var gi int
		fmt.Sscanf(fields[1], "%d:", &gi)
		g := f.Games[gi-1]
		p, err := NewPousse(g.Size, rules)
		if err != nil {
			t.Fatal(err)
		}
		ref := &refPousse{st: analyze.NewPousseState(g.Size), icfp: rules == parse.RulesICFP, moves: p.Moves(), seen: map[string]int{}}
		for i, want := range fields[2:] {
			sample := false
			if want[0] == '?' {
				open++
				sample = open%everyOpen == 0
			} else {
				proofs++
				sample = proofs%everyProof == 0
			}
			if sample {
				res, err := p.Solve(context.Background(), Options{TableBits: 16})
				if err != nil {
					t.Fatal(err)
				}
				if got := evalToken(res); got != want {
					t.Errorf("game %d before move %d: a fresh search says %s, the golden file %s", gi, i+1, got, want)
				}
				if err := checkClaim(res, DefaultDepth, ref.win, ref.loss); err != nil {
					t.Errorf("game %d before move %d: %v", gi, i+1, err)
				}
				if err := checkBest(ref, res, DefaultDepth); err != nil {
					t.Errorf("game %d before move %d: %v", gi, i+1, err)
				}
				checked[res.Proof]++
			}
			if i == len(g.Moves) {
				break
			}
			mv := g.Moves[i]
			c, _, key := ref.play(mv)
			ref.enter(c, key)
			p.Play(mv.Dir(), mv.Line())
		}
	}
	t.Logf("positions checked: %v", checked)
	if checked[Win] == 0 || checked[Loss] == 0 || checked[Unknown] == 0 {
		t.Errorf("the sample does not hold every kind of result: %v", checked)
	}
}

// evalToken is an evaluation as the golden file writes it (see
// goldenGame): "W3/3:R2".
func evalToken(r Result) string {
	o := "?"
	switch r.Proof {
	case Win:
		o = "W"
	case Loss:
		o = "L"
	}
	return fmt.Sprintf("%s%d/%d:%s", o, r.Plies, r.Depth, strings.ReplaceAll(r.Best, " ", ""))
}
