package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamels/parse"
)

// boundedRun runs gamels (this test binary, see TestMain) in a child
// process whose data segment is limited to dataMiB (ulimit -d: the heap
// of a Go program; its address space reservations are not counted), for
// at most timeout, with stdin from the file in ("" for none). It returns
// the exit status (-1 when killed), stderr (its first 4 KiB) and the
// child's peak resident memory in bytes. A regression that allocates
// without bound meets the limit and fails fast instead of eating the
// machine. The stack limit is 1 MiB too: a thread made through cgo
// (runtime/cgo is linked by package net) reserves a stack of the stack
// limit's size, 8 MiB by default, which counts against the data limit;
// at a high load the runtime starts more threads, and judge --run once
// failed in pthread_create with peak RSS at a quarter of the limit.
func boundedRun(t *testing.T, dataMiB int, timeout time.Duration, in string, args ...string) (status int, stderr string, peak int64) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs gamels in child processes on large inputs; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs ulimit -d and the peak RSS of a child (Linux)")
	}
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit a data segment limit; scripts/test-go runs these tests without it")
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	script := "ulimit -s 1024 && ulimit -d " + strconv.Itoa(dataMiB<<10) + " && exec \"$0\" \"$@\""
	cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", script, os.Args[0]}, args...)...)
	peakFile := filepath.Join(t.TempDir(), "peak")
	cmd.Env = append(os.Environ(), "GAMELS_RUN_MAIN=1", "GAMELS_PEAK_FILE="+peakFile)
	if in != "" {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var errBuf limitedBuffer
	cmd.Stderr = &errBuf
	start := time.Now()
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("gamels %s: still running after %v: killed", strings.Join(args, " "), timeout)
	}
	status = cmd.ProcessState.ExitCode()
	if err != nil && status < 0 {
		t.Fatalf("gamels %s: %v", strings.Join(args, " "), err)
	}
	// Not the rusage of the child: a child started with vfork, as Go
	// starts them, inherits the peak of the parent's memory.
	if b, err := os.ReadFile(peakFile); err == nil {
		peak, _ = strconv.ParseInt(string(b), 10, 64)
	}
	t.Logf("gamels %s: status %d in %v, peak RSS %.1f MB", strings.Join(args, " "), status, time.Since(start).Round(time.Millisecond), float64(peak)/1e6)
	return status, errBuf.String(), peak
}

// writePeak writes the peak resident memory of this process, in bytes
// (VmHWM, /proc/self/status), to the file name, when name is set: a
// child run by boundedRun reports it so.
func writePeak(name string) {
	if name == "" {
		return
	}
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			os.WriteFile(name, []byte(strconv.FormatInt(kb<<10, 10)), 0o644)
		}
	}
}

