package lsp

import (
	"sync"
	"sync/atomic"
	"time"
)

// The diagnostics scheduler: when a document's diagnostics are computed
// (debounce, coalescing of bursts) and on which goroutine. Which results
// are published (versions) is session_publish.go's; what the
// diagnostics are is diagnostics.go's.

// A diagScheduler publishes the diagnostics of one open document.
//
// The opening of a document, and a change after a quiet spell of
// Options.Debounce, are analysed at once. Changes arriving in a burst
// after that are coalesced: each change (re)arms a timer of
// Options.Debounce, and only the snapshot current when the timer fires
// is analysed; a burst longer than Options.MaxDelay still gets a
// publication that often. One analysis at a time runs per document; the
// snapshot that arrives meanwhile is analysed right after it. A result
// is published only if no newer snapshot's result has been published
// (checked and sent under one lock), so an old version never overwrites
// a newer one; and the newest snapshot is always pending or being
// analysed, so the last version always gets its diagnostics.
type diagScheduler struct {
	s   *Server
	doc *openDoc

	mu      sync.Mutex
	pending *snapshot
	timer   *time.Timer
	burst   time.Time // when the current burst of changes began
	// lastChange is when schedule was last called.
	lastChange time.Time
	running    bool // a run is analysing or publishing
	stopped    bool

	warned atomic.Bool // the document was said to be too large

	publishMu sync.Mutex // serialises the document's publications
	published uint64     // seq of the last snapshot published, under publishMu
}

func newDiagScheduler(s *Server, d *openDoc) *diagScheduler {
	return &diagScheduler{s: s, doc: d}
}

// schedule arranges for snap's diagnostics to be published. A change
// that comes after a quiet spell (Debounce without changes), and the
// opening of the document, start the analysis at once (leading edge;
// after Options.Leading when it is set):
// an isolated edit, or an open, does not wait for the debounce. Changes
// that follow closely are coalesced as described on diagScheduler.
func (ds *diagScheduler) schedule(snap *snapshot) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.stopped {
		return
	}
	ds.pending = snap
	now := time.Now()
	quiet := ds.lastChange.IsZero() || now.Sub(ds.lastChange) >= ds.s.opts.Debounce
	ds.lastChange = now
	switch {
	case ds.timer == nil:
		ds.burst = now
		ds.timer = time.AfterFunc(ds.s.opts.Leading, func() { ds.s.bg.run(ds.run) })
	case ds.timer.Stop():
		// Still waiting: wait again, but not past MaxDelay from the
		// start of the burst.
		wait := ds.s.opts.Debounce
		if left := ds.s.opts.MaxDelay - now.Sub(ds.burst); left < wait {
			wait = max(0, left)
		}
		ds.timer.Reset(wait)
	case quiet:
		// The timer fired long ago: a new burst, started at once
		// (after Options.Leading).
		ds.burst = now
		ds.timer.Reset(ds.s.opts.Leading)
	default:
		// The timer fired (its run may still be going): a new burst.
		ds.burst = now
		ds.timer.Reset(ds.s.opts.Debounce)
	}
}

// run analyses the pending snapshot and publishes its diagnostics, then
// the snapshot that became pending meanwhile, if any. Only one run works
// at a time for a document: a timer that fires during a run leaves the
// new snapshot to it.
func (ds *diagScheduler) run() {
	ds.mu.Lock()
	if ds.running {
		ds.mu.Unlock()
		return
	}
	ds.running = true
	large, opened := false, false
	for {
		snap := ds.pending
		ds.pending = nil
		if snap == nil || ds.stopped {
			ds.running = false
			ds.mu.Unlock()
			switch {
			case opened:
				ds.s.idle.now() // the open's garbage, at once
			case large:
				ds.s.idle.poke()
			}
			return
		}
		ds.mu.Unlock()
		ds.runOne(snap)
		// The last snapshot run decides: the open of a large document,
		// with no edit after it yet, releases now; anything else waits
		// for the end of the burst.
		isLarge := snap.text.Len() >= largeDocument
		opened = isLarge && snap.seq == 1
		large = large || isLarge
		ds.mu.Lock()
	}
}

// stop cancels any pending publication; nothing is published afterwards.
func (ds *diagScheduler) stop() {
	ds.mu.Lock()
	ds.stopped = true
	ds.pending = nil
	if ds.timer != nil {
		ds.timer.Stop()
	}
	ds.mu.Unlock()
}

// stopDiagnostics stops every document's scheduler (at the end of Serve).
func (s *Server) stopDiagnostics() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.stop()
	}
}
