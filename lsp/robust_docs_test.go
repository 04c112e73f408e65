package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/parse"
)

// docMethods returns the request methods about one document.
func docMethods() []string {
	var out []string
	for m, h := range methodTable() {
		if h.request != nil && strings.HasPrefix(m, "textDocument/") {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// anyParams returns params that suit every textDocument request: a
// document, a position, a range, and the extra members some need.
func anyParams(u uri.URI, p protocol.Position, r protocol.Range) json.RawMessage {
	b, _ := json.Marshal(map[string]any{
		"textDocument": map[string]any{"uri": u},
		"position":     p,
		"range":        r,
		"context":      map[string]any{"diagnostics": []any{}, "triggerKind": 1, "includeDeclaration": true},
		"options":      map[string]any{"tabSize": 4, "insertSpaces": true},
	})
	return b
}

// TestNeverOpened asks every document request about a document that was
// never opened (and one that was closed): each gets an error that is not
// an internal error, and the server goes on.
func TestNeverOpened(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	const closed = uri.URI("file:///closed.spot")
	c.open(closed, 1, "2\n1 1 +\n0\n")
	c.closeDoc(closed)
	methods := docMethods()
	if len(methods) < 8 {
		t.Fatalf("only %d document methods registered: %v", len(methods), methods)
	}
	for _, u := range []uri.URI{"file:///never.pousse", closed, "untitled:Untitled-1", "", "file:///weird%00name.path?x#y"} {
		for _, m := range methods {
			var res json.RawMessage
			_, err := c.conn.Call(ctx, m, anyParams(u, pos(0, 0), rng(0, 0, 1, 0)), &res)
			if err == nil {
				t.Errorf("%s on %q: no error, result %s", m, u, res)
			} else if code := errCode(err); code == jsonrpc2.InternalError {
				t.Errorf("%s on %q: internal error %v", m, u, err)
			}
		}
	}
	// Notifications about it are ignored.
	c.change("file:///never.pousse", 2, partial(rng(0, 0, 0, 0), "x"))
	c.closeDoc("file:///never.pousse")
	const u = uri.URI("file:///ok.pousse")
	c.open(u, 1, pousseDoc)
	c.waitVersion(u, 1)
	if got := c.publications("file:///never.pousse"); len(got) != 0 {
		t.Errorf("publications for a document never opened: %d", len(got))
	}
}

// TestWildPositions sends every document request positions past the end
// of a line and of the file, huge numbers, and reversed ranges, on a
// document of each kind with every kind of line end: no internal error,
// and every range in an answer lies in the document.
func TestWildPositions(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	docs := map[uri.URI]string{
		"file:///w.pousse":  "# é漢😀\n3\nL1 R2\nL1\r\nR2\rL1\n\nQUIT",
		"file:///w.spot":    "2\r\n1 1 +\r\n2 2 +\r\n2 2 -\r\n1 2 +\r\n0\r\n",
		"file:///w.path":    "3\r\rWUB\rWWW\rBUB\r0",
		"file:///e.pousse":  "",
		"file:///nul.spot":  "2\x00\n1 1 +\x00\n0",
		"file:///junk.path": "\xff\xfe\x80abc\n3\n\xc3",
	}
	for u, text := range docs {
		c.open(u, 1, text)
	}
	const huge = 1<<31 - 1
	positions := []protocol.Position{pos(0, huge), pos(huge, 0), pos(huge, huge), pos(1, 1000), pos(7, 0), pos(8, 3), pos(0, 3), pos(0, 4)}
	ranges := []protocol.Range{rng(3, 0, 1, 0), rng(2, 5, 2, 1), rng(0, huge, huge, huge), rng(huge, 0, 0, 0), rng(100, 0, 200, 0)}
	calls := 0
	for u, text := range docs {
		m := testMapper([]byte(text), UTF16)
		end := m.Position(len(text))
		for _, method := range docMethods() {
			for i := range max(len(positions), len(ranges)) {
				p, r := positions[i%len(positions)], ranges[i%len(ranges)]
				var res json.RawMessage
				_, err := c.conn.Call(ctx, method, anyParams(u, p, r), &res)
				calls++
				if err != nil {
					if errCode(err) == jsonrpc2.InternalError {
						t.Errorf("%s on %s at %v / %v: %v", method, u, p, r, err)
					}
					continue
				}
				checkRanges(t, fmt.Sprintf("%s on %s at %v / %v", method, u, p, r), res, end)
			}
		}
		pub := c.waitVersion(u, 1)
		for _, d := range pub.Diagnostics {
			if after(d.Range.End, end) || after(d.Range.Start, d.Range.End) {
				t.Errorf("%s: diagnostic %v outside the document (end %v)", u, d.Range, end)
			}
		}
	}
	t.Logf("%d requests", calls)
}

// after reports whether position a comes after b.
func after(a, b protocol.Position) bool {
	return a.Line > b.Line || a.Line == b.Line && a.Character > b.Character
}

// checkRanges finds every "range" object in a JSON answer and checks
// that it is ordered and ends within the document.
func checkRanges(t *testing.T, what string, res json.RawMessage, end protocol.Position) {
	var v any
	if err := json.Unmarshal(res, &v); err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if k == "range" {
					b, _ := json.Marshal(x)
					var r protocol.Range
					if json.Unmarshal(b, &r) == nil && (after(r.Start, r.End) || after(r.End, end)) {
						t.Errorf("%s: range %v outside the document (end %v)", what, r, end)
					}
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
}

// TestDidChangeOddities: a change to a document not open is ignored; a
// change whose version goes backwards is applied (the changes are
// relative to the text the client has, so dropping one would leave every
// later change misplaced) and the newest text gets its diagnostics,
// whatever its version number; a reversed range is taken in order.
func TestDidChangeOddities(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///odd.pousse")
	c.open(u, 5, "3\nL1\nQUIT\n")
	c.waitVersion(u, 5)
	c.change("file:///not-open.pousse", 6, partial(rng(0, 0, 0, 0), "2\n"))
	c.change(u, 3, partial(rng(1, 0, 1, 2), "R2"))   // backwards
	c.change(u, 3, partial(rng(2, 0, 1, 2), "\nL1")) // same version, reversed range
	// A request is served after the notifications before it.
	c.server.DocumentSymbol(context.Background(), &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if snap, _ := c.srv.snapshot(u); string(snap.text.Bytes()) != "3\nR2\nL1QUIT\n" || snap.version != 3 {
		t.Errorf("after the backward changes: version %d, text %q", snap.version, snap.text.Bytes())
	}
	c.change(u, 1, &protocol.TextDocumentContentChangeWholeDocument{Text: "2\nL1\nR2\nQUIT\n"}) // backwards, whole text
	c.change(u, 2, partial(rng(9, 9, 99, 99), "L1\n"), partial(rng(3, 0, 3, 4), "L2"))
	want := "2\nL1\nR2\nL2\nL1\n"
	p := c.waitVersion(u, 2)
	snap, err := c.srv.snapshot(u)
	if err != nil || string(snap.text.Bytes()) != want {
		t.Fatalf("text %q (%v), want %q", snap.text.Bytes(), err, want)
	}
	if got, w := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(u, []byte(want), UTF16)); !slices.Equal(got, w) {
		t.Errorf("final diagnostics\n%v\nwant\n%v", got, w)
	}
	if _, err := c.srv.snapshot("file:///not-open.pousse"); err == nil {
		t.Errorf("a change opened a document")
	}
}

// TestLineEnds checks that a transcript with CRLF or lone CR line ends
// gets the same diagnostics (messages and positions) as with LF, and
// hovers at the same positions.
func TestLineEnds(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	for name, text := range corpus(t) {
		if !strings.Contains(string(text), "\n") || strings.Contains(string(text), "\r") {
			continue
		}
		var got [3][]string
		var hovers [3][]string
		for i, nl := range []string{"\n", "\r\n", "\r"} {
			u := uri.URI(fmt.Sprintf("file:///le%d/%s", i, name))
			c.open(u, 1, strings.ReplaceAll(string(text), "\n", nl))
			got[i] = diagStrings(c.waitVersion(u, 1).Diagnostics)
			for line := range uint32(12) {
				h, err := c.server.Hover(ctx, hoverParams(u, line, 0))
				s := fmt.Sprint(err)
				if h != nil {
					s = h.Contents.(*protocol.MarkupContent).Value
				}
				hovers[i] = append(hovers[i], strings.ReplaceAll(s, "\r", ""))
			}
			c.closeDoc(u)
		}
		for i := 1; i < 3; i++ {
			if !slices.Equal(got[0], got[i]) {
				t.Errorf("%s: diagnostics with line end %d differ:\n%v\nwant\n%v", name, i, got[i], got[0])
			}
			if !slices.Equal(hovers[0], hovers[i]) {
				t.Errorf("%s: hovers with line end %d differ", name, i)
			}
		}
	}
}

// TestInvalidUTF8OnTheWire sends a didOpen whose text holds bytes that
// are not UTF-8 and a raw control character: the server decodes what it
// can or answers a parse error, and goes on.
func TestInvalidUTF8OnTheWire(t *testing.T) {
	rs := startRaw(t, nil)
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")) + frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	rs.probe("open")
	rs.send(frame(note("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"file:///u.pousse\",\"languageId\":\"pousse\",\"version\":1,\"text\":\"2\\nL1\xff\xfe\\nQUIT\\n\"}}")))
	rs.send(frame(note("textDocument/didOpen", "{\"textDocument\":{\"uri\":\"file:///v.pousse\",\"languageId\":\"pousse\",\"version\":1,\"text\":\"2\\nL1\x00\x01\\nQUIT\\n\"}}")))
	rs.send(frame(note("textDocument/didOpen", `{"textDocument":{"uri":"file:///w.pousse","languageId":"pousse","version":1,"text":"2\u0000\nL1\ud800\nQUIT\n"}}`)))
	rs.probe("after the invalid text")
	m := rs.roundTrip(`"h"`, protocol.MethodTextDocumentHover, `{"textDocument":{"uri":"file:///w.pousse"},"position":{"line":1,"character":1}}`)
	if m.Error != nil && m.Error.Code == int64(jsonrpc2.InternalError) {
		t.Errorf("hover on the invalid text: %s", m.body)
	}
	for _, m := range rs.take() {
		if m.Error == nil || m.Error.Code != -32700 {
			t.Errorf("unexpected message %s", m.body)
		}
	}
	// Bytes that are not UTF-8 become U+FFFD, as Go's JSON decoder does;
	// \u0000 is a NUL; raw control characters make the params invalid:
	// the notification is ignored.
	for u, want := range map[string]string{"file:///u.pousse": "2\nL1\ufffd\ufffd\nQUIT\n", "file:///w.pousse": "2\x00\nL1\ufffd\nQUIT\n", "file:///v.pousse": ""} {
		snap, err := rs.srv.snapshot(uri.URI(u))
		if got := ""; err == nil && string(snap.text.Bytes()) != want || err != nil && want != "" {
			if err == nil {
				got = string(snap.text.Bytes())
			}
			t.Errorf("%s: text %q (%v), want %q", u, got, err, want)
		}
	}
}

// measure runs f and returns the heap in use after it (what stays live,
// in the client and the server together) and the bytes it allocated.
func measure(f func()) (inuse, allocated uint64) {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.GC()
	runtime.ReadMemStats(&b)
	return b.HeapInuse, b.TotalAlloc - a.TotalAlloc
}

// TestHostileSizes opens documents that name enormous sizes or are
// enormous: a clear diagnostic each, no crash, memory bounded.
func TestHostileSizes(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for _, tc := range []struct {
		name, text, want string
	}{
		{"n.pousse", "1000000000\nL1\nQUIT\n", "board size 1000000000 is out of range: N must be between 1 and 100"},
		{"n.spot", "1000000000\n1 1 +\n0\n", "N must be between 2 and 50"},
		{"n.path", "1000000000\nWB\n0\n", "N must be between 1 and 80"},
		{"m.pousse", "99999999999999999999999999999\nL1\nQUIT\n", "out of range"},
		{"mv.pousse", "3\nL1000000000\nT99999999999999999\nQUIT\n", ""},
		{"mv.spot", "3\n1000000000 1 +\n1 99999999999999999999 +\n0\n", ""},
		{"errors.spot", "3\n" + strings.Repeat("9 9 ?\n", 5000) + "0\n", fmt.Sprintf("too many errors: the first %d are listed", parse.MaxErrors)},
	} {
		u := uri.URI("file:///sizes/" + tc.name)
		var p *protocol.PublishDiagnosticsParams
		_, alloc := measure(func() {
			c.open(u, 1, tc.text)
			p = c.waitVersion(u, 1)
		})
		if alloc > 16<<20 {
			t.Errorf("%s: %d bytes allocated", tc.name, alloc)
		}
		s := strings.Join(diagStrings(p.Diagnostics), "\n")
		if len(p.Diagnostics) == 0 || !strings.Contains(s, tc.want) {
			t.Errorf("%s: diagnostics lack %q:\n%s", tc.name, tc.want, s)
		}
	}
}

// TestHugeDocuments opens a 50 MB single-line transcript (over
// MaxDocumentSize: declined with a clear diagnostic) and 10^6 games of
// N = 1 (about 10 MB: analysed, with at most MaxDiagnostics published and
// a last one saying how many more there are), and measures the heap.
func TestHugeDocuments(t *testing.T) {
	if testing.Short() {
		t.Skip("large documents")
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	for _, tc := range []struct {
		name, text, want string
		maxDiags         int
		heapPerByte      uint64
	}{
		{"line.pousse", "3\n" + strings.Repeat("L1 ", 50<<20/3), "over the 32 MiB the server analyses", 1, 6},
		{"games.pousse", strings.Repeat("1\nL1\nQUIT\n", 1000000), "more diagnostics", MaxDiagnostics, 100},
	} {
		u := uri.URI("file:///huge/" + tc.name)
		var p *protocol.PublishDiagnosticsParams
		var took time.Duration
		inuse, alloc := measure(func() {
			start := time.Now()
			c.open(u, 1, tc.text)
			p = waitVersionWithin(c, u, 1, 2*time.Minute)
			took = time.Since(start)
		})
		t.Logf("%s: %d bytes, %d diagnostics in %v, heap in use %d MB (%.1f bytes per byte), %d MB allocated",
			tc.name, len(tc.text), len(p.Diagnostics), took, inuse>>20, float64(inuse)/float64(len(tc.text)), alloc>>20)
		if inuse > tc.heapPerByte*uint64(len(tc.text)) {
			t.Errorf("%s: heap in use %d MB, over %d bytes per byte of text", tc.name, inuse>>20, tc.heapPerByte)
		}
		if n := len(p.Diagnostics); n == 0 || n > tc.maxDiags {
			t.Errorf("%s: %d diagnostics, want 1..%d", tc.name, n, tc.maxDiags)
		} else if last := fmt.Sprint(p.Diagnostics[n-1].Message); !strings.Contains(last, tc.want) {
			t.Errorf("%s: last diagnostic %q lacks %q", tc.name, last, tc.want)
		}
		c.closeDoc(u)
	}
}

// waitVersionWithin waits up to d for the diagnostics of version v of u
// (the race detector makes the large documents slow).
func waitVersionWithin(c *testClient, u uri.URI, v int32, d time.Duration) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(d)
	for i := 0; ; {
		c.mu.Lock()
		for ; i < len(c.published); i++ {
			if p := c.published[i]; p.URI == u {
				if got, ok := p.Version.Get(); ok && got == v {
					c.mu.Unlock()
					return p
				}
			}
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d within %v", u, v, d)
			return nil
		}
	}
}

// TestCapDiagnostics checks that the cap keeps the errors wherever they
// are, stays sorted, and says how many were left out.
func TestCapDiagnostics(t *testing.T) {
	var ds []protocol.Diagnostic
	for i := range MaxDiagnostics + 2000 {
		sev := protocol.DiagnosticSeverityInformation
		if i%250 == 7 {
			sev = protocol.DiagnosticSeverityError
		}
		ds = append(ds, protocol.Diagnostic{Range: rng(uint32(i), 0, uint32(i), 1), Severity: sev, Message: protocol.String("m")})
	}
	got := capPublished(ds)
	if len(got) != MaxDiagnostics {
		t.Fatalf("%d diagnostics, want %d", len(got), MaxDiagnostics)
	}
	errs := 0
	for i, d := range got[:MaxDiagnostics-1] {
		if d.Severity == protocol.DiagnosticSeverityError {
			errs++
		}
		if i > 0 && d.Range.Start.Line <= got[i-1].Range.Start.Line {
			t.Fatalf("not sorted at %d", i)
		}
	}
	if want := (MaxDiagnostics + 2000 + 242) / 250; errs != want {
		t.Errorf("%d errors kept, want %d", errs, want)
	}
	if msg := fmt.Sprint(got[MaxDiagnostics-1].Message); !strings.Contains(msg, "2001 more diagnostics not shown") {
		t.Errorf("last diagnostic: %s", msg)
	}
	if small := ds[:10]; len(capPublished(small)) != 10 {
		t.Errorf("a short list was cut")
	}
}

// TestPositionLimit checks that a line or character of 2^31, one more
// than the protocol's uinteger allows (the decoder's uint32 lets it
// through), is refused with InvalidParams by every request on a position
// or a range, and that 2^31-1 is not: it is clamped like any position
// past the end.
func TestPositionLimit(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///limit.pousse")
	c.open(u, 1, "2\nL1\nQUIT\n")
	const over, max = 1 << 31, 1<<31 - 1
	for _, method := range []string{
		protocol.MethodTextDocumentHover, protocol.MethodTextDocumentCompletion, protocol.MethodTextDocumentDefinition,
		protocol.MethodTextDocumentDocumentHighlight, BoardMethod,
		protocol.MethodTextDocumentInlayHint, protocol.MethodTextDocumentCodeAction, protocol.MethodTextDocumentRangeFormatting,
	} {
		for _, tc := range []struct {
			p      protocol.Position
			r      protocol.Range
			refuse bool
		}{
			{pos(over, 0), rng(0, 0, over, 0), true},
			{pos(0, over), rng(0, over, 1, 0), true},
			{pos(max, max), rng(0, 0, max, max), false},
		} {
			var res json.RawMessage
			_, err := c.conn.Call(ctx, method, anyParams(u, tc.p, tc.r), &res)
			if refused := errCode(err) == jsonrpc2.InvalidParams; refused != tc.refuse {
				t.Errorf("%s at %v / %v: %v, want refused: %v", method, tc.p, tc.r, err, tc.refuse)
			}
		}
	}
}
