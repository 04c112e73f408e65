package lsp

import (
	"sync"

	"go.lsp.dev/protocol"

	"gamels/parse"
)

// What the cache keeps of the diagnostics, which diagnostics.go computes:
// each game's, made once per engine result and shared by every snapshot
// that reuses it (gameAnalysis.diags), in byte offsets.

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
	// only (expected.go's judgeNote).
	note diagNote
}

// A diagNote writes what a diagnostic says when it is published.
type diagNote interface {
	fill(*protocol.Diagnostic)
}

// gameDiags is the diagnostics of one game, made on first use, with
// spans relative to the engine's text (add gameAnalysis.shift), sorted
// by start.
type gameDiags struct {
	once sync.Once
	list []spanDiag
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
