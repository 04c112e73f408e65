package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

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

	// expected is the expected output the snapshot is compared with,
	// nil when it has none; judged, the comparison (cache_expected.go).
	expected *expectedOutput
	judged   judgement

	mapperOnce sync.Once
	mapper     *Mapper

	analysisOnce sync.Once
	analysis     *fileAnalysis
	analysisErr  error       // a recovered panic in the engines, or errSuperseded
	analysed     atomic.Bool // set once analysis is ready
	// superseded is set when a newer snapshot of the document is made or
	// the document is closed: an analysis under way stops at its next
	// game, and one not started does not start (errSuperseded).
	superseded atomic.Bool
}

// errSuperseded is the analysis of a snapshot that was superseded (by a
// newer version of its document, or its close) before its analysis was
// done: stopped, so that the work and memory of a version nobody will
// see again end at once. A request on it answers ContentModified.
var errSuperseded = errors.New("the document changed or was closed before its analysis was done")

// supersede stops the analysis of s, if it is under way or not started
// (see superseded). O(1).
func (s *snapshot) supersede() { s.superseded.Store(true) }

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
		if s.superseded.Load() {
			s.analysisErr = errSuperseded
			return
		}
		s.analysis = analyzeFile(s.kind, s.text, s.rules, s.cache, &s.superseded)
		if s.analysis == nil {
			s.analysisErr = errSuperseded
		}
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

// annotations returns the engine's annotations of s, or nil when there
// are none for this exact snapshot (not computed yet, cancelled, or off).
func (s *snapshot) annotations() *annotationSet {
	if s.cache == nil {
		return nil
	}
	as := s.cache.ann.Load()
	if as == nil || as.snap != s {
		return nil
	}
	return as
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
