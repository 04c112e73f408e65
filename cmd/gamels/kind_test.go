package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameArg: every command that takes the game first takes exactly
// pousse, spot or path there; a file name in its place is a usage error
// naming the games (judge used to take "samp.spot" for the game and
// read standard input), and show takes the game first too.
func TestGameArg(t *testing.T) {
	dir := t.TempDir()
	samp := filepath.Join(dir, "samp.spot")
	if err := os.WriteFile(samp, []byte("2\n1 1 +\n1 2 +\n1 1 -\n2 2 +\n0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "r1.in")
	if err := os.WriteFile(in, []byte("2\n1 1 +\n1 2 +\n1 1 -\n2 2 +\n0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		status int
		stderr string // in stderr; "" for none
		stdout string // in stdout
	}{
		{[]string{"judge", samp}, 2, "samp.spot is a file, not a game: the game comes first, one of pousse, spot or path (gamels judge spot " + samp + ")", ""},
		{[]string{"judge", "Spot", samp}, 2, `unknown game "Spot": want pousse, spot or path`, ""},
		{[]string{"shrink", samp, "--run", "true", "-o", "x"}, 2, "samp.spot is a file, not a game", ""},
		{[]string{"stress", samp, "--run", "true"}, 2, "samp.spot is a file, not a game", ""},
		{[]string{"gen", samp}, 2, "samp.spot is a file, not a game: want pousse, spot or path", ""},
		{[]string{"match", samp, "engine", "engine"}, 2, "samp.spot is a file, not a game: want pousse or spot", ""},
		{[]string{"show", samp, samp}, 2, "samp.spot is a file, not a game", ""},
		{[]string{"judge", "spot", samp}, 0, "", "Player 2 wins on move 3"},
		// A line judge prints opens as it is, the game first.
		{[]string{"show", "spot", in + ":4"}, 0, "", "Player 2 wins on move 3"},
		{[]string{"show", "spot", "--kind", "path", in + ":4"}, 2, "the game spot and --kind path differ", ""},
		{[]string{"show", in + ":4"}, 1, "not a transcript", ""},
	} {
		status, stdout, stderr := runCLI("", tc.args...)
		if status != tc.status || !strings.Contains(stdout, tc.stdout) || (tc.stderr == "") != (stderr == "") || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %d, %q", tc.args, status, stdout, stderr, tc.status, tc.stderr)
		}
	}
}
