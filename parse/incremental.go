package parse

import "sort"

// Reparse returns the parse of src, given old, the parse of oldSrc. The
// two sources differ in one place: the longest common prefix and suffix
// leave [start, oldEnd) of oldSrc replaced by src[start:newEnd]. The
// result is the File that Parse(old.Kind, src) returns, built by
// re-reading only the games around that place:
//
//   - games [0, lo) are old's own *Game values (they end before the edit);
//   - games [lo, hi) are parsed afresh;
//   - games [hi, len) are old's games [hi, len) moved by newEnd-oldEnd
//     bytes: the same *Game when the edit keeps the length, else copies
//     with every span shifted.
//
// ok is false when Reparse fell back to a full Parse (then lo is 0 and hi
// the number of games): for Spot and PATH files, an edit in the first two
// tokens of the file (they choose the layout), one that changes the
// number of games, or touches a `# rules:` line, or a file near
// MaxErrors.
//
// Cost: finding the edit is a comparison of the sources, O(len(src)) but
// at memory speed; then O(bytes re-read + games after the edit), plus
// O(moves after the edit) for the shifted copies when the edit changes
// the length. Parse is O(len(src)) at parsing speed.
func Reparse(old *File, oldSrc, src []byte) (f *File, lo, hi int, ok bool) {
	start, oldEnd, newEnd := Diff(oldSrc, src)
	full := func() (*File, int, int, bool) {
		f := Parse(old.Kind, src)
		return f, 0, len(f.Games), false
	}
	delta := newEnd - oldEnd
	if old.Kind != Pousse || len(old.Errors) > MaxErrors/2 || old.Size != len(oldSrc) {
		return full()
	}
	// lo: the first game that does not end strictly before the edit. The
	// game before it must end with its QUIT: the parse resumes right
	// after it, in the state a full parse is in there.
	lo = sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= start })
	var from int
	if lo == 0 {
		// An edit in the first game: resume at its size, in the state
		// after the file's count line, provided the two tokens that chose
		// the layout end before the edit.
		if len(old.Games) == 0 || start < old.Games[0].Span.Start ||
			start <= layoutEnd(src) || start <= layoutEnd(oldSrc) {
			return full()
		}
		from = old.Games[0].Span.Start
	} else {
		prev := old.Games[lo-1]
		if prev.Quit == (Span{}) || prev.Quit.End != prev.Span.End {
			return full()
		}
		from = prev.Span.End
	}

	f = &File{Kind: old.Kind, Size: len(src), Layout: old.Layout, Count: old.Count, Rules: old.Rules, RulesSpan: old.RulesSpan}
	f.Games = make([]*Game, lo, len(old.Games))
	copy(f.Games, old.Games[:lo])
	var comments []Span
	p := &parser{src: src, file: f}
	p.moves.block = make([]Move, 0, 1024)
	lx := newLexer(src, &comments)
	lx.sc.off = from
	lx.sc.newline = false // as after the QUIT token

	// Parse games until one ends with QUIT at or after the edit at a
	// place where an old game ended the same way: from there on the two
	// parses agree.
	oldHi := len(old.Games) // old games from oldHi on are kept
	reEnd := len(src)       // the end of the re-read region in src
	for {
		t, more := lx.next()
		if !more {
			break
		}
		if !p.isNumber(t) {
			p.errorf(nil, t.span, CodeExpectedSize, "expected a board size N to start a game, found %s", quote(p.text(t.span)))
			continue
		}
		g := p.pousseGame(lx, t)
		if g.Span.End < newEnd || g.Quit == (Span{}) || g.Quit.End != g.Span.End || lx.n != 0 {
			continue
		}
		end := g.Span.End - delta
		j := sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= end })
		if j < len(old.Games) && j >= lo && old.Games[j].Span.End == end &&
			old.Games[j].Quit != (Span{}) && old.Games[j].Quit.End == end {
			oldHi, reEnd = j+1, g.Span.End
			break
		}
	}
	hi = len(f.Games)
	if hi != oldHi {
		return full() // games were added or removed: later numbers change
	}
	oldEndR := reEnd - delta // the end of the region in the old source

	// A `# rules:` line in the region (old or new) changes file-wide
	// state: parse it all.
	for _, c := range comments {
		if _, isRules := rulesDirective(src[c.Start:c.End]); isRules {
			return full()
		}
	}
	ci := sort.Search(len(old.Comments), func(i int) bool { return old.Comments[i].Start >= from })
	cj := sort.Search(len(old.Comments), func(i int) bool { return old.Comments[i].Start >= oldEndR })
	for _, c := range old.Comments[ci:cj] {
		if _, isRules := rulesDirective(oldSrc[c.Start:c.End]); isRules {
			return full()
		}
	}

	// Comments and errors: the old ones before the region, the region's,
	// the old ones after it shifted.
	if n := len(old.Comments) - (cj - ci) + len(comments); n > 0 {
		f.Comments = make([]Span, 0, n)
	}
	f.Comments = append(f.Comments, old.Comments[:ci]...)
	f.Comments = append(f.Comments, comments...)
	for _, c := range old.Comments[cj:] {
		f.Comments = append(f.Comments, shiftSpan(c, delta))
	}
	regionErrs := f.Errors
	f.Errors = nil
	for _, e := range old.Errors {
		switch {
		case e.Span.Start < from:
			f.Errors = append(f.Errors, e)
		case e.Span.Start >= oldEndR:
			if delta != 0 {
				e = &Error{Span: shiftSpan(e.Span, delta), Code: e.Code, Msg: e.Msg}
			}
			f.Errors = append(f.Errors, e)
		}
	}
	f.Errors = append(f.Errors, regionErrs...)
	if len(f.Errors) > MaxErrors {
		return full()
	}
	f.Errors.Sort()

	// The games after the region.
	rest := old.Games[oldHi:]
	if delta == 0 {
		f.Games = append(f.Games, rest...)
		return f, lo, hi, true
	}
	games := make([]Game, len(rest))
	for i, g := range rest {
		ng := &games[i]
		*ng = *g
		ng.Span = shiftSpan(g.Span, delta)
		ng.N.Span = shiftSpan(g.N.Span, delta)
		if g.Quit != (Span{}) {
			ng.Quit = shiftSpan(g.Quit, delta)
		}
		ng.Moves = shiftMoves(g.Moves, delta)
		ng.Extra = shiftMoves(g.Extra, delta)
		f.Games = append(f.Games, ng)
	}
	return f, lo, hi, true
}

