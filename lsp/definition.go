package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"gamels/analyze"
)

// definition answers textDocument/definition on the move that ends a game
// by repetition: a Spot move whose pattern repeats an earlier one (up to
// rotation) goes to the earlier move that made that pattern, and under
// icfp rules a Pousse move that recreates a state goes to the move that
// produced that state before. Anywhere else the answer is null.
func definition(ctx context.Context, snap *snapshot, p *protocol.DefinitionParams) (any, error) {
	fa, m, off, err := snap.at(p.Position)
	if err != nil {
		return nil, err
	}
	ga := fa.gameAt(off)
	if ga == nil {
		return nil, nil
	}
	g, r := ga.game, ga.result()
	if r == nil || r.Earlier < 0 || r.Earlier >= len(g.Moves) || r.End < 0 || r.End >= len(g.Moves) {
		return nil, nil
	}
	if r.Reason != analyze.ReasonPattern && r.Reason != analyze.ReasonRepetition {
		return nil, nil
	}
	if i := moveAt(g, off); i != r.End {
		return nil, nil
	}
	return protocol.LocationSlice{{URI: snap.uri, Range: m.Range(g.MoveSpan(r.Earlier))}}, nil
}
