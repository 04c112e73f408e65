//go:build unix

package solution

import (
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// setGroup starts the program in a process group of its own, so that
// killGroup reaches what it starts, and a Ctrl-C at the terminal reaches
// gamels only, which then kills the group.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the program's process group.
func killGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}

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
