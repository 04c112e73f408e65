package lsp

import (
	"context"
	"fmt"
	"path"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/textpos"
	"gamels/parse"
)

// A snapshot is one immutable version of an open document: its text with
// its line index, and (computed at most once, on first use) its parse and
// analysis. A change never modifies a snapshot; it makes a new one and
// replaces the document's current snapshot atomically, so a request or
// a diagnostics run that holds a snapshot sees one consistent version.
type snapshot struct {
	uri     uri.URI
	version int32
	kind    parse.Kind // 0 when the document is not a transcript
	// text is shared with the document's other snapshots: an edit makes
	// a new Text that shares what it did not touch (textpos.Text.Edit).
	text  *textpos.Text
	enc   Encoding
	rules parse.Rules // the configured Pousse rules (the file's own line wins)
	// verdicts is gamels.diagnostics.verdicts when the snapshot was made.
	verdicts VerdictLevel
	cache    *gameCache // shared by the document's snapshots
	seq      uint64     // the snapshot's rank among its document's snapshots, from 1

	// outOfSync is set when a change could not be applied: text is the
	// last good text, which the client no longer has. Requests that
	// answer with edits refuse such a snapshot (errOutOfSync).
	outOfSync bool

	mapperOnce sync.Once
	mapper     *Mapper

	analysisOnce sync.Once
	analysis     *fileAnalysis
	analysisErr  error       // a recovered panic in the engines
	analysed     atomic.Bool // set once analysis is ready
}

// Mapper returns the snapshot's position mapper, made on first use in
// O(1): the line index is the text's.
func (s *snapshot) Mapper() *Mapper {
	s.mapperOnce.Do(func() { s.mapper = NewMapper(s.text, s.enc) })
	return s.mapper
}

// Analysis returns the parse and analysis of the snapshot, computing them
// on first use. An error means the engines panicked on this text; the
// panic is turned into the error so that one bad document does not bring
// the server down.
func (s *snapshot) Analysis() (*fileAnalysis, error) {
	s.analysisOnce.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				s.analysis = nil
				s.analysisErr = analysisPanic(s.uri, r)
			}
		}()
		s.analysis = analyzeFile(s.kind, s.text, s.rules, s.cache)
	})
	s.analysed.Store(true)
	return s.analysis, s.analysisErr
}

// awaitAnalysis waits until the snapshot's analysis is ready, or until
// ctx is done: a request cancelled while the analysis of a large
// document is under way (for the diagnostics, or for an earlier request)
// answers at once. The analysis goes on, for whoever needs it next.
func (s *snapshot) awaitAnalysis(ctx context.Context) error {
	if s.analysed.Load() {
		return nil
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Analysis()
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// analysisPanic turns a panic recovered in Analysis into the snapshot's
// error, with the stack of the goroutine that panicked: a worker's, for
// a workerPanic, else this one's (called from the deferred recover, it
// still holds the frames that panicked).
func analysisPanic(u uri.URI, r any) error {
	stack := debug.Stack()
	if wp, ok := r.(*workerPanic); ok {
		r, stack = wp.value, wp.stack
	}
	return &panicError{msg: fmt.Sprintf("internal error while analysing %s: %v", u, r), stack: stack}
}

// at is how a request on a position starts: the snapshot's analysis, its
// mapper and the byte offset of pos. The error is the protocol error to
// answer when the engines failed on this text.
func (s *snapshot) at(pos protocol.Position) (*fileAnalysis, *Mapper, int, error) {
	fa, err := s.Analysis()
	if err != nil {
		return nil, nil, 0, errAnalysis(err)
	}
	m := s.Mapper()
	return fa, m, m.Offset(pos), nil
}

// errOutOfSync answers a request for edits on a document whose text the
// server no longer knows (see snapshot.outOfSync).
var errOutOfSync = jsonrpc2.NewError(jsonrpc2.InternalError,
	"gamels: the document is out of sync after a change that could not be applied; close and reopen it")

// editable returns errOutOfSync when snapshot s must not be edited: edits
// computed on a text the client no longer has would corrupt its own.
func (s *snapshot) editable() error {
	if s.outOfSync {
		return errOutOfSync
	}
	return nil
}

// ownRules reports whether the snapshot is known, without waiting for an
// analysis, to choose its Pousse rules with a `# rules:` line.
func (s *snapshot) ownRules() bool {
	if !s.analysed.Load() {
		return false
	}
	fa, err := s.Analysis()
	return err == nil && fa.file.Rules != parse.RulesDefault
}

// A document is an open text document: its current snapshot and the
// state that outlives snapshots (the per-game analysis cache, the
// diagnostics scheduler).
type document struct {
	uri   uri.URI
	snap  atomic.Pointer[snapshot]
	seq   atomic.Uint64 // the number of snapshots made so far
	cache *gameCache
	diags *diagScheduler

	// The engine's annotations (annotations.go): the last ones computed,
	// and the cancellation of the job under way.
	ann       atomic.Pointer[annotationSet]
	annMu     sync.Mutex
	annCancel context.CancelFunc
}

// kindOf returns the transcript kind named by a language id or, failing
// that, by the document's file extension.
func kindOf(languageID string, u uri.URI) parse.Kind {
	if k, ok := parse.KindOf(strings.ToLower(languageID)); ok {
		return k
	}
	p := string(u)
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if k, ok := parse.KindOf(strings.ToLower(path.Base(p))); ok {
		return k
	}
	return 0
}

// applyChanges returns the text that results from applying changes in
// order to the text of snapshot old. Each ranged change is located in the
// text as left by the changes before it, with that text's own line index,
// and applied with textpos.Text.Edit, which shares every chunk of the
// text the change does not touch: O(bytes of the touched chunks + the
// change's text + chunks) per change, never a copy of the document. A
// whole-document change replaces everything (textpos.FromBytes, O(its
// length)).
//
// inSync is false when a ranged change applies to a text the server no
// longer knows (old is out of sync and no whole-document change came
// first): the text is then old's, unchanged.
func applyChanges(old *snapshot, changes []textChange) (text *textpos.Text, inSync bool) {
	text, m, inSync := old.text, old.Mapper(), !old.outOfSync
	for _, c := range changes {
		if c.whole {
			text, m, inSync = textpos.FromBytes([]byte(c.text)), nil, true
			continue
		}
		if !inSync {
			return old.text, false
		}
		if m == nil {
			m = NewMapper(text, old.enc)
		}
		sp := m.Span(c.rng)
		text = text.Edit(sp.Start, sp.End, []byte(c.text))
		m = nil
	}
	return text, inSync
}
