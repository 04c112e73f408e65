package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/textpos"
)

// notifyRaw sends a notification with params exactly as given.
func (c *testClient) notifyRaw(method, params string) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, jsonrpc2.RawMessage(params)); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// serverText returns the server's text of u and whether it is in sync,
// after every notification sent before (a request is answered only after
// the notifications before it are applied).
func (c *testClient) serverText(u uri.URI) (string, bool) {
	c.t.Helper()
	c.server.DocumentSymbol(context.Background(), &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	snap, err := c.srv.snapshot(u)
	if err != nil {
		c.t.Fatalf("snapshot of %s: %v", u, err)
	}
	return string(snap.text.Bytes()), !snap.outOfSync
}

// TestMalformedChange sends each malformed form of a content change and
// checks that the server keeps the last good text, says the document is
// out of sync, refuses edits on it, and comes back in sync with a whole
// document change.
func TestMalformedChange(t *testing.T) {
	const text = "4\nL2\nT2\nL2\nB2\nR2\nQUIT\n"
	pos := func(line, char string) string { return `{"line":` + line + `,"character":` + char + `}` }
	rangeOf := func(a, b string) string { return `{"start":` + a + `,"end":` + b + `}` }
	ok := rangeOf(pos("1", "0"), pos("1", "2"))
	for _, tc := range []struct{ name, changes string }{
		{"range a string", `[{"range":"x","text":"L1"}]`},
		{"range null", `[{"range":null,"text":"L1"}]`},
		{"range an array", `[{"range":[],"text":"L1"}]`},
		{"line 2^32", `[{"range":` + rangeOf(pos("4294967296", "0"), pos("1", "2")) + `,"text":"L1"}]`},
		{"line 2^53", `[{"range":` + rangeOf(pos("1", "0"), pos("9007199254740992", "2")) + `,"text":"L1"}]`},
		{"line -1", `[{"range":` + rangeOf(pos("-1", "0"), pos("1", "2")) + `,"text":"L1"}]`},
		{"character -1", `[{"range":` + rangeOf(pos("1", "-1"), pos("1", "2")) + `,"text":"L1"}]`},
		{"character 2^31", `[{"range":` + rangeOf(pos("1", "0"), pos("1", "2147483648")) + `,"text":"L1"}]`},
		{"character a fraction", `[{"range":` + rangeOf(pos("1", "0.5"), pos("1", "2")) + `,"text":"L1"}]`},
		{"character a string", `[{"range":` + rangeOf(pos("1", `"0"`), pos("1", "2")) + `,"text":"L1"}]`},
		{"line missing", `[{"range":{"start":{"character":0},"end":` + pos("1", "2") + `},"text":"L1"}]`},
		{"end missing", `[{"range":{"start":` + pos("1", "0") + `},"text":"L1"}]`},
		{"rangeLength -5", `[{"range":` + ok + `,"rangeLength":-5,"text":"L1"}]`},
		{"rangeLength a string", `[{"range":` + ok + `,"rangeLength":"2","text":"L1"}]`},
		{"rangeLength without range", `[{"rangeLength":2,"text":"L1"}]`},
		{"text missing", `[{"range":` + ok + `}]`},
		{"text null", `[{"range":` + ok + `,"text":null}]`},
		{"text a number", `[{"range":` + ok + `,"text":1}]`},
		{"whole text null", `[{"text":null}]`},
		{"change a string", `["L1"]`},
		{"change null", `[null]`},
		{"good then bad", `[{"range":` + ok + `,"text":"R1"},{"range":"x","text":"L1"}]`},
		{"changes missing", ``},
		{"changes null", `null`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t, nil)
			c.initialize(nil, "")
			u := uri.URI("file:///t/v.pousse")
			c.open(u, 1, text)
			c.waitVersion(u, 1)
			params := `{"textDocument":{"uri":"file:///t/v.pousse","version":2}`
			if tc.changes != "" {
				params += `,"contentChanges":` + tc.changes
			}
			c.notifyRaw(protocol.MethodTextDocumentDidChange, params+"}")
			if got, inSync := c.serverText(u); got != text || inSync {
				t.Fatalf("after the malformed change: text %q, in sync %v; want %q, out of sync", got, inSync, text)
			}
			p := c.waitVersion(u, 2)
			if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != protocol.String("out-of-sync") {
				t.Errorf("diagnostics of the document out of sync: %v", diagStrings(p.Diagnostics))
			}
			checkRefusesEdits(t, c, u)

			// A ranged change cannot apply to a text the client no
			// longer has: still out of sync, the text kept.
			c.change(u, 3, partial(rng(1, 0, 1, 2), "R1"))
			if got, inSync := c.serverText(u); got != text || inSync {
				t.Fatalf("after a ranged change out of sync: text %q, in sync %v", got, inSync)
			}
			checkRefusesEdits(t, c, u)

			// A whole-document change brings it back.
			const fresh = "4\nL1\nQUIT\n"
			c.change(u, 4, &protocol.TextDocumentContentChangeWholeDocument{Text: fresh})
			if got, inSync := c.serverText(u); got != fresh || !inSync {
				t.Fatalf("after a whole change: text %q, in sync %v", got, inSync)
			}
			if _, err := c.server.Formatting(context.Background(), &protocol.DocumentFormattingParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
				t.Errorf("formatting after the document came back in sync: %v", err)
			}
			p = c.waitVersion(u, 4)
			if got, want := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(u, []byte(fresh), UTF16)); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("diagnostics back in sync:\n%v\nwant\n%v", got, want)
			}
		})
	}
}

