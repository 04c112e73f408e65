package format

import (
	"bytes"
	"context"

	"gamels/internal/textpos"
	"gamels/parse"
)

// Edit replaces the source bytes of Span by New.
type Edit struct {
	Span parse.Span
	New  []byte
}

// Edits returns line edits that turn src into out, in order and not
// overlapping: the common first and last lines are skipped, and the
// middle is diffed line by line (see lineDiff). An editor applies these
// instead of the whole text so that the cursor and folds stay where they
// were.
func Edits(src, out []byte) []Edit {
	a, b := splitLines(src), splitLines(out)
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	offset := 0
	for _, l := range a[:pre] {
		offset += len(l)
	}
	if len(am) == 0 && len(bm) == 0 {
		return nil
	}
	return lineDiff(am, bm, offset)
}

// EditsContext formats src, a transcript of the given kind, as Source
// does, and returns the line edits that turn src into the result: none
// when src is already formatted. It returns ctx's error as soon as it
// sees that ctx is done, and ErrUnsafe as Source does.
//
// The diff is made piece by piece, between the anchors the layout takes
// every 16 KiB of source (pieces that start with the same element in
// src and in the result), looking at ctx between pieces: the diff
// library cannot be interrupted, and the cost of a diff grows faster
// than its input, so each piece is kept small. On a source under 16 KiB,
// or without game or move starting a line past 16 KiB, the edits are
// those of Edits. O(len(src)) for the formatting, and the diff of each
// piece as Edits describes.
func EditsContext(ctx context.Context, kind parse.Kind, src []byte) ([]Edit, error) {
	out, anchors, err := source(ctx, kind, src)
	if err != nil {
		return nil, err
	}
	if bytes.Equal(src, out) {
		return nil, nil
	}
	var edits []Edit
	from := anchor{}
	for i := 0; i <= len(anchors); i++ {
		to := anchor{src: len(src), out: len(out)}
		if i < len(anchors) {
			to = anchors[i]
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, e := range Edits(src[from.src:to.src], out[from.out:to.out]) {
			e.Span.Start += from.src
			e.Span.End += from.src
			edits = append(edits, e)
		}
		from = to
	}
	return edits, nil
}

// splitLines splits after each line end, keeping it ("\n", "\r\n", "\r").
// O(len(s)).
func splitLines(s []byte) [][]byte {
	var lines [][]byte
	for start := 0; start < len(s); {
		_, next := textpos.LineEnd(s, start)
		lines = append(lines, s[start:next])
		start = next
	}
	return lines
}

// Apply applies ordered, non-overlapping edits to src.
func Apply(src []byte, edits []Edit) []byte {
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.Span.Start])
		b.Write(e.New)
		last = e.Span.End
	}
	b.Write(src[last:])
	return b.Bytes()
}
