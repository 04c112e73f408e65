package lsp

import (
	"sync"
	"time"
)

// A background counts the goroutines the session starts beside the
// requests: a document's diagnostics runs and annotation jobs, the
// readings of expected outputs, the requests the server sends the
// client of its own accord. Serve closes it once it has cancelled them
// and waits for them, so that nothing the session started logs or
// writes after Serve returns; work asked for after that does not start.
// The zero value is open.
type background struct {
	mu     sync.Mutex
	n      int
	closed bool
	idle   chan struct{} // closed when n drops to 0 after close
}

// run runs f on the calling goroutine, counted, unless b is closed.
func (b *background) run(f func()) {
	if !b.enter() {
		return
	}
	defer b.leave()
	f()
}

// do starts f on a goroutine of its own, counted, unless b is closed; it
// reports whether f was started.
func (b *background) do(f func()) bool {
	if !b.enter() {
		return false
	}
	go func() {
		defer b.leave()
		f()
	}()
	return true
}

func (b *background) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.n++
	return true
}

func (b *background) leave() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n--
	if b.n == 0 && b.idle != nil {
		close(b.idle)
		b.idle = nil
	}
}

// close refuses new work and waits at most d for the work under way to
// end; it reports whether all of it did.
func (b *background) close(d time.Duration) bool {
	b.mu.Lock()
	b.closed = true
	if b.n == 0 {
		b.mu.Unlock()
		return true
	}
	if b.idle == nil {
		b.idle = make(chan struct{})
	}
	idle := b.idle
	b.mu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-idle:
		return true
	case <-t.C:
		return false
	}
}
