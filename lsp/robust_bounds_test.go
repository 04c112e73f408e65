package lsp

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// rawCall sends a request and returns its raw result, decoded into v.
func (c *testClient) rawCall(method string, params, v any) error {
	c.t.Helper()
	var raw json.RawMessage
	if _, err := c.conn.Call(context.Background(), method, params, &raw); err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// TestBoundedAnswers opens a transcript of 2*MaxItems+5 games and checks
// that every whole-document answer stops at MaxItems entries, with a
// notice where the client can show one.
func TestBoundedAnswers(t *testing.T) {
	const games = 2*MaxItems + 5
	text := strings.Repeat("1\nL1\nQUIT\n", games)
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///many.pousse")
	c.open(u, 1, text)
	c.waitVersion(u, 1)
	td := map[string]any{"textDocument": map[string]any{"uri": u}}
	more := "… 10005 more games not listed"

	var lenses []struct {
		Command struct{ Title string }
	}
	if err := c.rawCall(protocol.MethodTextDocumentCodeLens, td, &lenses); err != nil {
		t.Fatal(err)
	}
	if len(lenses) != MaxItems+1 || !strings.HasPrefix(lenses[MaxItems].Command.Title, more) {
		t.Errorf("code lenses: %d, the last %+v", len(lenses), lenses[len(lenses)-1])
	}

	var symbols []struct{ Name string }
	if err := c.rawCall(protocol.MethodTextDocumentDocumentSymbol, td, &symbols); err != nil {
		t.Fatal(err)
	}
	if len(symbols) != MaxItems+1 || !strings.HasPrefix(symbols[MaxItems].Name, more) || symbols[MaxItems-1].Name != "game 10000" {
		t.Errorf("symbols: %d, the last two %+v", len(symbols), symbols[len(symbols)-2:])
	}

	var folds []struct{ StartLine int }
	if err := c.rawCall(protocol.MethodTextDocumentFoldingRange, td, &folds); err != nil {
		t.Fatal(err)
	}
	if len(folds) != MaxItems || folds[MaxItems-1].StartLine != 3*(MaxItems-1) {
		t.Errorf("folding ranges: %d, the last %+v", len(folds), folds[len(folds)-1])
	}

	var hints []struct {
		Label    string
		Position struct{ Line int }
	}
	whole := map[string]any{"textDocument": map[string]any{"uri": u},
		"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 3 * games, "character": 0}}}
	if err := c.rawCall(protocol.MethodTextDocumentInlayHint, whole, &hints); err != nil {
		t.Fatal(err)
	}
	if len(hints) != MaxItems+1 || !strings.HasPrefix(hints[MaxItems].Label, "… more hints not shown") {
		t.Errorf("inlay hints: %d, the last %+v", len(hints), hints[len(hints)-1])
	}
	// A range in the middle still gets its own hints in full.
	mid := map[string]any{"textDocument": map[string]any{"uri": u},
		"range": map[string]any{"start": map[string]any{"line": 3 * 15000, "character": 0}, "end": map[string]any{"line": 3*15000 + 3, "character": 0}}}
	if err := c.rawCall(protocol.MethodTextDocumentInlayHint, mid, &hints); err != nil {
		t.Fatal(err)
	}
	if len(hints) != 2 || hints[0].Label != "1." || hints[0].Position.Line != 3*15000+1 {
		t.Errorf("inlay hints of game 15001: %+v", hints)
	}
}

// TestCancelStopsWork cancels long requests on a large transcript, while
// its analysis is under way and after it, and checks that the answer,
// RequestCancelled, comes soon after the cancel: the work looks at its
// context as it goes, instead of running to its end.
func TestCancelStopsWork(t *testing.T) {
	// 1.5 MB, 150k games: loops long enough to be cancelled midway, an
	// analysis short enough for -race on a loaded machine.
	text := strings.Repeat("1\nL1\nQUIT\n", 150000)
	started := make(chan string, 16)
	rs := startRaw(t, func(ctx context.Context, method string) {
		if strings.HasPrefix(method, "document:") {
			started <- method
		}
	})
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")))
	rs.send(frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	id := 10
	for round, u := range []string{"file:///big1.pousse", "file:///big2.pousse"} {
		rs.send(frame(note("textDocument/didOpen", openParams(u, text))))
		if round == 1 {
			// The analysis is ready: the request's own loop is what
			// the cancel stops.
			rs.roundTrip("9"+strconv.Itoa(round), protocol.MethodTextDocumentHover,
				`{"textDocument":{"uri":"`+u+`"},"position":{"line":0,"character":0}}`)
			<-started
		}
		for _, method := range []string{protocol.MethodTextDocumentCodeLens, protocol.MethodTextDocumentDocumentSymbol,
			protocol.MethodTextDocumentFoldingRange, protocol.MethodTextDocumentInlayHint} {
			id++
			sid := strconv.Itoa(id)
			rs.send(frame(call(sid, method, `{"textDocument":{"uri":"`+u+`"},`+
				`"range":{"start":{"line":0,"character":0},"end":{"line":1200000,"character":0}}}`)))
			<-started
			start := time.Now()
			rs.send(frame(note("$/cancelRequest", `{"id":`+sid+`}`)))
			m := rs.wait(sid)
			d := time.Since(start)
			if m.Error == nil {
				// It finished before the cancel arrived: nothing to
				// measure, but it must not happen on this input
				// in the analysis round.
				t.Logf("round %d: %s finished before its cancel (%v)", round, method, d)
				continue
			}
			if m.Error.Code != -32800 {
				t.Errorf("round %d: %s: %s, want RequestCancelled", round, method, m.body)
			}
			// 50 ms is the promise (SECURITY.md); the bound here leaves
			// room for a loaded machine and the race detector.
			if d > 500*time.Millisecond {
				t.Errorf("round %d: %s answered %v after its cancellation", round, method, d)
			}
			t.Logf("round %d: %s answered RequestCancelled %v after the cancel", round, method, d)
		}
	}
	rs.probe("after the cancellations")
}

// TestCancelStopsFormatting cancels formatting and range formatting of a
// large transcript (500k games, two lines to fix) while format.EditsContext
// is at work (20 ms in, or a fifth of the way through on a machine where
// an uncancelled request takes under 100 ms), and checks that
// RequestCancelled comes soon after the cancel: well under 500 ms (50 ms
// is the promise), and in less than a quarter of the time the whole
// request takes at its fastest, so that a formatting that ran on to its
// end despite the cancel fails the test however fast the machine.
func TestCancelStopsFormatting(t *testing.T) {
	if testing.Short() {
		t.Skip("formats a document of 500000 games, several times")
	}
	const games = 500000
	text := strings.Repeat("1\nL1\nQUIT\n\n", games)
	// Trailing blanks on the first line and on the last.
	text = "1  " + text[1:len(text)-len("QUIT\n\n")] + "QUIT  \n"
	started := make(chan string, 16)
	rs := startRaw(t, func(ctx context.Context, method string) {
		if strings.HasPrefix(method, "document:textDocument/") && strings.Contains(method, "ormatting") {
			started <- method
		}
	})
	rs.roundTrip("1", "initialize", `{"capabilities":{}}`)
	rs.send(frame(note("initialized", "{}")))
	rs.send(frame(note("textDocument/didOpen", openParams("file:///t.pousse", pousseDoc))))
	const u = "file:///big.pousse"
	rs.send(frame(note("textDocument/didOpen", openParams(u, text))))
	// The analysis is ready: what the cancel stops is the formatting.
	rs.roundTrip("2", protocol.MethodTextDocumentHover, `{"textDocument":{"uri":"`+u+`"},"position":{"line":0,"character":0}}`)
	id := 10
	for _, tc := range []struct {
		method, params string
		edits          int
	}{
		{protocol.MethodTextDocumentFormatting, `{"textDocument":{"uri":"` + u + `"},"options":{"tabSize":4,"insertSpaces":true}}`, 2},
		// The last lines only: one edit of the two, checked with
		// format.EquivalentContext (two more parses).
		{protocol.MethodTextDocumentRangeFormatting, `{"textDocument":{"uri":"` + u + `"},"options":{"tabSize":4,"insertSpaces":true},` +
			`"range":{"start":{"line":` + strconv.Itoa(4*games-6) + `,"character":0},"end":{"line":` + strconv.Itoa(4*games) + `,"character":0}}}`, 1},
	} {
		full := time.Duration(1 << 62) // the fastest of three runs
		for range 3 {
			id++
			sid := strconv.Itoa(id)
			start := time.Now()
			rs.send(frame(call(sid, tc.method, tc.params)))
			<-started
			m := rs.wait(sid)
			full = min(full, time.Since(start))
			var edits []protocol.TextEdit
			if m.Error != nil || json.Unmarshal(m.Result, &edits) != nil || len(edits) != tc.edits {
				t.Fatalf("%s: %s, want %d edits", tc.method, m.body, tc.edits)
			}
		}
		// A cancel that arrives after the work ended tests nothing: on a
		// loaded machine the same work can take a fifth of the time it
		// took above, so it gets three tries.
		for try := 1; ; try++ {
			id++
			sid := strconv.Itoa(id)
			rs.send(frame(call(sid, tc.method, tc.params)))
			<-started
			time.Sleep(min(full/5, 20*time.Millisecond))
			start := time.Now()
			rs.send(frame(note("$/cancelRequest", `{"id":`+sid+`}`)))
			m := rs.wait(sid)
			d := time.Since(start)
			if m.Error == nil && try < 3 {
				t.Logf("%s: finished before its cancel (try %d)", tc.method, try)
				continue
			}
			if m.Error == nil || m.Error.Code != -32800 {
				t.Errorf("%s: %.200s, want RequestCancelled", tc.method, m.body)
			}
			t.Logf("%s: RequestCancelled %v after the cancel; uncancelled, the request takes %v", tc.method, d, full)
			if d > 500*time.Millisecond || d > full/4 {
				t.Errorf("%s answered %v after its cancellation, the whole request taking %v: the work did not stop", tc.method, d, full)
			}
			break
		}
	}
	rs.probe("after the cancellations")
}
