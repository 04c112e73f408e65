package lsp

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/textpos"
)

func errCode(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func hoverParams(u uri.URI, line, char uint32) *protocol.HoverParams {
	return &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(line, char)}}
}

func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	const u = uri.URI("file:///a.pousse")

	// Before initialize: the spec's ServerNotInitialized.
	_, err := c.server.Hover(ctx, hoverParams(u, 0, 0))
	if got := errCode(err); got != jsonrpc2.ServerNotInitialized {
		t.Errorf("hover before initialize: code %d (%v), want %d", got, err, jsonrpc2.ServerNotInitialized)
	}
	// Notifications before initialize are dropped: no diagnostics.
	c.open(u, 1, "2\nL1\nQUIT\n")

	res := c.initialize(nil, "")
	if got := res.Capabilities.PositionEncoding; got != protocol.PositionEncodingKindUTF16 {
		t.Errorf("positionEncoding = %q, want utf-16", got)
	}
	if _, err := c.server.Initialize(ctx, &protocol.InitializeParams{}); errCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second initialize: %v, want InvalidRequest", err)
	}
	if _, err := c.server.Hover(ctx, hoverParams(u, 0, 0)); errCode(err) != jsonrpc2.InvalidParams {
		t.Errorf("hover on a document never opened (the early didOpen was dropped): %v, want InvalidParams", err)
	}
	if _, err := c.server.Request(ctx, "gamels/noSuchMethod", nil); errCode(err) != jsonrpc2.MethodNotFound {
		t.Errorf("unknown method: %v, want MethodNotFound", err)
	}
	c.open(u, 1, "2\nL1\nQUIT\n")
	c.waitVersion(u, 1)

	if err := c.server.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if _, err := c.server.Hover(ctx, hoverParams(u, 1, 0)); errCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("hover after shutdown: %v, want InvalidRequest", err)
	}
	if err := c.server.Shutdown(ctx); errCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second shutdown: %v, want InvalidRequest", err)
	}
	if code := c.exitOnly(); code != 0 {
		t.Errorf("exit status after shutdown = %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	if code := c.exitOnly(); code != 1 {
		t.Errorf("exit status without shutdown = %d, want 1", code)
	}
}

func TestUTF8Negotiation(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize([]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF16, protocol.PositionEncodingKindUTF8}, "")
	if got := res.Capabilities.PositionEncoding; got != protocol.PositionEncodingKindUTF8 {
		t.Errorf("positionEncoding = %q, want utf-8", got)
	}
}

// TestCloseClears checks that closing a document publishes an empty list.
func TestCloseClears(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///c.spot")
	c.open(u, 1, "2\n1 1 +\n1 1 +\n")
	if p := c.waitVersion(u, 1); len(p.Diagnostics) == 0 {
		t.Fatalf("no diagnostics for a bad file")
	}
	c.closeDoc(u)
	p := c.waitFor(u, "cleared", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	if _, ok := p.Version.Get(); ok {
		t.Errorf("clearing publication has a version")
	}
}

// TestPanicRecovery makes the hover feature panic and checks that the
// server answers an InternalError and goes on serving, the same request
// included once the fault is gone.
func TestPanicRecovery(t *testing.T) {
	var mu sync.Mutex
	fault := map[string]bool{}
	c := startServer(t, func(_ context.Context, method string) {
		mu.Lock()
		defer mu.Unlock()
		if fault[method] {
			panic("injected fault in " + method)
		}
	})
	setFault := func(m string, on bool) {
		mu.Lock()
		fault[m] = on
		mu.Unlock()
	}
	ctx := context.Background()
	c.initialize(nil, "")
	const u = uri.URI("file:///p.pousse")
	c.open(u, 1, "2\nL1\nQUIT\n")
	c.waitVersion(u, 1)

	setFault(protocol.MethodTextDocumentHover, true)
	_, err := c.server.Hover(ctx, hoverParams(u, 1, 0))
	if errCode(err) != jsonrpc2.InternalError || !strings.Contains(err.Error(), "injected fault") {
		t.Errorf("hover with a panic: %v, want an InternalError", err)
	}
	setFault(protocol.MethodTextDocumentHover, false)
	if h, err := c.server.Hover(ctx, hoverParams(u, 1, 0)); err != nil || h == nil {
		t.Errorf("hover after recovery: %v, %v", h, err)
	}

	// A panic while computing diagnostics is reported in the document
	// and the next version is fine again.
	setFault("diagnostics", true)
	c.change(u, 2, partial(rng(1, 0, 1, 2), "R2"))
	p := c.waitVersion(u, 2)
	if len(p.Diagnostics) != 1 || !strings.Contains(fmt.Sprint(p.Diagnostics[0].Message), "injected fault") {
		t.Errorf("diagnostics with a panic: %+v", p.Diagnostics)
	}
	setFault("diagnostics", false)
	// A panic inside a notification is logged, the session goes on.
	setFault(protocol.MethodTextDocumentDidChange, true)
	c.change(u, 3, partial(rng(1, 0, 1, 2), "XX"))
	setFault(protocol.MethodTextDocumentDidChange, false)
	c.change(u, 4, partial(rng(1, 0, 1, 2), "L1"))
	p = c.waitVersion(u, 4)
	for _, d := range p.Diagnostics {
		if d.Severity == protocol.DiagnosticSeverityError {
			t.Errorf("unexpected error after recovery: %v", d.Message)
		}
	}
	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit status = %d", code)
	}
}

