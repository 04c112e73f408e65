package parse

import "sort"

// reparseSpot parses the Spot games of src from offset from (the size of
// game lo, or the file's start) within the window [from, wEnd), with
// spot's own loop, until a game ends, at or after newEnd, right
// before the size of an old game: from there on the two parses agree
// (the main loop is about to read the same token, in the same state).
// Comments the parse looked ahead at past that point are left to the
// old list. O(wEnd - from).
func reparseSpot(old, f *File, src Source, lo, from, wEnd, newEnd, delta int) (r region, done bool) {
	atEnd := wEnd == src.Len()
	f.Games, f.Errors, f.End = f.Games[:lo], nil, Span{}
	r = region{win: src.Slice(from, wEnd), end: src.Len(), oldHi: len(old.Games)}
	p := &parser{src: r.win, file: f, firstGame: lo}
	p.moves.reserve(r.win)
	lx := newLexer(r.win, &r.comments)
	lx.sc.newline = from == 0 || bolAt(src, from)
	cut := func() bool { return !atEnd && lx.sc.off >= len(r.win) }
	converged, cutOff := false, false
	p.spotLoop(lx, func() bool {
		next, ok := lx.peek(0)
		if cutOff = cut(); cutOff || !ok {
			return cutOff
		}
		j, ok := oldGameAt(old, lo, from+next.span.Start, newEnd, delta)
		if ok {
			converged, r.oldHi, r.end = true, j, from+next.span.Start
			r.comments = before(r.comments, next.span.Start)
		}
		return ok
	})
	// A token or comment at the window's end may go on past it.
	return r, converged || !cutOff && !cut()
}

// reparsePath parses the PATH games of src from offset from (the size of
// game lo, or the file's start) within the window [from, wEnd), with
// path's own loop, until a number line, at or after newEnd, is the
// size of an old game: from there on the two parses agree. O(wEnd -
// from).
func reparsePath(old, f *File, src Source, lo, from, wEnd, newEnd, delta int) (r region, done bool) {
	atEnd := wEnd == src.Len()
	f.Games, f.Errors, f.End = f.Games[:lo], nil, Span{}
	r = region{win: src.Slice(from, wEnd), end: src.Len(), oldHi: len(old.Games)}
	p := &parser{src: r.win, file: f, firstGame: lo}
	// nextLine records comments in f.Comments: they are the region's.
	f.Comments = nil
	keep := len(r.win) + 1 // comments from there on are left to the old list
	defer func() { r.comments, f.Comments = before(f.Comments, keep), nil }()
	converged := false
	p.pathLoop(func(ln pathLine, next int) bool {
		if !atEnd && next >= len(r.win) {
			return false // the line may go on past the window
		}
		j, ok := oldGameAt(old, lo, from+ln.span.Start, newEnd, delta)
		if ok {
			converged, r.oldHi, r.end, keep = true, j, from+ln.span.Start, ln.span.Start
		}
		return ok
	})
	// Short of agreeing, the region must be read to the end of the file:
	// a line at the window's end may go on past it, and after the
	// terminating 0 the rest is checked too.
	return r, converged || atEnd
}

// oldGameAt reports whether an old game after game lo has its size at
// at-delta, at being at or after the edit's end in the new text, and
// which one.
func oldGameAt(old *File, lo, at, newEnd, delta int) (int, bool) {
	if at < newEnd {
		return 0, false
	}
	o := at - delta
	j := sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.Start >= o })
	return j, j < len(old.Games) && j > lo && old.Games[j].Span.Start == o
}

// before returns the spans of cs that start before off (cs is sorted).
func before(cs []Span, off int) []Span {
	return cs[:sort.Search(len(cs), func(i int) bool { return cs[i].Start >= off })]
}

// bolAt reports whether a token starting at off is the first on its
// line: only blanks lie between the line's start and it. It reads back
// from off, through blanks.
func bolAt(src Source, off int) bool {
	for off > 0 {
		lo := max(0, off-64)
		b := src.Slice(lo, off)
		for i := len(b) - 1; i >= 0; i-- {
			switch c := b[i]; {
			case isLineEnd(c):
				return true
			case !isSpace(c):
				return false
			}
		}
		off = lo
	}
	return true
}
