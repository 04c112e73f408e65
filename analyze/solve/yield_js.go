//go:build js && wasm

package solve

import (
	"runtime"
	"time"
)

// In WebAssembly under a JavaScript host (GOOS=js, the web page's
// worker) a program has one thread and a goroutine is never preempted:
// while a search runs nothing else runs, neither the server's other
// goroutines nor the host's event loop, which delivers the messages the
// server reads. yieldHost, called every 1024 nodes, hands the thread
// back for yieldFor once a search has run yieldEvery since it last did:
// the sleep lets the waiting goroutines run, and once they all wait the
// runtime returns to the event loop until the sleep's timer fires. The
// search then lets the goroutines that the event loop woke (a request
// read) go first (Gosched): a timer's goroutine would otherwise run
// before them, for another yieldEvery.
const (
	yieldEvery = 30 * time.Millisecond
	yieldFor   = time.Millisecond
)

// lastYield is when a search last yielded. The program has one thread:
// no lock.
var lastYield time.Time

func yieldHost() {
	if now := time.Now(); now.Sub(lastYield) >= yieldEvery {
		time.Sleep(yieldFor)
		runtime.Gosched()
		lastYield = time.Now()
	}
}
