package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// documentSymbols answers textDocument/documentSymbol: one symbol per
// game, named "game 2" ("board 2" for PATH), its verdict as detail, its
// range the whole game and its selection range the N line.
func documentSymbols(ctx context.Context, snap *snapshot, p *protocol.DocumentSymbolParams) (any, error) {
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	out := protocol.DocumentSymbolSlice{}
	for i, ga := range fa.games {
		if stopped(ctx, i) {
			return nil, ctx.Err()
		}
		if i == MaxItems {
			out = append(out, protocol.DocumentSymbol{
				Name:           moreItems(len(fa.games)-i, "games"),
				Kind:           protocol.SymbolKindNull,
				Range:          m.Range(ga.game.Span),
				SelectionRange: m.Range(ga.game.N.Span),
			})
			break
		}
		sm := summarize(snap.text, snap.kind, fa.rules, ga)
		detail := sm.detail()
		out = append(out, protocol.DocumentSymbol{
			Name:           sm.name,
			Detail:         &detail,
			Kind:           protocol.SymbolKindObject,
			Range:          m.Range(ga.game.Span),
			SelectionRange: m.Range(ga.game.N.Span),
		})
	}
	return out, nil
}
