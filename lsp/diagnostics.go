package lsp

import (
	"cmp"
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"gamels/analyze"
	"gamels/parse"
)

// A diagScheduler publishes the diagnostics of one open document.
//
// Changes arriving in a burst are coalesced: each change (re)arms a timer
// of Options.Debounce, and only the snapshot current when the timer fires
// is analysed; a burst longer than Options.MaxDelay still gets a
// publication that often. One analysis at a time runs per document; the
// snapshot that arrives meanwhile is analysed right after it. A result
// is published only if no newer snapshot's result has been published
// (checked and sent under one lock), so an old version never overwrites
// a newer one; and the newest snapshot is always pending or being
// analysed, so the last version always gets its diagnostics.
type diagScheduler struct {
	s   *Server
	doc *document

	mu      sync.Mutex
	pending *snapshot
	timer   *time.Timer
	burst   time.Time // when the current burst of changes began
	running bool      // a run is analysing or publishing
	stopped bool

	publishMu sync.Mutex // serialises the document's publications
	published uint64     // seq of the last snapshot published, under publishMu
}

func newDiagScheduler(s *Server, d *document) *diagScheduler {
	return &diagScheduler{s: s, doc: d}
}

// schedule arranges for snap's diagnostics to be published.
func (ds *diagScheduler) schedule(snap *snapshot) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.stopped {
		return
	}
	ds.pending = snap
	now := time.Now()
	switch {
	case ds.timer == nil:
		ds.burst = now
		ds.timer = time.AfterFunc(ds.s.opts.Debounce, ds.run)
	case ds.timer.Stop():
		// Still waiting: wait again, but not past MaxDelay from the
		// start of the burst.
		wait := ds.s.opts.Debounce
		if left := ds.s.opts.MaxDelay - now.Sub(ds.burst); left < wait {
			wait = max(0, left)
		}
		ds.timer.Reset(wait)
	default:
		// The timer fired (its run may still be going): a new burst.
		ds.burst = now
		ds.timer.Reset(ds.s.opts.Debounce)
	}
}

// run analyses the pending snapshot and publishes its diagnostics, then
// the snapshot that became pending meanwhile, if any. Only one run works
// at a time for a document: a timer that fires during a run leaves the
// new snapshot to it.
func (ds *diagScheduler) run() {
	ds.mu.Lock()
	if ds.running {
		ds.mu.Unlock()
		return
	}
	ds.running = true
	for {
		snap := ds.pending
		ds.pending = nil
		if snap == nil || ds.stopped {
			ds.running = false
			ds.mu.Unlock()
			return
		}
		ds.mu.Unlock()
		ds.publish(snap, ds.s.safeDiagnostics(snap))
		ds.mu.Lock()
	}
}

// publish sends diags for snap if the document is open and nothing newer
// than snap has been published.
func (ds *diagScheduler) publish(snap *snapshot, diags []protocol.Diagnostic) {
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.mu.Lock()
	stopped := ds.stopped
	ds.mu.Unlock()
	if stopped || snap.seq <= ds.published {
		ds.s.staleDropped.Add(1)
		ds.s.log.Debug("stale diagnostics dropped", zap.String("uri", string(snap.uri)), zap.Int32("version", snap.version))
		return
	}
	ds.published = snap.seq
	ds.s.notifyDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI:         snap.uri,
		Version:     protocol.NewOptional(snap.version),
		Diagnostics: diags,
	})
}

// stop cancels any pending publication; nothing is published afterwards.
func (ds *diagScheduler) stop() {
	ds.mu.Lock()
	ds.stopped = true
	ds.pending = nil
	if ds.timer != nil {
		ds.timer.Stop()
	}
	ds.mu.Unlock()
}

// close stops the scheduler and clears the document's diagnostics.
func (ds *diagScheduler) close(ctx context.Context) {
	ds.stop()
	ds.publishMu.Lock()
	defer ds.publishMu.Unlock()
	ds.s.notifyDiagnostics(ctx, &protocol.PublishDiagnosticsParams{
		URI:         ds.doc.uri,
		Diagnostics: []protocol.Diagnostic{},
	})
}

// stopDiagnostics stops every document's scheduler (at the end of Serve).
func (s *Server) stopDiagnostics() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.diags.stop()
	}
}

func (s *Server) notifyDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) {
	if p.Diagnostics == nil {
		p.Diagnostics = []protocol.Diagnostic{}
	}
	if err := s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, p); err != nil {
		s.log.Warn("publishDiagnostics", zap.String("uri", string(p.URI)), zap.Error(err))
	}
}

// safeDiagnostics computes the diagnostics of snap, turning a panic into
// a single diagnostic that says so, so that the user is not left with
// silently stale marks.
func (s *Server) safeDiagnostics(snap *snapshot) (diags []protocol.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic computing diagnostics", zap.String("uri", string(snap.uri)),
				zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
			diags = []protocol.Diagnostic{internalErrorDiagnostic(fmt.Errorf("internal error: %v", r))}
		}
	}()
	if s.hook != nil {
		s.hook(context.Background(), "diagnostics")
	}
	fa, err := snap.Analysis()
	if err != nil {
		return []protocol.Diagnostic{internalErrorDiagnostic(err)}
	}
	return computeDiagnostics(snap, fa)
}

func internalErrorDiagnostic(err error) protocol.Diagnostic {
	return protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityError,
		Source:   protocol.NewOptional("gamels"),
		Message:  protocol.String("gamels: " + err.Error()),
	}
}

