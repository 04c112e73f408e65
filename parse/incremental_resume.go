package parse

import "sort"

// Where Reparse resumes parsing, for each format: the first game it
// parses again (lo) and the offset of the state it starts from (from),
// a state that a full parse of the new text passes through too, because
// everything that decided it lies before the edit. ok is false when
// there is no such place (Reparse then parses the whole text).

// resumePousse resumes right after the QUIT of the last game that ends
// before the edit, or, for an edit in the first game, at its size,
// provided the file's first two tokens (which choose the layout) end
// before the edit. O(log games), plus the bytes up to the second token
// for an edit in the first game.
func resumePousse(old *File, src Source, start int) (lo, from int, ok bool) {
	lo = sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= start })
	if lo == 0 {
		// (The two tokens end before the edit in the old text too: the
		// bytes up to the edit are the same.)
		if len(old.Games) == 0 || start < old.Games[0].Span.Start || start <= layoutEnd(src) {
			return 0, 0, false
		}
		return 0, old.Games[0].Span.Start, true
	}
	prev := old.Games[lo-1]
	if prev.Quit == (Span{}) || prev.Quit.End != prev.Span.End {
		return 0, 0, false
	}
	return lo, prev.Span.End, true
}

// resumeSpot resumes at the size of a game before the edit, in the
// state of the file's main loop about to read it. A Spot game ends where
// the next game's size is read, decided by looking at up to three tokens
// from that size, and at whether the third ends its line (spotGame,
// spotMoveLine): so the game resumed at is one for which all of that
// lies before the edit (then the end of the game before it was decided
// the same way in both texts). Resuming at the file's start is always
// possible. O(log games + bytes looked at).
func resumeSpot(old *File, src Source, start int) (lo, from int, ok bool) {
	lo = sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= start })
	for lo = min(lo, len(old.Games)-1); lo > 0; lo-- {
		h := old.Games[lo].Span.Start
		if h < start && lookedAtEnd(src, h, start) <= start {
			return lo, h, true
		}
	}
	return 0, 0, true
}

// lookedAtEnd returns the end of what deciding a Spot game's end at
// offset h (a token's start) looks at: three tokens, then the blanks
// after the third, then one more byte (a line end, a '#' or the next
// token tells whether the third ends its line). It returns limit+1 when
// that reaches limit or the end of the source; it reads the source from
// h to limit at most.
func lookedAtEnd(src Source, h, limit int) int {
	var comments []Span
	b := src.Slice(h, limit)
	sc := newScanner(b, &comments)
	for range 3 {
		if _, ok := sc.next(); !ok {
			return limit + 1
		}
	}
	i := sc.off
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i >= len(b) {
		return limit + 1
	}
	return h + i + 1
}

// resumePath resumes at the size of the game before the one the edit
// is in: there the main loop has finished the game before it and holds
// no game (a PATH game ends at the next number line, and that line,
// before the edit, is the same in both texts). Reading a line from its
// size on gives what reading it from its start does: blanks only come
// before. An edit in the first two games resumes at the file's start.
// O(log games).
func resumePath(old *File, start int) (lo, from int, ok bool) {
	lo = sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= start })
	if lo = min(lo, len(old.Games)) - 1; lo <= 0 {
		return 0, 0, true
	}
	return lo, old.Games[lo].N.Span.Start, true
}
