package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"gamels/lsp/wire"
)

// rawMsg is one message the server wrote, decoded loosely.
type rawMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	body []byte
}

func (m *rawMsg) isResponse() bool { return m.Method == "" }

// A rawSession drives a server with raw bytes over net.Pipe and reads
// back every frame it writes, whatever their shape.
type rawSession struct {
	t    *testing.T
	conn net.Conn
	srv  *Server
	exit chan int
	in   chan *rawMsg
	out  chan rawWrite

	// Messages received but not yet claimed by wait: notifications and
	// responses to other ids.
	seen []*rawMsg
}

func startRaw(t *testing.T, hook func(ctx context.Context, method string)) *rawSession {
	t.Helper()
	a, b := net.Pipe()
	srv := NewServer(Options{
		Logger:   zaptest.NewLogger(t, zaptest.Level(zap.ErrorLevel)).Core(),
		Debounce: 5 * time.Millisecond,
		MaxDelay: 50 * time.Millisecond,
	})
	setTestHook(t, hook)
	rs := &rawSession{t: t, conn: b, srv: srv, exit: make(chan int, 1), in: make(chan *rawMsg, 1<<12), out: make(chan rawWrite, 1<<10)}
	stop := make(chan struct{})
	go func() {
		// One writer, so that the bytes arrive in the order sent.
		for {
			select {
			case w := <-rs.out:
				b.Write([]byte(w.data))
				if w.done != nil {
					close(w.done)
				}
			case <-stop:
				return
			}
		}
	}()
	go func() { rs.exit <- srv.Serve(context.Background(), wire.NewStream(a, srv.opts.Logger)) }()
	go func() {
		// The server's output, frame by frame, read by the tests' own frame
		// reader, without decoding: every body must be one JSON object.
		rd := bufio.NewReader(b)
		defer close(rs.in)
		for {
			body, err := readFrameBody(rd)
			if err != nil {
				return
			}
			m := &rawMsg{body: body}
			if err := json.Unmarshal(body, m); err != nil || !json.Valid(body) {
				t.Errorf("the server wrote a frame that is not a JSON object: %q", body)
				continue
			}
			rs.in <- m
		}
	}()
	t.Cleanup(func() {
		close(stop)
		b.Close()
		select {
		case <-rs.exit:
		case <-time.After(5 * time.Second):
			t.Errorf("server did not stop after the connection closed")
		}
	})
	return rs
}

// readFrameBody reads one frame the server wrote, with a reader of the
// tests' own, stricter than the server's: a "Content-Length: N" header
// line, any other header lines, a blank line, then N bytes. Its error is
// the reader's (io.EOF at the end) or the malformed header's.
func readFrameBody(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if length, err = strconv.Atoi(v); err != nil {
				return nil, fmt.Errorf("bad header line %q", line)
			}
		}
	}
	if length < 0 {
		return nil, errors.New("a frame without Content-Length")
	}
	body := make([]byte, length)
	_, err := io.ReadFull(r, body)
	return body, err
}

