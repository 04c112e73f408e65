package lsp

import (
	"fmt"

	"go.lsp.dev/protocol"
)

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
