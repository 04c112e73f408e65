//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterrupt: Ctrl-C during judge --run or shrink kills the solution
// and what it started at once; judge writes no comparison, shrink
// writes the smallest failing input so far, whole, and no temporary
// file is left.
func TestInterrupt(t *testing.T) {
	bin := buildGamels(t, "test")
	norepeat := wrongSolution(t, "pousse_norepeat")
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	small := filepath.Join(dir, "small.pousse")
	in := contestFile("icfp1998/as_uva844.in")
	for _, tc := range []struct {
		name  string
		args  []string
		after time.Duration
		check func(t *testing.T, stdout, stderr string)
	}{
		{"judge", []string{"judge", "pousse", "--run", "sh -c 'sleep 30 & echo $! >" + pidFile + ".new && mv " + pidFile + ".new " + pidFile + "; wait'", in}, 300 * time.Millisecond,
			func(t *testing.T, stdout, stderr string) {
				if stdout != "" || !strings.Contains(stderr, "interrupted: sh killed") {
					t.Errorf("stdout %q, stderr %q", stdout, stderr)
				}
			}},
		// Each run of the solution takes 200 ms: the first reductions
		// are made, not the last. The pid is written whole (a rename),
		// so that a run killed as it starts leaves the last run's pid,
		// not an empty file.
		{"shrink", []string{"shrink", "pousse", "--rules", "icfp", "--jobs", "1", "--run", "sh -c 'echo $$ >" + pidFile + ".new && mv " + pidFile + ".new " + pidFile + "; exec " + norepeat + " -spin 200ms'", "-o", small, in}, 1500 * time.Millisecond,
			func(t *testing.T, _, stderr string) {
				if !strings.Contains(stderr, "interrupted: writing the smallest failing input so far") {
					t.Errorf("stderr %q", stderr)
				}
				src, err := os.ReadFile(small)
				if err != nil {
					t.Fatal(err)
				}
				orig, _ := os.ReadFile(in)
				if len(src) >= len(orig) || !bytes.HasPrefix(src, []byte("1\n\n")) {
					t.Errorf("SMALL is %d bytes (the input %d):\n%.200s", len(src), len(orig), src)
				}
				// The solution still fails on it.
				status, stdout, _ := runCLI("", "judge", "pousse", "--rules", "icfp", "--run", norepeat, small)
				if status != 1 || !strings.Contains(stdout, "games differ") {
					t.Errorf("judge --run on SMALL: status %d, %s", status, stdout)
				}
				entries, _ := os.ReadDir(dir)
				for _, e := range entries {
					if strings.HasPrefix(e.Name(), ".small") {
						t.Errorf("left behind: %s", e.Name())
					}
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(pidFile)
			cmd := exec.Command(bin, tc.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(tc.after)
			start := time.Now()
			cmd.Process.Signal(os.Interrupt)
			cmd.Wait()
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("gamels took %v to stop", d)
			}
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			tc.check(t, stdout.String(), stderr.String())
			// The solution's process is gone.
			b, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatalf("no pid: %v", err)
			}
			var pid int
			for _, c := range strings.TrimSpace(string(b)) {
				pid = pid*10 + int(c-'0')
			}
			for i := 0; syscall.Kill(pid, 0) == nil; i++ {
				stat, _ := os.ReadFile("/proc/" + strings.TrimSpace(string(b)) + "/stat")
				if bytes.Contains(stat, []byte(") Z ")) {
					break // a zombie, for init to reap
				}
				if i == 50 {
					t.Fatalf("process %d still runs", pid)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
