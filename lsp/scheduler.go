package lsp

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// The diagnostics scheduler: when a document's diagnostics are computed
// (debounce, coalescing of bursts), on which goroutine, and which
// results are published (versions). What the diagnostics are is
// diagnostics.go's.

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
	doc *document

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

func newDiagScheduler(s *Server, d *document) *diagScheduler {
	return &diagScheduler{s: s, doc: d}
}

// schedule arranges for snap's diagnostics to be published. A change
// that comes after a quiet spell (Debounce without changes), and the
// opening of the document, start the analysis at once (leading edge):
// an isolated edit, or an open, does not wait for the debounce. Changes
// that follow closely are coalesced as described on diagScheduler.
func (ds *diagScheduler) schedule(snap *snapshot) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.stopped {
		return
	}
	// The annotations of the last snapshot are stale now.
	ds.doc.cancelAnnotations()
	ds.pending = snap
	now := time.Now()
	quiet := ds.lastChange.IsZero() || now.Sub(ds.lastChange) >= ds.s.opts.Debounce
	ds.lastChange = now
	switch {
	case ds.timer == nil:
		ds.burst = now
		ds.timer = time.AfterFunc(0, ds.run)
	case ds.timer.Stop():
		// Still waiting: wait again, but not past MaxDelay from the
		// start of the burst.
		wait := ds.s.opts.Debounce
		if left := ds.s.opts.MaxDelay - now.Sub(ds.burst); left < wait {
			wait = max(0, left)
		}
		ds.timer.Reset(wait)
	case quiet:
		// The timer fired long ago: a new burst, started at once.
		ds.burst = now
		ds.timer.Reset(0)
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

// runOne analyses snap and publishes its diagnostics. It runs on a timer
// goroutine, where a panic would end the process: one that escapes
// safeDiagnostics (which turns its own into a diagnostic), in the
// warning or the publication, is logged with its stack, and the
// scheduler goes on with the next snapshot.
func (ds *diagScheduler) runOne(snap *snapshot) {
	defer func() {
		if r := recover(); r != nil {
			ds.s.log.Error("panic publishing diagnostics", zap.String("uri", string(snap.uri)),
				zap.Int32("version", snap.version), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
		}
	}()
	diags := ds.s.safeDiagnostics(snap)
	ds.warnTooLarge(snap)
	if ds.s.hook != nil {
		ds.s.hook(context.Background(), "publish")
	}
	if ds.publish(snap, diags) {
		// Only now, so that they never delay the diagnostics.
		ds.s.startAnnotations(ds.doc, snap, diags)
	}
}

// warnTooLarge shows, once per document, a message saying that snap is
// over MaxDocumentSize and is not analysed.
func (ds *diagScheduler) warnTooLarge(snap *snapshot) {
	if fa, err := snap.Analysis(); err != nil || !fa.tooLarge || ds.warned.Swap(true) {
		return
	}
	err := ds.s.conn.Notify(context.Background(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeWarning,
		Message: tooLargeMessage(snap.text.Len()),
	})
	if err != nil {
		ds.s.log.Warn("showMessage", zap.Error(err))
	}
}

// publish sends diags for snap if the document is open and nothing newer
// than snap has been published, and reports whether it did.
func (ds *diagScheduler) publish(snap *snapshot, diags []protocol.Diagnostic) bool {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.mu.Lock()
	stopped := ds.stopped
	ds.mu.Unlock()
	if stopped || snap.seq <= ds.published {
		ds.s.staleDropped.Add(1)
		ds.s.log.Debug("stale diagnostics dropped", zap.String("uri", string(snap.uri)), zap.Int32("version", snap.version))
		return false
	}
	ds.published = snap.seq
	ds.s.notifyDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI:         snap.uri,
		Version:     protocol.NewOptional(snap.version),
		Diagnostics: diags,
	})
	return true
}

// republish sends diags for snap again (with its annotations) if snap is
// still the last snapshot published, the document is open and ctx (the
// annotation job's) is not cancelled; it reports whether it did.
func (ds *diagScheduler) republish(ctx context.Context, snap *snapshot, diags []protocol.Diagnostic) bool {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.mu.Lock()
	stopped := ds.stopped
	ds.mu.Unlock()
	if stopped || snap.seq != ds.published || ctx.Err() != nil || ds.doc.snap.Load() != snap {
		return false
	}
	sortDiagnostics(diags)
	ds.s.notifyDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI:         snap.uri,
		Version:     protocol.NewOptional(snap.version),
		Diagnostics: diags,
	})
	return true
}

// stop cancels any pending publication; nothing is published afterwards.
func (ds *diagScheduler) stop() {
	ds.doc.cancelAnnotations()
	ds.mu.Lock()
	ds.stopped = true
	ds.pending = nil
	if ds.timer != nil {
		ds.timer.Stop()
	}
	ds.mu.Unlock()
}

// close stops the scheduler and clears the document's diagnostics.
func (ds *diagScheduler) close(ctx context.Context) {
	ds.stop()
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.s.notifyDiagnostics(ctx, &protocol.PublishDiagnosticsParams{
		URI:         ds.doc.uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

// stopDiagnostics stops every document's scheduler (at the end of Serve).
func (s *Server) stopDiagnostics() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.diags.stop()
	}
}

func (s *Server) notifyDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) {
	if p.Diagnostics == nil {
		p.Diagnostics = []protocol.Diagnostic{}
	}
	p.Diagnostics = capDiagnostics(p.Diagnostics)
	if err := s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, p); err != nil {
		s.log.Warn("publishDiagnostics", zap.String("uri", string(p.URI)), zap.Error(err))
	}
}
