package main

import (
	"strings"
	"testing"
)

// TestMatchProgress: on a terminal, a match shows the games played, the
// score and the Elo so far on standard error, and erases the line at
// the end.
func TestMatchProgress(t *testing.T) {
	ptmx, tty := openPTYPair(t)
	var out strings.Builder
	if s := run([]string{"match", "pousse", "bad=sh -c 'echo Z9'", "good=sh -c 'echo L1'", "--games", "2", "-j", "1", "--seed", "1"}, nil, &out, tty); s != exitOK {
		t.Fatalf("status %d", s)
	}
	got := readPTY(t, ptmx, func(got string) bool { return len(got) >= 10 && strings.HasSuffix(got, "\r\x1b[K") })
	if !strings.HasPrefix(got, "\r\x1b[K1 game played: bad 0 - 1 good, Elo -inf") {
		t.Errorf("progress %q", got)
	}
	if !strings.Contains(out.String(), "good vs bad: +inf [-113, +inf] (2 - 0 - 0, won - lost - drawn)") || !strings.Contains(out.String(), "games lost by forfeit: bad 2 (illegal)") {
		t.Errorf("the results:\n%s", out.String())
	}
}
