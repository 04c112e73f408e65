package solve

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"gamels/parse"
)

// TestJudgeCycleValues: under the contest rules the root side's cycles
// inside the tree end their line with a value of the position, not a
// draw's 0, so the judgment's values stay apart. On a real game of many
// cycles (200 moves of a 5x5 board, most of them on a full board), at
// most 5% of the positions may value exactly 0 (50%): when a cycle
// scored 0, 21 of these 200 did (and 45% of the positions in the
// openings of engine games, docs/engine.md).
func TestJudgeCycleValues(t *testing.T) {
	moves := readPousseMoves(t, "testdata/greedy5x5.pousse")
	p, err := NewPousse(5, parse.RulesContest)
	if err != nil {
		t.Fatal(err)
	}
	zero, judged := 0, 0
	for _, m := range moves {
		j, err := p.Judge(context.Background(), JudgeOptions{Nodes: DefaultJudgeNodes})
		if err != nil {
			t.Fatal(err)
		}
		judged++
		if j.Eval == 0 {
			zero++
		}
		playTokens(p, m)
		if w, _ := p.Winner(); w != 0 {
			t.Fatalf("the game ends at %s", m)
		}
	}
	t.Logf("%d of %d positions value exactly 0", zero, judged)
	if judged != 200 || zero > judged/20 {
		t.Errorf("%d of %d positions value exactly 0, want at most 5%%", zero, judged)
	}
}

// readPousseMoves returns the moves of the one game of a UVa 844 file
// with comment lines.
func readPousseMoves(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var moves []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "QUIT" {
			break
		}
		moves = append(moves, line)
	}
	return moves[1:] // the size
}