// diag makes one diagnostic.
func diag(m *Mapper, sp parse.Span, sev protocol.DiagnosticSeverity, msg string) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    m.Range(sp),
		Severity: sev,
		Source:   protocol.NewOptional("gamels"),
		Message:  protocol.String(msg),
	}
}

// computeDiagnostics returns every diagnostic of a snapshot, in order of
// position: parse errors and engine issues (Error), each game's ending or
// running out (Information) and the moves after the end (one Hint with
// the Unnecessary tag over them all),
// PATH verdicts and marks (Information). Always a non-nil list.
func computeDiagnostics(snap *snapshot, fa *fileAnalysis) []protocol.Diagnostic {
	m := snap.Mapper()
	out := []protocol.Diagnostic{}
	for _, e := range fa.file.Errors {
		out = append(out, diag(m, e.Span, protocol.DiagnosticSeverityError, e.Msg))
	}
	for _, ga := range fa.games {
		for _, is := range ga.issues() {
			out = append(out, diag(m, is.Span, protocol.DiagnosticSeverityError, is.Msg))
		}
		switch snap.kind {
		case parse.Pousse, parse.Spot:
			out = append(out, outcomeDiagnostics(snap, fa, ga)...)
		case parse.Path:
			out = append(out, pathDiagnostics(snap, ga)...)
		}
	}
	sortDiagnostics(out)
	return out
}

// outcomeDiagnostics says how a Pousse or Spot game ends: at its ending
// move, or on its last move when the moves run out.
func outcomeDiagnostics(snap *snapshot, fa *fileAnalysis, ga *gameAnalysis) []protocol.Diagnostic {
	m := snap.Mapper()
	g, r := ga.game, ga.result()
	if r == nil || g.Size == 0 {
		return nil
	}
	var out []protocol.Diagnostic
	if r.End >= 0 && r.End < len(g.Moves) {
		d := diag(m, g.Moves[r.End].Span, protocol.DiagnosticSeverityInformation, r.Verdict)
		if r.Earlier >= 0 && r.Earlier < len(g.Moves) {
			d.RelatedInformation = []protocol.DiagnosticRelatedInformation{{
				Location: protocol.Location{URI: snap.uri, Range: m.Range(g.Moves[r.Earlier].Span)},
				Message:  earlierMessage(snap.kind, r),
			}}
		}
		out = append(out, d)
		if r.End+1 < len(g.Moves) {
			// One range from the first move not played to the last: a
			// game may hold thousands of them.
			sp := parse.Span{Start: g.Moves[r.End+1].Span.Start, End: g.Moves[len(g.Moves)-1].Span.End}
			d := diag(m, sp, protocol.DiagnosticSeverityHint,
				fmt.Sprintf("not played: the game ended at move %d", r.End+1))
			d.Tags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)
			out = append(out, d)
		}
		return out
	}
	// No result within the moves given.
	sp := g.N.Span
	if len(g.Moves) > 0 {
		sp = g.Moves[len(g.Moves)-1].Span
	}
	return append(out, diag(m, sp, protocol.DiagnosticSeverityInformation, runOutMessage(snap.kind, fa.rules, g, r)))
}

// earlierMessage explains the related location of a repetition.
func earlierMessage(kind parse.Kind, r *analyze.Result) string {
	if kind == parse.Spot {
		if r.Rotation == 0 {
			return fmt.Sprintf("the same pattern as after move %d", r.Earlier+1)
		}
		return fmt.Sprintf("the pattern after move %d, rotated %d°", r.Earlier+1, 90*r.Rotation)
	}
	return fmt.Sprintf("the same position, by the same player, as after move %d", r.Earlier+1)
}

// runOutMessage says that a game's moves ran out without a result.
func runOutMessage(kind parse.Kind, rules parse.Rules, g *parse.Game, r *analyze.Result) string {
	n := len(g.Moves)
	switch {
	case kind == parse.Spot:
		return fmt.Sprintf("%s: no pattern repeated in %s", r.Verdict, plural(n, "move"))
	case rules == parse.RulesICFP:
		return fmt.Sprintf("no result yet after %s (the judge prints %s)", plural(n, "move"), r.Verdict)
	}
	return fmt.Sprintf("%s: no winner after %s", r.Verdict, plural(n, "move"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// pathDiagnostics gives a PATH board's verdict on its N line, and marks
// the cells of the winning path and the one-move winning cells, so that
// they show without hovering. Path cells that are adjacent in a row are
// marked as one range.
func pathDiagnostics(snap *snapshot, ga *gameAnalysis) []protocol.Diagnostic {
	m := snap.Mapper()
	g, res := ga.game, ga.path
	if res == nil || res.Verdict == "" {
		return nil
	}
	out := []protocol.Diagnostic{diag(m, g.N.Span, protocol.DiagnosticSeverityInformation, res.Verdict)}
	for _, mk := range pathMarks(snap.text, g, res) {
		out = append(out, diag(m, mk.span, protocol.DiagnosticSeverityInformation, mk.msg))
	}
	return out
}

// sortDiagnostics orders diagnostics by start position, keeping the order
// of those that start together.
func sortDiagnostics(ds []protocol.Diagnostic) {
	slices.SortStableFunc(ds, func(a, b protocol.Diagnostic) int {
		if c := cmp.Compare(a.Range.Start.Line, b.Range.Start.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Range.Start.Character, b.Range.Start.Character)
	})
}
