package lsp

import (
	"context"
	"errors"

	"go.lsp.dev/protocol"

	"gamels/internal/format"
	"gamels/parse"
)

// formatting answers textDocument/formatting with the line edits that
// turn the document into the canonical layout of format.Source, the
// layout `gamels fmt` prints. A document already in that layout, one that
// is not a transcript, or one whose formatting would be unsafe gets no
// edits: an empty list, never null. The client's formatting options (tab
// size, spaces) do not apply: the layout has no indentation.
func formatting(ctx context.Context, snap *snapshot, p *protocol.DocumentFormattingParams) (any, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	edits, err := formatEdits(ctx, snap.kind, snap.text.Bytes()) // the whole text: O(len(text))
	if err != nil {
		return nil, err
	}
	return textEdits(ctx, snap.Mapper(), edits)
}

// rangeFormatting answers textDocument/rangeFormatting: the edits of the
// whole-document formatting that touch the requested range extended to
// whole lines. Should that subset of edits change what the transcript
// means (a line the diff moved from outside the range), all the edits
// are returned instead.
func rangeFormatting(ctx context.Context, snap *snapshot, p *protocol.DocumentRangeFormattingParams) (any, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	if err := checkRange(p.Range); err != nil {
		return nil, err
	}
	m := snap.Mapper()
	text := snap.text.Bytes() // the whole text is formatted: O(len(text))
	all, err := formatEdits(ctx, snap.kind, text)
	if err != nil {
		return nil, err
	}
	sp := m.Span(p.Range)
	lines := parse.Span{Start: m.LineSpan(m.Line(sp.Start)).Start, End: m.LineSpan(m.Line(sp.End)).End}
	var some []format.Edit
	for _, e := range all {
		if spansTouch(e.Span, lines) {
			some = append(some, e)
		}
	}
	if len(some) < len(all) {
		same, err := format.EquivalentContext(ctx, snap.kind, text, format.Apply(text, some))
		if err != nil {
			return nil, err
		}
		if !same {
			some = all
		}
	}
	return textEdits(ctx, m, some)
}

// formatEdits returns the edits that format text, or none; ctx's error
// once ctx is done: format.EditsContext looks at it all along, so that a
// cancelled request ends within milliseconds even on a document of
// millions of games.
func formatEdits(ctx context.Context, kind parse.Kind, text []byte) ([]format.Edit, error) {
	if kind == 0 {
		return nil, nil
	}
	edits, err := format.EditsContext(ctx, kind, text)
	if errors.Is(err, format.ErrUnsafe) {
		return nil, nil
	}
	return edits, err
}

// textEdits converts edits to protocol edits: always a list. It stops
// when ctx is done.
func textEdits(ctx context.Context, m *Mapper, edits []format.Edit) ([]protocol.TextEdit, error) {
	out := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		if stopped(ctx, i) {
			return nil, ctx.Err()
		}
		out[i] = protocol.TextEdit{Range: m.Range(e.Span), NewText: string(e.New)}
	}
	return out, nil
}
