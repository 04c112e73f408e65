package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/internal/gen"
)

// fakeConn is a Stream's byte stream: it reads in and records what the
// Stream writes.
type fakeConn struct {
	in  io.Reader
	out bytes.Buffer
}

func (c *fakeConn) Read(b []byte) (int, error)  { return c.in.Read(b) }
func (c *fakeConn) Write(b []byte) (int, error) { return c.out.Write(b) }
func (c *fakeConn) Close() error                { return nil }

// frame frames a body as a client does.
func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// readFrames splits what a Stream wrote into frame bodies, with a reader
// of its own (not the Stream's): every frame must be exactly
// "Content-Length: N\r\n\r\n" and N bytes.
func readFrames(t *testing.T, out []byte) []string {
	t.Helper()
	r := bufio.NewReader(bytes.NewReader(out))
	var bodies []string
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return bodies
		}
		n, ok := strings.CutPrefix(line, "Content-Length: ")
		length, err := strconv.Atoi(strings.TrimSuffix(n, "\r\n"))
		if !ok || err != nil || !strings.HasSuffix(n, "\r\n") {
			t.Fatalf("the stream wrote a bad header line %q in %q", line, out)
		}
		if blank, _ := r.ReadString('\n'); blank != "\r\n" {
			t.Fatalf("no blank line after the header in %q", out)
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatalf("a frame's body is cut short in %q", out)
		}
		bodies = append(bodies, string(body))
	}
}

// readAll reads messages from a Stream over in until it fails, and
// returns them (as their JSON), the frames the Stream wrote back, and
// the error that ended the reading.
func readAll(t *testing.T, in string) (msgs, wrote []string, end error) {
	t.Helper()
	conn := &fakeConn{in: strings.NewReader(in)}
	s := NewStream(conn, nil)
	for {
		msg, _, err := s.Read(context.Background())
		if err != nil {
			return msgs, readFrames(t, conn.out.Bytes()), err
		}
		b, err := jsonrpc2.EncodeMessage(msg)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, string(b))
	}
}