// checkRefusesEdits checks that formatting, range formatting, code
// actions and completion answer an error on a document out of sync.
func checkRefusesEdits(t *testing.T, c *testClient, u uri.URI) {
	t.Helper()
	ctx := context.Background()
	td := protocol.TextDocumentIdentifier{URI: u}
	errs := map[string]error{}
	_, errs["formatting"] = c.server.Formatting(ctx, &protocol.DocumentFormattingParams{TextDocument: td})
	_, errs["rangeFormatting"] = c.server.RangeFormatting(ctx, &protocol.DocumentRangeFormattingParams{TextDocument: td, Range: rng(0, 0, 3, 0)})
	_, errs["codeAction"] = c.server.CodeAction(ctx, &protocol.CodeActionParams{TextDocument: td, Range: rng(0, 0, 3, 0)})
	_, errs["completion"] = c.server.Completion(ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: td, Position: protocol.Position{Line: 1}}})
	for method, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "out of sync") {
			t.Errorf("%s on a document out of sync: %v, want an out-of-sync error", method, err)
		}
	}
}

// TestMalformedOpen checks that a didOpen without a text, or with a null
// one, opens nothing.
func TestMalformedOpen(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for i, params := range []string{
		`{"textDocument":{"uri":"file:///n0.pousse","languageId":"pousse","version":1}}`,
		`{"textDocument":{"uri":"file:///n1.pousse","languageId":"pousse","version":1,"text":null}}`,
		`{"textDocument":{"languageId":"pousse","version":1,"text":"4\nL1\n"}}`,
		`{"textDocument":{"uri":"","languageId":"pousse","version":1,"text":"4\nL1\n"}}`,
	} {
		c.notifyRaw(protocol.MethodTextDocumentDidOpen, params)
		u := uri.URI(fmt.Sprintf("file:///n%d.pousse", i))
		c.serverTextMissing(u)
	}
	c.srv.mu.Lock()
	n := len(c.srv.docs)
	c.srv.mu.Unlock()
	if n != 0 {
		t.Errorf("%d documents open, want none", n)
	}
}

