package main

import (
	"strings"
	"testing"
)

// TestAnalyzeProgress: on a terminal, analyze reports its progress on
// standard error and erases the line when a file is done.
func TestAnalyzeProgress(t *testing.T) {
	ptmx, tty := openPTYPair(t)
	var out strings.Builder
	if s := run([]string{"analyze", "--depth", "2", "../../testdata/examples/sample.pousse"}, nil, &out, tty); s != 0 {
		t.Fatalf("status %d", s)
	}
	got := readPTY(t, ptmx, func(got string) bool { return strings.Contains(got, "positions\r\x1b[K") })
	// The first report comes after the first position, before any game
	// is done: the line moves within a game, not only between games.
	if !strings.HasPrefix(got, "\r\x1b[K../../testdata/examples/sample.pousse: 0 of 2 games, 1 of 14 positions") {
		t.Errorf("progress %q", got)
	}
	if !strings.Contains(out.String(), "game 2 (4x4, contest, depth 2)") {
		t.Errorf("the annotations are missing from standard output:\n%s", out.String())
	}
}
