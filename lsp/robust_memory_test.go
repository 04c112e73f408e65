package lsp

import (
	"bytes"
	"testing"

	"go.lsp.dev/uri"

	"gamels/internal/gen"
)

// TestEditHeapBounded makes 1000 edits to a transcript, one move at a
// time in game after game, each waiting for its diagnostics, and checks
// that the live heap stays within a small multiple of what a fresh open
// of the document keeps: no edit may keep an old version alive.
func TestEditHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("1000 edits")
	}
	const games = 201
	text := gen.Pousse(7, gen.PousseOptions{Games: games, MinN: 4, MaxN: 10, MinMoves: 150, MaxMoves: 350})
	// The first move of every game, to edit in turn.
	var moveLines []uint32
	lines := bytes.Split(text, []byte("\n"))
	for i := 0; i+1 < len(lines); i++ {
		if len(lines[i]) > 0 && lines[i][0] >= '0' && lines[i][0] <= '9' {
			moveLines = append(moveLines, uint32(i+1))
		}
	}
	if len(moveLines) != games {
		t.Fatalf("%d games found, want %d", len(moveLines), games)
	}

	base := liveHeap()
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///mem.pousse")
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	c.mu.Lock()
	c.published = nil
	c.mu.Unlock()
	afterOpen := liveHeap()
	// What the open costs; a floor of 10 bytes a byte of text keeps the
	// bound meaningful should an earlier test's garbage have inflated
	// the baseline.
	open := max(afterOpen-min(base, afterOpen), 10*uint64(len(text)))
	t.Logf("document %d bytes; the open keeps %.1f MB", len(text), float64(open)/1e6)

	var peak uint64
	for i := range 1000 {
		// In turn: replace a move's letter by another (same length: the
		// lines stay), insert a move line, delete it again (every later
		// game moves).
		line := moveLines[(i/3)%games]
		switch i % 3 {
		case 0:
			c.change(u, int32(i+2), partial(rng(line, 0, line, 1), string("LRTB"[i%4])))
		case 1:
			c.change(u, int32(i+2), partial(rng(line, 0, line, 0), "L1\n"))
		case 2:
			c.change(u, int32(i+2), partial(rng(line, 0, line+1, 0), ""))
		}
		c.waitVersion(u, int32(i+2))
		// The test client keeps every publication: only the server's
		// memory is measured.
		c.mu.Lock()
		c.published = nil
		c.mu.Unlock()
		if i%100 == 99 {
			h := liveHeap()
			peak = max(peak, h)
			t.Logf("after %d edits: live heap %.1f MB (%.1f MB after the open)", i+1, float64(h)/1e6, float64(afterOpen)/1e6)
		}
	}
	// A burst: 2000 edits without waiting, then the last one's
	// diagnostics.
	v := int32(2000)
	for i := range 2000 {
		line := moveLines[i%games]
		v++
		c.change(u, v, partial(rng(line, 0, line, 1), string("LRTB"[i%4])))
		if i%500 == 499 {
			// The publications received so far are the test client's
			// memory, not the server's (they are 2-5 MB of the live
			// heap here, more when the server keeps up better).
			c.mu.Lock()
			c.published = nil
			c.mu.Unlock()
			h := liveHeap()
			peak = max(peak, h)
			t.Logf("during a burst, after %d edits: live heap %.1f MB", i+1, float64(h)/1e6)
		}
	}
	c.waitVersion(u, v)
	c.mu.Lock()
	c.published = nil
	c.mu.Unlock()
	h := liveHeap()
	peak = max(peak, h)
	t.Logf("after the burst: live heap %.1f MB", float64(h)/1e6)

	// A few times a fresh open's: the current version, the previous one
	// still referenced by the diagnostics run that just ended, the
	// line index, and the allocator's slack.
	// The race detector's bookkeeping grows every allocation: the bound
	// there only catches a leak (which grows without limit: 0.2 MB an
	// edit here, 600 MB over the 3000 edits).
	factor := uint64(6)
	if raceEnabled {
		factor = 64
	}
	if grew, limit := peak-min(peak, afterOpen), (factor-1)*open+8<<20; grew > limit {
		t.Errorf("the live heap grew by %.1f MB over the edits, over %.1f MB (%dx a fresh open's %.1f MB, + 8 MB, in all)",
			float64(grew)/1e6, float64(limit)/1e6, factor, float64(open)/1e6)
	}
}