// serverTextMissing checks that u is not open, after the notifications
// sent before.
func (c *testClient) serverTextMissing(u uri.URI) {
	c.t.Helper()
	_, err := c.server.DocumentSymbol(context.Background(), &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if err == nil {
		c.t.Errorf("%s is open", u)
	}
}

// TestURIsAsSent opens documents under URIs that the uri package would
// rewrite or merge, and checks that each is its own document, answered
// and published under the URI exactly as sent, and closed alone.
func TestURIsAsSent(t *testing.T) {
	uris := []string{
		"file:///C:/x/a.pousse",
		"file:///c%3A/x/a.pousse",
		"file:///c:/x/a.pousse",
		"file:///tmp/✓ x.pousse",
		"file:///tmp/%E2%9C%93%20x.pousse",
		"file:///tmp/a.pousse?q=1",
		"file:///tmp/a.pousse?q%3D1",
		"file:///tmp/a/b.pousse",
		"file:///tmp/a%2Fb.pousse",
		"file:///tmp/a%2fb.pousse",
		"file:///tmp/a.pousse#frag",
		"file:///tmp/a.pousse",
		"file://host/share/a.pousse",
		"file://HOST/share/a.pousse",
		"FILE:///tmp/upper.pousse",
		"file:///tmp/x/../y.pousse",
		"file:///tmp/%41.pousse",
		"file:///tmp/A.pousse",
		"file:///tmp/é.pousse",
		"file:///tmp/%C3%A9.pousse",
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	for i, s := range uris {
		// Each text has its own verdict: game i+1 moves ... a
		// different number of moves, so that answers cannot mix.
		text := fmt.Sprintf("# doc %d\n4\n%sQUIT\n", i, strings.Repeat("L1\n", i+1))
		b, _ := json.Marshal(map[string]any{"textDocument": map[string]any{
			"uri": s, "languageId": "pousse", "version": i + 1, "text": text}})
		c.notifyRaw(protocol.MethodTextDocumentDidOpen, string(b))
	}
	for i, s := range uris {
		u := uri.URI(s)
		p := c.waitVersion(u, int32(i+1))
		if got, want := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(u,
			fmt.Appendf(nil, "# doc %d\n4\n%sQUIT\n", i, strings.Repeat("L1\n", i+1)), UTF16)); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: diagnostics\n%v\nwant\n%v", s, got, want)
		}
		if got, _ := c.serverText(u); !strings.HasPrefix(got, fmt.Sprintf("# doc %d\n", i)) {
			t.Errorf("%s: the server's text is %q", s, got)
		}
	}
	c.srv.mu.Lock()
	n := len(c.srv.docs)
	c.srv.mu.Unlock()
	if n != len(uris) {
		t.Fatalf("%d documents for %d URIs", n, len(uris))
	}
	// Closing one closes it alone, and clears it under its own URI.
	for i, s := range uris {
		u := uri.URI(s)
		c.closeDocRaw(s)
		c.waitFor(u, "cleared", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
		c.serverTextMissing(u)
		for _, other := range uris[i+1:] {
			if got, _ := c.serverText(uri.URI(other)); got == "" {
				t.Fatalf("closing %s closed %s", s, other)
			}
		}
	}
	// No publication went to a URI that was not sent.
	sent := map[uri.URI]bool{}
	for _, s := range uris {
		sent[uri.URI(s)] = true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.published {
		if !sent[p.URI] {
			t.Errorf("diagnostics published for %q, a URI the client never sent", p.URI)
		}
	}
}

// closeDocRaw sends didClose for the URI exactly as given.
func (c *testClient) closeDocRaw(s string) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"textDocument": map[string]any{"uri": s}})
	c.notifyRaw(protocol.MethodTextDocumentDidClose, string(b))
}

// utf16Position returns the protocol position, in UTF-16 units, of byte
// offset off of text (a character boundary, not inside a "\r\n"),
// counted independently of the server's Mapper: rune by rune from the
// start.
func utf16Position(text []byte, off int) protocol.Position {
	var line, char uint32
	for i, r := range string(text[:off]) {
		switch {
		case r == '\n' && i > 0 && text[i-1] == '\r':
		case r == '\n' || r == '\r':
			line, char = line+1, 0
		case r >= 0x10000:
			char += 2
		default:
			char++
		}
	}
	return protocol.Position{Line: line, Character: char}
}

