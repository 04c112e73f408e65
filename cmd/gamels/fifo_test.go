//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFmtWriteFIFO: fmt -w refuses a FIFO (here one with no writer,
// which blocked the old fmt -w forever in its open) at once, says it is
// not a regular file, goes on with the other files and exits 1 (issue
// 23 item 9). A symbolic link to a FIFO is refused the same way.
func TestFmtWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.pousse")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	link := filepath.Join(dir, "link.pousse")
	os.Symlink(fifo, link)
	messy := filepath.Join(dir, "messy.pousse")
	os.WriteFile(messy, []byte("1\nL1   \nQUIT\n"), 0o644)
	for _, name := range []string{fifo, link} {
		type result struct {
			status         int
			stdout, stderr string
		}
		done := make(chan result, 1)
		go func() {
			s, o, e := runCLI("", "fmt", "-w", name, messy)
			done <- result{s, o, e}
		}()
		select {
		case r := <-done:
			if r.status != exitProblem || !strings.Contains(r.stderr, "not a regular file") {
				t.Errorf("%s: status %d, stderr %q", name, r.status, r.stderr)
			}
		case <-time.After(10 * time.Second):
			// Release the blocked open, then fail.
			if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				w.Close()
			}
			<-done
			t.Fatalf("%s: fmt -w still blocked after 10 s", name)
		}
		if got, _ := os.ReadFile(messy); string(got) != "1\nL1\nQUIT\n" {
			t.Errorf("%s: the other file was not formatted: %q", name, got)
		}
		os.WriteFile(messy, []byte("1\nL1   \nQUIT\n"), 0o644)
	}
}
