package parse

import (
	"runtime"
	"testing"
	"time"
)

// CPUTimer measures the CPU time of a benchmark's loop: start it before
// the loop (it locks the goroutine to its thread), report after.
type CPUTimer struct{ start time.Duration }

// StartCPU starts a CPUTimer.
func StartCPU() CPUTimer {
	runtime.LockOSThread()
	return CPUTimer{threadCPU()}
}

// Report adds the metric cpu-ns/unit: the thread's CPU time per
// iteration divided by per (moves, cells...). Where the thread's CPU time
// is not known, it reports nothing.
func (c CPUTimer) Report(b *testing.B, per float64, unit string) {
	d := threadCPU() - c.start
	runtime.UnlockOSThread()
	if d > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N)/per, "cpu-ns/"+unit)
	}
}
