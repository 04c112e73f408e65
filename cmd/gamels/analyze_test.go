package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAnalyzeExamples annotates the shipped examples (golden output).
func TestAnalyzeExamples(t *testing.T) {
	var stdout, stderr bytes.Buffer
	dir := filepath.Join("..", "..", "testdata", "examples")
	if status := run([]string{"analyze", dir}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr is not a terminal, yet got %q", stderr.String())
	}
	golden(t, "analyze_examples.golden", strings.ReplaceAll(stdout.String(), filepath.ToSlash(dir)+"/", ""))
}

// TestAnalyzeJSON checks the --json objects: one per file, each
// annotation with its move, kind, best move and plies.
func TestAnalyzeJSON(t *testing.T) {
	dir := t.TempDir()
	// After L1 T3 L1, row 1 is X X O. O's B3 lets X push L1 for row 1
	// (O's R1 would have held); X plays B2 instead, O misses R2 (column
	// 3), X misses L1 again.
	src := "# rules: icfp\n3\nL1 T3 L1 B3 B2 L2 R3\nQUIT\n"
	name := filepath.Join(dir, "a.pousse")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"analyze", "--json", "--depth", "4", name, name}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr.String())
	}
	sc := bufio.NewScanner(&stdout)
	var reports []analyzeReport
	for sc.Scan() {
		var r analyzeReport
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %q does not decode: %v", sc.Text(), err)
		}
		reports = append(reports, r)
	}
	if len(reports) != 2 {
		t.Fatalf("%d objects, want one per file (2)", len(reports))
	}
	if diff := cmp.Diff(reports[0], reports[1], cmp.AllowUnexported(analyzeGame{})); diff != "" {
		t.Errorf("the same file twice gives different reports:\n%s", diff)
	}
	r := reports[0]
	if r.Rules != "icfp" || len(r.Games) != 1 || r.Games[0].Game != 1 || r.Games[0].Depth != 4 || !r.Games[0].Complete {
		t.Fatalf("unexpected report %+v", r)
	}
	for _, a := range r.Games[0].Annotations {
		if a.Move < 1 || a.Move > 7 || a.Best == "" || a.Plies < 1 || a.Played == "" {
			t.Errorf("incomplete annotation %+v", a)
		}
		switch a.Kind {
		case "missed-win", "blunder", "decisive":
		default:
			t.Errorf("unknown kind in %+v", a)
		}
	}
	type key struct {
		Move       int
		Kind, Best string
		Plies      int
	}
	var got []key
	for _, a := range r.Games[0].Annotations {
		got = append(got, key{a.Move, a.Kind, a.Best, a.Plies})
	}
	want := []key{{4, "blunder", "R1", 2}, {5, "missed-win", "L1", 1}, {6, "missed-win", "R2", 1}, {7, "missed-win", "L1", 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
}