// clientDoc is the client's own copy of a document, with an independent
// UTF-16 position computation (over runes, not the server's Mapper).
type clientDoc struct{ text []rune }

// position returns the UTF-16 position of rune index i.
func (d *clientDoc) position(i int) protocol.Position {
	var line, char uint32
	for j := 0; j < i; j++ {
		switch r := d.text[j]; {
		case r == '\n':
			line, char = line+1, 0
		case r == '\r':
			if j+1 < len(d.text) && d.text[j+1] == '\n' {
				continue
			}
			line, char = line+1, 0
		default:
			char += uint32(len(utf16.Encode([]rune{r})))
		}
	}
	return protocol.Position{Line: line, Character: char}
}

// TestRapidChanges sends 3000 incremental changes without waiting and
// checks that the server's text is the client's and that the diagnostics
// of the last version are published, and last. The second run makes each
// analysis take a random time, so that runs finish out of order.
func TestRapidChanges(t *testing.T) {
	t.Run("fast", func(t *testing.T) { testRapidChanges(t, nil) })
	t.Run("slow analysis", func(t *testing.T) {
		// The first analysis takes 300ms, the others up to 20ms: the
		// changes pile up behind it.
		var mu sync.Mutex
		rnd := rand.New(rand.NewPCG(3, 4))
		first := true
		testRapidChanges(t, func(_ context.Context, method string) {
			if method != "diagnostics" {
				return
			}
			mu.Lock()
			d := time.Duration(rnd.IntN(20)) * time.Millisecond
			if first {
				first, d = false, 300*time.Millisecond
			}
			mu.Unlock()
			time.Sleep(d)
		})
	})
}

func testRapidChanges(t *testing.T, hook func(context.Context, string)) {
	c := startServer(t, hook)
	c.initialize(nil, "")
	const u = uri.URI("file:///rapid.pousse")
	doc := &clientDoc{text: []rune("# jeu é漢字😀\r\n4\nL1\nR2\nQUIT\n")}
	c.open(u, 1, string(doc.text))
	rnd := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"L1\n", "T3 ", "B4\r\n", "# é漢😀 ", "x", "QUIT\n", "\r", "5"}
	const n = 3000
	for v := int32(2); v < 2+n; v++ {
		i := rnd.IntN(len(doc.text) + 1)
		j := min(len(doc.text), i+rnd.IntN(4))
		if rnd.IntN(3) == 0 {
			j = i // pure insertion
		}
		// Do not split a CRLF: the client's positions would be ambiguous.
		if i > 0 && i < len(doc.text) && doc.text[i-1] == '\r' && doc.text[i] == '\n' {
			i--
		}
		if j > 0 && j < len(doc.text) && doc.text[j-1] == '\r' && doc.text[j] == '\n' {
			j++
		}
		ins := pieces[rnd.IntN(len(pieces))]
		if len(doc.text) > 400 {
			ins = ""
		}
		r := protocol.Range{Start: doc.position(i), End: doc.position(j)}
		doc.text = append(doc.text[:i:i], append([]rune(ins), doc.text[j:]...)...)
		c.change(u, v, partial(r, ins))
	}
	last := int32(1 + n)
	got := c.waitVersion(u, last)

	snap, err := c.srv.snapshot(u)
	if err != nil {
		t.Fatal(err)
	}
	if string(snap.text.Bytes()) != string(doc.text) {
		t.Fatalf("server text differs from client text:\nserver %q\nclient %q", snap.text.Bytes(), string(doc.text))
	}
	if snap.version != last {
		t.Errorf("server version %d, want %d", snap.version, last)
	}
	// The diagnostics published are those of the client's text, computed
	// afresh.
	want := freshDiagnostics(u, []byte(string(doc.text)), UTF16)
	if diff := cmp.Diff(diagStrings(want), diagStrings(got.Diagnostics)); diff != "" {
		t.Errorf("last diagnostics differ (-want +got):\n%s", diff)
	}
	// Nothing older is published after the last version's diagnostics.
	if err := c.server.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	pubs := c.publications(u)
	if v, _ := pubs[len(pubs)-1].Version.Get(); v != last {
		t.Errorf("last publication is for version %d, want %d", v, last)
	}
	prev := int32(0)
	for _, p := range pubs {
		v, _ := p.Version.Get()
		if v < prev {
			t.Errorf("version %d published after version %d", v, prev)
		}
		prev = v
	}
	t.Logf("%d changes, %d publications, %d results dropped as stale", n, len(pubs), c.srv.staleDropped.Load())
}

// freshDiagnostics computes the diagnostics of text with a new snapshot.
func freshDiagnostics(u uri.URI, text []byte, enc Encoding) []protocol.Diagnostic {
	snap := &snapshot{uri: u, snapshotSpec: snapshotSpec{kind: kindOf("", u), text: textpos.FromBytes(text), enc: enc}}
	fa, err := snap.Analysis()
	if err != nil {
		panic(err)
	}
	return computeDiagnostics(snap, fa)
}

// diagStrings renders diagnostics one per line, for comparison.
func diagStrings(ds []protocol.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d sev%d %v", d.Range.Start.Line, d.Range.Start.Character,
			d.Range.End.Line, d.Range.End.Character, d.Severity, d.Message))
	}
	return out
}
