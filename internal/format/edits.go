package format

import (
	"bytes"

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
