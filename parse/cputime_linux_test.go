package parse

import (
	"syscall"
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
