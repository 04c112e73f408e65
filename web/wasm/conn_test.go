//go:build js && wasm

package main

import (
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Run with GOOS=js GOARCH=wasm go test ./web/wasm, with
// $(go env GOROOT)/lib/wasm on PATH (go_js_wasm_exec runs it in Node).

func TestCutFrame(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		body, rest string
		ok         bool
	}{
		{"whole", "Content-Length: 2\r\n\r\n{}", "{}", "", true},
		{"two", "Content-Length: 2\r\n\r\n{}Content-Length: 1\r\n\r\n1", "{}", "Content-Length: 1\r\n\r\n1", true},
		{"lower case, spaces", "content-length:  3 \r\n\r\n[1]", "[1]", "", true},
		{"other header", "Content-Type: x\r\nContent-Length: 1\r\n\r\n1", "1", "", true},
		{"body short", "Content-Length: 5\r\n\r\n{}", "", "Content-Length: 5\r\n\r\n{}", false},
		{"header short", "Content-Length: 5\r\n", "", "Content-Length: 5\r\n", false},
		{"no length, then a frame", "X: 1\r\n\r\nContent-Length: 1\r\n\r\n7", "7", "", true},
		{"bad length", "Content-Length: -1\r\n\r\n", "", "", false},
		{"empty", "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, rest, ok := cutFrame([]byte(tt.in))
			if diff := cmp.Diff([]any{tt.body, tt.rest, tt.ok}, []any{string(body), string(rest), ok}); diff != "" {
				t.Errorf("cutFrame(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestConn sends messages through a conn both ways: the page's messages
// are read as frames, the server's frames are posted as messages, however
// the writes are cut.
func TestConn(t *testing.T) {
	var posted []string
	c := newConn(func(s string) { posted = append(posted, s) })
	c.deliver(`{"a":1}`)
	c.deliver(`{"b":"é"}`)
	c.Close()
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	want := "Content-Length: 7\r\n\r\n{\"a\":1}Content-Length: 10\r\n\r\n{\"b\":\"é\"}"
	if string(got) != want {
		t.Errorf("read %q, want %q", got, want)
	}
	frames := "Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]"
	for _, cut := range []int{1, 5, 21, 22, 30} {
		posted = nil
		c := newConn(func(s string) { posted = append(posted, s) })
		c.Write([]byte(frames[:cut]))
		c.Write([]byte(frames[cut:]))
		if diff := cmp.Diff([]string{"{}", "[1]"}, posted); diff != "" {
			t.Errorf("cut at %d (-want +got):\n%s", cut, diff)
		}
	}
}

func FuzzCutFrame(f *testing.F) {
	f.Add("Content-Length: 2\r\n\r\n{}")
	f.Add("X: 1\r\n\r\nContent-Length: 1\r\n\r\n7")
	f.Fuzz(func(t *testing.T, in string) {
		body, rest, ok := cutFrame([]byte(in))
		if !ok && body != nil {
			t.Errorf("no frame but a body %q", body)
		}
		if len(rest) > len(in) || !strings.HasSuffix(in, string(rest)) {
			t.Errorf("rest %q is not a tail of the input", rest)
		}
	})
}
