package solution

import "golang.org/x/sys/unix"

// limitMemory sets the address-space limit of a started process;
// the processes it starts inherit it. The program runs without it for
// the moment between its start and this call (Go's os/exec cannot set
// a limit in the child before exec).
func limitMemory(pid int, n int64) {
	if n <= 0 {
		return
	}
	lim := unix.Rlimit{Cur: uint64(n), Max: uint64(n)}
	unix.Prlimit(pid, unix.RLIMIT_AS, &lim, nil)
}
