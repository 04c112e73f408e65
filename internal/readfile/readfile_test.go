//go:build unix

package readfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	reg := write("a.out", "X WINS\n")
	big := write("big.out", "0123456789")
	secret := write("secret", "SECRET\n")
	link := filepath.Join(dir, "link.out")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.out")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		path   string
		follow bool
		data   string
		mode   fs.FileMode // the type bits expected
		err    error
	}{
		{"regular", reg, false, "X WINS\n", 0, nil},
		{"too large", big, false, "", 0, nil},
		{"link not followed", link, false, "", fs.ModeSymlink, nil},
		{"link followed", link, true, "SECRET\n", 0, nil},
		{"fifo", fifo, false, "", fs.ModeNamedPipe, nil},
		{"directory", dir, false, "", fs.ModeDir, nil},
		{"missing", filepath.Join(dir, "nope"), false, "", 0, fs.ErrNotExist},
	} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			b, id, err := Read(tc.path, tc.follow, 9)
			if !errors.Is(err, tc.err) || string(b) != tc.data || id.Mode.Type() != tc.mode && err == nil {
				t.Errorf("%s: %q, mode %v, %v; want %q, %v, %v", tc.name, b, id.Mode, err, tc.data, tc.mode, tc.err)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Read blocks", tc.name)
		}
	}
	if _, id, _ := Read(big, false, 9); id.Size != 10 {
		t.Errorf("too large: size %d", id.Size)
	}
	// The ID changes with the file.
	a, _ := Stat(reg, false)
	write("a.out", "O WINS\nX WINS\n")
	b, _ := Stat(reg, false)
	if a == b {
		t.Errorf("the same ID after a change: %+v", a)
	}
	if c, _ := Stat(reg, true); c != b {
		t.Errorf("Stat with and without follow differ on a regular file: %+v %+v", b, c)
	}
	if b, _, _ := Read(reg, false, 1<<20); !bytes.Equal(b, []byte("O WINS\nX WINS\n")) {
		t.Errorf("read %q", b)
	}
}