// layoutEnd returns the end of the second token of a Pousse source (the
// first two tell the layouts apart), or len(src)+1 when there are fewer
// than two. O(bytes up to it).
func layoutEnd(src []byte) int {
	var comments []Span
	sc := newScanner(src, &comments)
	sc.next()
	t, ok := sc.next()
	if !ok {
		return len(src) + 1
	}
	return t.span.End
}

// Diff returns where a and b differ: a[start:aEnd] and b[start:bEnd] lie
// between their longest common prefix and the longest common suffix of
// what remains. Equal sources give start == aEnd == bEnd == len(a).
// O(len) at memory speed.
func Diff(a, b []byte) (start, aEnd, bEnd int) {
	n := min(len(a), len(b))
	// Compare in chunks: bytes.Equal is vectorised.
	const chunk = 4096
	for start+chunk <= n && string(a[start:start+chunk]) == string(b[start:start+chunk]) {
		start += chunk
	}
	for start < n && a[start] == b[start] {
		start++
	}
	aEnd, bEnd = len(a), len(b)
	for aEnd-chunk >= start && bEnd-chunk >= start && string(a[aEnd-chunk:aEnd]) == string(b[bEnd-chunk:bEnd]) {
		aEnd -= chunk
		bEnd -= chunk
	}
	for aEnd > start && bEnd > start && a[aEnd-1] == b[bEnd-1] {
		aEnd--
		bEnd--
	}
	return start, aEnd, bEnd
}

func shiftSpan(s Span, d int) Span { return Span{s.Start + d, s.End + d} }

// shiftMoves returns a copy of ms shifted by d. (append copies without
// first zeroing the new memory, as make would.)
func shiftMoves(ms []Move, d int) []Move {
	if ms == nil {
		return nil
	}
	out := append([]Move(nil), ms...)
	for i := range out {
		out[i].Span.Start += d
		out[i].Span.End += d
	}
	return out
}
