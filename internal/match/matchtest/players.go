// Package matchtest gives tests the test players of gamels match: the
// program in testdata/players, which plays Pousse and Spot on the ICFP
// 1998 player interface well (greedy, lookahead), at random, or badly
// (illegal, crash, silent, slow, fork, flood, lines); its package doc
// lists the flags.
package matchtest

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Players builds testdata/players into the test's temporary directory
// and returns the program's path. It skips the test with -short (it
// builds a program). A player is then, for gamels match, the command
// line "PATH -play greedy" (with -game spot for Spot, -rules icfp for
// the icfp rules).
func Players(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the test players; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "players")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", bin, "gamels/testdata/players").CombinedOutput(); err != nil {
		t.Fatalf("go build gamels/testdata/players: %v\n%s", err, out)
	}
	return bin
}
