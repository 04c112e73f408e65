//go:build !linux

package analyze

import "testing"

// cpuTimer is a no-op where the thread's CPU time is not at hand.
type cpuTimer struct{}

func startCPU() cpuTimer                                       { return cpuTimer{} }
func (cpuTimer) report(b *testing.B, per float64, unit string) {}
