package lsp

import (
	"context"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"gamels/lsp/wire"
)

// TestPanicInPublication makes the publication of a document's first
// diagnostics panic, on the scheduler's timer goroutine: the panic is
// logged with the stack of that goroutine, the server goes on, and the
// next version gets its diagnostics.
func TestPanicInPublication(t *testing.T) {
	core, logs := observer.New(zap.ErrorLevel)
	a, b := net.Pipe()
	srv := NewServer(Options{Logger: core, Debounce: 5 * time.Millisecond, MaxDelay: 50 * time.Millisecond})
	var fault atomic.Bool
	fault.Store(true)
	setTestHook(t, func(_ context.Context, method string) {
		if method == "publish" && fault.Swap(false) {
			panic("injected fault in publish")
		}
	})
	exit := make(chan int, 1)
	go func() { exit <- srv.Serve(context.Background(), wire.NewStream(a, srv.opts.Logger)) }()
	c := connectClient(t, jsonrpc2.NewStream(b), exit)
	c.srv = srv
	c.initialize(nil, "")

	const u = uri.URI("file:///p.pousse")
	c.open(u, 1, "2\nL1\nQUIT\n")
	deadline := time.Now().Add(5 * time.Second)
	for logs.FilterMessage("panic publishing diagnostics").Len() == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no panic logged; the log: %v", logs.All())
		}
		time.Sleep(5 * time.Millisecond)
	}
	e := logs.FilterMessage("panic publishing diagnostics").All()[0]
	stack, _ := e.ContextMap()["stack"].(string)
	if !strings.Contains(stack, "lsp.(*diagScheduler).runOne") {
		t.Errorf("the logged stack is not the scheduler's:\n%s", stack)
	}
	if p := e.ContextMap()["panic"]; p != "injected fault in publish" {
		t.Errorf("logged panic %v", p)
	}

	c.change(u, 2, partial(rng(1, 0, 1, 2), "R1"))
	c.waitVersion(u, 2)
	for _, p := range c.publications(u) {
		if v, ok := p.Version.Get(); ok && v == 1 {
			t.Errorf("version 1 was published despite the panic before its publication")
		}
	}
}

// TestLeadingDelay: with Options.Leading, the publication of an open, or
// of a change after a quiet spell, waits that long, and the requests
// sent meanwhile are answered first. Leading is an hour here: the
// hover and the board are answered, and nothing has been published.
func TestLeadingDelay(t *testing.T) {
	c := startServer(t, nil)
	c.srv.opts.Leading = time.Hour // before initialize: read only after
	c.initialize(nil, "")
	const u = uri.URI("file:///leading.pousse")
	c.open(u, 1, "1\n\n3\nL1\nR2\nQUIT\n")
	h, err := c.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(3, 0)}})
	if err != nil || h == nil {
		t.Fatalf("hover: %v %v", h, err)
	}
	var b struct {
		Move int `json:"move"`
	}
	if err := c.playCall(BoardMethod, map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: u}, "position": pos(4, 0)}, &b); err != nil || b.Move != 2 {
		t.Fatalf("board at line 5: move %d, %v; want move 2", b.Move, err)
	}
	if got := c.publications(u); len(got) != 0 {
		t.Errorf("%d publications within the leading delay, want none", len(got))
	}
}

// TestServeWaitsForBackground holds a document's publication in flight
// while the client closes the connection: Serve returns only once that
// run has ended, and nothing is logged after it returns. (Serve used to
// return at once, and the run logged its failed publication later.)
func TestServeWaitsForBackground(t *testing.T) {
	core, logs := observer.New(zap.DebugLevel)
	a, b := net.Pipe()
	srv := NewServer(Options{Logger: core, Debounce: 5 * time.Millisecond, MaxDelay: 50 * time.Millisecond})
	entered, release := make(chan struct{}), make(chan struct{})
	var once atomic.Bool
	setTestHook(t, func(_ context.Context, method string) {
		if method == "publish" && !once.Swap(true) {
			close(entered)
			<-release
		}
	})
	exit := make(chan int, 1)
	go func() { exit <- srv.Serve(context.Background(), wire.NewStream(a, srv.opts.Logger)) }()
	c := connectClient(t, jsonrpc2.NewStream(b), exit)
	c.srv = srv
	c.initialize(nil, "")
	c.open("file:///held.pousse", 1, "2\nL1\nQUIT\n")
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the publication never began")
	}
	c.conn.Close()
	select {
	case <-exit:
		close(release)
		t.Fatal("Serve returned while a publication was in flight")
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	var code int
	select {
	case code = <-exit:
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after the publication ended")
	}
	exit <- code // for connectClient's cleanup
	n := logs.Len()
	time.Sleep(100 * time.Millisecond)
	if later := logs.All()[n:]; len(later) > 0 {
		t.Errorf("logged after Serve returned: %v", later)
	}
}
