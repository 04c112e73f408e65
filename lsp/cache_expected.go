package lsp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/contest"
	"gamels/internal/textpos"
)

// The expected output of a transcript: a file of verdict lines that sits
// beside it (NAME.expected.out, else NAME.out) or that
// gamels.expectedOutput names, compared game by game with the judge's
// verdicts (package contest). A snapshot holds the expected output it is
// compared with; which file that is and when it is read again are the
// session's (session_expected.go).

// An expectedOutput is one reading of an expected output: the editor's
// text when the file is open there, else the disk's. Immutable.
type expectedOutput struct {
	path string  // the file, cleaned
	uri  uri.URI // the file's URI, for locations in it
	// text is the output; nil when err is set.
	text *textpos.Text
	// err says why the file could not be compared: over
	// MaxDocumentSize, not a regular file, unreadable.
	err  error
	open bool // text is the editor's (an open document)
	// size and mtime are the disk file's when it was read: a watched
	// file's event that changes neither is not read again.
	size  int64
	mtime time.Time
}

// name is how messages call the file: its base name.
func (e *expectedOutput) name() string { return filepath.Base(e.path) }

// same reports whether e and o are the same reading: nothing to compare
// again.
func (e *expectedOutput) same(o *expectedOutput) bool {
	if e == nil || o == nil {
		return e == o
	}
	if e.path != o.path || e.open != o.open || (e.err == nil) != (o.err == nil) {
		return false
	}
	if e.err != nil {
		return e.err.Error() == o.err.Error()
	}
	if e.open {
		return e.text == o.text
	}
	return e.size == o.size && e.mtime.Equal(o.mtime)
}

// readExpected reads the expected output at path from files (the
// server's one access to the file system: Options.Files); nil when there
// is no file there, or no files. A file over MaxDocumentSize, or one
// that is not a regular file (a directory, a FIFO that would block), is
// not read: the reading's err says why. O(size), at most
// MaxDocumentSize.
func readExpected(files fs.FS, path string) *expectedOutput {
	name, ok := fsName(path)
	if files == nil || !ok {
		return nil
	}
	fi, err := fs.Stat(files, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	e := &expectedOutput{path: path, uri: uri.File(path)}
	switch {
	case err != nil:
		e.err = err
		return e
	case !fi.Mode().IsRegular():
		e.err = fmt.Errorf("%s is not a regular file", e.name())
		return e
	case fi.Size() > MaxDocumentSize:
		e.err = tooLargeExpected(fi.Size())
		return e
	}
	e.size, e.mtime = fi.Size(), fi.ModTime()
	f, err := files.Open(name)
	if err != nil {
		e.err = err
		return e
	}
	defer f.Close()
	// The file may have grown since the Stat: read one byte over the
	// bound to know.
	data, err := io.ReadAll(io.LimitReader(f, MaxDocumentSize+1))
	switch {
	case err != nil:
		e.err = err
	case len(data) > MaxDocumentSize:
		e.err = tooLargeExpected(int64(len(data)))
	default:
		e.text = textpos.FromBytes(data)
	}
	return e
}

// openExpected is the expected output at path as the editor holds it.
func openExpected(path string, text *textpos.Text) *expectedOutput {
	e := &expectedOutput{path: path, uri: uri.File(path), open: true}
	if text.Len() > MaxDocumentSize {
		e.err = tooLargeExpected(int64(text.Len()))
		return e
	}
	e.text = text
	return e
}

func tooLargeExpected(size int64) error {
	return fmt.Errorf("it is %.1f MiB, over the %d MiB the server reads (MaxDocumentSize)",
		float64(size)/(1<<20), MaxDocumentSize>>20)
}

// expectedPaths returns the files, in order of preference, that may hold
// the expected output of the transcript at path: the one setting names
// (gamels.expectedOutput: relative to the transcript's directory, with
// ${name} standing for the transcript's name without its extension),
// else NAME.expected.out and NAME.out beside it.
func expectedPaths(transcript, setting string) []string {
	dir, base := filepath.Split(transcript)
	name := strings.TrimSuffix(base, filepath.Ext(base))
	if setting != "" {
		p := filepath.FromSlash(strings.ReplaceAll(setting, "${name}", name))
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return []string{filepath.Clean(p)}
	}
	return []string{filepath.Join(dir, name+".expected.out"), filepath.Join(dir, name+".out")}
}

// fsName is the name of path in Options.Files, which is rooted at the
// file system's root: "/a/b.out" is "a/b.out".
func fsName(path string) (string, bool) {
	name := strings.TrimPrefix(filepath.ToSlash(path), "/")
	return name, fs.ValidPath(name)
}

// filePath returns the file path of a file: URI, decoded; false for
// another scheme.
func filePath(u uri.URI) (string, bool) {
	pu, err := url.Parse(string(u))
	if err != nil || pu.Scheme != "file" || pu.Path == "" {
		return "", false
	}
	p := pu.Path
	if runtime.GOOS == "windows" && len(p) > 2 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/x
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// A judgement is a snapshot compared with its expected output, made once
// per snapshot on first use (snapshot.judgement).
type judgement struct {
	once sync.Once
	v    *contest.Verdicts
	c    *contest.Comparison
}

// judgement compares the snapshot's verdicts with its expected output;
// nil when it has none, when the expected output could not be read
// (snap.expected.err says why), or when the document is not analysed.
// The comparison reads the output once, keeping only its differing lines
// (contest.Compare: O(games + lines)).
func (s *snapshot) judgement() *judgement {
	e := s.expected
	if e == nil || e.err != nil || s.kind == 0 || s.outOfSync {
		return nil
	}
	fa, err := s.Analysis()
	if err != nil || fa.tooLarge {
		return nil
	}
	j := &s.judged
	j.once.Do(func() {
		outcomes := make([]analyze.Outcome, len(fa.games))
		for i, ga := range fa.games {
			outcomes[i] = ga.outcome(s.kind)
			outcomes[i].Issues = ga.issues()
		}
		j.v = contest.FromOutcomes(fa.file, outcomes)
		// Compare's only error is its reader's; a bytes.Reader has none.
		j.c, _ = contest.Compare(j.v, bytes.NewReader(e.text.Bytes()))
	})
	return j
}