// frame frames a body.
func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// call returns a request body; id and params are raw JSON.
func call(id, method, params string) string {
	if params == "" {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q}`, id, method)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params)
}

// note returns a notification body; params is raw JSON.
func note(method, params string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params)
}

type rawWrite struct {
	data string
	done chan struct{}
}

// send queues raw to be written.
func (rs *rawSession) send(raw string) {
	rs.out <- rawWrite{data: raw}
}

// sendSync writes raw and returns when the server has read it all.
func (rs *rawSession) sendSync(raw string) {
	done := make(chan struct{})
	rs.out <- rawWrite{data: raw, done: done}
	<-done
}

// next returns the next message, failing after a timeout.
func (rs *rawSession) next(what string) *rawMsg {
	rs.t.Helper()
	select {
	case m, ok := <-rs.in:
		if !ok {
			rs.t.Fatalf("connection closed while waiting for %s", what)
		}
		return m
	case <-time.After(rawTimeout):
		rs.t.Fatalf("timeout waiting for %s", what)
	}
	return nil
}

// rawTimeout bounds the wait for one message: a guard against a hang,
// not a measure; the race detector makes the largest requests (the
// formatting of half a million games) take several times longer.
var rawTimeout = map[bool]time.Duration{false: 10 * time.Second, true: 60 * time.Second}[raceEnabled]

// wait returns the response with the raw id, keeping the messages read
// before it in seen.
func (rs *rawSession) wait(id string) *rawMsg {
	rs.t.Helper()
	for i, m := range rs.seen {
		if m.isResponse() && sameRaw(m.ID, id) {
			rs.seen = append(rs.seen[:i:i], rs.seen[i+1:]...)
			return m
		}
	}
	for {
		m := rs.next("response " + id)
		if m.isResponse() && sameRaw(m.ID, id) {
			return m
		}
		rs.seen = append(rs.seen, m)
	}
}

// take removes and returns the messages seen so far that are not
// diagnostics.
func (rs *rawSession) take() []*rawMsg {
	var out, keep []*rawMsg
	for _, m := range rs.seen {
		if m.Method == protocol.MethodTextDocumentPublishDiagnostics {
			keep = append(keep, m)
		} else {
			out = append(out, m)
		}
	}
	rs.seen = keep
	return out
}

// sameRaw reports whether two JSON values are equal, numbers compared
// exactly.
func sameRaw(a json.RawMessage, b string) bool {
	x, errx := decodeExact(a)
	y, erry := decodeExact([]byte(b))
	return errx == nil && erry == nil && reflect.DeepEqual(x, y)
}

func decodeExact(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// roundTrip sends a request and returns its response.
func (rs *rawSession) roundTrip(id, method, params string) *rawMsg {
	rs.t.Helper()
	rs.send(frame(call(id, method, params)))
	return rs.wait(id)
}

var probeN int

// probe checks that the session still serves: a documentSymbol request
// on the open document succeeds.
func (rs *rawSession) probe(step string) {
	rs.t.Helper()
	probeN++
	id := fmt.Sprintf(`"probe-%d"`, probeN)
	m := rs.roundTrip(id, protocol.MethodTextDocumentDocumentSymbol, `{"textDocument":{"uri":"file:///t.pousse"}}`)
	if m.Error != nil || len(m.Result) == 0 || string(m.Result) == "null" {
		rs.t.Fatalf("%s: the session no longer serves: %s", step, m.body)
	}
}

// expectErrors checks that exactly the given error codes (with id null
// unless ids says otherwise) were answered since the last check, and no
// other message but diagnostics.
func (rs *rawSession) expectErrors(step string, codes ...int64) {
	rs.t.Helper()
	got := rs.take()
	var gotCodes []int64
	for _, m := range got {
		if !m.isResponse() || m.Error == nil {
			rs.t.Errorf("%s: unexpected message %s", step, m.body)
			continue
		}
		gotCodes = append(gotCodes, m.Error.Code)
	}
	if fmt.Sprint(gotCodes) != fmt.Sprint(codes) {
		rs.t.Errorf("%s: error responses %v, want %v (%d messages)", step, gotCodes, codes, len(got))
	}
}

const pousseDoc = "2\nL1\nQUIT\n"

func openParams(uri, text string) string {
	b, _ := json.Marshal(text)
	return fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"pousse","version":1,"text":%s}}`, uri, b)
}

