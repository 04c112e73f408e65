package main

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a new pseudo-terminal and returns its terminal side; see
// openPTYPair.
func openPTY(t *testing.T) *os.File {
	_, tty := openPTYPair(t)
	return tty
}

// openPTYPair opens a new pseudo-terminal and returns its controller
// side, which reads what is written to the terminal, and its terminal
// side. Both close when the test ends.
func openPTYPair(t *testing.T) (ptmx, tty *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return ptmx, tty
}

// readPTY reads what was written to the terminal of ptmx until done
// says it is all there, within 2 s.
func readPTY(t *testing.T, ptmx *os.File, done func(got string) bool) string {
	t.Helper()
	var got []byte
	buf := make([]byte, 4096)
	ptmx.SetReadDeadline(time.Now().Add(2 * time.Second))
	for !done(string(got)) {
		n, err := ptmx.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			t.Fatalf("reading the terminal: %v after %q", err, got)
		}
	}
	return string(got)
}
