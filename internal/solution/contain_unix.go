//go:build unix && !linux

package solution

import (
	"os/exec"
	"sync/atomic"
	"syscall"
)

// Containment says how the runs of this process are contained: outside
// Linux, by the program's process group only.
func Containment() Mode { return ModeGroup }

// A tree is the processes of one run: the program and its process group.
type tree struct{ pid atomic.Int64 }

func newTree() *tree { return &tree{} }

// configure starts the program in a process group of its own, so that
// kill reaches what it starts, and a Ctrl-C at the terminal reaches
// gamels only, which then kills the group.
func (t *tree) configure(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func (t *tree) start(cmd *exec.Cmd, _ func() *exec.Cmd) (*exec.Cmd, error) {
	if err := cmd.Start(); err != nil {
		return cmd, err
	}
	t.pid.Store(int64(cmd.Process.Pid))
	return cmd, nil
}

// kill kills the program's process group.
func (t *tree) kill() error {
	pid := int(t.pid.Load())
	if pid == 0 {
		return nil
	}
	return syscall.Kill(-pid, syscall.SIGKILL)
}

// end kills what the program left running in its group.
func (t *tree) end() { t.kill() }