// TestTransportHostile sends one session every kind of broken input the
// base protocol and JSON-RPC allow a client to get wrong, each followed
// by a request that must still be answered, and checks the answers the
// spec asks for.
func TestTransportHostile(t *testing.T) {
	rs := startRaw(t, nil)

	// Garbage before the first frame; a lower-case header with a
	// Content-Type and bare LF line ends.
	init := call("1", "initialize", `{"capabilities":{}}`)
	rs.send("hello, server\r\n\r\n\x00\xff{}" +
		fmt.Sprintf("content-length: %d\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n", len(init)) + init)
	if m := rs.wait("1"); m.Error != nil || !strings.Contains(string(m.Result), "capabilities") {
		t.Fatalf("initialize after garbage: %s", m.body)
	}
	rs.expectErrors("garbage before the first frame")
	rs.send(frame(note("initialized", "{}")) + frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	rs.probe("open")

	steps := []struct {
		name  string
		raw   string
		codes []int64 // error responses expected (id null unless noted)
	}{
		{"garbage between frames", "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n\x00\x01\x02 Content-Lenght: 4\r\n\r\n", nil},
		{"header without a colon", "Content-Length: 5\r\nbroken header\r\n\r\n{...}", nil},
		{"Content-Length not a number", "Content-Length: twelve\r\n\r\n{}", nil},
		{"negative Content-Length", "Content-Length: -5\r\n\r\n{}", nil},
		{"invalid JSON", frame(`{"jsonrpc":"2.0","id":40,"method":"shutdown"`), []int64{-32700}},
		{"JSON of the wrong type", frame(`[1,2,3]`) + frame(`42`) + frame(`"x"`), []int64{-32600, -32600, -32600}},
		{"empty body", "Content-Length: 0\r\n\r\n", []int64{-32700}},
		// Too small: the frame is cut, its tail is garbage before the
		// next header.
		{"Content-Length too small", "Content-Length: 20\r\n\r\n" + call("41", "shutdown", ""), []int64{-32700}},
		// Too large: the body takes the start of the next frame, which is
		// found again in it.
		{"Content-Length too large", "Content-Length: 80\r\n\r\n" + `{"jsonrpc":"2.0","id":42}`, []int64{-32700}},
		{"no jsonrpc member", frame(`{"id":43,"method":"shutdown"}`), nil}, // answered with its id, below
		{"method and result", frame(`{"jsonrpc":"2.0","id":44,"method":"x","result":1}`), nil},
		{"response to no request", frame(`{"jsonrpc":"2.0","id":99,"result":null}`) + frame(`{"jsonrpc":"2.0","id":"zz","error":{"code":1,"message":"m"}}`), nil},
		{"malformed response", frame(`{"jsonrpc":"2.0","id":98}`), nil},
		{"unknown notification", frame(note("gamels/unknown", `{"a":1}`)) + frame(note("$/setTrace", `{"value":"off"}`)), nil},
		{"notification without params", frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen"}`), nil},
		{"didOpen with bad params", frame(note("textDocument/didOpen", `{"textDocument":5}`)) + frame(note("textDocument/didOpen", `[1,2]`)), nil},
		{"didChange with bad params", frame(note("textDocument/didChange", `{"textDocument":{"uri":"file:///t.pousse","version":"x"},"contentChanges":7}`)), nil},
		{"didClose with bad params", frame(note("textDocument/didClose", `"file:///t.pousse"`)), nil},
		{"configuration with bad params", frame(note("workspace/didChangeConfiguration", `{"settings":{"gamels":{"pousse":{"rules":42}}}}`)), nil},
		{"cancel with bad params", frame(note("$/cancelRequest", `{"id":{"x":1}}`)) + frame(note("$/cancelRequest", `{"id":12345}`)) + frame(note("$/cancelRequest", `7`)), nil},
	}
	for _, st := range steps {
		rs.send(st.raw)
		rs.probe(st.name)
		switch st.name {
		case "no jsonrpc member":
			m := rs.wait("43")
			if m.Error == nil || m.Error.Code != -32600 {
				t.Errorf("%s: %s, want InvalidRequest for id 43", st.name, m.body)
			}
		case "method and result":
			if m := rs.wait("44"); m.Error == nil || m.Error.Code != -32600 {
				t.Errorf("%s: %s, want InvalidRequest for id 44", st.name, m.body)
			}
		case "configuration with bad params":
			// The refused value is shown to the user.
			i := slices.IndexFunc(rs.seen, func(m *rawMsg) bool { return m.Method == protocol.MethodWindowShowMessage })
			if i < 0 || !strings.Contains(string(rs.seen[i].Params), "gamels.pousse.rules") {
				t.Errorf("%s: no window/showMessage naming gamels.pousse.rules", st.name)
			} else {
				rs.seen = slices.Delete(rs.seen, i, i+1)
			}
		}
		rs.expectErrors(st.name, st.codes...)
	}
	// The document is still open, with its text: none of the bad
	// notifications changed it.
	if snap, err := rs.srv.snapshot("file:///t.pousse"); err != nil || string(snap.text.Bytes()) != pousseDoc {
		t.Errorf("document after the bad notifications: %v %q", err, snap.text.Bytes())
	}

	// Request ids: strings and integers up to 64 bits are answered with
	// the id as sent; an integer beyond 64 bits or a fraction gets an
	// InvalidRequest error that echoes it.
	for _, id := range []string{`"abc"`, `""`, `"\u00e9\ud83d\ude00"`, `0`, `-1`, `2147483648`, `9007199254740993`, `9223372036854775807`, `-9223372036854775808`} {
		m := rs.roundTrip(id, protocol.MethodTextDocumentHover, `{"textDocument":{"uri":"file:///t.pousse"},"position":{"line":1,"character":0}}`)
		if m.Error != nil || !strings.Contains(string(m.Result), "contents") {
			t.Errorf("id %s: %s", id, m.body)
		}
	}
	for _, id := range []string{`123456789012345678901234567890`, `9223372036854775808`, `1.5`, `1e3`} {
		m := rs.roundTrip(id, protocol.MethodTextDocumentHover, `{"textDocument":{"uri":"file:///t.pousse"},"position":{"line":1,"character":0}}`)
		if m.Error == nil || m.Error.Code != -32600 {
			t.Errorf("id %s: %s, want InvalidRequest", id, m.body)
		}
	}
	for _, id := range []string{`{"a":1}`, `[1]`, `true`} {
		rs.send(frame(call(id, protocol.MethodTextDocumentHover, `{}`)))
		rs.probe("id " + id)
		rs.expectErrors("id "+id, -32600)
	}

	// Unknown methods: MethodNotFound for a request, nothing for a
	// notification (checked above).
	for _, method := range []string{"gamels/unknown", "$/unknown", "textDocument/unknown", ""} {
		if m := rs.roundTrip(`"u"`, method, `{}`); m.Error == nil || m.Error.Code != -32601 {
			t.Errorf("method %q: %s, want MethodNotFound", method, m.body)
		}
	}
	// A request with bad params: InvalidParams.
	if m := rs.roundTrip(`"bp"`, protocol.MethodTextDocumentHover, `{"textDocument":7}`); m.Error == nil || m.Error.Code != -32602 {
		t.Errorf("hover with bad params: %s, want InvalidParams", m.body)
	}
	rs.expectErrors("after the requests")

	// Shutdown, then the end of the stream without exit: status 0.
	if m := rs.roundTrip("50", "shutdown", ""); m.Error != nil {
		t.Fatalf("shutdown: %s", m.body)
	}
	rs.conn.Close()
	select {
	case code := <-rs.exit:
		rs.exit <- code
		if code != 0 {
			t.Errorf("exit status after shutdown and EOF: %d, want 0", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("the server did not end with the stream")
	}
}

// TestTransportEnormousLength sends frames whose Content-Length is far
// beyond MaxFrameSize: they are skipped with a showMessage error, nothing
// of their size is allocated, and the session goes on.
func TestTransportEnormousLength(t *testing.T) {
	rs := startRaw(t, nil)
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")) + frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	rs.probe("open")
	for _, length := range []string{"99999999999999999999999999", "9223372036854775807", fmt.Sprint(wire.MaxFrameSize + 1), "1073741824"} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rs.send("Content-Length: " + length + "\r\n\r\n" + call("2", "shutdown", ""))
		rs.probe("Content-Length " + length)
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
			t.Errorf("Content-Length %s: %d bytes allocated", length, grew)
		}
		got := rs.take()
		if len(got) != 1 || got[0].Method != protocol.MethodWindowShowMessage || !strings.Contains(string(got[0].Params), "limit is 134217728 bytes") {
			for _, m := range got {
				t.Logf("got %s", m.body)
			}
			t.Errorf("Content-Length %s: want one showMessage about the limit", length)
		}
	}
}

// TestTransportEOF checks that the end of the stream ends the session,
// with status 1 without shutdown, also in the middle of a frame whose
// announced length (just under the limit) is never allocated.
func TestTransportEOF(t *testing.T) {
	for _, tc := range []struct {
		name string
		raw  string
	}{
		{"between frames", ""},
		{"in a header", "Content-Len"},
		{"in a body", "Content-Length: 134217000\r\n\r\n{\"jsonrpc\":"},
		{"in garbage", "garbage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := startRaw(t, nil)
			rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			if tc.raw != "" {
				rs.sendSync(tc.raw)
			}
			rs.conn.Close()
			select {
			case code := <-rs.exit:
				rs.exit <- code
				if code != 1 {
					t.Errorf("exit status %d, want 1", code)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("the server did not end with the stream")
			}
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
				t.Errorf("%d bytes allocated", grew)
			}
		})
	}
}

// TestCancelIDs cancels requests whose ids are a string, a small integer
// and an integer beyond 32 bits: each one's work sees its context
// cancelled and the client gets RequestCancelled.
func TestCancelIDs(t *testing.T) {
	var mu sync.Mutex
	started := make(chan struct{}, 8)
	var seen []error
	rs := startRaw(t, func(ctx context.Context, method string) {
		if method != protocol.MethodTextDocumentHover {
			return
		}
		started <- struct{}{}
		var err error
		select {
		case <-ctx.Done():
			err = ctx.Err()
		case <-time.After(5 * time.Second):
		}
		mu.Lock()
		seen = append(seen, err)
		mu.Unlock()
	})
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")) + frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	for _, id := range []string{`"req-α"`, `7`, `1099511627776`, `-3`} {
		rs.send(frame(call(id, protocol.MethodTextDocumentHover, `{"textDocument":{"uri":"file:///t.pousse"},"position":{"line":1,"character":0}}`)))
		select {
		case <-started:
		case <-time.After(5 * time.Second):
			t.Fatalf("hover %s did not start", id)
		}
		start := time.Now()
		rs.send(frame(note("$/cancelRequest", `{"id":`+id+`}`)))
		m := rs.wait(id)
		if m.Error == nil || m.Error.Code != -32800 {
			t.Errorf("cancelled request %s: %s, want RequestCancelled", id, m.body)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("cancel of %s took %v", id, d)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for i, err := range seen {
		if err != context.Canceled {
			t.Errorf("request %d: the work saw %v, want context.Canceled", i, err)
		}
	}
	rs.probe("after the cancellations")
}

// pipeEnd joins the two directions of a server's transport.
type pipeEnd struct {
	r *io.PipeReader
	w *io.PipeWriter
}

func (p pipeEnd) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeEnd) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeEnd) Close() error {
	p.r.Close()
	return p.w.Close()
}

