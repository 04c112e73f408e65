package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// contestDir copies the contest inputs (*.in) and outputs of the samples
// into a new directory: a directory with no file named as a transcript.
func contestDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "contest", "samples")
	for _, name := range []string{"uva844_sample.in", "uva844_sample.out", "zoj_boj_pousse_sample.in"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	return dir
}

// TestDirectoryWithoutTranscripts: checking a directory of contest
// inputs (*.in) is not a silent success: it is an error that suggests
// --kind, and with --kind the *.in files found are read as that kind
// (issue 28).
func TestDirectoryWithoutTranscripts(t *testing.T) {
	dir := contestDir(t)
	for _, cmd := range [][]string{{"check"}, {"fmt", "-l"}, {"analyze", "--depth", "1"}} {
		status, stdout, stderr := runCLI("", append(cmd, dir)...)
		if status != exitProblem || stdout != "" || !strings.Contains(stderr, "no transcript found") || !strings.Contains(stderr, "--kind") {
			t.Errorf("%v DIR: status %d, stdout %q, stderr %q; want 1 and a hint about --kind", cmd, status, stdout, stderr)
		}
	}
	status, stdout, stderr := runCLI("", "check", "--kind", "pousse", dir)
	for _, name := range []string{"uva844_sample.in:", "zoj_boj_pousse_sample.in:"} {
		if !strings.Contains(stdout, name) {
			t.Errorf("check --kind pousse DIR: %s not checked; status %d, stdout %q, stderr %q", name, status, stdout, stderr)
		}
	}
	if strings.Contains(stdout, ".out") || status != exitOK {
		t.Errorf("check --kind pousse DIR: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	empty := t.TempDir()
	if status, _, stderr := runCLI("", "check", "--kind", "spot", empty); status != exitProblem || !strings.Contains(stderr, "no *.in file either") {
		t.Errorf("an empty directory with --kind: status %d, stderr %q", status, stderr)
	}
}

// TestKindEverywhere: show and analyze take --kind like check and fmt,
// for files whose name does not tell (issue 28).
func TestKindEverywhere(t *testing.T) {
	in := filepath.Join(contestDir(t), "uva844_sample.in")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"show", "--kind", "pousse", in}, "game 1:"},
		{[]string{"show", "--kind", "pousse", in + ":3"}, "game 1:"},
		{[]string{"analyze", "--depth", "1", "--kind", "pousse", in}, "game 1 ("},
		{[]string{"check", "--kind", "pousse", in}, "game 1:"},
		{[]string{"fmt", "--kind", "pousse", in}, "QUIT"},
	} {
		status, stdout, stderr := runCLI("", tc.args...)
		if status != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q", tc.args, status, stdout, stderr)
		}
		noKind := append([]string{tc.args[0]}, tc.args[len(tc.args)-1])
		if status, _, stderr := runCLI("", noKind...); status != exitProblem || !strings.Contains(stderr, "or --kind") {
			t.Errorf("%v: status %d, stderr %q; want 1 and a hint about --kind", noKind, status, stderr)
		}
	}
}

// TestShowGame: show --game K steps through game K: every position,
// each with what its move did, as the server words it (golden file), or
// its rows only, or the gamels/board answer at each position, one a line
// (issue 28; lsp's TestTextBoards checks those are the server's).
func TestShowGame(t *testing.T) {
	dir := t.TempDir()
	pousse := filepath.Join(dir, "g.pousse")
	spot := filepath.Join(dir, "g.spot")
	// Game 2 pushes markers off the board; the Spot game ends on a
	// pattern rotated from an earlier one.
	os.WriteFile(pousse, []byte("1\nL1\nQUIT\n2\nL1\nL1\nL1\nT2\nQUIT\n"), 0o644)
	os.WriteFile(spot, []byte("3\n1 1 +\n3 3 +\n1 3 +\n3 3 -\n3 1 +\n2 2 +\n0\n"), 0o644)
	var got strings.Builder
	for _, args := range [][]string{
		{"show", "--game", "2", "--color", "never", pousse},
		{"show", "--game", "2", "--format", "rows", pousse},
		{"show", "--game", "1", spot},
		{"show", "--game", "1", "--format", "rows", spot},
		{"show", "--game", "2", "--format", "json", pousse},
		{"show", "--game", "1", "--format", "json", spot},
		{"show", "--game", "2", "--format", "json", "--moves-around", "1", pousse},
	} {
		status, stdout, stderr := runCLI("", args...)
		if status != exitOK {
			t.Errorf("%v: status %d, stderr %q", args, status, stderr)
		}
		got.WriteString("$ gamels " + strings.Join(args[:len(args)-1], " ") + " " + filepath.Base(args[len(args)-1]) + "\n" + stdout + "\n")
	}
	golden(t, "show_game.golden", got.String())
	for _, tc := range []struct {
		args   []string
		status int
	}{
		{[]string{"show", "--game", "3", pousse}, exitProblem},
		{[]string{"show", "--game", "-1", pousse}, exitUsage},
		{[]string{"show", "--format", "rows", pousse}, exitUsage},
		{[]string{"show", "--game", "1", "--format", "svg", pousse}, exitUsage},
		{[]string{"show", "--format", "json", pousse}, exitUsage},
		{[]string{"show", "--game", "1", "--format", "json", "--moves-around", "-1", pousse}, exitUsage},
		{[]string{"show", "--game", "1", pousse + ":2"}, exitUsage},
	} {
		if status, _, stderr := runCLI("", tc.args...); status != tc.status {
			t.Errorf("%v: status %d, want %d; stderr %q", tc.args, status, tc.status, stderr)
		}
	}
}

// TestCheckJSONLines: check --json gives each game its first and last
// line, whatever its verdict (issue 28).
func TestCheckJSONLines(t *testing.T) {
	name := filepath.Join(t.TempDir(), "g.pousse")
	os.WriteFile(name, []byte("# two games\n1\nL1\nQUIT\n\n2\nL1\nR1\n# tie\nQUIT\n"), 0o644)
	_, stdout, _ := runCLI("", "check", "--json", name)
	var reports []checkReport
	if err := json.Unmarshal([]byte(stdout), &reports); err != nil || len(reports) != 1 {
		t.Fatalf("%v: %s", err, stdout)
	}
	var got [][2]int
	for _, g := range reports[0].Games {
		got = append(got, [2]int{g.FirstLine, g.LastLine})
	}
	if want := [][2]int{{2, 4}, {6, 10}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("first and last lines %v, want %v\n%s", got, want, stdout)
	}
}

// TestCheckJSONNoGame: a file with no game is still one object, with its
// rules, no game and its errors.
func TestCheckJSONNoGame(t *testing.T) {
	name := filepath.Join(t.TempDir(), "empty.pousse")
	os.WriteFile(name, []byte("# rules: icfp\n"), 0o644)
	status, stdout, _ := runCLI("", "check", "--json", name)
	var reports []checkReport
	if err := json.Unmarshal([]byte(stdout), &reports); err != nil || status != exitProblem || len(reports) != 1 ||
		reports[0].Rules != "icfp" || reports[0].Games == nil || len(reports[0].Games) != 0 || len(reports[0].Errors) != 1 {
		t.Errorf("status %d, %v: %s", status, err, stdout)
	}
	if status, stdout, _ := runCLI("", "check", "--json", filepath.Join(t.TempDir(), "missing.pousse")); status != exitProblem || stdout != "[]\n" {
		t.Errorf("no file read: status %d, stdout %q", status, stdout)
	}
}
