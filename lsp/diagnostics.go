package lsp

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/parse"
)

// The diagnostics of a snapshot: parse errors, engine issues, how each
// game ends, PATH verdicts and marks. When they are computed and
// published is the session's (session_scheduler.go, session_publish.go).

// outOfSyncDiagnostic is the one diagnostic of a document out of sync:
// its text is not the client's, so no position in it can be trusted.
func outOfSyncDiagnostic() protocol.Diagnostic {
	return protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityError,
		Source:   protocol.NewOptional("gamels"),
		Code:     protocol.String("out-of-sync"),
		Message: protocol.String("gamels: a change to this document could not be applied, so the server's copy is out of sync; " +
			"close and reopen the file (formatting and quick fixes are off until then)"),
	}
}

func internalErrorDiagnostic(err error) protocol.Diagnostic {
	return protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityError,
		Code:     codeValue(codeInternalError),
		Source:   protocol.NewOptional("gamels"),
		Message:  protocol.String("gamels: " + err.Error()),
	}
}

// diag makes one diagnostic; code is empty for one that is not an error.
func diag(m *Mapper, sp parse.Span, sev protocol.DiagnosticSeverity, code parse.Code, msg string) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    m.Range(sp),
		Severity: sev,
		Code:     codeValue(code),
		Source:   protocol.NewOptional("gamels"),
		Message:  protocol.String(msg),
	}
}

// A spanDiag is a diagnostic in byte offsets, before its conversion to
// protocol positions.
type spanDiag struct {
	span        parse.Span
	sev         protocol.DiagnosticSeverity
	code        parse.Code // of every error; empty for the others
	msg         string
	related     parse.Span // with relMsg, when relMsg is not empty
	relMsg      string
	unnecessary bool
	// verdict marks a game's verdict or running out, published as
	// gamels.diagnostics.verdicts says (see applyVerdicts).
	verdict bool
	// note, when set, writes the message and related information of a
	// warning about the expected output, for the diagnostics published
	// only (expected.go).
	note *judgeNote
}

// gameDiags is the diagnostics of one game, made on first use, with
// spans relative to the engine's text (add gameAnalysis.shift), sorted
// by start.
type gameDiags struct {
	once sync.Once
	list []spanDiag
}

// gameDiagnostics returns ga's diagnostics with spans relative to the
// engine's text (add ga.shift), computing them once for every snapshot
// that shares the engine result.
func gameDiagnostics(snap *snapshot, fa *fileAnalysis, ga *gameAnalysis) []spanDiag {
	if ga.diags == nil {
		return shiftDiags(makeGameDiags(snap, fa, ga), -ga.shift)
	}
	ga.diags.once.Do(func() { ga.diags.list = shiftDiags(makeGameDiags(snap, fa, ga), -ga.shift) })
	return ga.diags.list
}

// shiftDiags returns ds moved by d bytes (ds itself when d is 0).
func shiftDiags(ds []spanDiag, d int) []spanDiag {
	if d == 0 {
		return ds
	}
	out := make([]spanDiag, len(ds))
	for i, x := range ds {
		out[i] = x.shifted(d)
	}
	return out
}

func (x spanDiag) shifted(d int) spanDiag {
	x.span = parse.Span{Start: x.span.Start + d, End: x.span.End + d}
	if x.relMsg != "" {
		x.related = parse.Span{Start: x.related.Start + d, End: x.related.End + d}
	}
	return x
}

// makeGameDiags makes the diagnostics of one game, in the snapshot's
// text: engine issues, the ending or running out, PATH verdict and
// marks; sorted by start.
func makeGameDiags(snap *snapshot, fa *fileAnalysis, ga *gameAnalysis) []spanDiag {
	var out []spanDiag
	for _, is := range ga.issues() {
		out = append(out, spanDiag{span: is.Span, sev: protocol.DiagnosticSeverityError, code: is.Code, msg: is.Msg})
	}
	switch snap.kind {
	case parse.Pousse, parse.Spot:
		out = append(out, outcomeSpanDiags(snap.kind, fa, ga)...)
	case parse.Path:
		out = append(out, pathSpanDiags(snap, ga)...)
	}
	slices.SortStableFunc(out, func(a, b spanDiag) int { return cmp.Compare(a.span.Start, b.span.Start) })
	return out
}

// toProtocol converts d.
func (d spanDiag) toProtocol(u uri.URI, m *Mapper) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:    m.Range(d.span),
		Severity: d.sev,
		Code:     codeValue(d.code),
		Source:   protocol.NewOptional("gamels"),
		Message:  protocol.String(d.msg),
	}
	if d.relMsg != "" {
		pd.RelatedInformation = []protocol.DiagnosticRelatedInformation{{
			Location: protocol.Location{URI: u, Range: m.Range(d.related)},
			Message:  d.relMsg,
		}}
	}
	if d.note != nil {
		d.note.fill(&pd)
	}
	if d.unnecessary {
		pd.Tags = protocol.NewDiagnosticTags(protocol.DiagnosticTagUnnecessary)
	}
	return pd
}

