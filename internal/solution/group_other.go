//go:build !unix

package solution

import (
	"os"
	"os/exec"
	"syscall"
)

func setGroup(cmd *exec.Cmd) {}

func killGroup(p *os.Process) error {
	if p == nil {
		return nil
	}
	return p.Kill()
}

func signalName(s syscall.Signal) string { return s.String() }

func maxRSS(ps *os.ProcessState) int64 { return 0 }
