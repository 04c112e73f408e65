//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gamels/lsp"
	"gamels/lsp/wire"
)

// BenchmarkClickWasm is the server's part of a click on the page's board
// after 1 MB of games, in WebAssembly under Node (GOOS=js GOARCH=wasm go
// test -bench ClickWasm ./web/wasm, with $(go env GOROOT)/lib/wasm on
// PATH): the edit a click writes (one move line inserted in the last
// game, an incremental didChange, as the page sends it) and then the
// gamels/board the view asks at that line, delivered as the worker
// does, to the board's answer. Each click waits, outside the clock, for
// the diagnostics of the one before (a person's pace). It reports the
// median and slowest click (the goal is the 50 ms), then the
// server's time for each request the page sends after a click, alone.
// "page" is the page's server (options); "leading=0" the same without
// its Options.Leading, the publication started at once.
func BenchmarkClickWasm(b *testing.B) {
	b.Run("page", func(b *testing.B) { benchClick(b, options(nil, "")) })
	b.Run("leading=0", func(b *testing.B) {
		o := options(nil, "")
		o.Leading = 0
		benchClick(b, o)
	})
}

func benchClick(b *testing.B, opts lsp.Options) {
	text := pasteText()
	posted := make(chan string, 64)
	c := newConn(func(msg string) { posted <- msg })
	srv := lsp.NewServer(opts)
	go srv.Serve(context.Background(), wire.NewStream(c, nil))
	send := func(v any) {
		msg, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		c.deliver(string(msg))
	}
	// seen holds the messages passed over while waiting for another.
	var seen []string
	wait := func(what string, match func(string) bool) {
		for i, msg := range seen {
			if match(msg) {
				seen = slices.Delete(seen, i, i+1)
				return
			}
		}
		for {
			select {
			case msg := <-posted:
				if match(msg) {
					return
				}
				if strings.Contains(msg, `/publishDiagnostics"`) {
					seen = append(seen, msg)
				}
			case <-time.After(20 * time.Second):
				b.Fatalf("no %s", what)
			}
		}
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	wait("initialize answer", func(string) bool { return true })
	send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	const u = "file:///click.pousse"
	send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": u, "languageId": "pousse", "version": 1, "text": text}}})
	published := func(v int) func(string) bool {
		return func(msg string) bool {
			return strings.Contains(msg, `/publishDiagnostics"`) && strings.Contains(msg, fmt.Sprintf(`"version":%d,`, v))
		}
	}
	var open string
	wait("diagnostics of the open", func(msg string) bool { open = msg; return published(1)(msg) })
	var pub struct {
		Params struct {
			Diagnostics []map[string]any `json:"diagnostics"`
		} `json:"params"`
	}
	if err := json.Unmarshal([]byte(open), &pub); err != nil {
		b.Fatal(err)
	}
	// The page asks for the fixes of the first 500 errors, warnings and
	// informations.
	var diags []any
	for _, d := range pub.Params.Diagnostics {
		if sev, _ := d["severity"].(float64); sev <= 3 && len(diags) < 500 {
			diags = append(diags, d)
		}
	}
	after := map[string][]time.Duration{}
	// The last game's QUIT line: each click writes a move before it.
	line := strings.Count(text[:strings.LastIndex(text, "QUIT\n")], "\n")
	v, id := 1, 1
	var clicks []time.Duration
	for b.Loop() {
		v++
		id++
		t := time.Now()
		send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
			"textDocument": map[string]any{"uri": u, "version": v},
			"contentChanges": []any{map[string]any{
				"range": map[string]any{"start": map[string]any{"line": line, "character": 0}, "end": map[string]any{"line": line, "character": 0}},
				"text":  "L1\n"}},
		}})
		send(map[string]any{"jsonrpc": "2.0", "id": id, "method": lsp.BoardMethod, "params": map[string]any{
			"textDocument": map[string]any{"uri": u},
			"position":     map[string]any{"line": line, "character": 0},
			"movesAround":  60, "nearest": true, "svg": true,
		}})
		answer := fmt.Sprintf(`"id":%d,`, id)
		wait("board answer", func(msg string) bool { return strings.Contains(msg, answer) && strings.Contains(msg, `"result"`) })
		clicks = append(clicks, time.Since(t))
		b.StopTimer()
		wait("diagnostics of the click", published(v))
		// The requests the page sends after a click, each alone.
		for _, r := range followUps(u, line, diags) {
			id++
			t := time.Now()
			send(map[string]any{"jsonrpc": "2.0", "id": id, "method": r.method, "params": r.params})
			answer := fmt.Sprintf(`"id":%d,`, id)
			wait(r.method+" answer", func(msg string) bool { return strings.Contains(msg, answer) })
			after[r.method] = append(after[r.method], time.Since(t))
		}
		line++
		b.StartTimer()
	}
	b.ReportMetric(p50(clicks), "click-p50-ms")
	b.ReportMetric(float64(slices.Max(clicks).Microseconds())/1e3, "click-max-ms")
	for m, ds := range after {
		b.ReportMetric(p50(ds), m[strings.LastIndex(m, "/")+1:]+"-p50-ms")
	}
}

// p50 is the median of ds in milliseconds.
func p50(ds []time.Duration) float64 {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return float64(ds[len(ds)/2].Microseconds()) / 1e3
}

type request struct {
	method string
	params any
}

// followUps are the requests the page sends after a click at line of
// u: the engine's value and the game's values for the board, the hints
// and tokens of the lines shown, and the fixes of the diagnostics asked
// over the whole text (web/src/features.ts).
func followUps(u string, line int, diags []any) []request {
	doc := map[string]any{"uri": u}
	at := map[string]any{"line": line, "character": 0}
	shown := map[string]any{"start": map[string]any{"line": max(0, line-40), "character": 0}, "end": map[string]any{"line": line + 40, "character": 0}}
	return []request{
		{"gamels/evaluate", map[string]any{"textDocument": doc, "position": at}},
		{"gamels/evaluations", map[string]any{"textDocument": doc, "position": at}},
		{"textDocument/inlayHint", map[string]any{"textDocument": doc, "range": shown}},
		{"textDocument/semanticTokens/range", map[string]any{"textDocument": doc, "range": shown}},
		{"textDocument/codeAction", map[string]any{"textDocument": doc,
			"range":   map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": line + 10, "character": 0}},
			"context": map[string]any{"diagnostics": diags, "only": []string{"quickfix"}}}},
	}
}
