package lsp

import (
	"os"
	"sync/atomic"
	"testing"
	"time"

	"gamels/internal/gen"
)

// TestIdleRelease checks that a burst of pokes releases once, delay
// after the last poke, and that stop cancels a pending release. The
// delay is long against the gaps between pokes, so that a loaded machine
// does not fire it early; the test waits for the release by polling.
func TestIdleRelease(t *testing.T) {
	const delay = 300 * time.Millisecond
	var n atomic.Int32
	r := &idleRelease{delay: delay, release: func() { n.Add(1) }}
	var maxGap time.Duration
	last := time.Now()
	for range 5 {
		r.poke()
		time.Sleep(10 * time.Millisecond)
		maxGap = max(maxGap, time.Since(last))
		last = time.Now()
	}
	r.poke()
	if got := n.Load(); got != 0 && maxGap < delay {
		t.Fatalf("released %d times during the burst (pokes at most %v apart), want 0", got, maxGap)
	}
	waitFor := func(want int32) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); n.Load() < want && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor(1)
	time.Sleep(2 * delay)
	if got := n.Load(); got != 1 {
		t.Fatalf("released %d times after the burst, want 1", got)
	}
	r.poke()
	r.stop()
	r.poke()
	time.Sleep(2 * delay)
	if got := n.Load(); got != 1 {
		t.Fatalf("released %d times in all after stop, want 1", got)
	}
	var off *idleRelease
	off.poke() // a nil idleRelease does nothing
	(&idleRelease{delay: -1}).poke()
}

// TestServerRSSAfterEdits runs the server as a process, opens a 5 MB
// transcript (over largeDocument), makes edits that move every later line, waits for the
// server to be idle, and bounds its resident set, beyond that of an idle
// server, as a multiple of the document's size. Without the release of
// the edits' garbage (idleRelease) it is about twice the bound.
func TestServerRSSAfterEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process and waits for it to be idle")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	if raceEnabled {
		t.Skip("the race detector's shadow memory is in the resident set")
	}
	text := gen.Pousse(9, gen.PousseOptions{Games: 500, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})
	c, pid := startServerProcess(t, perfDebounceEnv+"=1ms")
	c.initialize(nil, "")
	base := procStatus(pid, "VmRSS")
	const u = "file:///rss-edits.pousse"
	c.open(u, 1, string(text))
	c.waitVersion(u, 1)
	line, _ := editPoint(text)
	l := uint32(line)
	v := int32(1)
	for range 30 {
		v++
		ch := partial(rng(l, 0, l+1, 0), "")
		if v%2 == 0 {
			ch = partial(rng(l, 0, l, 0), "T1\n")
		}
		c.change(u, v, ch)
		c.waitVersion(u, v)
		c.forget(u)
	}
	busy := procStatus(pid, "VmRSS")
	time.Sleep(3 * time.Second) // the server's IdleRelease is 2s
	idle := procStatus(pid, "VmRSS")
	size := float64(len(text))
	ratio := (float64(idle) - float64(base)) / size
	t.Logf("%d bytes: resident set beyond an idle server's %.1f MB: %.1fx the document after 30 edits, %.1fx once idle",
		len(text), float64(base)/(1<<20), (float64(busy)-float64(base))/size, ratio)
	if ratio > 20 {
		t.Errorf("resident set once idle is %.1fx the document beyond an idle server's, want at most 20x", ratio)
	}
	if code := c.shutdownExit(); code != 0 {
		t.Fatalf("server exit status %d", code)
	}
}

// TestReleaseAfterOpen checks that the open of a large document returns
// its garbage at once (idleRelease.now), without waiting for the idle
// delay, and that a small document's open does not.
func TestReleaseAfterOpen(t *testing.T) {
	c := startServer(t, nil)
	var n atomic.Int32
	c.srv.idle = &idleRelease{delay: time.Hour, release: func() { n.Add(1) }}
	c.initialize(nil, "")
	c.open("file:///small.pousse", 1, "2\nL1\nQUIT\n")
	c.waitVersion("file:///small.pousse", 1)
	text := gen.Pousse(9, gen.PousseOptions{Games: 500, MinN: 60, MaxN: 100, MinMoves: 200, MaxMoves: 5000})
	if len(text) < largeDocument {
		t.Fatalf("the document is %d bytes, under largeDocument", len(text))
	}
	c.open("file:///large.pousse", 1, string(text))
	c.waitVersion("file:///large.pousse", 1)
	for deadline := time.Now().Add(5 * time.Second); n.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if got := n.Load(); got != 1 {
		t.Fatalf("released %d times after opening a small and a large document, want 1", got)
	}
}