// FuzzStream feeds arbitrary bytes to a server through its Stream, then
// ends the input: the server must not panic, must write only well-formed
// frames of JSON, and must end its session with the stream, promptly.
func FuzzStream(f *testing.F) {
	session := frame(call("1", "initialize", `{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}`)) +
		frame(note("initialized", "{}")) +
		frame(note("textDocument/didOpen", openParams("file:///f.pousse", "3\nL1\nR2\nL1\nR2\nL1\nQUIT\n"))) +
		frame(note("textDocument/didOpen", `{"textDocument":{"uri":"file:///f.spot","languageId":"spot","version":1,"text":"2\n1 1 +\n0\n"}}`)) +
		frame(call(`"h"`, "textDocument/hover", `{"textDocument":{"uri":"file:///f.pousse"},"position":{"line":3,"character":1}}`)) +
		frame(note("textDocument/didChange", `{"textDocument":{"uri":"file:///f.pousse","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}},"text":"T3"}]}`)) +
		frame(call("2", "textDocument/documentSymbol", `{"textDocument":{"uri":"file:///f.spot"}}`)) +
		frame(call("3", "textDocument/formatting", `{"textDocument":{"uri":"file:///f.pousse"},"options":{"tabSize":2,"insertSpaces":true}}`)) +
		frame(note("$/cancelRequest", `{"id":"h"}`))
	f.Add([]byte(session))
	f.Add([]byte(session + frame(call("9", "shutdown", "")) + frame(note("exit", "{}"))))
	f.Add([]byte("garbage" + session[:len(session)/2] + "Content-Length: 12\r\n\r\n{\"jsonrpc\":1}" + session))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n" + session))
	f.Add([]byte("Content-Length: 100000000\r\n\r\n{"))
	f.Add([]byte("content-length:5\n\n[1,2]Content-Length: 2\r\nContent-Type: x\r\n\r\n{}"))
	f.Fuzz(runStreamInput)
}

