package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// fmt -w rewrites a file the way gofmt does, so that nothing about the
// file is lost but its old layout: it writes the file in place (after a
// backup), not through a new file and a rename, which would replace a
// symbolic link by a regular file, break hard links, and give the file
// the writer's owner and default mode. In order:
//
//  1. readOriginal resolves symbolic links (the target is formatted, the
//     link stays a link) and reads the file, noting its identity, size,
//     modification time and mode.
//  2. rewrite refuses a file whose mode grants no write permission at all
//     (even to root, who could write it anyway), and opens the file for
//     writing: where the system says no (not the owner, say), the file is
//     left alone.
//  3. It checks that the file is still the one read, unchanged: the same
//     file, size and modification time, and the same bytes. A file changed
//     by another process meanwhile is left as that process wrote it, and
//     the run fails.
//  4. It copies the original to a backup beside the file, writes the new
//     text over the file and truncates it; should that fail, it writes
//     the original back (or says where the backup is). The owner, group,
//     hard links and the mode stay those of the file; a set-user-ID or
//     set-group-ID bit the system cleared on the write is set again.
//  5. It removes the backup.
//
// The cost is O(size of the file): it is read twice and written once.

// errChanged says a file changed between reading and writing it.
var errChanged = errors.New("changed while it was being formatted: left as the other writer made it")

// original is a file as fmt -w read it.
type original struct {
	name string      // as given
	path string      // symbolic links resolved: the file rewritten
	info os.FileInfo // when it was read
	src  []byte
}

// readOriginal reads the file name (the target of a symbolic link),
// at most limit bytes, and notes what rewrite checks before writing it.
// A file that is not regular (a FIFO, a device, a directory) is refused
// before it is opened, as opening a FIFO with no writer for reading
// would block forever; it is then opened without blocking, and checked
// again, in case it was replaced meanwhile.
func readOriginal(name string, limit int64) ([]byte, *original, error) {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return nil, nil, err
	}
	notRegular := fmt.Errorf("%s: not a regular file: not rewritten", quoteName(name))
	if info, err := os.Stat(path); err != nil {
		return nil, nil, err
	} else if !info.Mode().IsRegular() {
		return nil, nil, notRegular
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, nil, notRegular
	}
	if info.Size() > limit {
		return nil, nil, &errTooLarge{name: name, limit: limit, size: info.Size()}
	}
	src, err := readLimited(name, f, limit)
	if err != nil {
		return nil, nil, err
	}
	return src, &original{name: name, path: path, info: info, src: src}, nil
}

// rewrite writes data over the file in place, if it is writable and
// still as it was read; see the steps above.
func (o *original) rewrite(data []byte) error {
	if o.info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("%s: read-only (mode %v): not rewritten", quoteName(o.name), o.info.Mode().Perm())
	}
	f, err := os.OpenFile(o.path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("%w: not rewritten", err)
	}
	defer f.Close() // on the error paths
	now, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(o.info, now) || now.Size() != o.info.Size() || !now.ModTime().Equal(o.info.ModTime()) {
		return fmt.Errorf("%s: %w", quoteName(o.name), errChanged)
	}
	cur, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, o.src) {
		return fmt.Errorf("%s: %w", quoteName(o.name), errChanged)
	}
	bak, err := o.backup()
	if err != nil {
		return fmt.Errorf("%s: cannot make a backup, not rewritten: %w", quoteName(o.name), err)
	}
	n, err := f.WriteAt(data, 0)
	if err == nil && len(data) < len(o.src) {
		err = f.Truncate(int64(len(data)))
	}
	if err != nil {
		if n > 0 && !o.restore(f) {
			return fmt.Errorf("%s: %v; the original is in %s", quoteName(o.name), err, quoteName(bak))
		}
		os.Remove(bak)
		return fmt.Errorf("%s: %v: left as it was", quoteName(o.name), err)
	}
	// A write by a process without CAP_FSETID clears the set-user-ID and
	// set-group-ID bits: the owner may set them again.
	if after, err := f.Stat(); err == nil && after.Mode() != o.info.Mode() {
		f.Chmod(o.info.Mode())
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %v; the original is in %s", quoteName(o.name), err, quoteName(bak))
	}
	return os.Remove(bak)
}

// backup copies the original into a new file beside it, readable by its
// owner only, and returns its name.
func (o *original) backup() (string, error) {
	b, err := os.CreateTemp(filepath.Dir(o.path), filepath.Base(o.path)+".*.bak")
	if err != nil {
		return "", err
	}
	_, err = b.Write(o.src)
	if err1 := b.Close(); err == nil {
		err = err1
	}
	if err != nil {
		os.Remove(b.Name())
		return "", err
	}
	return b.Name(), nil
}

// restore writes the original back after a failed write, and reports
// whether it succeeded.
func (o *original) restore(f *os.File) bool {
	if _, err := f.WriteAt(o.src, 0); err != nil {
		return false
	}
	return f.Truncate(int64(len(o.src))) == nil
}

// writeNew writes data to a new file name through a temporary file beside
// it, renamed over name once complete: a reader never sees half a file and
// a failed write leaves none (shrink's SMALL, show's pictures).
func writeNew(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after a successful rename, nothing to remove
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
