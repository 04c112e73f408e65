package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"gamels/lsp/wire"
)

// A testClient is a real protocol client connected to an in-process
// Server over net.Pipe. Its handler runs inline on its read goroutine, so
// it records the server's notifications in wire order.
type testClient struct {
	t      testing.TB
	conn   jsonrpc2.Conn
	server protocol.Server // typed calls to the server
	srv    *Server
	exit   chan int // the server's exit status, once Serve returns

	mu        sync.Mutex
	changed   chan struct{} // closed and replaced at every publication
	published []*protocol.PublishDiagnosticsParams
	shown     []*protocol.ShowDocumentParams
	messages  []*protocol.ShowMessageParams // window/showMessage

	inlayRefreshes atomic.Int32 // workspace/inlayHint/refresh requests

	// applyEdits holds the params of the workspace/applyEdit requests,
	// answered applied unless refuseEdits is set (play_engine_test.go).
	applyEdits  []json.RawMessage
	refuseEdits bool

	registrations []json.RawMessage // client/registerCapability params, under mu

	// annotated holds the params of the gamels/annotated notifications;
	// progress the window/workDoneProgress/create params and $/progress
	// notifications, in order ("create TOKEN", "TOKEN begin|report|end
	// {...}"), under mu; progressHook, when set, runs on each.
	annotated     []json.RawMessage
	progress      []string
	progressHook  func(c *testClient, entry string)
	lensRefreshes atomic.Int32 // workspace/codeLens/refresh requests
}

// startServer starts a server and connects a client to it. hook, when
// not nil, is installed as the server's test hook.
func startServer(t testing.TB, hook func(ctx context.Context, method string)) *testClient {
	t.Helper()
	c, _ := startServerConn(t, hook)
	return c
}

// startServerConn is startServer that also returns the client's end of
// the pipe, for writing pre-encoded frames (see writeFrame).
func startServerConn(tb testing.TB, hook func(ctx context.Context, method string)) (*testClient, net.Conn) {
	tb.Helper()
	a, b := net.Pipe()
	srv := NewServer(Options{
		Logger:   zaptest.NewLogger(tb, zaptest.Level(zap.InfoLevel)).Core(),
		Debounce: 5 * time.Millisecond,
		MaxDelay: 50 * time.Millisecond,
	})
	setTestHook(tb, hook)
	// The engine's annotations come at a time of their own, after the
	// diagnostics: off for the tests that do not ask for them (with
	// gamels.analysis.enabled), whose publications and hovers would
	// otherwise depend on the timing.
	srv.settings.Analysis.Off = true
	exit := make(chan int, 1)
	go func() { exit <- srv.Serve(context.Background(), wire.NewStream(a, srv.opts.Logger)) }()
	c := connectClient(tb, jsonrpc2.NewStream(b), exit)
	c.srv = srv
	return c, b
}

// connectClient connects a client over stream to a server whose exit
// status arrives on exit.
func connectClient(t testing.TB, stream jsonrpc2.Stream, exit chan int) *testClient {
	c := &testClient{t: t, exit: exit, changed: make(chan struct{})}
	c.conn = wire.NewConn(stream)
	c.conn.Go(context.Background(), c.handle)
	c.server = protocol.ServerDispatcher(c.conn)
	t.Cleanup(func() {
		c.conn.Close()
		select {
		case code := <-c.exit:
			c.exit <- code
		case <-time.After(5 * time.Second):
			t.Errorf("server did not stop after the connection closed")
		}
	})
	return c
}

