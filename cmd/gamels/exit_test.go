package main

import (
	"bufio"
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
)

// buildGamels builds the command into a temporary directory, with a
// link-time version, and returns the binary's path.
func buildGamels(t *testing.T, version string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gamels")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-ldflags", "-X main.version="+version, "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// readFrame reads one base-protocol frame.
func readFrame(r *bufio.Reader) (string, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if n, err = strconv.Atoi(v); err != nil {
				return "", err
			}
		}
	}
	if n < 0 {
		return "", fmt.Errorf("frame without Content-Length")
	}
	body := make([]byte, n)
	_, err := io.ReadFull(r, body)
	return string(body), err
}

// TestServeExitsAtOnce runs the built server as a process whose stdin
// stays open (as editors keep it) and checks that it exits, with status
// 0, right after the exit notification that follows shutdown: it must not
// wait for stdin to end. The answer to shutdown is on stdout before.
func TestServeExitsAtOnce(t *testing.T) {
	bin := buildGamels(t, "v0.0.0-exittest")
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "gamels v0.0.0-exittest") {
		t.Fatalf("%s version: %q, %v; want the -X main.version", bin, out, err)
	}

	cmd := exec.Command(bin, "serve", "--log-level", "error")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdoutPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	done := make(chan error, 1)
	stdout := bufio.NewReader(stdoutPipe)
	send := func(m string) {
		t.Helper()
		if _, err := fmt.Fprintf(stdin, "Content-Length: %d\r\n\r\n%s", len(m), m); err != nil {
			t.Fatalf("write %s: %v", m, err)
		}
	}
	// answer reads frames until the answer to request id.
	answer := func(id int) string {
		t.Helper()
		prefix := fmt.Sprintf(`"id":%d,`, id)
		for {
			f, err := readFrame(stdout)
			if err != nil {
				t.Fatalf("reading the answer to %d: %v", id, err)
			}
			if strings.Contains(f, prefix) {
				return f
			}
		}
	}
	timer := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if a := answer(1); !strings.Contains(a, `"capabilities"`) {
		t.Fatalf("initialize: %s", a)
	}
	send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}`)
	if a := answer(2); !strings.Contains(a, `"result":null`) {
		t.Fatalf("shutdown: %s", a)
	}
	go func() {
		io.Copy(io.Discard, stdout) // until the process closes stdout
		done <- cmd.Wait()
	}()
	start := time.Now()
	send(`{"jsonrpc":"2.0","method":"exit","params":null}`)
	err = <-done
	took := time.Since(start)
	if err != nil {
		t.Fatalf("the server's exit: %v (after %v)", err, took)
	}
	t.Logf("exited %v after the exit notification, stdin still open", took)
	if took > 500*time.Millisecond {
		t.Errorf("exited %v after exit, want well under 100ms", took)
	}
}
