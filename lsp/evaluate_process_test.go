package lsp

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/parse"
)

// TestProcessEvaluateCancelled plays a view stepping on while the engine
// searches, from a client process: gamels/evaluate on a 4 x 4 Pousse
// board at depth 12 (a search of the whole node budget, tens of
// milliseconds), then at once $/cancelRequest for it and gamels/evaluate
// of the next position. The first is answered RequestCancelled, the
// second with its evaluation, three times in a row.
func TestProcessEvaluateCancelled(t *testing.T) {
	rs, _ := startRawProcess(t)
	rs.roundTrip("1", "initialize", `{"capabilities":{},"initializationOptions":{"gamels.analysis.enabled":false}}`)
	rs.send(frame(note("initialized", "{}")))
	const u = "file:///cancel.pousse"
	rs.send(frame(note("textDocument/didOpen", openParams(u, "4\nL1\nT2\nQUIT\n"))))
	rs.waitPublished(u)
	params := func(line int) string {
		return `{"textDocument":{"uri":"` + u + `"},"position":{"line":` + strconv.Itoa(line) + `,"character":0},"depth":12}`
	}
	var lat []time.Duration
	for i := range 3 {
		a, b := strconv.Itoa(10+2*i), strconv.Itoa(11+2*i)
		rs.send(frame(call(a, EvaluateMethod, params(1))))
		start := time.Now()
		rs.send(frame(note("$/cancelRequest", `{"id":`+a+`}`)))
		rs.send(frame(call(b, EvaluateMethod, params(2))))
		ma := rs.wait(a)
		lat = append(lat, time.Since(start))
		if ma.Error == nil || ma.Error.Code != int64(protocol.LSPErrorCodesRequestCancelled) {
			t.Errorf("try %d: the evaluation stepped away from answered %s, want RequestCancelled", i, ma.body)
		}
		mb := rs.wait(b)
		var ev evaluation
		if mb.Error != nil || json.Unmarshal(mb.Result, &ev) != nil || ev.Move != 2 || ev.Source != "search" || ev.Best == nil {
			t.Errorf("try %d: the next evaluation answered %s", i, mb.body)
		}
	}
	slices.Sort(lat)
	t.Logf("cancelled evaluations answered %v after the request", lat)
}

// BenchmarkEvaluate times gamels/evaluate from a client process, at every
// position of testdata/examples' sample.pousse and icfp1998.pousse in
// turn, at the default depth (6): searched now (annotations off), and
// from the document's annotations (on, once they are done). It reports
// the mean and the largest time of a request.
func BenchmarkEvaluate(b *testing.B) {
	for _, file := range []string{"sample.pousse", "icfp1998.pousse"} {
		text, err := os.ReadFile("../testdata/examples/" + file)
		if err != nil {
			b.Fatal(err)
		}
		for _, source := range []string{"search", "annotations"} {
			b.Run(file+"/"+source, func(b *testing.B) {
				c, _ := startServerProcess(b)
				c.initialize(nil, `{"gamels.analysis.enabled": `+strconv.FormatBool(source == "annotations")+`}`)
				u := "file:///" + file
				c.open(uri.URI(u), 1, string(text))
				c.waitVersion(uri.URI(u), 1)
				lines := positionLines(text)
				ask := func(line uint32) *evaluation {
					var ev *evaluation
					params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0)}
					if _, err := c.conn.Call(context.Background(), EvaluateMethod, params, &ev); err != nil {
						b.Fatal(err)
					}
					return ev
				}
				deadline := time.Now().Add(20 * time.Second)
				for ev := ask(lines[0]); ev == nil || ev.Source != source; ev = ask(lines[0]) {
					if time.Now().After(deadline) {
						b.Fatalf("no evaluation from %s: %+v", source, ev)
					}
					time.Sleep(10 * time.Millisecond)
				}
				var total, worst time.Duration
				n := 0
				for b.Loop() {
					start := time.Now()
					ev := ask(lines[n%len(lines)])
					d := time.Since(start)
					if ev != nil && ev.Source != source {
						b.Fatalf("at line %d: source %s, want %s", lines[n%len(lines)], ev.Source, source)
					}
					total += d
					worst = max(worst, d)
					n++
				}
				b.ReportMetric(float64(total.Microseconds())/float64(n), "µs/evaluate")
				b.ReportMetric(float64(worst.Microseconds()), "max-µs")
				if code := c.shutdownExit(); code != 0 {
					b.Fatalf("server exit status %d", code)
				}
			})
		}
	}
}

// positionLines returns a line for each position of the Pousse games of
// text that the engine evaluates: the N line (move 0), then the line of
// each move up to the one before the game's end.
func positionLines(text []byte) []uint32 {
	m := testMapper(text, UTF16)
	f := parse.Parse(parse.Pousse, text)
	var lines []uint32
	for _, g := range f.Games {
		o := analyze.Analyze(parse.Pousse, g, f.Rules)
		last := len(g.Moves)
		if o.Finished {
			last = o.End // the position after move End+1 is over
		}
		lines = append(lines, uint32(m.Line(g.Span.Start)))
		for i := range last {
			lines = append(lines, uint32(m.Line(g.MoveSpan(i).Start)))
		}
	}
	return lines
}

