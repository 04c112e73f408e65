//go:build !unix

package solution

import (
	"os"
	"syscall"
)

func signalName(s syscall.Signal) string { return s.String() }

func maxRSS(ps *os.ProcessState) int64 { return 0 }
