//go:build unix

package readfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func stat(path string, follow bool) (ID, error) {
	var st unix.Stat_t
	var err error
	if follow {
		err = unix.Stat(path, &st)
	} else {
		err = unix.Lstat(path, &st)
	}
	if err != nil {
		return ID{}, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	return idOf(&st), nil
}

// open opens path for reading without blocking (O_NONBLOCK: a FIFO does
// not wait for a writer) and without following a final link unless
// follow is set (O_NOFOLLOW), and returns the descriptor's ID (fstat).
// A link not followed: no file, the link's ID.
func open(path string, follow bool) (*os.File, ID, error) {
	flags := unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC | unix.O_NOCTTY
	if !follow {
		flags |= unix.O_NOFOLLOW
	}
	fd, err := unix.Open(path, flags, 0)
	if errors.Is(err, unix.ELOOP) && !follow {
		id, serr := stat(path, false)
		if serr == nil && id.Mode&fs.ModeSymlink != 0 {
			return nil, id, nil
		}
	}
	if err != nil {
		return nil, ID{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, ID{}, &fs.PathError{Op: "fstat", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), idOf(&st), nil
}

func idOf(st *unix.Stat_t) ID {
	id := ID{Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size,
		ModTime: time.Unix(int64(st.Mtim.Sec), int64(st.Mtim.Nsec)), Mode: fs.FileMode(st.Mode & 0o777)}
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
	case syscall.S_IFDIR:
		id.Mode |= fs.ModeDir
	case syscall.S_IFLNK:
		id.Mode |= fs.ModeSymlink
	case syscall.S_IFIFO:
		id.Mode |= fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		id.Mode |= fs.ModeSocket
	case syscall.S_IFCHR:
		id.Mode |= fs.ModeDevice | fs.ModeCharDevice
	default:
		id.Mode |= fs.ModeDevice
	}
	return id
}
