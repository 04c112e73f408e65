//go:build !linux

package parse

import "time"

// threadCPU is 0 where the thread's CPU time is not at hand: CPUTimer
// then reports nothing.
func threadCPU() time.Duration { return 0 }
