package lsp

// An editRegion says where a text differs from an earlier one after a
// sequence of changes: the earlier text's bytes [start, oldEnd) were
// replaced by the new text's bytes [start, newEnd); everything before
// start and from oldEnd (newEnd in the new text) on is the same. The
// incremental parse reads only around it (parse.Reparse), so the server
// never compares whole texts to find an edit.
type editRegion struct {
	start, oldEnd, newEnd int
	set                   bool // a change was added
}

// add records one more change: the current text's bytes [start, end) were
// replaced by n bytes. The region then covers this change and every
// earlier one. O(1).
func (r *editRegion) add(start, end, n int) {
	if !r.set {
		*r = editRegion{start: start, oldEnd: end, newEnd: start + n, set: true}
		return
	}
	// The current text is old[:r.start] + middle + old[r.oldEnd:], the
	// middle ending at r.newEnd. A change that reaches past the middle
	// consumes end-r.newEnd more bytes of the old suffix.
	if end > r.newEnd {
		r.oldEnd += end - r.newEnd
	}
	r.newEnd = max(r.newEnd, end) + n - (end - start)
	r.start = min(r.start, start)
}

// whole records a change of the whole current text, of curLen bytes, to
// n bytes.
func (r *editRegion) whole(curLen, n int) { r.add(0, curLen, n) }