// computeDiagnostics returns every diagnostic of a snapshot, in order of
// position: parse errors and engine issues (Error), each game's ending or
// running out and each PATH board's verdict (Information, or as
// gamels.diagnostics.verdicts says) and the moves after the end (one
// Hint with the Unnecessary tag over them all). Always a non-nil list.
//
// Each game's diagnostics are made once per engine result and reused,
// moved, by later snapshots (gameDiags). Over MaxDiagnostics, the ones
// kept are chosen in byte offsets, by capDiagnostics, before any is
// converted to positions. Cost: O(diagnostics) plus
// O(log lines) per diagnostic converted.
func computeDiagnostics(snap *snapshot, fa *fileAnalysis) []protocol.Diagnostic {
	if fa.tooLarge {
		// At the start of the document.
		return []protocol.Diagnostic{{
			Severity: protocol.DiagnosticSeverityWarning,
			Code:     codeValue(codeTooLarge),
			Source:   protocol.NewOptional("gamels"),
			Message:  protocol.String(tooLargeMessage(snap.text.Len())),
		}}
	}
	// Merge the parse errors (sorted) into the games' diagnostics (each
	// game's sorted, the games in order), errors first at one offset.
	errs := fa.file.Errors
	n := len(errs)
	for _, ga := range fa.games {
		n += len(gameDiagnostics(snap, fa, ga))
	}
	all := make([]spanDiag, 0, n)
	take := func(limit int) {
		for len(errs) > 0 && errs[0].Span.Start <= limit {
			all = append(all, spanDiag{span: errs[0].Span, sev: protocol.DiagnosticSeverityError, code: errs[0].Code, msg: errs[0].Msg})
			errs = errs[1:]
		}
	}
	for _, ga := range fa.games {
		for _, d := range gameDiagnostics(snap, fa, ga) {
			if d.verdict && !applyVerdicts(&d, snap.verdicts) {
				continue
			}
			d = d.shifted(ga.shift)
			take(d.span.Start)
			all = append(all, d)
		}
	}
	for len(errs) > 0 {
		take(errs[0].Span.Start)
	}
	all = mergeSpanDiags(all, expectedSpanDiags(snap))
	m := snap.Mapper()
	kept, first := capDiagnostics(all, func(d *spanDiag) protocol.DiagnosticSeverity { return d.sev })
	out := make([]protocol.Diagnostic, 0, len(kept)+1)
	for _, d := range kept {
		out = append(out, d.toProtocol(snap.uri, m))
	}
	sortDiagnostics(out)
	if first >= 0 {
		out = append(out, moreDiagnostics(len(all)-len(kept), m.Position(all[first].span.Start)))
	}
	return out
}

// applyVerdicts sets the severity of verdict diagnostic d as level
// says, and reports whether d is published at all.
func applyVerdicts(d *spanDiag, level VerdictLevel) bool {
	switch level {
	case VerdictsOff:
		return false
	case VerdictsHint:
		d.sev = protocol.DiagnosticSeverityHint
	}
	return true
}

// outcomeSpanDiags says how a Pousse or Spot game ends: at its ending
// move, or on its last move when the moves run out.
func outcomeSpanDiags(kind parse.Kind, fa *fileAnalysis, ga *gameAnalysis) []spanDiag {
	g, r := ga.game, ga.result()
	if r == nil || g.Size == 0 {
		return nil
	}
	var out []spanDiag
	if r.End >= 0 && r.End < len(g.Moves) {
		d := spanDiag{span: g.MoveSpan(r.End), sev: protocol.DiagnosticSeverityInformation, msg: r.Verdict, verdict: true}
		if r.Earlier >= 0 && r.Earlier < len(g.Moves) {
			d.related, d.relMsg = g.MoveSpan(r.Earlier), earlierMessage(kind, r)
		}
		out = append(out, d)
		if r.End+1 < len(g.Moves) {
			// One range from the first move not played to the last: a
			// game may hold thousands of them.
			out = append(out, spanDiag{
				span:        parse.Span{Start: g.MoveSpan(r.End + 1).Start, End: g.MoveSpan(len(g.Moves) - 1).End},
				sev:         protocol.DiagnosticSeverityHint,
				msg:         fmt.Sprintf("not played: the game ended at move %d", r.End+1),
				unnecessary: true,
			})
		}
		return out
	}
	// No result within the moves given.
	sp := g.N.Span
	if len(g.Moves) > 0 {
		sp = g.MoveSpan(len(g.Moves) - 1)
	}
	return append(out, spanDiag{span: sp, sev: protocol.DiagnosticSeverityInformation, msg: ga.outcome(kind).Ending(), verdict: true})
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

// pathDiagnostics gives a PATH board's verdict on its N line: one
// diagnostic per board. The cells of the winning path and the one-move
// winning cells are not problems: semantic-token modifiers, document
// highlights and gamels/board show them.
func pathDiagnostics(snap *snapshot, ga *gameAnalysis) []protocol.Diagnostic {
	return toProtocol(snap, pathSpanDiags(snap, ga))
}

func pathSpanDiags(snap *snapshot, ga *gameAnalysis) []spanDiag {
	g, res := ga.game, ga.path
	if res == nil || res.Verdict == "" {
		return nil
	}
	return []spanDiag{{span: g.N.Span, sev: protocol.DiagnosticSeverityInformation, msg: res.Verdict, verdict: true}}
}

// outcomeDiagnostics is outcomeSpanDiags in protocol form.
func outcomeDiagnostics(snap *snapshot, fa *fileAnalysis, ga *gameAnalysis) []protocol.Diagnostic {
	return toProtocol(snap, outcomeSpanDiags(snap.kind, fa, ga))
}

// toProtocol converts ds, with snap's Mapper.
func toProtocol(snap *snapshot, ds []spanDiag) []protocol.Diagnostic {
	if len(ds) == 0 {
		return nil
	}
	m := snap.Mapper()
	out := make([]protocol.Diagnostic, len(ds))
	for i, d := range ds {
		out[i] = d.toProtocol(snap.uri, m)
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
