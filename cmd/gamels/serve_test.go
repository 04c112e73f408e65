package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// frames writes JSON-RPC messages with their base-protocol headers.
func frames(msgs ...string) *bytes.Buffer {
	var b bytes.Buffer
	for _, m := range msgs {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	return &b
}

// TestServeStdioFlag: clients that pass --stdio get the server as usual,
// and a session that shuts down before exiting ends with status 0; one
// whose input just ends, with status 1.
func TestServeStdioFlag(t *testing.T) {
	session := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}`,
		`{"jsonrpc":"2.0","method":"exit","params":null}`,
	}
	for _, tc := range []struct {
		args   []string
		msgs   []string
		status int
	}{
		{[]string{"serve", "--stdio"}, session, 0},
		{[]string{"serve"}, session, 0},
		{[]string{"serve", "--stdio"}, session[:2], 1},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, frames(tc.msgs...), &stdout, &stderr)
		if status != tc.status {
			t.Errorf("%v with %d messages: status %d, want %d; stderr %s", tc.args, len(tc.msgs), status, tc.status, stderr.String())
		}
		if !strings.Contains(stdout.String(), `"id":1,"result":{"capabilities"`) {
			t.Errorf("%v: no initialize answer on stdout: %.200s", tc.args, stdout.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"serve", "--bogus"}, frames(), &stdout, &stderr); status != 2 || stdout.Len() != 0 {
		t.Errorf("unknown flag: status %d, stdout %q", status, stdout.String())
	}
}

// TestServeLogLevel: a healthy session writes nothing on stderr by
// default (clients show a server's stderr as errors); --log-level info
// brings the ordinary lines back, and a --log-file gets them by default.
func TestServeLogLevel(t *testing.T) {
	session := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}`,
		`{"jsonrpc":"2.0","method":"exit","params":null}`,
	}
	logFile := filepath.Join(t.TempDir(), "serve.log")
	for _, tc := range []struct {
		args     []string
		wantInfo bool
	}{
		{[]string{"serve"}, false},
		{[]string{"serve", "--log-level", "info"}, true},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(tc.args, frames(session...), &stdout, &stderr); status != 0 {
			t.Fatalf("%v: status %d; stderr %s", tc.args, status, stderr.String())
		}
		if got := strings.Contains(stderr.String(), "\tinfo\t"); got != tc.wantInfo {
			t.Errorf("%v: info lines on stderr %v, want %v: %q", tc.args, got, tc.wantInfo, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"serve", "--log-file", logFile}, frames(session...), &stdout, &stderr); status != 0 || stderr.Len() != 0 {
		t.Fatalf("--log-file: status %d, stderr %q", status, stderr.String())
	}
	b, err := os.ReadFile(logFile)
	if err != nil || !strings.Contains(string(b), "\tinfo\tinitialize") {
		t.Errorf("--log-file: no info lines in the file (%v): %q", err, b)
	}
}
