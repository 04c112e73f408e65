package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// RevealCommand is the command of the code lenses: its arguments are a
// document URI and a range; executing it (workspace/executeCommand) makes
// the server ask the client to show that range (window/showDocument).
// Clients may also handle it themselves.
const RevealCommand = "gamels.revealMove"

// codeLens answers textDocument/codeLens: one lens on each game's N line,
// "game 2: X WINS at move 7", whose command reveals the ending move (the
// last move when there is no end; for PATH the first marked cell).
func codeLens(ctx context.Context, snap *snapshot, p *protocol.CodeLensParams) (any, error) {
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	out := []protocol.CodeLens{}
	if cl, ok := expectedLens(snap); ok {
		out = append(out, cl) // on the first line, above the first game's
	}
	for i, ga := range fa.games {
		if stopped(ctx, i) {
			return nil, ctx.Err()
		}
		if i == MaxItems {
			// The notice, on the last game's line, runs nothing.
			out = append(out, protocol.CodeLens{
				Range:   m.Range(ga.game.N.Span),
				Command: protocol.Command{Title: moreItems(len(fa.games)-i, "games")},
			})
			break
		}
		sm := summarize(snap.text, snap.kind, fa.rules, ga)
		arg0, err := protocol.Marshal(snap.uri)
		if err != nil {
			return nil, err
		}
		arg1, err := protocol.Marshal(m.Range(sm.reveal))
		if err != nil {
			return nil, err
		}
		out = append(out, protocol.CodeLens{
			Range: m.Range(ga.game.N.Span),
			Command: protocol.Command{
				Title:     sm.String(),
				Command:   RevealCommand,
				Arguments: []protocol.LSPAny{arg0, arg1},
			},
		})
	}
	return out, nil
}
