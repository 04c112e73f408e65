// Package format lays transcripts out canonically: one move (or PATH row)
// per line, a blank line between games, comments kept where they were,
// no trailing whitespace (comments included), a final newline, and the
// line ends of the file's first line ("\n", "\r\n" or "\r") throughout.
//
// Formatting never changes what a file means: the output parses to the
// same games, moves, rows and comments, and a game with parse errors is
// copied as it was written (only its line ends and trailing blanks are
// normalised). Every result is checked by parsing it again; should the
// check ever fail, the source is returned unchanged.
//
// Source is for the command line. A server uses EditsContext and
// EquivalentContext, which stop within milliseconds when their context is
// done, on documents of millions of games too.
package format

import (
	"context"
	"errors"

	"gamels/parse"
)

// ErrUnsafe is returned, with the source unchanged, when the formatted
// text would not mean the same as the source. It signals a bug.
var ErrUnsafe = errors.New("format: the formatted text would change the transcript; left unchanged")

// Source returns the canonical layout of src, a transcript of the given
// kind, for the command line. On ErrUnsafe it returns src. O(len(src)):
// a parse of src, one pass that writes the output, a parse of the output
// and a comparison of the two parses (the check that formatting keeps the
// meaning).
func Source(kind parse.Kind, src []byte) ([]byte, error) {
	out, _, err := source(context.Background(), kind, src)
	return out, err
}

// source is Source that returns ctx's error as soon as it sees that ctx
// is done, also returning the anchors of the layout. It looks at ctx
// after every few games of each parse and every 16 KiB of source in the
// layout and the check, so that a cancelled call returns within a
// millisecond or so (but a single game is parsed in one go).
func source(ctx context.Context, kind parse.Kind, src []byte) ([]byte, []anchor, error) {
	f, err := parseContext(ctx, kind, src)
	if err != nil {
		return nil, nil, err
	}
	out, anchors, err := layout(ctx, f, src, lineEnd(src))
	if err != nil {
		return nil, nil, err
	}
	g, err := parseContext(ctx, kind, out)
	if err != nil {
		return nil, nil, err
	}
	same, err := sameMeaning(ctx, f, src, g, out)
	switch {
	case err != nil:
		return nil, nil, err
	case !same:
		return src, nil, ErrUnsafe
	}
	return out, anchors, nil
}
