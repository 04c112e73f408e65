package lsp

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// A pool runs fn on items on all processors: one goroutine per
// processor takes the items one at a time, so that a few long games do
// not leave a processor idle. The first panic of fn is carried to the
// goroutine that waits (wait), where the snapshot turns it into an
// error; the items sent after it are drained, not run.
type pool[T any] struct {
	fn       func(T)
	items    chan T // nil when the pool runs fn inline (one processor)
	wg       sync.WaitGroup
	panicked atomic.Pointer[workerPanic]
}

// newPool starts a pool of at most workers goroutines (GOMAXPROCS when
// workers <= 0); with one, fn runs inline in add.
func newPool[T any](workers int, fn func(T)) *pool[T] {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p := &pool[T]{fn: fn}
	if workers = min(workers, runtime.GOMAXPROCS(0)); workers <= 1 {
		return p
	}
	p.items = make(chan T, 1024)
	for range workers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			defer func() {
				if r := recover(); r != nil {
					p.panicked.CompareAndSwap(nil, newWorkerPanic(r))
					for range p.items { // let the sender finish
					}
				}
			}()
			for x := range p.items {
				p.fn(x)
			}
		}()
	}
	return p
}

// add hands x to the pool.
func (p *pool[T]) add(x T) {
	if p.items == nil {
		p.fn(x)
		return
	}
	p.items <- x
}

// wait waits until every item is done, and panics again with the first
// panic of fn, if any (a *workerPanic).
func (p *pool[T]) wait() {
	if p.items != nil {
		close(p.items)
		p.wg.Wait()
	}
	if r := p.panicked.Load(); r != nil {
		panic(r)
	}
}

// A workerPanic is a panic recovered in a worker goroutine, panicked
// again on the goroutine that waits for the workers, with the stack of
// the goroutine where it happened: the second panic's stack would only
// show the waiting goroutine.
type workerPanic struct {
	value any
	stack []byte
}

func newWorkerPanic(r any) *workerPanic { return &workerPanic{value: r, stack: debug.Stack()} }

// String returns the panic's value, as fmt.Sprint(value) does.
func (p *workerPanic) String() string { return fmt.Sprint(p.value) }
