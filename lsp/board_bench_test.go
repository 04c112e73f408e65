package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"gamels/internal/gen"
)

// BenchmarkBoard times gamels/board against textDocument/hover at the
// same moves of one 100 x 100 Pousse game (2000 moves, and the 100000
// moves of perfLong), alternately, through the server in process
// ("inproc", over net.Pipe) and as a process behind OS pipes, the way an
// editor runs it ("process"). It reports the mean time of each, their
// ratio and the size of a board answer: the whole moves list (version 1,
// refused beyond MaxBoardMoves) or the window of movesAround 60 that the
// clients ask for (version 2, "window"), and that window with the board
// drawn (svg: true, "window-svg").
func BenchmarkBoard(b *testing.B) {
	_, long := perfInputs()
	for _, tc := range []struct {
		name string
		text []byte
	}{
		{"n100-2000moves", gen.Pousse(8, gen.PousseOptions{Games: 1, MinN: 100, MaxN: 100, MinMoves: 2000, MaxMoves: 2000})},
		{"n100-100000moves", long},
	} {
		for _, v := range []struct {
			name    string
			process bool
			around  int // movesAround; -1: none (version 1)
			svg     bool
		}{{"inproc", false, -1, false}, {"process", true, -1, false}, {"inproc-window", false, 60, false}, {"process-window", true, 60, false},
			{"inproc-window-svg", false, 60, true}, {"process-window-svg", true, 60, true}} {
			process := v.process
			if v.around < 0 && bytes.Count(tc.text, []byte("\n")) > MaxBoardMoves {
				continue // version 1 is refused
			}
			b.Run(tc.name+"/"+v.name, func(b *testing.B) {
				var c *testClient
				if process {
					c, _ = startServerProcess(b)
				} else {
					c = startServer(b, nil)
				}
				boardLatency(b, c, tc.text, v.around, v.svg)
				if process {
					if code := c.shutdownExit(); code != 0 {
						b.Fatalf("server exit status %d", code)
					}
				}
			})
		}
	}
}

// boardLatency opens text in the server of c and times gamels/board
// (with movesAround around, unless it is negative, and svg) and
// textDocument/hover at the same 100 moves spread over the text,
// alternately.
func boardLatency(b *testing.B, c *testClient, text []byte, around int, svg bool) {
	c.initialize(nil, "")
	const u = "file:///board.pousse"
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	m := testMapper(text, UTF16)
	lines := spreadMoveLines(text, m, 100)
	ctx := context.Background()
	call := func(method string, l uint32, want string) int {
		params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: u}, "position": pos(l, 1)}
		if method == BoardMethod && around >= 0 {
			params["movesAround"] = around
		}
		if method == BoardMethod && svg {
			params["svg"] = true
		}
		var raw json.RawMessage
		_, err := c.conn.Call(ctx, method, params, &raw)
		if err != nil || !bytes.Contains(raw, []byte(want)) {
			b.Fatalf("%s at line %d: %.100s %v", method, l, raw, err)
		}
		return len(raw)
	}
	call(BoardMethod, lines[0], `"rows"`) // warm: mapper and analysis built
	var board, hover time.Duration
	size, i := 0, 0
	for b.Loop() {
		l := lines[i%len(lines)]
		t := time.Now()
		size = call(BoardMethod, l, `"rows"`)
		board += time.Since(t)
		t = time.Now()
		call(protocol.MethodTextDocumentHover, l, "```text")
		hover += time.Since(t)
		i++
	}
	b.SetBytes(int64(size))
	b.ReportMetric(float64(board.Microseconds())/float64(i), "board-µs")
	b.ReportMetric(float64(hover.Microseconds())/float64(i), "hover-µs")
	b.ReportMetric(float64(board)/float64(hover), "board/hover")
	b.ReportMetric(float64(size)/1024, "board-KB")
}
