package lsp

import (
	"context"
	"runtime/debug"
	"slices"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"gamels/parse"
)

// The session's annotation job: one per open document, in the
// background (what it computes is annotations.go's).

// startAnnotations starts the annotation job of snap, whose diagnostics
// diags were just published, in the background, cancelling the
// previous one.
func (s *Server) startAnnotations(d *openDoc, snap *snapshot, diags []protocol.Diagnostic) {
	s.mu.Lock()
	set := s.settings.Analysis
	refresh := s.inlayRefresh
	s.mu.Unlock()
	if set.Off || snap.outOfSync || (snap.kind != parse.Pousse && snap.kind != parse.Spot) ||
		snap.text.Len() > MaxAnnotatedSize {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	d.annMu.Lock()
	if d.annCancel != nil {
		d.annCancel()
	}
	d.annCancel = cancel
	d.annMu.Unlock()
	go func() {
		defer cancel()
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("panic annotating", zap.String("uri", string(snap.uri)), zap.Any("panic", r),
					zap.ByteString("stack", debug.Stack()))
			}
		}()
		runTestHook(ctx, "annotations", snap.uri)
		as := annotate(ctx, snap, set.depth())
		if as == nil || ctx.Err() != nil {
			return
		}
		d.cache.ann.Store(as)
		if !d.diags.republish(ctx, snap, append(slices.Clone(diags), annotationDiagnostics(snap, as)...)) {
			return
		}
		if err := s.notifyAnnotated(ctx, snap); err != nil {
			s.log.Debug(AnnotatedMethod, zap.Error(err))
		}
		if refresh {
			if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceInlayHintRefresh, nil, nil); err != nil {
				s.log.Debug("inlayHint/refresh", zap.Error(err))
			}
		}
	}()
}