// limitedBuffer keeps the first 4 KiB written to it.
type limitedBuffer struct{ bytes.Buffer }

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := 4096 - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// TestReadLimit: every command that reads a transcript stops at
// --max-size (256 MiB by default) with a clear error, on /dev/zero, on
// standard input and on a file too large, instead of reading on until
// memory runs out (issue 23: check --kind pousse /dev/zero reached 7.4
// GB).
func TestReadLimit(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.pousse")
	if err := os.WriteFile(small, []byte("1\nL1\nQUIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.pousse")
	if err := os.WriteFile(big, bytes.Repeat([]byte("1\nL1\nQUIT\n"), 3<<20/10*10/10), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in   string // standard input
		args []string
	}{
		{"", []string{"check", "--kind", "pousse", "/dev/zero"}},
		{"/dev/zero", []string{"check", "--kind", "pousse", "-"}},
		{"", []string{"judge", "pousse", "/dev/zero"}},
		{"/dev/zero", []string{"judge", "pousse"}},
		{"", []string{"fmt", "--kind", "pousse", "/dev/zero"}},
		{"/dev/zero", []string{"fmt", "--kind", "pousse"}},
		{"", []string{"show", "--kind", "pousse", "/dev/zero"}},
		{"", []string{"analyze", "--kind", "pousse", "/dev/zero"}},
		{"", []string{"check", "--max-size", "1M", big}},
		{"", []string{"fmt", "-w", "--max-size", "1M", big}},
		// The output judge --expect compares, and shrink's input.
		{"", []string{"judge", "pousse", "--expect", "/dev/zero", small}},
		{"/dev/zero", []string{"judge", "pousse", "--expect", "-", small}},
		{"", []string{"shrink", "pousse", "--run", "cat", "-o", filepath.Join(dir, "small"), "/dev/zero"}},
		{"", []string{"shrink", "pousse", "--run", "cat", "-o", filepath.Join(dir, "small"), "--max-size", "1M", big}},
	} {
		// A stream is read in chunks, joined at the end: twice the limit.
		status, stderr, peak := boundedRun(t, 640, 30*time.Second, tc.in, tc.args...)
		if status != exitProblem || !strings.Contains(stderr, "(--max-size)") {
			t.Errorf("%v: status %d, stderr %q; want 1 and the limit named", tc.args, status, stderr)
		}
		if peak > 2*defaultMaxSize+cliFixedBytes {
			t.Errorf("%v: peak RSS %.1f MB, want at most twice the %d MiB read", tc.args, float64(peak)/1e6, defaultMaxSize>>20)
		}
	}
	if status, stdout, stderr := runCLI("", "check", "--max-size", "0", big); status != exitUsage {
		t.Errorf("--max-size 0: status %d, %q %q", status, stdout, stderr)
	}
}

// cliBytesPerByte and cliFixedBytes are the memory bound of check and
// judge that SECURITY.md states: peak RSS at most cliBytesPerByte per
// byte of input plus cliFixedBytes (the runtime, the binary, the
// judge's 64 MiB of collector slack).
const (
	cliBytesPerByte = 10
	cliFixedBytes   = 96 << 20
)

// TestMemoryPerByte: check and judge stay within the stated bound on
// every shape of input, the costliest first: a file of one-move games
// (issue 23: 110 MB of them took check 7.0 GB, 64 bytes per byte), one
// long game, comments, a game per error, and the same for Spot and PATH.
// Each runs in a child process limited to twice the bound, so that a
// regression fails fast.
func TestMemoryPerByte(t *testing.T) {
	const size = 8 << 20
	fill := func(unit string, head, tail string) []byte {
		b := []byte(head)
		for len(b)+len(unit) <= size-len(tail) {
			b = append(b, unit...)
		}
		return append(b, tail...)
	}
	var long strings.Builder
	for i := range size / 4 / 3 {
		fmt.Fprintf(&long, "%c%d\n", "LRTB"[i%4], i%100+1)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		src  []byte
	}{
		{"one-move.pousse", fill("1\nL1\nQUIT\n", "", "")},
		{"counted.pousse", fill("\n1\nL1\nQUIT\n", "838860\n", "")},
		{"long.pousse", []byte("100\n" + long.String() + "QUIT\n")},
		{"comments.pousse", fill("#\n", "1\nL1\nQUIT\n", "")},
		{"errors.pousse", fill("1\nL1\nL1\nQUIT\n", "", "")},
		{"one-move.spot", fill("1\n1 1 +\n1 1 -\n", "", "0\n")},
		{"illegal.spot", fill("2\n1 1 +\n1 1 +\n2 2 +\n2 2 +\n", "", "0\n")},
		{"one-cell.path", fill("1\nW\n", "", "0\n")},
	} {
		name := filepath.Join(dir, tc.name)
		if err := os.WriteFile(name, tc.src, 0o644); err != nil {
			t.Fatal(err)
		}
		bound := int64(len(tc.src))*cliBytesPerByte + cliFixedBytes
		kind, _ := parse.KindOf(name)
		// The verdicts, for judge --expect and --run.
		out := name + ".out"
		var verdicts bytes.Buffer
		judge(kind, parse.RulesDefault, name, tc.src, &verdicts, io.Discard)
		if err := os.WriteFile(out, verdicts.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"check", name}, {"check", "--json", name}, {"judge", kind.String(), name},
			{"judge", kind.String(), "--expect", out, name},
			{"judge", kind.String(), "-v", "--expect", out, name},
			{"judge", kind.String(), "--run", "sh -c 'exec cat \"$0\"' " + out, name},
		} {
			status, stderr, peak := boundedRun(t, int(2*bound>>20), 60*time.Second, "", args...)
			if status != exitOK && status != exitProblem {
				t.Errorf("%v: status %d (out of memory?): %s", args, status, stderr)
			}
			if peak > bound {
				t.Errorf("%v: peak RSS %.1f MB, %.1f bytes per byte of input: over the bound of %d per byte + %d MiB",
					args, float64(peak)/1e6, float64(peak)/float64(len(tc.src)), cliBytesPerByte, cliFixedBytes>>20)
			}
		}
	}
}

// shrinkBytesPerByte is shrink's memory bound that SECURITY.md states:
// peak RSS at most shrinkBytesPerByte per byte of INPUT plus
// cliFixedBytes.
const shrinkBytesPerByte = 20

// TestShrinkMemory: shrink keeps its bound on 8 MB of one-move games,
// the costliest shape, while it cuts them down: a solution that crashes
// on any input over 2 MB, so that the candidates are large.
func TestShrinkMemory(t *testing.T) {
	const size = 8 << 20
	src := bytes.Repeat([]byte("1\nL1\nQUIT\n"), size/10)
	dir := t.TempDir()
	name := filepath.Join(dir, "in.pousse")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	bound := int64(len(src))*shrinkBytesPerByte + cliFixedBytes
	status, stderr, peak := boundedRun(t, int(2*bound>>20), 120*time.Second, "",
		"shrink", "pousse", "--max-runs", "8", "--run", `sh -c '[ $(wc -c) -lt 2000000 ]'`, "-o", filepath.Join(dir, "small.pousse"), name)
	if status != exitProblem || !strings.Contains(stderr, "stopped after --max-runs 8 runs") {
		t.Errorf("status %d, stderr %s", status, stderr)
	}
	if peak > bound {
		t.Errorf("peak RSS %.1f MB, %.1f bytes per byte of input: over the bound of %d per byte + %d MiB",
			float64(peak)/1e6, float64(peak)/float64(len(src)), shrinkBytesPerByte, cliFixedBytes>>20)
	}
}
