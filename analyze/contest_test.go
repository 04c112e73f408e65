package analyze

import (
	"os"
	"path/filepath"
	"testing"
)

// readContest reads testdata/contest/NAME.in and its expected output
// (NAME.expected.out, or NAME.out for the statements' samples).
func readContest(t *testing.T, name string) (src, want []byte) {
	t.Helper()
	dir := filepath.Join("..", "testdata", "contest")
	src, err := os.ReadFile(filepath.Join(dir, name+".in"))
	if err != nil {
		t.Fatal(err)
	}
	want, err = os.ReadFile(filepath.Join(dir, name+".expected.out"))
	if os.IsNotExist(err) {
		want, err = os.ReadFile(filepath.Join(dir, name+".out"))
	}
	if err != nil {
		t.Fatal(err)
	}
	return src, want
}
