//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/lsp"
	"gamels/lsp/wire"
	"gamels/parse"
)

// pasteText is the page's 1 MB paste (web/test/e2e.mjs): 8 x 8 Pousse
// games of 40 random moves in the UVa layout, one malformed move in the
// last game, 8193 diagnostics.
func pasteText() string {
	seed := 1
	rnd := func(n int) int { seed = (seed*1103515245 + 12345) % 2147483648; return seed % n }
	var games []string
	size := 0
	for size < 1<<20 {
		var b strings.Builder
		b.WriteString("8\n")
		for range 40 {
			fmt.Fprintf(&b, "%c%d\n", "LRTB"[rnd(4)], 1+rnd(8))
		}
		b.WriteString("QUIT\n")
		games = append(games, b.String())
		size += b.Len() + 1
	}
	last := games[len(games)-1]
	games[len(games)-1] = strings.Replace(last, "\n"+last[2:5], "\nZ9\n", 1)
	return fmt.Sprintf("%d\n\n%s", len(games), strings.Join(games, "\n"))
}

// BenchmarkPasteWasm is the server's part of a paste in the page, in
// WebAssembly (run under Node: GOOS=js GOARCH=wasm go test -bench
// PasteWasm ./web/wasm, with $(go env GOROOT)/lib/wasm on PATH): the
// page's didChange replacing a small text by pasteText, delivered as the
// worker does, to the posted publishDiagnostics of that version (the
// server's debounce set to 1 ms); then, alone, the steps inside:
// parsing and analysing every game, decoding the didChange, encoding the
// publication.
func BenchmarkPasteWasm(b *testing.B) {
	text := pasteText()
	posted := make(chan string, 16)
	c := newConn(func(msg string) { posted <- msg })
	srv := lsp.NewServer(lsp.Options{Logger: nil, Debounce: time.Millisecond})
	go srv.Serve(context.Background(), wire.NewStream(c, nil))
	send := func(v any) {
		msg, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		c.deliver(string(msg))
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	<-posted
	send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	const u = "file:///sample.pousse"
	send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": u, "languageId": "pousse", "version": 1, "text": "1\n\n3\nL1\n"}}})
	waitPublish := func(v int) (string, time.Time) {
		for {
			select {
			case msg := <-posted:
				if strings.Contains(msg, `/publishDiagnostics"`) && strings.Contains(msg, fmt.Sprintf(`"version":%d,`, v)) {
					return msg, time.Now()
				}
			case <-time.After(10 * time.Second):
				b.Fatalf("no diagnostics of version %d", v)
			}
		}
	}
	waitPublish(1)
	v := 1
	short := "1\n\n3\nL1\n"
	var total time.Duration
	var last string
	for b.Loop() {
		// Back to the short text, then the paste, as the page does.
		v++
		c.deliver(changeMsg(u, v, short))
		waitPublish(v)
		v++
		m := changeMsg(u, v, text)
		t := time.Now()
		c.deliver(m)
		msg, at := waitPublish(v)
		total += at.Sub(t)
		last = msg
	}
	n := float64(b.N)
	b.ReportMetric(float64(total.Milliseconds())/n, "paste-ms")
	b.ReportMetric(float64(len(last))/1e6, "publish-MB")

	// The steps alone.
	t := time.Now()
	change := changeMsg(u, 99, text)
	for range 3 {
		if _, err := wire.DecodeChange(json.RawMessage(change)[len(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":`) : len(change)-1]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(t).Milliseconds())/3, "decode-ms")
	t = time.Now()
	for range 3 {
		f := parse.Parse(parse.Pousse, []byte(text))
		for _, g := range f.Games {
			if g.Size > 0 {
				analyze.Pousse(g, parse.RulesContest)
			}
		}
	}
	b.ReportMetric(float64(time.Since(t).Milliseconds())/3, "parse+analyse-ms")
	var p struct {
		Params protocol.PublishDiagnosticsParams `json:"params"`
	}
	if err := protocol.Unmarshal([]byte(last), &p); err != nil {
		b.Fatal(err)
	}
	t = time.Now()
	for range 3 {
		if _, err := protocol.Marshal(&p.Params); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(t).Milliseconds())/3, "encode-ms")
	b.ReportMetric(float64(len(p.Params.Diagnostics)), "diagnostics")
}

// changeMsg is a didChange replacing the whole text of u.
func changeMsg(u string, v int, text string) string {
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": v},
		"contentChanges": []any{map[string]any{"text": text}},
	}})
	return string(msg)
}
