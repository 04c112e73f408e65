//go:build !unix

package solution

import (
	"os"
	"os/exec"
	"sync/atomic"
)

// Containment says how the runs of this process are contained: here,
// the program alone is killed.
func Containment() Mode { return ModeGroup }

type tree struct{ p atomic.Pointer[os.Process] }

func newTree() *tree { return &tree{} }

func (t *tree) configure(cmd *exec.Cmd) {}

func (t *tree) start(cmd *exec.Cmd, _ func() *exec.Cmd) (*exec.Cmd, error) {
	if err := cmd.Start(); err != nil {
		return cmd, err
	}
	t.p.Store(cmd.Process)
	return cmd, nil
}

func (t *tree) kill() error {
	if p := t.p.Load(); p != nil {
		return p.Kill()
	}
	return nil
}

func (t *tree) end() { t.kill() }
