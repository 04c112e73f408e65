package analyze

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time (user + system) of the calling thread.
// On a machine shared with other work, a benchmark's wall time counts the
// time its thread waits for a processor; its CPU time does not.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuTimer measures the CPU time of a benchmark's loop: start it before
// the loop (it locks the goroutine to its thread), report after.
type cpuTimer struct{ start time.Duration }

func startCPU() cpuTimer {
	runtime.LockOSThread()
	return cpuTimer{threadCPU()}
}

// report adds the metric cpu-ns/unit: the thread's CPU time per
// iteration divided by per (moves, boards...).
func (c cpuTimer) report(b *testing.B, per float64, unit string) {
	d := threadCPU() - c.start
	runtime.UnlockOSThread()
	b.ReportMetric(float64(d.Nanoseconds())/float64(b.N)/per, "cpu-ns/"+unit)
}