// runStreamInput is one run of FuzzStream.
func runStreamInput(t *testing.T, data []byte) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	srv := NewServer(Options{Debounce: time.Millisecond, MaxDelay: 5 * time.Millisecond})
	exit := make(chan int, 1)
	go func() { exit <- srv.Serve(context.Background(), wire.NewStream(pipeEnd{inR, outW}, nil)) }()
	read := make(chan error, 1)
	go func() {
		rd := bufio.NewReader(outR)
		for {
			body, err := readFrameBody(rd)
			if err == io.EOF {
				read <- nil
				return
			}
			if err != nil {
				read <- fmt.Errorf("the server wrote a broken frame: %v", err)
				io.Copy(io.Discard, rd) // let the server finish writing
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				read <- fmt.Errorf("the server wrote %q: %v", body, err)
				io.Copy(io.Discard, rd)
				return
			}
		}
	}()
	go func() {
		inW.Write(data)
		inW.Close()
	}()
	select {
	case <-exit:
	case <-time.After(10 * time.Second):
		buf := make([]byte, 1<<20)
		panic(fmt.Sprintf("FuzzStream: the server did not end with its input %q\n%s", data, buf[:runtime.Stack(buf, true)]))
	}
	inR.Close()
	outW.Close()
	if err := <-read; err != nil {
		t.Fatal(err)
	}
}
