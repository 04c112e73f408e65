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
	yieldEvery = 15 * time.Millisecond
	yieldFor   = time.Millisecond
)

// yieldMax bounds one yield's sleeps while messages keep coming.
const yieldMax = 100 * time.Millisecond

// hostMessages counts the host's messages (HostMessage).
var hostMessages int

// HostMessage tells the engine that the host delivered a message to the
// program (web/wasm calls it for each message from the page), so that a
// search that yields lets the messages queued behind it come too.
func HostMessage() { hostMessages++ }

// lastYield is when a search last yielded. The program has one thread:
// no lock.
var lastYield time.Time

func yieldHost() {
	if now := time.Now(); now.Sub(lastYield) >= yieldEvery {
		// Once the host delivers a message, the runtime runs whatever
		// is ready before it returns to the host, this search too once
		// its sleep is over, so a queue of messages would get one
		// message a slice of search. The search sleeps again while the
		// host delivered messages during its last sleep (HostMessage),
		// up to yieldMax in all.
		for start := now; ; {
			seen := hostMessages
			time.Sleep(yieldFor)
			runtime.Gosched()
			if hostMessages == seen || time.Since(start) >= yieldMax {
				break
			}
		}
		lastYield = time.Now()
	}
}
