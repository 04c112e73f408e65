package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", name, diff)
	}
}

// TestCheckExamples is the README's main job: the shipped examples are
// clean, and each game's verdict is reported where it ends.
func TestCheckExamples(t *testing.T) {
	var stdout, stderr bytes.Buffer
	dir := filepath.Join("..", "..", "testdata", "examples")
	if status := run([]string{"check", dir}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d, stderr %s, stdout %s", status, stderr.String(), stdout.String())
	}
	golden(t, "check_examples.golden", strings.ReplaceAll(stdout.String(), filepath.ToSlash(dir)+"/", ""))
}

func TestCheckErrors(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.pousse": "# rules: icfp\n3\nL1\nX2\nL9\nR1\n",
		"b.spot":   "2\n1 1 +\n1 1 +\n2 2 +\n2 2 -\n0\n",
		"c.path":   "2\n\nWU\nBx\n0\n",
		"skip.txt": "not a transcript",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"check", dir}, nil, &stdout, &stderr); status != 1 {
		t.Fatalf("status %d, want 1; stderr %s", status, stderr.String())
	}
	golden(t, "check_errors.golden", strings.ReplaceAll(stdout.String(), dir+string(filepath.Separator), ""))

	stdout.Reset()
	if status := run([]string{"check", "--json", filepath.Join(dir, "a.pousse")}, nil, &stdout, &stderr); status != 1 {
		t.Fatalf("--json: status %d, want 1", status)
	}
	var reports []checkReport
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("--json output does not decode: %v\n%s", err, stdout.String())
	}
	if len(reports) != 1 || reports[0].Rules != "icfp" || len(reports[0].Errors) != 3 || len(reports[0].Games) != 1 || reports[0].Games[0].Moves != 2 {
		t.Errorf("unexpected report %+v", reports)
	}
	var codes []string
	for _, e := range reports[0].Errors {
		codes = append(codes, e.Code)
	}
	if want := []string{"unknown-move", "row-out-of-range", "missing-quit"}; !slices.Equal(codes, want) {
		t.Errorf("--json codes %q, want %q", codes, want)
	}
}

func TestCheckNotATranscript(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"check", "check_test.go"}, nil, &stdout, &stderr); status != 1 || !strings.Contains(stderr.String(), "not a transcript") {
		t.Errorf("status %d, stderr %q", status, stderr.String())
	}
}

// reportSink collects what check finds in one file.
type reportSink struct{ r checkReport }

func (s *reportSink) start(file, kind string) {
	s.r = checkReport{File: file, Kind: kind, Errors: []checkError{}, Games: []checkGame{}}
}
func (s *reportSink) err(e checkError) { s.r.Errors = append(s.r.Errors, e) }
func (s *reportSink) game(g checkGame, rules string) {
	s.r.Games, s.r.Rules = append(s.r.Games, g), rules
}
func (s *reportSink) end(rules string) { s.r.Rules = rules }

// checkReportOf runs check on one file and returns its report.
func checkReportOf(name string, kind parse.Kind, src []byte, def parse.Rules) checkReport {
	var s reportSink
	check(name, kind, src, def, &s)
	return s.r
}