// TestStreamRead reads broken input of every kind and checks what the
// Stream delivers, what it answers, and how it ends.
func TestStreamRead(t *testing.T) {
	const (
		ping     = `{"jsonrpc":"2.0","method":"ping","id":1}`
		note     = `{"jsonrpc":"2.0","method":"note","params":{"a":1}}`
		parseErr = `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"gamels: the message is not valid JSON"}}`
	)
	invalid := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32600,"message":"gamels: invalid request: it needs \"jsonrpc\":\"2.0\", a string method, and an id that is a string or an integer (at most 64 bits); batches are not supported"}}`
	}
	const tooLarge = `{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":1,` +
		`"message":"gamels: a message of more than 134217728 bytes was ignored: the limit is 134217728 bytes (128 MiB)"}}`
	for _, tc := range []struct {
		name  string
		in    string
		msgs  []string // the messages read, as jsonrpc2 encodes them
		wrote []string // the frames the stream wrote back
		end   error
	}{
		{name: "two frames", in: frame(ping) + frame(note), msgs: []string{ping, note}, end: io.EOF},
		{name: "nothing", in: "", end: io.EOF},
		{name: "garbage before", in: "hello\r\n\r\n" + frame(ping), msgs: []string{ping}, end: io.EOF},
		{name: "header case and other fields", in: "content-type: application/json\r\nCONTENT-LENGTH:  " +
			strconv.Itoa(len(ping)) + " \r\n\r\n" + ping, msgs: []string{ping}, end: io.EOF},
		{name: "bare line ends", in: "Content-Length: " + strconv.Itoa(len(ping)) + "\n\n" + ping, msgs: []string{ping}, end: io.EOF},
		{name: "not JSON", in: frame("{oops") + frame(ping), msgs: []string{ping}, wrote: []string{parseErr}, end: io.EOF},
		{
			// The length is too large: the body takes the start of the next
			// frame, which is found again in its bytes.
			name: "length too large",
			in:   "Content-Length: " + strconv.Itoa(len(ping)+10) + "\r\n\r\n" + ping + frame(note),
			msgs: []string{note}, wrote: []string{parseErr}, end: io.EOF,
		},
		{name: "no method, with id", in: frame(`{"jsonrpc":"2.0","id":7,"method":3}`) + frame(ping),
			msgs: []string{ping}, wrote: []string{invalid("7")}, end: io.EOF},
		{name: "string id kept", in: frame(`{"jsonrpc":"1.0","id":"x","method":"m"}`),
			wrote: []string{invalid(`"x"`)}, end: io.EOF},
		{name: "huge id echoed", in: frame(`{"id":123456789012345678901234567890,"method":"m"}`),
			wrote: []string{invalid("123456789012345678901234567890")}, end: io.EOF},
		{name: "object id is null", in: frame(`{"id":{},"method":"m"}`), wrote: []string{invalid("null")}, end: io.EOF},
		{name: "batch", in: frame(`[` + ping + `]`), wrote: []string{invalid("null")}, end: io.EOF},
		{name: "malformed response dropped", in: frame(`{"jsonrpc":"2.0","id":3}`) + frame(ping), msgs: []string{ping}, end: io.EOF},
		{name: "over MaxFrameSize", in: "Content-Length: " + strconv.Itoa(MaxFrameSize+1) + "\r\n\r\n" + frame(ping),
			msgs: []string{ping}, wrote: []string{tooLarge}, end: io.EOF},
		{name: "beyond any integer", in: "Content-Length: 99999999999999999999999999\r\n\r\n" + frame(ping),
			msgs: []string{ping}, wrote: []string{tooLarge}, end: io.EOF},
		{name: "at MaxFrameSize, cut short", in: "Content-Length: " + strconv.Itoa(MaxFrameSize) + "\r\n\r\n{}", end: io.ErrUnexpectedEOF},
		{name: "bad length", in: "Content-Length: 1x\r\n\r\n" + frame(ping), msgs: []string{ping}, end: io.EOF},
		{name: "end in the header", in: frame(ping) + "Content-Length: 5\r\n", msgs: []string{ping}, end: io.ErrUnexpectedEOF},
		{name: "end in the body", in: frame(ping) + "Content-Length: 50\r\n\r\n{", msgs: []string{ping}, end: io.ErrUnexpectedEOF},
		{name: "end after a token", in: "Content-Length:", end: io.ErrUnexpectedEOF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs, wrote, end := readAll(t, tc.in)
			if diff := cmp.Diff(tc.msgs, msgs); diff != "" {
				t.Errorf("messages read (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wrote, wrote); diff != "" {
				t.Errorf("frames written (-want +got):\n%s", diff)
			}
			if !errors.Is(end, tc.end) {
				t.Errorf("reading ended with %v, want %v", end, tc.end)
			}
		})
	}
}

// TestStreamWrite writes messages and reads them back with an
// independent frame reader and with a Stream.
func TestStreamWrite(t *testing.T) {
	conn := &fakeConn{in: strings.NewReader("")}
	s := NewStream(conn, nil)
	big := strings.Repeat("é", 1<<20) // larger than the pooled buffers
	msgs := []jsonrpc2.Message{
		jsonrpc2.NewNotification("a", jsonrpc2.RawMessage(`{"x":1}`)),
		jsonrpc2.NewNotification("b", jsonrpc2.RawMessage(strconv.Quote(big))),
		jsonrpc2.NewNotification("c", nil),
	}
	var want []string
	for _, m := range msgs {
		body, err := jsonrpc2.EncodeMessage(m)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, string(body))
		n, err := s.Write(context.Background(), m)
		if err != nil || n != int64(len(frame(string(body)))) {
			t.Fatalf("Write: %d bytes, %v; want %d", n, err, len(frame(string(body))))
		}
	}
	if diff := cmp.Diff(want, readFrames(t, conn.out.Bytes())); diff != "" {
		t.Errorf("frames (-want +got):\n%s", diff)
	}
	got, _, end := readAll(t, conn.out.String())
	if diff := cmp.Diff(want, got); diff != "" || end != io.EOF {
		t.Errorf("read back (-want +got), end %v:\n%s", end, diff)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Write(ctx, msgs[0]); err == nil {
		t.Error("Write with a cancelled context succeeded")
	}
}

