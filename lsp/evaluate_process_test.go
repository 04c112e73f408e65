package lsp

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strconv"
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
