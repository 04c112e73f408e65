//go:build !unix

package readfile

import (
	"io/fs"
	"os"
)

func stat(path string, follow bool) (ID, error) {
	var info fs.FileInfo
	var err error
	if follow {
		info, err = os.Stat(path)
	} else {
		info, err = os.Lstat(path)
	}
	if err != nil {
		return ID{}, err
	}
	return ID{Size: info.Size(), ModTime: info.ModTime(), Mode: info.Mode()}, nil
}

// open opens path after checking, by name, that it is a regular file
// (a system without FIFOs that block an open), and returns the ID of
// the open file.
func open(path string, follow bool) (*os.File, ID, error) {
	id, err := stat(path, follow)
	if err != nil || !id.Mode.IsRegular() {
		return nil, id, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, ID{}, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, ID{}, err
	}
	return f, ID{Size: info.Size(), ModTime: info.ModTime(), Mode: info.Mode()}, nil
}
