package lsp

import (
	"context"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/internal/textpos"
	"gamels/parse"
)

// TextBoards answers gamels/board on a text that no client opened, for
// the command line (gamels show --game K --format json): the answers are
// the request's own, made by the same code (board) from a snapshot of
// the text, as a server holding it in an open document of that kind
// would give them, positions in UTF-16.
type TextBoards struct {
	snap *snapshot
}

// NewTextBoards returns the boards of text, a transcript of the given
// kind, read with rules where the file does not choose its own. The text
// is analysed on the first call of At, as a document's is. O(1).
func NewTextBoards(kind parse.Kind, text []byte, rules parse.Rules) *TextBoards {
	d := newDocument("", snapshotSpec{
		kind:  kind,
		text:  textpos.FromBytes(text),
		enc:   UTF16,
		rules: rules,
	})
	return &TextBoards{snap: d.snap.Load()}
}

// At returns the JSON of the gamels/board answer (version 1: every move
// listed) with the cursor at byte offset off of the text: null outside
// any game. Its cost is the request's (see board), after the analysis
// of the whole text on the first call.
func (t *TextBoards) At(ctx context.Context, off int) ([]byte, error) {
	return t.at(ctx, &boardParams{}, off)
}

// AtAround is At asked with movesAround (version 2): the answer lists
// the moves within around of the one shown (capped at MaxMovesAround),
// so that its size does not grow with the game.
func (t *TextBoards) AtAround(ctx context.Context, off, around int) ([]byte, error) {
	return t.at(ctx, &boardParams{MovesAround: &around}, off)
}

func (t *TextBoards) at(ctx context.Context, p *boardParams, off int) ([]byte, error) {
	pos := t.snap.Mapper().Position(off)
	p.Position = &pos
	res, err := board(ctx, t.snap, p)
	if err != nil || res == nil {
		return []byte("null"), err
	}
	if raw, ok := res.(jsonrpc2.RawMessage); ok {
		return raw, nil
	}
	return protocol.Marshal(res) // what the connection would send
}
