package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"go.lsp.dev/uri"

	"gamels/parse"
)

// A snapshot is one immutable version of an open document: its text with
// its line index, and (computed at most once, on first use) its parse and
// analysis. A change never modifies a snapshot; it makes a new one and
// replaces the document's current snapshot atomically, so a request or
// a diagnostics run that holds a snapshot sees one consistent version.
type snapshot struct {
	snapshotSpec // its text, settings and expected output (cache_document.go)

	uri   uri.URI
	cache *gameCache // shared by the document's snapshots
	seq   uint64     // the snapshot's rank among its document's snapshots, from 1

	// judged is the comparison with the expected output
	// (cache_expected.go).
	judged judgement

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
	// stale is done when the snapshot is superseded: made on the first
	// whileCurrent, under staleMu.
	staleMu     sync.Mutex
	stale       context.Context
	staleCancel context.CancelFunc
}

// errSuperseded is the analysis of a snapshot that was superseded (by a
// newer version of its document, or its close) before its analysis was
// done: stopped, so that the work and memory of a version nobody will
// see again end at once. A request on it answers ContentModified.
var errSuperseded = errors.New("the document changed or was closed before its analysis was done")

// supersede stops the analysis of s, if it is under way or not started
// (see superseded), and the work done with whileCurrent. O(1).
func (s *snapshot) supersede() {
	s.superseded.Store(true)
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	if s.staleCancel != nil {
		s.staleCancel()
	}
}

// whileCurrent returns ctx, done also when s is superseded (its
// document edited or closed), with errSuperseded as its cause
// (context.Cause): a long request on s (a GIF being drawn, the engine's
// moves to the end of a game) stops at its next look at its context
// instead of finishing work for a version nobody sees again. The
// function returned releases it.
func (s *snapshot) whileCurrent(ctx context.Context) (context.Context, context.CancelFunc) {
	s.staleMu.Lock()
	if s.stale == nil {
		s.stale, s.staleCancel = context.WithCancel(context.Background())
		if s.superseded.Load() {
			s.staleCancel()
		}
	}
	stale := s.stale
	s.staleMu.Unlock()
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(stale, func() { cancel(errSuperseded) })
	return ctx, func() {
		stop()
		cancel(nil)
	}
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

// ownRules reports whether the snapshot is known, without waiting for an
// analysis, to choose its Pousse rules with a `# rules:` line.
func (s *snapshot) ownRules() bool {
	if !s.analysed.Load() {
		return false
	}
	fa, err := s.Analysis()
	return err == nil && fa.file.Rules != parse.RulesDefault
}
