package lsp

import "gamels/internal/readfile"

// diskFiles is what gamels serve hands the server (Options.Files):
// package readfile, for the tests that read real files.
type diskFiles struct{}

func (diskFiles) Stat(path string, follow bool) (FileID, error) {
	id, err := readfile.Stat(path, follow)
	return FileID(id), err
}

func (diskFiles) Read(path string, follow bool, limit int64) ([]byte, FileID, error) {
	b, id, err := readfile.Read(path, follow, limit)
	return b, FileID(id), err
}
