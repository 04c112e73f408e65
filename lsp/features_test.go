package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestGameCacheReuse edits one game of a ten-game file and checks that
// the nine others keep their analysis, with the engine issues of the
// games after the edit moved to their new place.
func TestGameCacheReuse(t *testing.T) {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "2\n1 1 +\n1 1 +\n2 2 +\n2 2 -\n# game %d\n", i+1) // move 2 is illegal
	}
	b.WriteString("0\n")
	text := b.String()
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///ten.spot")
	c.open(u, 1, text)
	c.waitVersion(u, 1)
	// Insert a line in game 3: every later game shifts by one line.
	third := strings.Index(text, "# game 2\n") + len("# game 2\n")
	line := uint32(strings.Count(text[:third], "\n")) + 1 // game 3's first move
	c.change(u, 2, partial(rng(line, 0, line, 0), "# a comment inside game 3\n"))
	p := c.waitVersion(u, 2)

	snap, _ := c.srv.snapshot(u)
	fa, err := snap.Analysis()
	if err != nil {
		t.Fatal(err)
	}
	if fa.reused != 9 {
		t.Errorf("%d games reused, want 9", fa.reused)
	}
	want := freshDiagnostics(u, snap.text.Bytes(), UTF16)
	if got, want := strings.Join(diagStrings(p.Diagnostics), "\n"), strings.Join(diagStrings(want), "\n"); got != want {
		t.Errorf("diagnostics with reused games differ from fresh ones:\n got: %s\nwant: %s", got, want)
	}
	illegal := 0
	for _, d := range p.Diagnostics {
		if strings.HasPrefix(fmt.Sprint(d.Message), "illegal move") {
			illegal++
		}
	}
	if illegal != 10 {
		t.Errorf("%d illegal-move diagnostics, want 10", illegal)
	}
}

// TestInlayHintRange checks that inlay hints are given for the requested
// range only.
func TestInlayHintRange(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///r.pousse")
	c.open(u, 1, "4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n")
	hints, err := c.server.InlayHint(context.Background(), &protocol.InlayHintParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(3, 0, 5, 0)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hints {
		got = append(got, fmt.Sprintf("%d:%d %v", h.Position.Line, h.Position.Character, h.Label))
	}
	if want := "3:0 3. 4:0 4. 5:0 5."; strings.Join(got, " ") != want {
		t.Errorf("hints %q, want %q", strings.Join(got, " "), want)
	}
	hints, err = c.server.InlayHint(context.Background(), &protocol.InlayHintParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(7, 1, 7, 2)})
	if err != nil {
		t.Fatal(err)
	}
	if len(hints) != 1 || fmt.Sprint(hints[0].Label) != "⟵ X WINS" {
		t.Errorf("hints at the end of line 7: %+v", hints)
	}
}

// TestRevealCommand runs the code lens's command: the server asks the
// client to show the ending move.
func TestRevealCommand(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	if cmds := res.Capabilities.ExecuteCommandProvider.Commands; !slices.Equal(cmds, []string{EngineMoveCommand, RevealCommand}) { // commandTable, sorted
		t.Errorf("executeCommandProvider = %v", cmds)
	}
	const u = uri.URI("file:///lens.spot")
	c.open(u, 1, "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n")
	lenses, err := c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err != nil || len(lenses) != 1 {
		t.Fatalf("codeLens: %v %v", lenses, err)
	}
	cmd := lenses[0].Command
	if _, err := c.server.ExecuteCommand(ctx, &protocol.ExecuteCommandParams{Command: cmd.Command, Arguments: cmd.Arguments}); err != nil {
		t.Fatalf("executeCommand: %v", err)
	}
	c.mu.Lock()
	shown := c.shown
	c.mu.Unlock()
	if len(shown) != 1 || shown[0].URI != u || shown[0].Selection == nil || *shown[0].Selection != rng(3, 0, 3, 5) {
		t.Fatalf("showDocument: %+v", shown)
	}
	if _, err := c.server.ExecuteCommand(ctx, &protocol.ExecuteCommandParams{Command: "gamels.nothing"}); err == nil {
		t.Errorf("unknown command accepted")
	}
	// Only the documents the server has open: no other URI is forwarded.
	for _, other := range []string{"file:///not-open.spot", "https://example.com/x.spot", "file:///LENS.spot"} {
		arg, _ := json.Marshal(other)
		_, err := c.server.ExecuteCommand(ctx, &protocol.ExecuteCommandParams{Command: RevealCommand,
			Arguments: []protocol.LSPAny{arg, cmd.Arguments[1]}})
		if code := errCode(err); code != jsonrpc2.InvalidParams {
			t.Errorf("reveal in %s: %v (code %d), want InvalidParams", other, err, code)
		}
	}
	c.mu.Lock()
	if len(c.shown) != 1 {
		t.Errorf("showDocument asked %d times, want once: %+v", len(c.shown), c.shown)
	}
	c.mu.Unlock()
	bad, _ := json.Marshal("not a range")
	if _, err := c.server.ExecuteCommand(ctx, &protocol.ExecuteCommandParams{Command: RevealCommand,
		Arguments: []protocol.LSPAny{cmd.Arguments[0], bad}}); err == nil {
		t.Errorf("bad range accepted")
	}
}

