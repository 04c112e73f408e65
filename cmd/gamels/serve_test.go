package main

import (
	"bytes"
	"fmt"
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
