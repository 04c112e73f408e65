package lsp

import (
	"sync"
	"time"
)

// An idleRelease returns the memory that the analyses of a large
// document left as garbage to the operating system, once the server has
// been idle for a while.
//
// Every edit of a large document allocates a new version of what
// depends on the text's length (the text, the shifted moves and line
// starts: tens of MB for a 10 MB transcript) while the previous version
// is live until the new analysis replaces it. With the collector's
// default target (GOGC=100: collect when the heap is twice the live
// heap) and the runtime's slow return of freed pages, the resident set
// after a few dozen edits grows to three or four times what one version
// needs (BENCHMARKS.md, "The language server"). A forced collection that
// also returns the freed pages (debug.FreeOSMemory) brings it back to
// the live heap. It costs a full collection and the return of the freed
// pages, so it runs off the request path, when no diagnostics run has
// ended for delay: once per burst of edits, not while the user is
// typing.
type idleRelease struct {
	delay   time.Duration
	release func() // debug.FreeOSMemory; tests count calls instead

	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
}

// poke (re)starts the wait: release runs delay after the last poke,
// unless stop comes first. O(1).
func (r *idleRelease) poke() {
	if r == nil || r.delay <= 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	if r.timer == nil {
		r.timer = time.AfterFunc(r.delay, r.fire)
		return
	}
	r.timer.Reset(r.delay)
}

// now runs release at once, on its own goroutine, unless stop came
// first. The server calls it when a large document has just been opened:
// its first analysis leaves the didOpen frame and its decoding as
// garbage (about twice the document), and no burst of edits is under
// way to wait for. O(1); the release costs a full collection, off the
// caller's goroutine.
func (r *idleRelease) now() {
	if r == nil || r.delay <= 0 {
		return
	}
	go r.fire()
}

// fire runs release, unless stop came first.
func (r *idleRelease) fire() {
	r.mu.Lock()
	stopped := r.stopped
	r.mu.Unlock()
	if !stopped {
		r.release()
	}
}

// stop cancels a pending release; later pokes do nothing.
func (r *idleRelease) stop() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopped = true
	if r.timer != nil {
		r.timer.Stop()
	}
}