// handle serves the server's messages to the client.
func (c *testClient) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	switch req.Method() {
	case protocol.MethodTextDocumentPublishDiagnostics:
		p := new(protocol.PublishDiagnosticsParams)
		if err := protocol.Unmarshal(req.Params(), p); err != nil {
			c.t.Errorf("bad publishDiagnostics: %v", err)
			return nil, nil
		}
		// The client keeps the URI exactly as the server wrote it (the
		// library would rewrite it into its canonical form).
		var raw struct {
			URI string `json:"uri"`
		}
		if err := json.Unmarshal(req.Params(), &raw); err != nil {
			c.t.Errorf("bad publishDiagnostics uri: %v", err)
		}
		p.URI = uri.URI(raw.URI)
		if !bytes.Contains(req.Params(), []byte(`"diagnostics":[`)) {
			c.t.Errorf("publishDiagnostics without a list: %.200s", req.Params())
		}
		c.mu.Lock()
		c.published = append(c.published, p)
		close(c.changed)
		c.changed = make(chan struct{})
		c.mu.Unlock()
		return nil, nil
	case protocol.MethodWorkspaceApplyEdit:
		c.mu.Lock()
		defer c.mu.Unlock()
		c.applyEdits = append(c.applyEdits, bytes.Clone(req.Params()))
		return &protocol.ApplyWorkspaceEditResult{Applied: !c.refuseEdits}, nil
	case protocol.MethodWindowShowMessage:
		p := new(protocol.ShowMessageParams)
		if err := protocol.Unmarshal(req.Params(), p); err != nil {
			c.t.Errorf("bad showMessage: %v", err)
			return nil, nil
		}
		c.mu.Lock()
		c.messages = append(c.messages, p)
		close(c.changed)
		c.changed = make(chan struct{})
		c.mu.Unlock()
		return nil, nil
	case protocol.MethodClientRegisterCapability, protocol.MethodClientUnregisterCapability:
		c.mu.Lock()
		c.registrations = append(c.registrations, append(json.RawMessage(req.Method()+" "), req.Params()...))
		c.mu.Unlock()
		return nil, nil
	case AnnotatedMethod:
		c.mu.Lock()
		c.annotated = append(c.annotated, bytes.Clone(req.Params()))
		close(c.changed)
		c.changed = make(chan struct{})
		c.mu.Unlock()
		return nil, nil
	case protocol.MethodWindowWorkDoneProgressCreate, protocol.MethodProgress:
		var p struct {
			Token any             `json:"token"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			c.t.Errorf("bad %s: %v", req.Method(), err)
			return nil, nil
		}
		entry := fmt.Sprintf("create %v", p.Token)
		if req.Method() == protocol.MethodProgress {
			var v struct {
				Kind string `json:"kind"`
			}
			json.Unmarshal(p.Value, &v)
			entry = fmt.Sprintf("%v %s %s", p.Token, v.Kind, p.Value)
		}
		c.mu.Lock()
		c.progress = append(c.progress, entry)
		hook := c.progressHook
		close(c.changed)
		c.changed = make(chan struct{})
		c.mu.Unlock()
		if hook != nil {
			hook(c, entry)
		}
		return nil, nil
	case protocol.MethodWorkspaceCodeLensRefresh:
		c.lensRefreshes.Add(1)
		return nil, nil
	case protocol.MethodWorkspaceInlayHintRefresh:
		c.inlayRefreshes.Add(1)
		return nil, nil
	case protocol.MethodWindowShowDocument:
		p := new(protocol.ShowDocumentParams)
		if err := protocol.Unmarshal(req.Params(), p); err != nil {
			return nil, err
		}
		c.mu.Lock()
		c.shown = append(c.shown, p)
		c.mu.Unlock()
		return &protocol.ShowDocumentResult{Success: true}, nil
	}
	if req.IsCall() {
		return nil, jsonrpc2.ErrMethodNotFound
	}
	return nil, nil
}

// initialize runs initialize and initialized with the given position
// encodings offered and initialization options (nil for none).
func (c *testClient) initialize(encodings []protocol.PositionEncodingKind, options string) *protocol.InitializeResult {
	c.t.Helper()
	p := &protocol.InitializeParams{}
	if encodings != nil {
		p.Capabilities.General = &protocol.GeneralClientCapabilities{PositionEncodings: encodings}
	}
	if options != "" {
		p.InitializationOptions = protocol.LSPAny(options)
	}
	res, err := c.server.Initialize(context.Background(), p)
	if err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		c.t.Fatalf("initialized: %v", err)
	}
	return res
}

func (c *testClient) open(u uri.URI, version int32, text string) {
	c.t.Helper()
	err := c.server.DidOpen(context.Background(), &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: u, Version: version, Text: text},
	})
	if err != nil {
		c.t.Fatalf("didOpen: %v", err)
	}
}

func (c *testClient) change(u uri.URI, version int32, changes ...protocol.TextDocumentContentChangeEvent) {
	c.t.Helper()
	err := c.server.DidChange(context.Background(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
		ContentChanges: changes,
	})
	if err != nil {
		c.t.Fatalf("didChange: %v", err)
	}
}

func (c *testClient) closeDoc(u uri.URI) {
	c.t.Helper()
	err := c.server.DidClose(context.Background(), &protocol.DidCloseTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u},
	})
	if err != nil {
		c.t.Fatalf("didClose: %v", err)
	}
}

// waitFor waits until a publication for u satisfies ok and returns it.
func (c *testClient) waitFor(u uri.URI, what string, ok func(*protocol.PublishDiagnosticsParams) bool) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(10 * time.Second)
	for i := 0; ; {
		c.mu.Lock()
		for ; i < len(c.published); i++ {
			if p := c.published[i]; p.URI == u && ok(p) {
				c.mu.Unlock()
				return p
			}
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s: %s", u, what)
			return nil
		}
	}
}

// waitVersion waits for the diagnostics of version v of u.
func (c *testClient) waitVersion(u uri.URI, v int32) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	return c.waitFor(u, fmt.Sprintf("version %d", v), func(p *protocol.PublishDiagnosticsParams) bool {
		got, ok := p.Version.Get()
		return ok && got == v
	})
}

// publications returns the publications received so far for u.
func (c *testClient) publications(u uri.URI) []*protocol.PublishDiagnosticsParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*protocol.PublishDiagnosticsParams
	for _, p := range c.published {
		if p.URI == u {
			out = append(out, p)
		}
	}
	return out
}

// shutdownExit sends shutdown and exit and returns the exit status.
func (c *testClient) shutdownExit() int {
	c.t.Helper()
	if err := c.server.Shutdown(context.Background()); err != nil {
		c.t.Fatalf("shutdown: %v", err)
	}
	return c.exitOnly()
}

// exitOnly sends exit and returns the exit status.
func (c *testClient) exitOnly() int {
	c.t.Helper()
	if err := c.server.Exit(context.Background()); err != nil {
		c.t.Fatalf("exit: %v", err)
	}
	select {
	case code := <-c.exit:
		c.exit <- code // for Cleanup
		return code
	case <-time.After(5 * time.Second):
		c.t.Fatalf("server did not exit")
	}
	return -1
}

func partial(r protocol.Range, text string) *protocol.TextDocumentContentChangePartial {
	return &protocol.TextDocumentContentChangePartial{Range: r, Text: text}
}

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
}
