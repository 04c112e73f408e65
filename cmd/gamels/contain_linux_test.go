package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamels/internal/proctest"
	"gamels/internal/solution"
)

// gamelsChild is a command that runs gamels (this test binary, see
// TestMain) with args.
func gamelsChild(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GAMELS_RUN_MAIN=1")
	return cmd
}

// TestRunLeavesNothing: nothing a solution starts outlives judge --run
// or shrink --run, also a process that makes a session of its own
// (setsid, setsid -f, a double fork), which a process group's kill
// does not reach.
func TestRunLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gamels in child processes; skipped with -short")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pousse")
	if err := os.WriteFile(in, []byte("1\nL1\nQUIT\n2\nL1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	escapes := map[string]string{
		"setsid":      `setsid sleep 300 & echo $! >>"$0"`,
		"setsid -f":   `setsid -f sh -c 'echo $$ >>"$0"; exec sleep 300' "$0" >/dev/null 2>&1; while ! [ -s "$0" ]; do sleep 0.01; done`,
		"double fork": `(setsid sh -c 'echo $$ >>"$0"; exec sleep 300' "$0" </dev/null >/dev/null 2>&1 &); while ! [ -s "$0" ]; do sleep 0.01; done`,
	}
	for name, script := range escapes {
		for _, cmd := range []string{"judge", "shrink"} {
			t.Run(name+"/"+cmd, func(t *testing.T) {
				pidFile := filepath.Join(t.TempDir(), "pids")
				// A wrong answer: shrink has something to shrink.
				run := "sh -c '" + strings.ReplaceAll(script, "'", `'\''`) + "; cat >/dev/null; echo TIE GAME; echo TIE GAME' " + pidFile
				args := []string{"judge", "pousse", "--run", run, in}
				if cmd == "shrink" {
					args = []string{"shrink", "pousse", "--run", run, "--max-runs", "4", "-o", filepath.Join(t.TempDir(), "small.pousse"), in}
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				c := gamelsChild(ctx, args...)
				var stderr bytes.Buffer
				c.Stderr = &stderr
				c.Run()
				if ctx.Err() != nil {
					t.Fatalf("gamels %s still runs after 60 s", cmd)
				}
				pids := proctest.ReadPids(t, pidFile)
				t.Cleanup(func() {
					for _, p := range pids {
						syscall.Kill(p, syscall.SIGKILL)
					}
				})
				if len(pids) == 0 {
					t.Fatalf("no pid written; stderr %s", stderr.String())
				}
				for _, p := range pids {
					if proctest.Alive(p) {
						t.Errorf("process %d still runs after gamels %s exited (status %d)", p, cmd, c.ProcessState.ExitCode())
					}
				}
			})
		}
	}
}

// TestRunDiesWithGamels: a solution dies with gamels, even when gamels
// is killed with SIGKILL and cannot kill it (its parent-death signal).
// What it started in the background dies too in a cgroup, at the next
// run of gamels.
func TestRunDiesWithGamels(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gamels in a child process; skipped with -short")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pousse")
	if err := os.WriteFile(in, []byte("1\nL1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Asked first: the first call removes the cgroups of a gamels gone.
	mode := solution.Containment()
	pidFile := filepath.Join(dir, "pid")
	c := gamelsChild(context.Background(), "judge", "pousse", "--run", `sh -c 'echo $$ >>"$0"; sleep 300 </dev/null >/dev/null 2>&1 & echo $! >>"$0"; exec sleep 300' `+pidFile, in)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if b, _ := os.ReadFile(pidFile); bytes.Count(b, []byte("\n")) == 2 {
			break
		}
		if i == 1000 {
			c.Process.Kill()
			t.Fatal("the solution did not start in 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	pids := proctest.ReadPids(t, pidFile)
	t.Cleanup(func() {
		for _, p := range pids {
			syscall.Kill(p, syscall.SIGKILL)
		}
	})
	c.Process.Kill()
	c.Wait()
	for i := 0; proctest.Alive(pids[0]); i++ {
		if i == 200 {
			t.Fatalf("the solution %d still runs 2 s after gamels was killed", pids[0])
		}
		time.Sleep(10 * time.Millisecond)
	}
	if mode != solution.ModeCgroup {
		t.Logf("no cgroup here: the background process %d is init's", pids[1])
		return
	}
	if !proctest.Alive(pids[1]) {
		t.Fatalf("the background process %d died with gamels: the test shows nothing", pids[1])
	}
	if err := gamelsChild(context.Background(), "judge", "pousse", "--run", "true", in).Run(); err == nil {
		t.Fatal("true has no output: the run differs")
	}
	if proctest.Alive(pids[1]) {
		t.Errorf("the background process %d still runs after the next run of gamels", pids[1])
	}
}
