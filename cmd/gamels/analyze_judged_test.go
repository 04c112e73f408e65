package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// judgedGame is a random 5x5 game (gamels gen pousse --seed 3): the
// judgment's first mark is O's T4, move 10 (R5 was better).
const judgedGame = "1\n5\nR4\nT1\nB5\nT1\nT3\nB3\nL4\nT3\nR3\nT4\nT1\nR2\nT5\nR1\nB1\nR3\nT2\nR1\nL4\nL4\nB3\nR3\nT4\nT1\nL5\nB2\nR5\nR1\nR3\nL3\nT3\nB5\nR2\nR2\nR3\nL3\nT2\nB1\nQUIT\n"

// TestAnalyzeJudged: --judged adds an estimate a position and the
// judgment's marks, whose text starts "judged:" and names the better
// move, never on a move the proofs annotate; without it, neither.
func TestAnalyzeJudged(t *testing.T) {
	name := filepath.Join(t.TempDir(), "j.pousse")
	if err := os.WriteFile(name, []byte(judgedGame), 0o644); err != nil {
		t.Fatal(err)
	}
	report := func(args ...string) analyzeGame {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if status := run(append([]string{"analyze", "--json", "--depth", "4"}, append(args, name)...), nil, &stdout, &stderr); status != 0 {
			t.Fatalf("status %d, stderr %s", status, stderr.String())
		}
		var r analyzeReport
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || len(r.Games) != 1 {
			t.Fatalf("report %q: %v", stdout.String(), err)
		}
		return r.Games[0]
	}
	plain, judged := report(), report("--judged")
	if plain.Estimates != nil {
		t.Errorf("without --judged: %d estimates, want none", len(plain.Estimates))
	}
	proven := map[int]bool{}
	for _, a := range plain.Annotations {
		if a.Kind == "inaccuracy" || a.Kind == "mistake" {
			t.Errorf("without --judged: judged mark %+v", a)
		}
		proven[a.Move] = true
	}
	if n := len(judged.Estimates); n != 39 {
		t.Errorf("%d estimates, want one a position (38 moves: 39)", n)
	}
	for i, e := range judged.Estimates {
		if e < 0 || e > 1 {
			t.Errorf("estimate %d is %v, want 0 to 1", i, e)
		}
	}
	var marks []analyzeAnnotation
	for _, a := range judged.Annotations {
		if a.Kind != "inaccuracy" && a.Kind != "mistake" {
			continue
		}
		marks = append(marks, a)
		if proven[a.Move] {
			t.Errorf("judged mark %+v on a move the proofs annotate", a)
		}
		if !strings.HasPrefix(a.Text, "judged: ") || !strings.Contains(a.Text, a.Best+" was better") || a.Best == a.Played {
			t.Errorf("judged mark %+v: want its text to start \"judged: \" and name the better move", a)
		}
	}
	if len(marks) == 0 || marks[0].Move != 10 || marks[0].Kind != "inaccuracy" || marks[0].Played != "T4" {
		t.Errorf("judged marks %+v, want the first an inaccuracy at move 10 (T4)", marks)
	}
	if len(judged.Annotations)-len(marks) != len(plain.Annotations) {
		t.Errorf("--judged has %d proofs' annotations, without %d", len(judged.Annotations)-len(marks), len(plain.Annotations))
	}
}
