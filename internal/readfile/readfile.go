// Package readfile reads a file that someone else may have put there:
// the language server's expected outputs, which a repository ships or a
// solution writes. Opening never blocks (a FIFO is opened without
// waiting for a writer, then refused), a final symbolic link is not
// followed unless the caller chose the path, and what is read is
// checked on the open descriptor, not on a name that may have changed
// since: a regular file, and at most a limit of bytes.
package readfile

import (
	"io"
	"io/fs"
	"time"
)

// An ID tells a file and its version: the same device, inode, size and
// modification time is taken for the same bytes. Mode is its type and
// permissions (a symbolic link when one was not followed).
type ID struct {
	Dev, Ino uint64
	Size     int64
	ModTime  time.Time
	Mode     fs.FileMode
}

// Stat returns the ID of the file at path, following a final symbolic
// link only when follow is set (else a link's ID is the link's, its Mode
// fs.ModeSymlink).
func Stat(path string, follow bool) (ID, error) { return stat(path, follow) }

// Read reads the file at path when it is a regular file of at most limit
// bytes, following a final symbolic link only when follow is set; it
// returns the bytes read and the ID of what was opened. When the path is
// a link not followed, a FIFO, a device or a directory, or a file larger
// than limit, it returns no bytes, the ID saying which, and no error: the
// caller tells the user. A file that grows while it is read is read to
// limit+1 bytes. The error is that of the open or the read (a missing
// file: fs.ErrNotExist).
func Read(path string, follow bool, limit int64) ([]byte, ID, error) {
	f, id, err := open(path, follow)
	if err != nil || f == nil {
		return nil, id, err
	}
	defer f.Close()
	if !id.Mode.IsRegular() || id.Size > limit {
		return nil, id, nil
	}
	// The size and one byte more: the end seen without growing.
	b := make([]byte, min(id.Size, limit)+1)
	n, err := io.ReadFull(f, b)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return b[:n], id, nil
	case err != nil:
		return nil, id, err
	}
	// Grown since the fstat: on to limit+1 bytes, for the caller to see.
	rest, err := io.ReadAll(io.LimitReader(f, limit+1-int64(n)))
	if err != nil {
		return nil, id, err
	}
	return append(b, rest...), id, nil
}
