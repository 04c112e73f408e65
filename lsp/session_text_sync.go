package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"gamels/internal/textpos"
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
}

// update makes d's next snapshot from sp and schedules its diagnostics;
// the annotations of the last snapshot are stale now.
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
	expected := s.resolveExpected(item.URI, kind)
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
		rules:    s.settings.PousseRules,
		verdicts: s.settings.Verdicts,
		expected: expected,
	})}
	d.diags = newDiagScheduler(s, d)
	s.docs[item.URI] = d
	s.mu.Unlock()
	snap := d.snap.Load()
	s.log.Debug("didOpen", zap.String("uri", string(item.URI)), zap.Int32("version", item.Version),
		zap.Stringer("kind", snap.kind), zap.Int("bytes", snap.text.Len()))
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
	rules, verdicts := s.settings.PousseRules, s.settings.Verdicts
	s.mu.Unlock()
	if d == nil {
		return fmt.Errorf("didChange for a document not open: %s", u)
	}
	old := d.snap.Load()
	if err != nil {
		// The client's text is now unknown: keep the last good text,
		// and refuse edits computed on it until a whole-document change
		// or a new didOpen brings the document back in sync.
		s.markOutOfSync(d, old, p.Version, err)
		return err
	}
	if p.Version <= old.version {
		s.log.Warn("didChange version does not increase", zap.String("uri", string(u)),
			zap.Int32("version", p.Version), zap.Int32("current", old.version))
	}
	text, inSync := applyChanges(old, p.Changes)
	if !inSync {
		s.markOutOfSync(d, old, p.Version, errors.New("a partial change to a document that is out of sync"))
		return nil
	}
	sp := old.spec()
	sp.version, sp.text, sp.rules, sp.verdicts, sp.outOfSync = p.Version, text, rules, verdicts, false
	d.update(sp)
	s.outputTouched(u, sp.kind)
	return nil
}

// markOutOfSync replaces the document's snapshot by one with the same
// text, marked out of sync (see snapshot.outOfSync), after a change that
// could not be applied, and republishes its diagnostics, which then say
// so. The version is the client's, so that the notice is not dropped as
// stale.
func (s *Server) markOutOfSync(d *openDoc, old *snapshot, version int32, why error) {
	s.log.Error("document out of sync: a change could not be applied; its text is kept as it was",
		zap.String("uri", string(old.uri)), zap.Int32("version", version), zap.Error(why))
	sp := old.spec()
	sp.version, sp.outOfSync = max(version, old.version), true
	d.update(sp)
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
		go func() {
			debug.FreeOSMemory()
			s.log.Debug("memory returned after closing a large document", zap.Int("bytes", size))
		}()
	}
	return nil
}

// largeDocument is the size from which closing a document returns the
// freed memory to the system at once (debug.FreeOSMemory): 4 MiB.
const largeDocument = 4 << 20

// didChangeConfiguration reads the new settings; when the Pousse rules
// change, every open Pousse document that does not choose its own rules
// gets a new snapshot (same text and version, new rules) and its
// diagnostics are republished; when gamels.diagnostics.verdicts or the
// gamels.analysis settings change, every open document does (and is
// annotated again).
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
	s.log.Info("configuration", zap.Stringer("pousseRules", settings.PousseRules), zap.Int("reanalysed", len(docs)))
	for _, d := range docs {
		sp := d.snap.Load().spec()
		sp.rules, sp.verdicts = settings.PousseRules, settings.Verdicts
		d.update(sp)
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
		s.log.Warn("showMessage", zap.Error(err))
	}
}
