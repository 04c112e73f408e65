package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"go.lsp.dev/protocol"

	"gamels/internal/textpos"
	"gamels/internal/zlog"
	"gamels/lsp/wire"
	"gamels/parse"
)

// The text synchronisation notifications. They run on the read goroutine,
// one after the other in wire order; each makes the document's next
// snapshot (document.next) and schedules its diagnostics. None of them
// parses: that happens once per snapshot, on first use.

// An openDoc is the session's record of an open document: the cache's
// document (its snapshots), the scheduler of its diagnostics and the
// cancellation of its annotation job.
type openDoc struct {
	*document
	diags *diagScheduler

	annMu     sync.Mutex
	annCancel context.CancelFunc

	// changeMu orders the changes of the document made from its current
	// snapshot: the text synchronisation's, on the read goroutine, and
	// a new reading of its expected output's, on the files' goroutine
	// (session_expected.go). closed: the document was closed, or opened
	// again afresh; nothing changes it any more.
	changeMu sync.Mutex
	closed   bool
}

// change makes d's next snapshot from its current one, when next says
// to, with the spec next returns; nothing once d is closed.
func (d *openDoc) change(next func(cur *snapshot) (snapshotSpec, bool)) {
	d.changeMu.Lock()
	defer d.changeMu.Unlock()
	if d.closed {
		return
	}
	if sp, ok := next(d.snap.Load()); ok {
		d.update(sp)
	}
}

// update makes d's next snapshot from sp and schedules its diagnostics;
// the annotations of the last snapshot are stale now. The caller holds
// changeMu, or has d to itself.
func (d *openDoc) update(sp snapshotSpec) {
	snap := d.next(sp)
	d.cancelAnnotations()
	d.diags.schedule(snap)
}

// cancelAnnotations cancels the document's job, if any. O(1).
func (d *openDoc) cancelAnnotations() {
	d.annMu.Lock()
	defer d.annMu.Unlock()
	if d.annCancel != nil {
		d.annCancel()
		d.annCancel = nil
	}
}

// stop cancels d's annotation job, its pending diagnostics and the
// analysis of its current snapshot: nothing is published for d
// afterwards, and the parse and engines stop at their next game.
func (d *openDoc) stop() {
	d.changeMu.Lock()
	d.closed = true
	d.changeMu.Unlock()
	d.snap.Load().supersede()
	d.cancelAnnotations()
	d.diags.stop()
}

func (s *Server) didOpen(ctx context.Context, raw []byte) error {
	item, err := wire.DecodeOpen(raw)
	if err != nil {
		return err
	}
	kind := kindOf(item.LanguageID, item.URI)
	expected := s.expectedLater(item.URI, kind)
	s.mu.Lock()
	if old := s.docs[item.URI]; old != nil {
		// A second didOpen without a close: start afresh.
		old.stop()
	}
	d := &openDoc{document: newDocument(item.URI, snapshotSpec{
		version:  item.Version,
		kind:     kind,
		text:     textpos.FromBytes(item.Text),
		enc:      s.enc,
		expected: expected,
	}.withSettings(s.settings))}
	d.diags = newDiagScheduler(s, d)
	s.docs[item.URI] = d
	s.mu.Unlock()
	snap := d.snap.Load()
	s.log.Debug("didOpen", zlog.String("uri", string(item.URI)), zlog.Int32("version", item.Version),
		zlog.Stringer("kind", snap.kind), zlog.Int("bytes", snap.text.Len()))
	d.diags.schedule(snap)
	s.outputTouched(item.URI, kind)
	return nil
}

func (s *Server) didChange(ctx context.Context, raw []byte) error {
	p, err := wire.DecodeChange(raw)
	if p.URI == "" {
		return err
	}
	u := p.URI
	s.mu.Lock()
	d := s.docs[u]
	settings := s.settings
	s.mu.Unlock()
	if d == nil {
		return fmt.Errorf("didChange for a document not open: %s", u)
	}
	kind, changed := parse.Kind(0), false
	d.change(func(old *snapshot) (snapshotSpec, bool) {
		kind, changed = old.kind, true
		if err != nil {
			// The client's text is now unknown: keep the last good text,
			// and refuse edits computed on it until a whole-document change
			// or a new didOpen brings the document back in sync.
			return s.outOfSync(old, p.Version, err), true
		}
		if p.Version <= old.version {
			s.log.Warn("didChange version does not increase", zlog.String("uri", string(u)),
				zlog.Int32("version", p.Version), zlog.Int32("current", old.version))
		}
		text, inSync := applyChanges(old, p.Changes)
		if !inSync {
			return s.outOfSync(old, p.Version, errors.New("a partial change to a document that is out of sync")), true
		}
		sp := old.spec().withSettings(settings)
		sp.version, sp.text, sp.outOfSync = p.Version, text, false
		return sp, true
	})
	if err != nil {
		return err
	}
	if changed {
		s.outputTouched(u, kind)
	}
	return nil
}

