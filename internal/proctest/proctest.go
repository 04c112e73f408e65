// Package proctest helps tests that watch processes: the pids a test's
// program wrote, and whether a process still runs. For tests only.
package proctest

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// ReadPids reads the pids written to the file name, one a word.
func ReadPids(t testing.TB, name string) []int {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("pid %q", f)
		}
		pids = append(pids, p)
	}
	return pids
}

// Alive reports whether process pid runs: it exists and is not a zombie
// (Linux's /proc).
func Alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || !strings.HasPrefix(string(stat[i:]), ") Z")
}
