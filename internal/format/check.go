package format

import (
	"bytes"
	"context"

	"gamels/parse"
)

// sameMeaning reports whether f, parsed from a, and g, parsed from b,
// hold the same transcript: the same layout, rules, games (sizes, moves,
// rows, QUIT), terminator, comments and number of errors, wherever they
// stand. It compares them field by field, stopping at the first
// difference, and returns ctx's error when ctx is done (it looks every
// 16 KiB of a at the start of a game, and every 4096 moves of a game).
// O(len(a) + len(b)).
func sameMeaning(ctx context.Context, f *parse.File, a []byte, g *parse.File, b []byte) (bool, error) {
	text := func(s, t parse.Span) bool { return bytes.Equal(a[s.Start:s.End], b[t.Start:t.End]) }
	if f.Layout != g.Layout || f.Rules != g.Rules || len(f.Errors) != len(g.Errors) ||
		len(f.Games) != len(g.Games) || len(f.Comments) != len(g.Comments) ||
		(f.End.End > 0) != (g.End.End > 0) {
		return false, nil
	}
	if f.Layout == parse.LayoutCounted && !text(f.Count.Span, g.Count.Span) {
		return false, nil
	}
	next := checkBytes
	for i, fg := range f.Games {
		if fg.Span.Start >= next {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			next = fg.Span.Start + checkBytes
		}
		gg := g.Games[i]
		if !text(fg.N.Span, gg.N.Span) || len(fg.Moves) != len(gg.Moves) || !sameMoves(fg.Extra, gg.Extra) ||
			len(fg.Rows) != len(gg.Rows) || (fg.Quit.End > 0) != (gg.Quit.End > 0) || fg.HasErrors != gg.HasErrors {
			return false, nil
		}
		// The moves a few thousand at a time (a game may have millions),
		// looking at ctx after each block.
		const block = 4096
		for j := 0; j < len(fg.Moves); j += block {
			k := min(j+block, len(fg.Moves))
			if j > 0 && ctx.Err() != nil {
				return false, ctx.Err()
			}
			if !sameMoves(fg.Moves[j:k], gg.Moves[j:k]) {
				return false, nil
			}
		}
		for j, r := range fg.Rows {
			if !text(r.Span, gg.Rows[j].Span) {
				return false, nil
			}
		}
	}
	for i, c := range f.Comments {
		if i&4095 == 4095 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		// Comments keep their text; trailing blanks are not meaning.
		d := g.Comments[i]
		if !bytes.Equal(trimBlanks(a[c.Start:c.End]), trimBlanks(b[d.Start:d.End])) {
			return false, nil
		}
	}
	return true, nil
}

// sameMoves reports whether two lists of moves are the same moves,
// wherever they stand.
func sameMoves(x, y []parse.Move) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !x[i].Same(y[i]) {
			return false
		}
	}
	return true
}

// Equivalent reports whether a and b hold the same transcript of the
// given kind: the same layout, rules, games (sizes, moves, rows, QUIT),
// terminator, comments and number of errors, wherever they stand (the
// check Source makes of its own output). O(len(a) + len(b)).
func Equivalent(kind parse.Kind, a, b []byte) bool {
	same, _ := EquivalentContext(context.Background(), kind, a, b)
	return same
}

// EquivalentContext is Equivalent that returns ctx's error as soon as it
// sees that ctx is done (as often as EditsContext).
func EquivalentContext(ctx context.Context, kind parse.Kind, a, b []byte) (bool, error) {
	f, err := parseContext(ctx, kind, a)
	if err != nil {
		return false, err
	}
	g, err := parseContext(ctx, kind, b)
	if err != nil {
		return false, err
	}
	return sameMeaning(ctx, f, a, g, b)
}
