package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStressFinds: stress finds each wrong solution's bug from gen's
// inputs alone, writes a small failing input, prints the comparison on
// it with the board and the reason, and exits 1.
func TestStressFinds(t *testing.T) {
	for _, tc := range []struct {
		solution, kind string
		flags          []string
		diff, why      string // in stdout
	}{
		{"spot_norotate", "spot", nil, `game 1: expected "Player 2 wins on move 3", got "Draw"`, "clockwise)"},
		{"path_corner", "path", nil, `expected "White can win in one move.", got "There is no winning path."`, "(*: a one-move win)"},
		{"pousse_norepeat", "pousse", []string{"--rules", "icfp", "--edge"}, `expected "X WINS", got "TIE GAME"`, "the same position, by the same player, as after move"},
	} {
		t.Run(tc.solution, func(t *testing.T) {
			bin := wrongSolution(t, tc.solution)
			small := filepath.Join(t.TempDir(), "small."+tc.kind)
			args := append([]string{"stress", tc.kind, "--run", bin, "-o", small}, tc.flags...)
			status, stdout, stderr := runCLI("", args...)
			if status != 1 || !strings.Contains(stdout, tc.diff) || !strings.Contains(stdout, tc.why) || !strings.HasSuffix(stdout, "1 of 1 games differ\n") {
				t.Fatalf("status %d, stdout:\n%s\nstderr:\n%s", status, stdout, stderr)
			}
			if !strings.Contains(stderr, "on the input of gamels gen "+tc.kind) || !strings.Contains(stderr, "wrote "+small) {
				t.Errorf("stderr:\n%s", stderr)
			}
			// SMALL is what judge --run fails on.
			src, err := os.ReadFile(small)
			if err != nil || len(src) > 64 {
				t.Fatalf("SMALL: %v, %d bytes:\n%s", err, len(src), src)
			}
			jargs := append([]string{"judge", tc.kind, "--run", bin, small}, tc.flags[:min(len(tc.flags), 2)]...)
			if status, _, _ := runCLI("", jargs...); status != 1 {
				t.Errorf("judge --run on SMALL: status %d", status)
			}
		})
	}
}

// TestStressAgrees: with the judge itself for the solution every round
// agrees: status 0 and the count of rounds, and nothing written.
func TestStressAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gamels as a solution; skipped with -short")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	small := filepath.Join(dir, "small.spot")
	for _, kind := range []string{"pousse", "spot", "path"} {
		judge := "env GAMELS_RUN_MAIN=1 " + shellQuote(self) + " judge " + kind
		status, stdout, stderr := runCLI("", "stress", kind, "--run", judge, "--rounds", "12", "--games", "5", "--noise", "--seed", "40", "-o", small)
		want := " agrees with the judge on 12 rounds of 5 games (seeds 40 to 51): no difference found"
		if status != 0 || !strings.Contains(stdout, want) || stderr != "" {
			t.Errorf("%s: status %d, stdout %q, stderr %q", kind, status, stdout, stderr)
		}
	}
	if _, err := os.Stat(small); !os.IsNotExist(err) {
		t.Errorf("SMALL written: %v", err)
	}
}

// TestStressUsage: a wrong command line is status 2, said before any
// round.
func TestStressUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{nil, "want a game"},
		{[]string{"chess", "--run", "cat"}, `unknown game "chess"`},
		{[]string{"spot"}, "want --run"},
		{[]string{"spot", "--run", "python3", "x.py"}, "quote it, --run 'python3 x.py'"},
		{[]string{"spot", "--run", "cat", "in.spot"}, "stress writes its own inputs"},
		{[]string{"spot", "--run", "cat", "--rounds", "3", "--for", "1s"}, "--rounds and --for do not go together"},
		{[]string{"spot", "--run", "cat", "--max-n", "51"}, "a spot board is 2 to 50"},
		{[]string{"spot", "--run", "cat", "--min-n", "9", "--max-n", "8"}, "--min-n 9 is larger than --max-n 8"},
		{[]string{"spot", "--run", "cat", "--rules", "icfp"}, "--rules is for Pousse"},
		{[]string{"spot", "--run", "cat", "--games", "0"}, "--games 0"},
		{[]string{"spot", "--run", "'cat"}, "--run"},
	} {
		status, stdout, stderr := runCLI("", append([]string{"stress"}, tc.args...)...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %q", tc.args, status, stdout, stderr, tc.msg)
		}
	}
}

// TestFreeName: stress's default SMALL never replaces a file.
func TestFreeName(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, want := range []string{"small.spot", "small-2.spot", "small-3.spot"} {
		if got := freeName("small", "spot"); got != want {
			t.Fatalf("freeName = %q, want %q", got, want)
		}
		if err := os.WriteFile(want, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
