//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamels/internal/match/matchtest"
)

// TestMatchInterrupt: Ctrl-C ends a match at once and cleanly: the
// players' programs are killed, the games played are kept (the results
// printed, the transcript whole and checked), status 1.
func TestMatchInterrupt(t *testing.T) {
	bin := buildGamels(t, "test")
	players := matchtest.Players(t)
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	out := filepath.Join(dir, "games.spot")
	slow := "slow=sh -c 'echo $$ >>" + pids + "; exec " + players + " -game spot -play slow -sleep 150ms'"
	cmd := exec.Command(bin, "match", "spot", slow, "random="+players+" -game spot -play random", "--size", "4", "--games", "100", "-o", out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt once a game has ended (and the next has begun).
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if src, _ := os.ReadFile(out); bytes.Contains(src, []byte("# game 1:")) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no game ended in 30 s")
		}
	}
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("gamels took %v to stop", d)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitProblem {
		t.Errorf("exit status %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "gamels match: interrupted: ") || !strings.Contains(stderr.String(), " of 100 games played") {
		t.Errorf("stderr %q", stderr.String())
	}
	if !strings.Contains(stdout.String(), "slow vs random: ") {
		t.Errorf("no results on stdout:\n%s", stdout.String())
	}
	src, err := os.ReadFile(out)
	if err != nil || !bytes.HasSuffix(src, []byte("\n0\n")) || !bytes.Contains(src, []byte("# game 1:")) {
		t.Errorf("the transcript (%v):\n%s", err, src)
	}
	if status, stdout, stderr := runCLI("", "check", out); status != exitOK {
		t.Errorf("check: %d\n%s%s", status, stdout, stderr)
	}
	matchtest.Gone(t, pids)
}
