package parse

import "sort"

// reparseSpot parses the Spot games of src from offset from (the size of
// game lo, or the file's start) within the window [from, wEnd), as
// reparsePousse does, until a game ends, at or after newEnd, right
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
	last := Span{}
	for {
		t, ok := lx.next()
		if cut() {
			return r, false
		}
		if !ok {
			p.errorf(nil, Span{last.End, last.End}, CodeMissingEnd, "missing the terminating 0: a Spot file ends with a line 0")
			return r, true
		}
		if !p.isNumber(t) {
			p.errorf(nil, t.span, CodeExpectedSize, "expected a board size N or the terminating 0, found %s", quote(p.text(t.span)))
			last = t.span
			continue
		}
		if v, _ := number(p.text(t.span)); v == 0 {
			f.End = t.span
			p.trailing(lx)
			if cut() {
				return r, false
			}
			return r, true
		}
		g := p.spotGame(lx, t)
		last = g.Span
		next, ok := lx.peek(0)
		if cut() {
			return r, false
		}
		if !ok {
			continue // the missing 0, above
		}
		if j, ok := oldGameAt(old, lo, from+next.span.Start, newEnd, delta); ok {
			r.oldHi, r.end = j, from+next.span.Start
			r.comments = before(r.comments, next.span.Start)
			return r, true
		}
	}
}

// reparsePath parses the PATH games of src from offset from (the size of
// game lo, or the file's start) within the window [from, wEnd), line by
// line as path does, until a number line, at or after newEnd, is the
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
	var g *Game
	last := Span{}
	for off := 0; off < len(p.src); {
		ln := p.nextLine(&off)
		if !atEnd && off >= len(p.src) {
			return r, false // the line may go on past the window
		}
		if ln.span.Len() == 0 {
			continue
		}
		text := p.text(ln.span)
		if v, ok := number(text); ok {
			if v != 0 {
				if j, ok := oldGameAt(old, lo, from+ln.span.Start, newEnd, delta); ok {
					if g != nil {
						p.pathDone(g)
					}
					r.oldHi, r.end, keep = j, from+ln.span.Start, ln.span.Start
					return r, true
				}
			}
			if g != nil {
				p.pathDone(g)
			}
			g = nil
			if v == 0 {
				f.End = ln.span
				for off < len(p.src) {
					if ln := p.nextLine(&off); ln.span.Len() > 0 {
						p.errorf(nil, ln.span, CodeTextAfterEnd, "unexpected text after the terminating 0")
						break
					}
				}
				if !atEnd {
					return r, false // the rest must be read to the end
				}
				return r, true
			}
			g = p.newGame(token{span: ln.span})
			p.checkSize(g, PathMinN, PathMaxN)
			last = ln.span
			continue
		}
		if g == nil {
			p.errorf(nil, ln.span, CodeExpectedSize, "expected a board size N or the terminating 0, found %s", quote(text))
			last = ln.span
			continue
		}
		p.pathRow(g, ln.span)
		last = ln.span
	}
	if !atEnd {
		return r, false
	}
	if g != nil {
		p.pathDone(g)
	}
	p.errorf(nil, Span{last.End, last.End}, CodeMissingEnd, "missing the terminating 0: a PATH file ends with a line 0")
	return r, true
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
