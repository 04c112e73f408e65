package lsp

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
	"weak"

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
	// id is the disk file's when it was read: a watched file's event
	// that leaves it as it was is not read again.
	id FileID
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
	return e.id.same(o.id)
}

// Files is what the server reads of the file system (Options.Files):
// the expected outputs of the open transcripts, and nothing else.
type Files interface {
	// Stat returns the ID of the file at path, following a final
	// symbolic link only when follow is set (else a link's ID, its Mode
	// fs.ModeSymlink).
	Stat(path string, follow bool) (FileID, error)
	// Read reads the file at path when it is a regular file of at most
	// limit bytes, following a final link only when follow is set,
	// without blocking in its open (a FIFO waits for no writer), and
	// returns its bytes and the ID of the file it opened (its
	// descriptor's, not the name's). Anything else (a link not
	// followed, a FIFO, a directory, a larger file): no bytes, the ID
	// that says which, no error.
	Read(path string, follow bool, limit int64) ([]byte, FileID, error)
}

// A FileID tells a file and its version: the same device, inode, size
// and modification time are taken for the same bytes.
type FileID struct {
	Dev, Ino uint64
	Size     int64
	ModTime  time.Time
	Mode     fs.FileMode
}

func (a FileID) same(b FileID) bool {
	return a.Dev == b.Dev && a.Ino == b.Ino && a.Size == b.Size && a.ModTime.Equal(b.ModTime) && a.Mode == b.Mode
}

// fileKey is a FileID as a map key.
type fileKey struct {
	dev, ino    uint64
	size, mtime int64
}

func (a FileID) key() fileKey { return fileKey{a.Dev, a.Ino, a.Size, a.ModTime.UnixNano()} }

// outputTexts are the texts of the expected outputs read from disk, by
// the file's ID, for as long as a snapshot holds them: transcripts that
// share an expected output share one reading of it, and a file read
// again unchanged is not read (readExpected).
type outputTexts struct {
	mu sync.Mutex
	m  map[fileKey]weak.Pointer[textpos.Text]
}

func (o *outputTexts) get(id FileID) *textpos.Text {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.m[id.key()].Value()
}

// put keeps t as the text of the file id, and forgets the texts no
// snapshot holds any more.
func (o *outputTexts) put(id FileID, t *textpos.Text) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[fileKey]weak.Pointer[textpos.Text]{}
	}
	for k, p := range o.m {
		if p.Value() == nil {
			delete(o.m, k)
		}
	}
	o.m[id.key()] = weak.Make(t)
}

// A candidate is a file that may hold a transcript's expected output:
// its path, and whether a final symbolic link there is followed (only
// for the file gamels.expectedOutput names: the user chose it).
type candidate struct {
	path   string
	follow bool
}

// readExpected reads the expected output at c through files (the
// server's one access to the file system: Options.Files), or takes the
// text of a reading of the same file (texts); nil when there is no file
// there, or no files. A link beside a transcript (NAME.out ->
// ~/.ssh/id_ed25519) is not followed, a file that is not a regular file
// (a directory, a FIFO) or is over MaxDocumentSize is not read, and the
// reading's err says why; what is read is checked on the file opened,
// not on its name. O(size), at most MaxDocumentSize; O(1) when the file
// is unchanged since a reading a snapshot still holds.
func readExpected(files Files, texts *outputTexts, c candidate) *expectedOutput {
	if files == nil {
		return nil
	}
	id, err := files.Stat(c.path, c.follow)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	e := &expectedOutput{path: c.path, uri: uri.File(c.path)}
	if err != nil {
		e.err = err
		return e
	}
	if e.err = e.unreadable(id); e.err != nil {
		return e
	}
	if t := texts.get(id); t != nil {
		e.text, e.id = t, id
		return e
	}
	data, id, err := files.Read(c.path, c.follow, MaxDocumentSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		e.err = err
	case e.unreadable(id) != nil:
		e.err = e.unreadable(id)
	case len(data) > MaxDocumentSize: // grown since the open
		e.err = tooLargeExpected(int64(len(data)))
	default:
		e.text, e.id = textpos.FromBytes(data), id
		texts.put(id, e.text)
	}
	return e
}

// unreadable says why the file id is not read, or nil.
func (e *expectedOutput) unreadable(id FileID) error {
	switch {
	case id.Mode&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link, not followed: only gamels.expectedOutput may name a file elsewhere", e.name())
	case !id.Mode.IsRegular():
		return fmt.Errorf("%s is not a regular file", e.name())
	case id.Size > MaxDocumentSize:
		return tooLargeExpected(id.Size)
	}
	return nil
}

// An expectedRef is the expected output a snapshot is compared with,
// being read: the session reads it off the read goroutine
// (session_expected.go), and what needs it waits for the reading (get).
// Set once.
type expectedRef struct {
	done chan struct{}
	e    *expectedOutput
}

func pendingExpected() *expectedRef { return &expectedRef{done: make(chan struct{})} }

// readyExpected is a reading already made; nil for none.
func readyExpected(e *expectedOutput) *expectedRef {
	if e == nil {
		return nil
	}
	r := pendingExpected()
	r.set(e)
	return r
}

func (r *expectedRef) set(e *expectedOutput) {
	r.e = e
	close(r.done)
}

// get waits for the reading and returns it; nil for none.
func (r *expectedRef) get() *expectedOutput {
	if r == nil {
		return nil
	}
	<-r.done
	return r.e
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

// output is the expected output the snapshot is compared with, once it
// is read; nil when it has none.
func (s *snapshot) output() *expectedOutput { return s.expected.get() }

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
	e := s.output()
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
