//go:build js && wasm

package main

import (
	"bytes"
	"io"
	"strconv"
	"sync"
)

// A conn is the server's byte stream made of the worker's messages: each
// message from the page is framed with a Content-Length header and read
// by the server's stream; each frame the server writes is unframed and
// posted to the page. Writes of the stream are whole frames (one Write a
// frame), but conn does not rely on it: it cuts frames out of what it
// has been given.
type conn struct {
	post func(string)

	mu     sync.Mutex
	cond   *sync.Cond
	in     bytes.Buffer // framed messages from the page not read yet
	closed bool

	out []byte // bytes written by the server not posted yet
}

func newConn(post func(string)) *conn {
	c := &conn{post: post}
	c.cond = sync.NewCond(&c.mu)
	return c
}

// deliver queues one message from the page for the server.
func (c *conn) deliver(msg string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.in.WriteString("Content-Length: ")
	c.in.WriteString(strconv.Itoa(len(msg)))
	c.in.WriteString("\r\n\r\n")
	c.in.WriteString(msg)
	c.cond.Signal()
}

// Read implements io.Reader: it waits for a message from the page.
func (c *conn) Read(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.in.Len() == 0 && !c.closed {
		c.cond.Wait()
	}
	if c.in.Len() == 0 {
		return 0, io.EOF
	}
	return c.in.Read(p)
}

// Write implements io.Writer: it posts each whole frame's body to the page.
func (c *conn) Write(p []byte) (int, error) {
	c.out = append(c.out, p...)
	for {
		body, rest, ok := cutFrame(c.out)
		if !ok {
			break
		}
		c.post(string(body))
		c.out = rest
	}
	if len(c.out) == 0 {
		c.out = c.out[:0:0] // let a large frame's buffer go
	}
	return len(p), nil
}

// Close ends the server's reads.
func (c *conn) Close() error {
	c.mu.Lock()
	c.closed = true
	c.cond.Broadcast()
	c.mu.Unlock()
	return nil
}

// cutFrame returns the body of the first whole frame in b and the bytes
// after it; ok is false while the frame is incomplete. The header block
// is the server's own (Content-Length only).
func cutFrame(b []byte) (body, rest []byte, ok bool) {
	end := bytes.Index(b, []byte("\r\n\r\n"))
	if end < 0 {
		return nil, b, false
	}
	n := -1
	for _, line := range bytes.Split(b[:end], []byte("\r\n")) {
		name, value, found := bytes.Cut(line, []byte(":"))
		if found && bytes.EqualFold(bytes.TrimSpace(name), []byte("Content-Length")) {
			v, err := strconv.Atoi(string(bytes.TrimSpace(value)))
			if err == nil && v >= 0 {
				n = v
			}
		}
	}
	start := end + 4
	if n < 0 {
		// Not a frame of the server's: drop the header block, try the rest.
		return cutFrame(b[start:])
	}
	if len(b)-start < n {
		return nil, b, false
	}
	return b[start : start+n], b[start+n:], true
}