// outOfSync is the spec of the snapshot that replaces old after a
// change that could not be applied: the same text, marked out of sync
// (see snapshot.outOfSync), whose diagnostics then say so. The version
// is the client's, so that the notice is not dropped as stale.
func (s *Server) outOfSync(old *snapshot, version int32, why error) snapshotSpec {
	s.log.Error("document out of sync: a change could not be applied; its text is kept as it was",
		zlog.String("uri", string(old.uri)), zlog.Int32("version", version), zlog.Error(why))
	sp := old.spec()
	sp.version, sp.outOfSync = max(version, old.version), true
	return sp
}

func (s *Server) didClose(ctx context.Context, raw []byte) error {
	u, err := wire.TextDocumentURI(raw)
	if err != nil {
		return err
	}
	s.mu.Lock()
	d := s.docs[u]
	delete(s.docs, u)
	s.mu.Unlock()
	if d == nil {
		return fmt.Errorf("didClose for a document not open: %s", u)
	}
	d.stop()
	d.diags.clear(context.Background())
	s.outputTouched(u, d.snap.Load().kind)
	if size := d.snap.Load().text.Len(); size >= largeDocument {
		// The runtime returns freed memory to the system over minutes;
		// after a large document, the editor's process should shrink
		// now. A forced collection costs a few milliseconds, off the
		// read loop.
		s.bg.do(func() {
			debug.FreeOSMemory()
			s.log.Debug("memory returned after closing a large document", zlog.Int("bytes", size))
		})
	}
	return nil
}

// largeDocument is the size from which closing a document returns the
// freed memory to the system at once (debug.FreeOSMemory): 4 MiB.
const largeDocument = 4 << 20

// didChangeConfiguration reads the new settings; when the Pousse rules
// change, every open Pousse document that does not choose its own rules
// gets a new snapshot (same text and version, the new settings) and its
// diagnostics are republished; when gamels.diagnostics.verdicts or the
// gamels.analysis settings change, every open document does (and is
// annotated again): a snapshot holds the settings it was made with.
func (s *Server) didChangeConfiguration(ctx context.Context, raw []byte) error {
	var p protocol.DidChangeConfigurationParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return err
	}
	s.mu.Lock()
	settings, err := parseSettings(p.Settings, s.settings)
	changed := settings.PousseRules != s.settings.PousseRules
	republish := settings.Verdicts != s.settings.Verdicts || settings.Analysis != s.settings.Analysis
	expected := settings.ExpectedOutput != s.settings.ExpectedOutput
	s.settings = settings
	var docs []*openDoc
	if changed || republish {
		for _, d := range s.docs {
			// A file with its own rules line keeps them; one whose
			// analysis is not ready yet is redone to be safe. A new
			// verdicts setting republishes every document.
			if snap := d.snap.Load(); republish || snap.kind == parse.Pousse && !snap.ownRules() {
				docs = append(docs, d)
			}
		}
	}
	s.mu.Unlock()
	s.refuseSettings(err)
	if err != nil {
		return err
	}
	s.log.Info("configuration", zlog.Stringer("pousseRules", settings.PousseRules), zlog.Int("reanalysed", len(docs)))
	for _, d := range docs {
		d.change(func(cur *snapshot) (snapshotSpec, bool) { return cur.spec().withSettings(settings), true })
	}
	if expected {
		s.expectedSettingChanged()
	}
	return nil
}

// refuseSettings tells the user, with window/showMessage, that a
// settings value was refused (err, from parseSettings; nil when the
// settings were accepted), once per change: a client that sends the same
// refused value again is not told again, one that sends another is.
func (s *Server) refuseSettings(err error) {
	s.mu.Lock()
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	repeat := msg == s.settingsRefused
	s.settingsRefused = msg
	s.mu.Unlock()
	if err == nil || repeat {
		return
	}
	if err := s.conn.Notify(context.Background(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeWarning,
		Message: "gamels: " + msg + "; the setting keeps its value",
	}); err != nil {
		s.log.Warn("showMessage", zlog.Error(err))
	}
}
