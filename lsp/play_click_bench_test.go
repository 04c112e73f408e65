package lsp

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/gen"
)

// BenchmarkPlayClickProcess times a click on the board, from a client
// process's point of view, on Pousse documents of 100 KB, 1 MB and 10 MB
// (10, 100 and 1000 games of 200..5000 moves; the 10 MB one is perfMany):
// gamels/play at the last move of the middle game, the client applying
// the answer's edit (didChange), then gamels/board (movesAround 60) at
// the move just written, which the view draws. The server runs as a
// process behind OS pipes, as an editor runs it; each click plays a
// slot that does not end the game (none of the board's marks), so that
// the game grows by one move a click. "burst" clicks again as soon as
// the board is drawn (the diagnostics of the clicks wait for the
// server's debounce, 60 ms); "paced" waits, outside the clock, for the
// diagnostics of each click before the next, as a person's clicks do, so
// that a click never meets the previous one's publication. It reports the mean, median and
// slowest click and the median of each of its three parts; the goal is
// 50 ms and a figure that does not grow with the document.
func BenchmarkPlayClickProcess(b *testing.B) {
	many, _ := perfInputs()
	for _, tc := range []struct {
		name string
		text []byte
	}{
		{"100KB", gen.Pousse(6, gen.PousseOptions{Games: 10, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})},
		{"1MB", gen.Pousse(6, gen.PousseOptions{Games: 100, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})},
		{"10MB", many},
	} {
		for _, paced := range []bool{false, true} {
			name := tc.name + "/burst"
			if paced {
				name = tc.name + "/paced"
			}
			b.Run(name, func(b *testing.B) {
				c, _ := startServerProcess(b)
				c.initialize(nil, "")
				const u = uri.URI("file:///click.pousse")
				c.open(u, 1, string(tc.text))
				c.waitVersion(u, 1)
				c.forget(u)
				cl := newClicker(b, c, u, tc.text)
				var clicks, plays, changes, boards []time.Duration
				for b.Loop() {
					t0 := time.Now()
					res := cl.play()
					t1 := time.Now()
					cl.apply(res)
					t2 := time.Now()
					cl.board(res.Position.Line)
					t3 := time.Now()
					if cl.shown.Move != res.Move || cl.shown.Played != res.Move {
						b.Fatalf("after playing move %d the board shows move %d of %d", res.Move, cl.shown.Move, cl.shown.Played)
					}
					clicks = append(clicks, t3.Sub(t0))
					plays = append(plays, t1.Sub(t0))
					changes = append(changes, t2.Sub(t1))
					boards = append(boards, t3.Sub(t2))
					b.StopTimer()
					if paced {
						c.waitVersion(u, cl.version)
					}
					c.forget(u)
					b.StartTimer()
				}
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
				var sum time.Duration
				for _, d := range clicks {
					sum += d
				}
				med := func(ds []time.Duration) float64 { p50, _ := percentiles(ds); return ms(p50) }
				b.ReportMetric(ms(sum/time.Duration(len(clicks))), "ms/click")
				b.ReportMetric(med(clicks), "click-p50-ms")
				b.ReportMetric(ms(slices.Max(clicks)), "click-max-ms")
				b.ReportMetric(med(plays), "play-p50-ms")
				b.ReportMetric(med(changes), "change-p50-ms")
				b.ReportMetric(med(boards), "board-p50-ms")
				b.ReportMetric(float64(len(tc.text))/(1<<20), "doc-MiB")
				if code := c.shutdownExit(); code != 0 {
					b.Fatalf("server exit status %d", code)
				}
			})
		}
	}
}

// A clicker plays on the board of one game of a document, as a view
// does: it holds the client's copy of the text's version and the last
// board answer.
type clicker struct {
	tb      testing.TB
	c       *testClient
	u       uri.URI
	version int32
	game    int
	shown   clickBoard
}

// clickBoard is the part of a gamels/board answer a click needs.
type clickBoard struct {
	N      int         `json:"n"`
	Game   int         `json:"game"`
	Move   int         `json:"move"`
	Played int         `json:"played"`
	End    int         `json:"end"`
	Marks  []boardMark `json:"marks"`
}

// newClicker finds the game in the middle of text (or after it) that is
// not over and shows its last move.
func newClicker(tb testing.TB, c *testClient, u uri.URI, text []byte) *clicker {
	cl := &clicker{tb: tb, c: c, u: u, version: 1}
	m := testMapper(text, UTF16)
	for off := len(text) / 2; off < len(text); {
		l := uint32(m.Line(off))
		cl.board(l)
		if cl.shown.End == 0 {
			// Step to the game's last move: the line of move Played
			// follows the game's N line by Played lines.
			cl.game = cl.shown.Game
			cl.board(l - uint32(cl.shown.Move) + uint32(cl.shown.Played))
			if cl.shown.Move != cl.shown.Played {
				tb.Fatalf("the board at the last move shows move %d of %d", cl.shown.Move, cl.shown.Played)
			}
			return cl
		}
		// The next game: past this one's last move.
		off = m.Offset(pos(l-uint32(cl.shown.Move)+uint32(cl.shown.Played)+2, 0))
	}
	tb.Fatal("no game that is not over in the second half of the document")
	return nil
}

// board asks for the board at line l and keeps it.
func (cl *clicker) board(l uint32) {
	cl.tb.Helper()
	params := map[string]any{"textDocument": protocol.TextDocumentIdentifier{URI: cl.u}, "position": pos(l, 0), "movesAround": 60}
	var got clickBoard
	if err := cl.c.playCall(BoardMethod, params, &got); err != nil || got.N == 0 {
		cl.tb.Fatalf("board at line %d: %+v %v", l+1, got, err)
	}
	if cl.game != 0 && got.Game != cl.game {
		cl.tb.Fatalf("board at line %d: game %d, want %d", l+1, got.Game, cl.game)
	}
	cl.shown = got
}

// play plays, at the move shown, the first edge slot that does not end
// the game.
func (cl *clicker) play() *playResult {
	cl.tb.Helper()
	marked := map[string]bool{}
	for _, mk := range cl.shown.Marks {
		marked[mk.Slot] = true
	}
	slot := ""
	for _, side := range "TBLR" {
		for i := 1; i <= cl.shown.N && slot == ""; i++ {
			if s := string(side) + strconv.Itoa(i); !marked[s] {
				slot = s
			}
		}
	}
	if slot == "" {
		cl.tb.Fatalf("every move of game %d at move %d ends it", cl.game, cl.shown.Move)
	}
	params := map[string]any{
		"textDocument": protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: cl.u}, Version: cl.version},
		"game":         cl.game, "move": cl.shown.Move, "slot": slot,
	}
	res := new(playResult)
	if err := cl.c.playCall(PlayMethod, params, res); err != nil {
		cl.tb.Fatalf("play %s at move %d: %v", slot, cl.shown.Move, err)
	}
	return res
}

// apply sends the edit of a play answer as the client's didChange, as a
// client does once it has applied it.
func (cl *clicker) apply(res *playResult) {
	cl.tb.Helper()
	if len(res.Edit.DocumentChanges) != 1 {
		cl.tb.Fatalf("play: %d document changes", len(res.Edit.DocumentChanges))
	}
	edits := res.Edit.DocumentChanges[0].Edits
	changes := make([]protocol.TextDocumentContentChangeEvent, len(edits))
	// The edits are in document order; the client's changes apply one
	// after the other, so the last comes first.
	for i, e := range edits {
		changes[len(edits)-1-i] = partial(e.Range, e.NewText)
	}
	cl.version++
	cl.c.change(cl.u, cl.version, changes...)
}
