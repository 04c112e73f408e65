package solution

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	noexec := filepath.Join(dir, "noexec")
	if err := os.WriteFile(noexec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	short := Limits{Time: 2 * time.Second, Output: 1 << 20}
	for _, tc := range []struct {
		name   string
		argv   []string
		input  string
		lim    Limits
		ending Ending
		exit   int
		signal string
		stdout string
		stderr string // a part of the tail
		start  string // a part of the StartError
	}{
		{name: "cat", argv: []string{"cat"}, input: "X WINS\n", lim: short, stdout: "X WINS\n"},
		{name: "status", argv: []string{"sh", "-c", "echo oops >&2; exit 3"}, lim: short, exit: 3, stderr: "oops"},
		{name: "signal", argv: []string{"sh", "-c", "kill -SEGV $$"}, lim: short, ending: Signaled, signal: "SIGSEGV"},
		{name: "ignores stdin", argv: []string{"true"}, input: strings.Repeat("x", 1<<20), lim: short},
		{name: "time", argv: []string{"sleep", "10"}, lim: Limits{Time: 100 * time.Millisecond}, ending: TimeLimit},
		// The shell's child holds the output open: it is killed with it.
		{name: "time, grandchild", argv: []string{"sh", "-c", "sleep 10 & wait"}, lim: Limits{Time: 100 * time.Millisecond}, ending: TimeLimit},
		{name: "output", argv: []string{"yes"}, lim: Limits{Time: 5 * time.Second, Output: 1000}, ending: OutputLimit, stdout: strings.Repeat("y\n", 500)},
		{name: "memory", argv: []string{"python3", "-c", "b = bytearray(400 << 20)"}, lim: Limits{Time: 5 * time.Second, Memory: 100 << 20}, exit: 1, stderr: "MemoryError"},
		{name: "not found", argv: []string{"gamels-no-such-program"}, start: `cannot start "gamels-no-such-program": not found in $PATH`},
		{name: "no file", argv: []string{"./no-such-file"}, start: `cannot start "./no-such-file": no such file`},
		{name: "directory", argv: []string{dir}, start: "it is a directory"},
		{name: "not executable", argv: []string{noexec}, start: "it is not executable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.argv[0] == "python3" {
				if _, err := lookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			r, err := Run(context.Background(), tc.argv, []byte(tc.input), tc.lim)
			if tc.start != "" {
				var se *StartError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.start) {
					t.Fatalf("err = %v, want a StartError with %q", err, tc.start)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Ending != tc.ending || r.Exit != tc.exit || r.Signal != tc.signal {
				t.Errorf("ending %d exit %d signal %q (%s), want %d %d %q", r.Ending, r.Exit, r.Signal, r, tc.ending, tc.exit, tc.signal)
			}
			if tc.stdout != "" && string(r.Stdout) != tc.stdout {
				t.Errorf("stdout %q, want %q", trim(r.Stdout), trim([]byte(tc.stdout)))
			}
			if !strings.Contains(string(r.StderrTail), tc.stderr) {
				t.Errorf("stderr %q, want it to hold %q", r.StderrTail, tc.stderr)
			}
			if tc.lim.Time > 0 && r.Time > tc.lim.Time+2*time.Second {
				t.Errorf("took %v with a limit of %v", r.Time, tc.lim.Time)
			}
		})
	}
}

func trim(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// TestRunInterrupted: when the caller's context is done the program and
// what it started are killed, and the Result says so.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	r, err := Run(ctx, []string{"sh", "-c", "sleep 10 & sleep 10"}, nil, Limits{Time: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ending != Interrupted {
		t.Fatalf("ending %d (%s), want Interrupted", r.Ending, r)
	}
}

func TestTail(t *testing.T) {
	var w tailWriter
	for i := 0; i < 1000; i++ {
		w.Write([]byte("0123456789"))
	}
	w.Write([]byte("end"))
	b := w.bytes()
	if len(b) != TailSize || !strings.HasSuffix(string(b), "789end") {
		t.Fatalf("tail of %d bytes ending %q", len(b), b[len(b)-10:])
	}
}

// TestRunKillsGroup: at the limit the processes the program started die
// with it, also those that do not hold its output.
func TestRunKillsGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	script := "sleep 30 >/dev/null 2>&1 & echo $! >" + pidFile + "; sleep 30"
	r, err := Run(context.Background(), []string{"sh", "-c", script}, nil, Limits{Time: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ending != TimeLimit {
		t.Fatalf("ending %d (%s), want TimeLimit", r.Ending, r)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		// Gone, or a zombie waiting for its reaper (init): /proc says Z.
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") {
			break
		}
		if syscall.Kill(pid, 0) != nil {
			break
		}
		if i == 50 {
			t.Fatalf("the background sleep %d still runs", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
