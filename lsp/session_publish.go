package lsp

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"go.lsp.dev/protocol"

	"gamels/internal/zlog"
)

// Publishing a document's diagnostics: computing them safely for a
// snapshot the scheduler hands over, and sending them unless a newer
// snapshot's were sent (checked and sent under one lock), so that an old
// version never overwrites a newer one.

// runOne analyses snap and publishes its diagnostics. It runs on a timer
// goroutine, where a panic would end the process: one that escapes
// diagnostics (which turns its own into a diagnostic), in the
// warning or the publication, is logged with its stack, and the
// scheduler goes on with the next snapshot.
func (ds *diagScheduler) runOne(snap *snapshot) {
	defer func() {
		if r := recover(); r != nil {
			ds.s.log.Error("panic publishing diagnostics", zlog.String("uri", string(snap.uri)),
				zlog.Int32("version", snap.version), zlog.Any("panic", r), zlog.ByteString("stack", debug.Stack()))
		}
	}()
	diags := ds.s.diagnostics(snap)
	if _, err := snap.Analysis(); errors.Is(err, errSuperseded) {
		// A newer version is scheduled, or the document is closed.
		return
	}
	ds.warnTooLarge(snap)
	runTestHook(context.Background(), "publish", "")
	if ds.publish(snap, diags) {
		// Only now, so that they never delay the diagnostics.
		ds.s.startAnnotations(ds.doc, snap, diags)
	}
}

// warnTooLarge shows, once per document, a message saying that snap is
// over MaxDocumentSize and is not analysed.
func (ds *diagScheduler) warnTooLarge(snap *snapshot) {
	if fa, err := snap.Analysis(); err != nil || !fa.tooLarge || ds.warned.Swap(true) {
		return
	}
	err := ds.s.conn.Notify(context.Background(), protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeWarning,
		Message: tooLargeMessage(snap.text.Len()),
	})
	if err != nil {
		ds.s.log.Warn("showMessage", zlog.Error(err))
	}
}

// publish sends diags for snap if the document is open and nothing newer
// than snap has been published, and reports whether it did.
func (ds *diagScheduler) publish(snap *snapshot, diags []protocol.Diagnostic) bool {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.mu.Lock()
	stopped := ds.stopped
	ds.mu.Unlock()
	if stopped || snap.seq <= ds.published {
		ds.s.staleDropped.Add(1)
		ds.s.log.Debug("stale diagnostics dropped", zlog.String("uri", string(snap.uri)), zlog.Int32("version", snap.version))
		return false
	}
	ds.published = snap.seq
	ds.s.notifyDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI:         snap.uri,
		Version:     protocol.NewOptional(snap.version),
		Diagnostics: diags,
	})
	return true
}

// republish sends diags for snap again (with its annotations) if snap is
// still the last snapshot published, the document is open and ctx (the
// annotation job's) is not cancelled; it reports whether it did.
func (ds *diagScheduler) republish(ctx context.Context, snap *snapshot, diags []protocol.Diagnostic) bool {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.mu.Lock()
	stopped := ds.stopped
	ds.mu.Unlock()
	if stopped || snap.seq != ds.published || ctx.Err() != nil || ds.doc.snap.Load() != snap {
		return false
	}
	sortDiagnostics(diags)
	ds.s.notifyDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI:         snap.uri,
		Version:     protocol.NewOptional(snap.version),
		Diagnostics: capPublished(diags), // the annotations' come on top
	})
	return true
}

// clear clears the document's diagnostics, once the scheduler is
// stopped (openDoc.stop).
func (ds *diagScheduler) clear(ctx context.Context) {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.s.notifyDiagnostics(ctx, &protocol.PublishDiagnosticsParams{
		URI:         ds.doc.uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

func (s *Server) notifyDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) {
	if p.Diagnostics == nil {
		p.Diagnostics = []protocol.Diagnostic{}
	}
	if err := s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, p); err != nil {
		s.log.Warn("publishDiagnostics", zlog.String("uri", string(p.URI)), zlog.Error(err))
	}
}

// diagnostics computes the diagnostics of snap (computeDiagnostics), turning a panic into
// a single diagnostic that says so, so that the user is not left with
// silently stale marks.
func (s *Server) diagnostics(snap *snapshot) (diags []protocol.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic computing diagnostics", zlog.String("uri", string(snap.uri)),
				zlog.Any("panic", r), zlog.ByteString("stack", debug.Stack()))
			diags = []protocol.Diagnostic{internalErrorDiagnostic(fmt.Errorf("internal error: %v", r))}
		}
	}()
	runTestHook(context.Background(), "diagnostics", snap.uri)
	if snap.outOfSync {
		return []protocol.Diagnostic{outOfSyncDiagnostic()}
	}
	// A text just opened (or replaced whole) has its line index made on
	// first use (textpos.FromBytes): make it now, alongside the parse
	// and analysis, which do not need it. A no-op for an edited text.
	s.bg.do(func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("panic building the line index", zlog.String("uri", string(snap.uri)),
					zlog.Any("panic", r), zlog.ByteString("stack", debug.Stack()))
			}
		}()
		snap.text.Index()
	})
	fa, err := snap.Analysis()
	if errors.Is(err, errSuperseded) {
		return nil
	}
	if err != nil {
		s.log.Error("analysis failed", zlog.String("uri", string(snap.uri)), zlog.Error(err),
			zlog.ByteString("stack", panicStack(err)))
		return []protocol.Diagnostic{internalErrorDiagnostic(err)}
	}
	return computeDiagnostics(snap, fa)
}
