// Package cputime measures the CPU time of a benchmark's loop on its
// thread. On a machine shared with other work, a benchmark's wall time
// counts the time its thread waits for a processor; its CPU time does
// not.
package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Timer measures the CPU time of a benchmark's loop: Start it before the
// loop (it locks the goroutine to its thread), Report after.
type Timer struct{ start time.Duration }

// Start starts a Timer.
func Start() Timer {
	runtime.LockOSThread()
	return Timer{thread()}
}

// Report adds the metric cpu-ns/unit: the thread's CPU time per
// iteration divided by per (moves, boards...). Where the thread's CPU
// time is not known (thread returns 0), it reports nothing.
func (t Timer) Report(b *testing.B, per float64, unit string) {
	d := thread() - t.start
	runtime.UnlockOSThread()
	if d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N)/per, "cpu-ns/"+unit)
	}
}
