package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestStressProgress: on a terminal, stress redraws one progress line
// after each round that agrees and erases it before its summary; off a
// terminal it writes none (TestStressAgrees: nothing on stderr).
func TestStressProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gamels as a solution; skipped with -short")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ptmx, tty := openPTYPair(t)
	judge := "env GAMELS_RUN_MAIN=1 " + shellQuote(self) + " judge pousse"
	var stdout bytes.Buffer
	status := run([]string{"stress", "pousse", "--run", judge, "--rounds", "3", "--games", "4", "--seed", "7"},
		strings.NewReader(""), &stdout, tty)
	if status != 0 {
		t.Fatalf("status %d, stdout %q", status, stdout.String())
	}
	const erase, end = "\r\x1b[K", "<end>"
	tty.WriteString(end) // what stress wrote is before it
	got := strings.TrimSuffix(readPTY(t, ptmx, func(got string) bool { return strings.HasSuffix(got, end) }), end)
	want := "\rgamels stress: 1 round agree (4 games, seed 7)\x1b[K" +
		"\rgamels stress: 2 rounds agree (8 games, seed 8)\x1b[K" +
		"\rgamels stress: 3 rounds agree (12 games, seed 9)\x1b[K" + erase
	if got != want {
		t.Errorf("the terminal got\n%q\nwant\n%q", got, want)
	}
	if s := stdout.String(); strings.ContainsAny(s, "\r\x1b") || !strings.Contains(s, "agrees with the judge on 3 rounds of 4 games (seeds 7 to 9)") {
		t.Errorf("stdout %q", s)
	}
}
