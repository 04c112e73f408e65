package matchtest

import (
	"testing"
	"time"

	"gamels/internal/proctest"
)

// Gone fails the test when a process whose pid the file lists (the
// test players' -pidfile: one a line) still runs a second later. A
// zombie counts as gone: it runs nothing, and its parent or init reaps
// it. (It watches Linux's /proc: elsewhere it sees nothing.)
func Gone(t testing.TB, pidFile string) {
	t.Helper()
	for _, pid := range proctest.ReadPids(t, pidFile) {
		for i := 0; proctest.Alive(pid); i++ {
			if i == 50 {
				t.Fatalf("process %d still runs", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