// FuzzStreamRead reads arbitrary bytes through a Stream: it must end with
// io.EOF or io.ErrUnexpectedEOF, deliver only messages, and write back
// only well-formed frames of JSON-RPC 2.0 objects.
func FuzzStreamRead(f *testing.F) {
	f.Add([]byte(frame(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)))
	f.Add([]byte("garbage" + frame(`{oops`) + "Content-Length: 12\r\n\r\n{\"jsonrpc\":1}"))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n" + frame(`{"jsonrpc":"2.0","method":"x"}`)))
	f.Add([]byte("Content-Length: 100000000\r\n\r\n{"))
	f.Add([]byte("content-length:5\n\n[1,2]Content-Length: 2\r\nContent-Type: x\r\n\r\n{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, wrote, end := readAll(t, string(data))
		if end != io.EOF && end != io.ErrUnexpectedEOF {
			t.Fatalf("reading ended with %v", end)
		}
		for _, body := range wrote {
			var m struct {
				JSONRPC string `json:"jsonrpc"`
			}
			if err := json.Unmarshal([]byte(body), &m); err != nil || m.JSONRPC != "2.0" {
				t.Fatalf("the stream wrote %q (%v)", body, err)
			}
		}
	})
}

// manyText is the 10 MB transcript of the server's open benchmarks
// (lsp's perfInput("many")): the same generator, the same seed.
func manyText() string {
	return string(gen.Pousse(6, gen.PousseOptions{Games: 1000, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000}))
}

// BenchmarkStreamRead reads a 10 MB didOpen frame through a Stream from
// a net.Pipe, as the server does: frame, body, message.
func BenchmarkStreamRead(b *testing.B) {
	params, err := protocol.Marshal(&protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: "file:///many.pousse", Version: 1, Text: manyText()},
	})
	if err != nil {
		b.Fatal(err)
	}
	body, err := jsonrpc2.EncodeMessage(jsonrpc2.NewNotification(protocol.MethodTextDocumentDidOpen, params))
	if err != nil {
		b.Fatal(err)
	}
	data := []byte(frame(string(body)))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		a, c := net.Pipe()
		go func() {
			c.Write(data)
			c.Close()
		}()
		s := NewStream(a, nil)
		if _, _, err := s.Read(context.Background()); err != nil {
			b.Fatal(err)
		}
		a.Close()
	}
}

// TestReadBodyPieces reads bodies around the sizes where readBody
// changes pieces, through a transport that returns a few bytes at a
// time, and then one whose header claims far more than arrives: what is
// allocated follows what arrived.
func TestReadBodyPieces(t *testing.T) {
	for _, n := range []int{1, 64<<10 - 1, 64 << 10, 64<<10 + 1, 128<<10 + 7, 1 << 20, 3<<20 + 5} {
		params := `{"t":"` + strings.Repeat("x", n) + `"}`
		body := `{"jsonrpc":"2.0","method":"m","params":` + params + `}`
		conn := &fakeConn{in: iotest.HalfReader(strings.NewReader(frame(body) + frame(body)))}
		s := NewStream(conn, nil)
		for range 2 {
			msg, _, err := s.Read(context.Background())
			if err != nil {
				t.Fatalf("%d bytes: %v", n, err)
			}
			if got := string(msg.(*jsonrpc2.Notification).Params()); got != params {
				t.Fatalf("%d bytes: params of %d bytes, want %d", n, len(got), len(params))
			}
		}
	}
	const arrived = 3 << 20
	in := "Content-Length: 100000000\r\n\r\n" + strings.Repeat(" ", arrived)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := NewStream(&fakeConn{in: strings.NewReader(in)}, nil).Read(context.Background())
	runtime.ReadMemStats(&after)
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("read ended with %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 2*arrived+1<<20 {
		t.Errorf("%d bytes allocated for %d received", grew, arrived)
	}
}
