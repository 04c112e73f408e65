package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestUseColor: --color always and never say it; auto colours a
// terminal only, and not when NO_COLOR is set (to anything but "") or
// TERM is dumb.
func TestUseColor(t *testing.T) {
	tty := openPTY(t)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	for _, tc := range []struct {
		mode string
		out  *os.File
		env  map[string]string
		want bool
	}{
		{"auto", tty, nil, true},
		{"auto", tty, map[string]string{"TERM": "xterm-256color"}, true},
		{"auto", tty, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", tty, map[string]string{"NO_COLOR": ""}, true},
		{"auto", tty, map[string]string{"TERM": "dumb"}, false},
		{"auto", devnull, nil, false}, // a character device, not a terminal
		{"always", devnull, map[string]string{"NO_COLOR": "1"}, true},
		{"never", tty, nil, false},
	} {
		got, err := useColor(tc.mode, tc.out, func(k string) string { return tc.env[k] })
		if err != nil || got != tc.want {
			t.Errorf("%s on %s with %v: %v, %v; want %v", tc.mode, tc.out.Name(), tc.env, got, err, tc.want)
		}
	}
	if _, err := useColor("blue", tty, os.Getenv); err == nil {
		t.Error("--color blue accepted")
	}
}

// TestShowColorEnvironment runs show on a terminal and reads what it
// drew: coloured, unless NO_COLOR or TERM=dumb says not to.
func TestShowColorEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env  [2]string
		want bool
	}{
		{[2]string{"TERM", "xterm"}, true},
		{[2]string{"NO_COLOR", "1"}, false},
		{[2]string{"TERM", "dumb"}, false},
	} {
		t.Run(tc.env[0]+"="+tc.env[1], func(t *testing.T) {
			ptmx, tty := openPTYPair(t)
			t.Setenv("NO_COLOR", "")
			t.Setenv("TERM", "xterm")
			t.Setenv(tc.env[0], tc.env[1])
			var errb strings.Builder
			if s := run([]string{"show", "../../testdata/examples/sample.pousse:20"}, nil, tty, &errb); s != 0 {
				t.Fatalf("status %d, %s", s, errb.String())
			}
			var drawn []byte
			buf := make([]byte, 4096)
			ptmx.SetReadDeadline(time.Now().Add(2 * time.Second))
			for !strings.Contains(string(drawn), "the game ends") {
				n, err := ptmx.Read(buf)
				drawn = append(drawn, buf[:n]...)
				if err != nil {
					t.Fatalf("reading the terminal: %v after %q", err, drawn)
				}
			}
			if got := strings.Contains(string(drawn), "\x1b["); got != tc.want {
				t.Errorf("coloured %v, want %v:\n%q", got, tc.want, drawn)
			}
		})
	}
}
