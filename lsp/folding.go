package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// foldingRanges answers textDocument/foldingRange: one region per game
// that spans more than one line, from its N line to its last line, with
// the game's summary as the collapsed text.
func foldingRanges(ctx context.Context, snap *snapshot, p *protocol.FoldingRangeParams) (any, error) {
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	out := []protocol.FoldingRange{}
	for i, ga := range fa.games {
		if stopped(ctx, i) {
			return nil, ctx.Err()
		}
		if len(out) == MaxItems {
			// Folding ranges have no place for a notice.
			break
		}
		start, end := m.Line(ga.game.Span.Start), m.Line(ga.game.Span.End)
		if end <= start {
			continue
		}
		text := summarize(snap.text, snap.kind, fa.rules, ga).String()
		out = append(out, protocol.FoldingRange{
			StartLine:     uint32(start),
			EndLine:       uint32(end),
			Kind:          protocol.FoldingRangeKindRegion,
			CollapsedText: &text,
		})
	}
	return out, nil
}