// TestProcessEngineProgress runs "the engine's moves to the end of the
// game" on a 4 x 4 Pousse board at depth 12 (a search of the whole node
// budget a move, tens of milliseconds each) from a client process that
// offers window.workDoneProgress, and cancels it once its progress has
// begun: from the progress's cancel button (window/workDoneProgress/
// cancel), then by $/cancelRequest. Each time: the token is created,
// begin is cancellable, end comes, the command answers
// RequestCancelled, and no edit is sent (no workspace/applyEdit).
func TestProcessEngineProgress(t *testing.T) {
	rs, _ := startRawProcess(t)
	rs.roundTrip("1", "initialize", `{"capabilities":{"window":{"workDoneProgress":true}},`+
		`"initializationOptions":{"gamels.analysis.enabled":false,"gamels.analysis.depth":12}}`)
	rs.send(frame(note("initialized", "{}")))
	const u = "file:///progress.pousse"
	rs.send(frame(note("textDocument/didOpen", openParams(u, "4\nQUIT\n"))))
	rs.waitPublished(u)
	for _, how := range []string{"progress cancel", "$/cancelRequest"} {
		id := `"rest-` + strings.Fields(how)[0] + `"`
		// The clock starts before the request is sent, so that the
		// server's delay, counted from its receipt, is within begun.
		start := time.Now()
		rs.send(frame(call(id, protocol.MethodWorkspaceExecuteCommand,
			`{"command":"`+EngineMoveCommand+`","arguments":["`+u+`",1,1,0,{"rest":true}]}`)))
		var events []string
		var begun time.Duration
		for {
			m := rs.next(how)
			if m.isResponse() {
				if !sameRaw(m.ID, id) {
					continue
				}
				if m.Error == nil || m.Error.Code != int64(protocol.LSPErrorCodesRequestCancelled) {
					t.Errorf("%s: the command answered %s, want RequestCancelled", how, m.body)
				}
				events = append(events, "answer")
				break
			}
			switch m.Method {
			case protocol.MethodWindowWorkDoneProgressCreate:
				rs.send(frame(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":null}`))
				events = append(events, "create")
			case protocol.MethodProgress:
				var p struct {
					Token string `json:"token"`
					Value struct {
						Kind        string `json:"kind"`
						Title       string `json:"title"`
						Cancellable bool   `json:"cancellable"`
					} `json:"value"`
				}
				if err := json.Unmarshal(m.Params, &p); err != nil {
					t.Fatal(err)
				}
				switch p.Value.Kind {
				case "begin":
					begun = time.Since(start)
					events = append(events, "begin")
					if !p.Value.Cancellable || !strings.Contains(p.Value.Title, "to the end of the game") {
						t.Errorf("%s: begin %s, want cancellable, titled", how, m.Params)
					}
					if how == "progress cancel" {
						rs.send(frame(note(protocol.MethodWindowWorkDoneProgressCancel, `{"token":"`+p.Token+`"}`)))
					} else {
						rs.send(frame(note("$/cancelRequest", `{"id":`+id+`}`)))
					}
				case "end":
					events = append(events, "end")
				}
			case protocol.MethodWorkspaceApplyEdit:
				t.Errorf("%s: an edit was sent: %s", how, m.Params)
				rs.send(frame(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"applied":false}}`))
			}
		}
		t.Logf("%s: %v, begun after %v, answered after %v", how, events, begun, time.Since(start))
		if !slices.Equal(events, []string{"create", "begin", "end", "answer"}) {
			t.Errorf("%s: events %v, want create, begin, end, answer", how, events)
		}
		if begun < progressDelay {
			t.Errorf("%s: progress begun after %v, before %v", how, begun, progressDelay)
		}
	}
}

// BenchmarkEvaluations times gamels/evaluations from a client process on
// one 4 x 4 Pousse game of 100,000 moves (L1 over and over: no end),
// annotated at depth 1, once gamels/annotated said so: the answer is a
// string of 100,001 values, not an object a position.
func BenchmarkEvaluations(b *testing.B) {
	const moves = 100000
	text := "4\n" + strings.Repeat("L1\n", moves) + "QUIT\n"
	c, _ := startServerProcess(b)
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels.analysis.enabled": true, "gamels.analysis.depth": 1}`)}
	p.Capabilities.Experimental = protocol.LSPAny(`{"gamelsAnnotated": true}`)
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		b.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		b.Fatal(err)
	}
	const u = uri.URI("file:///long.pousse")
	start := time.Now()
	c.open(u, 1, text)
	c.waitAnnotated(u, 1)
	b.Logf("annotated %d positions in %v", moves+1, time.Since(start))
	params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(moves/2, 0)}
	size := 0
	for b.Loop() {
		var raw json.RawMessage
		if _, err := c.conn.Call(context.Background(), EvaluationsMethod, params, &raw); err != nil {
			b.Fatal(err)
		}
		var ev gameEvaluations
		if err := json.Unmarshal(raw, &ev); err != nil || len(ev.Values) != moves+1 || ev.Pending {
			b.Fatalf("%.200s: %v", raw, err)
		}
		size = len(raw)
	}
	b.SetBytes(int64(size))
	b.ReportMetric(float64(size)/1024, "answer-KB")
	if code := c.shutdownExit(); code != 0 {
		b.Fatalf("server exit status %d", code)
	}
}