// boundary moves off back to a character boundary of text outside any
// "\r\n".
func boundary(text []byte, off int) int {
	for off > 0 && off < len(text) && !utf8.RuneStart(text[off]) {
		off--
	}
	if off > 0 && off < len(text) && text[off-1] == '\r' && text[off] == '\n' {
		off--
	}
	return off
}

// TestChangeSequences sends notifications of one to four ranged changes
// each (positions in UTF-16, each change located in the text left by the
// ones before it in the same notification), now and then a
// whole-document change among them, on a text of several chunks with
// every line end (lone "\r" too) and non-ASCII text, and compares the
// server's text, after every notification, with the client's spliced
// naively, and its position conversions with a Mapper on that text
// indexed afresh.
func TestChangeSequences(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///sequences.pousse")
	pieces := []string{"L1 R2\n", "é漢😀", "\r", "\r\n", "\n", "# comment 😀\r\n", "x", "T3 ", "QUIT\r",
		strings.Repeat("B4 ", 300) + "\n", strings.Repeat("😀é", 200) + "\r"}
	rnd := rand.New(rand.NewPCG(14, 2))
	random := func(n int) []byte {
		var b []byte
		for len(b) < n {
			b = append(b, pieces[rnd.IntN(len(pieces))]...)
		}
		return b
	}
	text := random(60 << 10) // four chunks or so
	c.open(u, 1, string(text))
	c.serverText(u) // the open is applied
	if snap, _ := c.srv.snapshot(u); snap == nil || countChunks(snap.text) < 3 {
		t.Fatal("the document should be in several chunks")
	}
	const notifications = 150
	for v := int32(2); v < 2+notifications; v++ {
		var changes []protocol.TextDocumentContentChangeEvent
		for range 1 + rnd.IntN(4) {
			if rnd.IntN(40) == 0 {
				text = random(rnd.IntN(70 << 10))
				changes = append(changes, &protocol.TextDocumentContentChangeWholeDocument{Text: string(text)})
				continue
			}
			i := boundary(text, rnd.IntN(len(text)+1))
			span := rnd.IntN(8)
			if rnd.IntN(10) == 0 {
				span = rnd.IntN(40 << 10) // across chunks
			}
			j := boundary(text, min(len(text), i+span))
			ins := random(rnd.IntN(3) * rnd.IntN(40))
			if rnd.IntN(20) == 0 {
				ins = random(20 << 10)
			}
			r := protocol.Range{Start: utf16Position(text, i), End: utf16Position(text, j)}
			if rnd.IntN(5) == 0 {
				r.Start, r.End = r.End, r.Start // a reversed range is put in order
			}
			changes = append(changes, partial(r, string(ins)))
			text = slices.Concat(text[:i], ins, text[j:])
		}
		c.change(u, v, changes...)
		got, inSync := c.serverText(u)
		if got != string(text) || !inSync {
			t.Fatalf("version %d (%d changes): in sync %v, server text differs from the client's", v, len(changes), inSync)
		}
		snap, _ := c.srv.snapshot(u)
		m, want := snap.Mapper(), testMapper(text, UTF16)
		for range 20 {
			off := rnd.IntN(len(text) + 1)
			if g, w := m.Position(off), want.Position(off); g != w {
				t.Fatalf("version %d: Position(%d) = %v, want %v", v, off, g, w)
			}
			p := utf16Position(text, boundary(text, off))
			if g, w := m.Offset(p), want.Offset(p); g != w || g != boundary(text, off) {
				t.Fatalf("version %d: Offset(%v) = %d, fresh %d, want %d", v, p, g, w, boundary(text, off))
			}
		}
	}
}

// countChunks returns the number of chunks of t.
func countChunks(t *textpos.Text) int {
	n := 0
	for range t.Chunks() {
		n++
	}
	return n
}
