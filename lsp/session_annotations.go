package lsp

import (
	"context"
	"errors"
	"runtime/debug"
	"slices"

	"go.lsp.dev/protocol"

	"gamels/internal/zlog"
	"gamels/parse"
)

// The session's annotation job: one per open document, in the
// background (what it computes is annotations.go's).

// startAnnotations starts the annotation job of snap, whose diagnostics
// diags were just published, in the background, cancelling the
// previous one.
func (s *Server) startAnnotations(d *openDoc, snap *snapshot, diags []protocol.Diagnostic) {
	set := snap.engine
	s.mu.Lock()
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
	started := s.bg.do(func() {
		defer cancel()
		var progress *annProgress
		finished := false
		defer func() { progress.end(!finished) }()
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("panic annotating", zlog.String("uri", string(snap.uri)), zlog.Any("panic", r),
					zlog.ByteString("stack", debug.Stack()))
			}
		}()
		runTestHook(ctx, "annotations", snap.uri)
		games, positions := annotationWork(snap)
		progress = s.startAnnotationProgress(string(snap.uri), games, positions)
		job := &annotationJob{
			step:      progress.step,
			gameDone:  progress.gameDone,
			gameStart: func() { runTestHook(ctx, "annotations-game", snap.uri) },
			visible:   d.cache.visibleSpan,
			partial: func(part *annotationSet) {
				if d.storeAnnotations(ctx, part) {
					if err := s.notifyAnnotated(ctx, snap); err != nil {
						s.log.Debug(AnnotatedMethod, zlog.Error(err))
					}
					s.refreshInlayHints(ctx, refresh)
				}
			},
		}
		as := annotate(ctx, snap, set.depth(), job)
		if as == nil || !d.storeAnnotations(ctx, as) {
			return
		}
		finished = true
		if !d.diags.republish(ctx, snap, append(slices.Clone(diags), annotationDiagnostics(snap, as)...)) {
			return
		}
		if err := s.notifyAnnotated(ctx, snap); err != nil {
			s.log.Debug(AnnotatedMethod, zlog.Error(err))
		}
		s.refreshInlayHints(ctx, refresh)
	})
	if !started {
		cancel() // the session has ended
	}
}

// storeAnnotations makes as the document's annotations unless the job
// of ctx was cancelled: under annMu, which every cancel holds, so that a
// job cancelled by a newer one never overwrites the newer one's set.
func (d *openDoc) storeAnnotations(ctx context.Context, as *annotationSet) bool {
	d.annMu.Lock()
	defer d.annMu.Unlock()
	if ctx.Err() != nil {
		return false
	}
	d.cache.ann.Store(as)
	return true
}

// refreshInlayHints asks the client to ask for its inlay hints again,
// when it takes workspace/inlayHint/refresh (refresh).
func (s *Server) refreshInlayHints(ctx context.Context, refresh bool) {
	if !refresh {
		return
	}
	if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceInlayHintRefresh, nil, nil); err != nil {
		s.log.Debug("inlayHint/refresh", zlog.Error(err))
	}
}

// annotationWork returns the games of snap that a job annotates and
// their positions (moves + 1 each), for its progress. O(games).
func annotationWork(snap *snapshot) (games int, positions int64) {
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge {
		return 0, 0
	}
	for _, ga := range fa.games {
		if g := ga.game; g.Size > 0 && len(g.Moves) > 0 {
			games++
			positions += int64(len(g.Moves) + 1)
		}
	}
	return games, positions
}

// notifyAnnotated tells a client that asked for it that the annotations
// of snap are done. Its error is logged by the caller.
func (s *Server) notifyAnnotated(ctx context.Context, snap *snapshot) error {
	s.mu.Lock()
	on := s.annotatedNotify
	s.mu.Unlock()
	if !on {
		return nil
	}
	type id struct {
		URI     string `json:"uri"`
		Version int32  `json:"version"`
	}
	err := s.conn.Notify(ctx, AnnotatedMethod, struct {
		TextDocument id `json:"textDocument"`
	}{id{string(snap.uri), snap.version}})
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
