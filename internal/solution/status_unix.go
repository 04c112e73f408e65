//go:build unix

package solution

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

func signalName(s syscall.Signal) string {
	if n := unix.SignalName(s); n != "" {
		return n
	}
	return s.String()
}

// maxRSS returns the largest resident set of the program, in bytes
// (getrusage's ru_maxrss, in KiB on Linux).
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}
