package lsp

import (
	"cmp"
	"fmt"
	"slices"

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
			if kind == parse.Spot {
				d.msg += ": it repeats " + d.relMsg
			}
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
	return analyze.RepeatWords(kind, r.Earlier, r.Rotation)
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

// MaxDiagnostics bounds the diagnostics published for one document
// (10000). Beyond it the most severe are kept (errors first, then
// warnings, information, hints, each in document order) and the last
// place goes to an Information diagnostic, at the first one left out,
// that says how many more there are: a transcript of a million games
// must not become a publication of a hundred megabytes.
const MaxDiagnostics = 10000

// capDiagnostics is the one cap policy: when all (in document order)
// holds more than MaxDiagnostics entries, it returns MaxDiagnostics-1 of
// them, chosen by severity as MaxDiagnostics says and left in document
// order, and the index in all of the first one left out; else all and
// -1. sev gives an entry's severity. O(len(all)).
func capDiagnostics[T any](all []T, sev func(*T) protocol.DiagnosticSeverity) (kept []T, first int) {
	if len(all) <= MaxDiagnostics {
		return all, -1
	}
	limit := MaxDiagnostics - 1
	keep := make([]bool, len(all))
	n := 0
	for _, want := range []protocol.DiagnosticSeverity{protocol.DiagnosticSeverityError, protocol.DiagnosticSeverityWarning,
		protocol.DiagnosticSeverityInformation, protocol.DiagnosticSeverityHint, 0} {
		for i := range all {
			if n == limit {
				break
			}
			s := sev(&all[i])
			known := s >= protocol.DiagnosticSeverityError && s <= protocol.DiagnosticSeverityHint
			if !keep[i] && (s == want || want == 0 && !known) {
				keep[i] = true
				n++
			}
		}
	}
	kept = make([]T, 0, limit)
	first = -1
	for i := range all {
		if keep[i] {
			kept = append(kept, all[i])
		} else if first < 0 {
			first = i
		}
	}
	return kept, first
}

// moreDiagnostics is the notice that ends a capped publication: more
// diagnostics not shown, at position at.
func moreDiagnostics(more int, at protocol.Position) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    protocol.Range{Start: at, End: at},
		Severity: protocol.DiagnosticSeverityInformation,
		Source:   protocol.NewOptional("gamels"),
		Message: protocol.String(fmt.Sprintf("gamels: %d more diagnostics not shown: at most %d are published for a document (MaxDiagnostics)",
			more, MaxDiagnostics)),
	}
}

// capPublished applies the cap policy to ds, sorted by position: the
// diagnostics of a snapshot are capped when they are computed
// (computeDiagnostics); this caps them again once the engine's
// annotations are added to them (diagScheduler.republish). O(len(ds)).
func capPublished(ds []protocol.Diagnostic) []protocol.Diagnostic {
	kept, first := capDiagnostics(ds, func(d *protocol.Diagnostic) protocol.DiagnosticSeverity { return d.Severity })
	if first < 0 {
		return ds
	}
	return append(kept, moreDiagnostics(len(ds)-len(kept), ds[first].Range.Start))
}