// TestConcurrentRequests runs hovers, symbols and hints on several
// documents from many goroutines while the documents change and close
// (run it with -race). The final state must be right.
func TestConcurrentRequests(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	docs := []struct {
		u    uri.URI
		text string
	}{
		{"file:///c1.pousse", "4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n"},
		{"file:///c2.spot", "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n"},
		{"file:///c3.path", "3\n\nWBB\nWWU\nWBB\n0\n"},
	}
	for _, d := range docs {
		c.open(d.u, 1, d.text)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				d := docs[(g+i)%len(docs)]
				id := protocol.TextDocumentIdentifier{URI: d.u}
				// Errors are allowed (a document may be closed for a
				// moment); panics and races are not.
				c.server.Hover(ctx, hoverParams(d.u, uint32(i%5), 0))
				c.server.DocumentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: id})
				c.server.InlayHint(ctx, &protocol.InlayHintParams{TextDocument: id, Range: rng(0, 0, 99, 0)})
				c.server.FoldingRanges(ctx, &protocol.FoldingRangeParams{TextDocument: id})
				c.server.CodeLens(ctx, &protocol.CodeLensParams{TextDocument: id})
			}
		}()
	}
	// Meanwhile: edits on the Pousse file, close and reopen of the Spot one.
	for v := int32(2); v < 100; v++ {
		c.change(docs[0].u, v, partial(rng(0, 0, 0, 0), "# x\n"))
		if v%10 == 0 {
			c.closeDoc(docs[1].u)
			c.open(docs[1].u, v, docs[1].text)
		}
	}
	wg.Wait()
	p := c.waitVersion(docs[0].u, 99)
	snap, _ := c.srv.snapshot(docs[0].u)
	if want := strings.Repeat("# x\n", 98) + docs[0].text; string(snap.text.Bytes()) != want {
		t.Errorf("final text differs")
	}
	if got := diagStrings(p.Diagnostics); len(got) != 1 || !strings.Contains(got[0], "X WINS") {
		t.Errorf("final diagnostics: %v", got)
	}
	c.waitVersion(docs[1].u, 90)
}

// TestCancelRequest cancels a request in flight and checks that the
// work on the server sees its context cancelled, and that the server goes
// on.
func TestCancelRequest(t *testing.T) {
	cancelled := make(chan error, 1)
	started := make(chan struct{})
	c := startServer(t, func(ctx context.Context, method string) {
		if method == protocol.MethodTextDocumentHover {
			close(started)
			select {
			case <-ctx.Done():
				cancelled <- ctx.Err()
			case <-time.After(5 * time.Second):
				cancelled <- nil
			}
		}
	})
	c.initialize(nil, "")
	const u = uri.URI("file:///cancel.pousse")
	c.open(u, 1, "2\nL1\nQUIT\n")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.server.Hover(ctx, hoverParams(u, 1, 0))
		done <- err
	}()
	<-started
	cancel()
	if err := <-done; err == nil {
		t.Errorf("cancelled hover succeeded")
	}
	if err := <-cancelled; err != context.Canceled {
		t.Errorf("the server's work saw %v, want context.Canceled", err)
	}
	if _, err := c.server.DocumentSymbol(context.Background(), &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
		t.Errorf("documentSymbol after a cancel: %v", err)
	}
}
