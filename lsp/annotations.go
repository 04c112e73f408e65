package lsp

import (
	"context"
	"errors"
	"runtime/debug"
	"slices"
	"strconv"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// The engine's annotations (package analyze/solve): missed wins,
// blunders and the decisive move of each Pousse and Spot game, shown as
// inlay hints after the moves, a section of the move's hover, and Hint
// diagnostics (which editors keep out of their problems list).
//
// They are computed by one background job per document, started after a
// snapshot's diagnostics are published and cancelled by the document's
// next snapshot (a change, a new setting) or its closing: they never
// delay diagnostics or requests. A job annotates each game with
// AnnotateFrom and the previous job's analysis of the game at the same
// index, so that an edit searches only the positions from the first
// changed move on. When it finishes, the diagnostics of its snapshot are
// published again with the annotations' Hint diagnostics, and the client
// is asked to refresh its inlay hints. Requests show annotations only
// for the exact snapshot they were computed on.

// annotationNodes is the node budget of one position's search: it
// bounds the cost of a position (a few milliseconds) whatever the depth
// setting; a search cut short keeps the depth it completed.
const annotationNodes = 200_000

// annotationTableBits sizes each job's transposition table: 2^16 slots
// of 24 bytes, 1.5 MiB, enough for positions of 200,000 nodes.
const annotationTableBits = 16

// annotationSet is what a job found for one snapshot.
type annotationSet struct {
	snap  *snapshot               // the snapshot annotated
	games map[int]*solve.Analysis // by game index; games not analysed are absent
	depth int
}

// game returns the analysis of the game with index i, or nil.
func (as *annotationSet) game(i int) *solve.Analysis {
	if as == nil {
		return nil
	}
	return as.games[i]
}

// annotationsFor returns the annotations of snap, or nil when there are
// none for this exact snapshot (not computed yet, cancelled, or off).
func (s *Server) annotationsFor(snap *snapshot) *annotationSet {
	s.mu.Lock()
	d := s.docs[snap.uri]
	s.mu.Unlock()
	if d == nil {
		return nil
	}
	as := d.ann.Load()
	if as == nil || as.snap != snap {
		return nil
	}
	return as
}

// cancelAnnotations cancels the document's job, if any. O(1).
func (d *document) cancelAnnotations() {
	d.annMu.Lock()
	defer d.annMu.Unlock()
	if d.annCancel != nil {
		d.annCancel()
		d.annCancel = nil
	}
}

// MaxAnnotatedSize is the largest document the engine annotates in the
// background: 1 MiB, a few hundred games. A contest input of megabytes
// would keep a processor busy for minutes after every edit; `gamels
// analyze` annotates files of any size on demand.
const MaxAnnotatedSize = 1 << 20

// startAnnotations starts the annotation job of snap, whose diagnostics
// diags were just published, in the background, cancelling the
// previous one.
func (s *Server) startAnnotations(d *document, snap *snapshot, diags []protocol.Diagnostic) {
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
		if s.hook != nil {
			s.hook(withHookURI(ctx, snap.uri), "annotations")
		}
		as := s.annotate(ctx, d, snap, set.depth())
		if as == nil || ctx.Err() != nil {
			return
		}
		d.ann.Store(as)
		if !d.diags.republish(ctx, snap, append(slices.Clone(diags), annotationDiagnostics(snap, as)...)) {
			return
		}
		if refresh {
			if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceInlayHintRefresh, nil, nil); err != nil {
				s.log.Debug("inlayHint/refresh", zap.Error(err))
			}
		}
	}()
}

// annotate runs the engine on every Pousse and Spot game of snap,
// reusing the document's last annotations game by game. It returns nil
// when ctx is cancelled. Cost: per game, one search of at most
// annotationNodes nodes per position from the first move that differs
// from the last analysis of the game at the same index.
func (s *Server) annotate(ctx context.Context, d *document, snap *snapshot, depth int) *annotationSet {
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge {
		return nil
	}
	prev := d.ann.Load()
	a := solve.NewAnnotator(solve.Options{Depth: depth, Nodes: annotationNodes, TableBits: annotationTableBits})
	as := &annotationSet{snap: snap, games: map[int]*solve.Analysis{}, depth: depth}
	for _, ga := range fa.games {
		g := ga.game
		if g.Size <= 0 || len(g.Moves) == 0 {
			continue
		}
		an, err := a.AnnotateFrom(ctx, snap.kind, g, fa.rules, prev.game(g.Index))
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, solve.ErrTooLarge), an == nil:
			continue
		}
		as.games[g.Index] = an
	}
	return as
}

// annotationDiagnostics returns a Hint diagnostic on every annotated
// move of snap: code the annotation's kind ("missed-win", "blunder",
// "decisive"), message its Hint. O(games + annotations).
func annotationDiagnostics(snap *snapshot, as *annotationSet) []protocol.Diagnostic {
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge {
		return nil
	}
	m := snap.Mapper()
	var out []protocol.Diagnostic
	for _, ga := range fa.games {
		an := as.game(ga.game.Index)
		if an == nil {
			continue
		}
		for _, x := range an.Annotations {
			if x.Move >= len(ga.game.Moves) {
				continue
			}
			out = append(out, protocol.Diagnostic{
				Range:    m.Range(ga.game.MoveSpan(x.Move)),
				Severity: protocol.DiagnosticSeverityHint,
				Code:     protocol.String(string(x.Kind)),
				Source:   protocol.NewOptional("gamels"),
				Message:  protocol.String(x.Hint()),
			})
		}
	}
	return out
}

// playerNames returns the names of the mover of move i and of the other
// player, as the engine's texts name them.
func playerNames(kind parse.Kind, i int) (who, other string) {
	names := [3]string{"", "X", "O"}
	if kind == parse.Spot {
		names = [3]string{"", "Player 1", "Player 2"}
	}
	p := analyze.Player(1 + i&1)
	return names[p], names[3-p]
}

// appendEngineHover appends the engine's section to the hover of move i
// of the game with index game: what the search found before the move,
// the annotations of the move, and what it found after it. O(annotations).
func appendEngineHover(b []byte, kind parse.Kind, as *annotationSet, game, i int) []byte {
	an := as.game(game)
	if an == nil || i >= len(an.Evals) {
		return b
	}
	who, other := playerNames(kind, i)
	b = append(b, "\n\n**engine**"...)
	b = append(b, " (depth "...)
	b = strconv.AppendInt(b, int64(as.depth), 10)
	b = append(b, "): before the move, "...)
	b = append(b, an.Evals[i].Describe(who, other)...)
	for _, x := range an.Annotations {
		if x.Move == i {
			b = append(b, "\n\n"...)
			b = append(b, x.Hint()...)
		}
	}
	if i+1 < len(an.Evals) && an.Evals[i+1].Best != "" {
		b = append(b, "\n\nafter it, "...)
		b = append(b, an.Evals[i+1].Describe(other, who)...)
	}
	return b
}
