package parse

import "sort"

// Source is a text Reparse reads from: its length and the bytes of any
// range of it. Reparse does not keep the slices it is given.
type Source interface {
	Len() int
	Slice(start, end int) []byte
}

// Reparse returns the parse of src, given old, the parse of the text src
// was edited from, and the edit: [start, oldEnd) of the old text was
// replaced by src's [start, newEnd) (what textpos.Diff finds between two
// versions of a text). The result is the File that Parse(old.Kind, src)
// returns, built by re-reading only the games around the edit:
//
//   - games [0, lo) are old's own *Game values (they end before the edit);
//   - games [lo, hi) are parsed afresh from a window of src around the
//     edit, widened (doubled) and parsed again when the parse reaches the
//     window's end before it finds a game where the old and new parses
//     agree;
//   - games [hi, len) are old's games [hi, len) moved by newEnd-oldEnd
//     bytes: the same *Game when the edit keeps the length, else new
//     Games with the spans of their own (Span, N, Quit; a PATH game's
//     rows) shifted that share old's Moves, Extra and cells (a Move's
//     place is relative to its game).
//
// Where the parse resumes and where it stops depend on the format (see
// resumePousse, resumeSpot, resumePath and the reparse functions): a
// Pousse game ends with its QUIT; a Spot game where the next size is
// read, decided by looking a few tokens ahead; a PATH game at the next
// number line.
//
// ok is false when Reparse fell back to a full Parse, which reads all of
// src (then lo is 0 and hi the number of games): for Pousse, an edit in
// the first two tokens of the file (they choose the layout) or after a
// game without its QUIT, or one that touches a `# rules:` line; for all
// three, an edit that changes the number of games, a file near
// MaxErrors, or an edit that does not fit old and src's length.
//
// Cost: O(bytes re-read + games after the edit + comments and errors
// after the edit, which are shifted), independent of the moves after
// the edit; rows after the edit are shifted too, O(rows) for PATH; an
// edit in the first game of a Pousse file also reads the file up to its
// second token. Parse is O(len(src)).
func Reparse(old *File, src Source, start, oldEnd, newEnd int) (f *File, lo, hi int, ok bool) {
	n := src.Len()
	full := func() (*File, int, int, bool) {
		f := Parse(old.Kind, src.Slice(0, n))
		return f, 0, len(f.Games), false
	}
	delta := newEnd - oldEnd
	if len(old.Errors) > MaxErrors/2 || uint64(n) > maxSource ||
		start < 0 || start > oldEnd || oldEnd > old.Size || start > newEnd || newEnd > n || old.Size+delta != n {
		return full()
	}
	var from int
	switch old.Kind {
	case Pousse:
		lo, from, ok = resumePousse(old, src, start)
	case Spot:
		lo, from, ok = resumeSpot(old, src, start)
	case Path:
		lo, from, ok = resumePath(old, start)
	}
	if !ok {
		return full()
	}

	f = &File{Kind: old.Kind, Size: n, Layout: old.Layout, Count: old.Count, Rules: old.Rules, RulesSpan: old.RulesSpan}
	if len(old.Games) > 0 {
		f.Games = make([]*Game, lo, len(old.Games))
		copy(f.Games, old.Games[:lo])
	}

	// The first window ends a little after the old game the edit ends in,
	// where the parses most likely agree again.
	wEnd := n
	if j := sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= oldEnd }); j < len(old.Games) {
		wEnd = min(n, old.Games[j].Span.End+delta+reparseSlack)
	}
	var r region
	for {
		var done bool
		switch old.Kind {
		case Pousse:
			r, done = reparsePousse(old, f, src, lo, from, wEnd, newEnd, delta)
		case Spot:
			r, done = reparseSpot(old, f, src, lo, from, wEnd, newEnd, delta)
		default:
			r, done = reparsePath(old, f, src, lo, from, wEnd, newEnd, delta)
		}
		if done {
			break
		}
		wEnd = min(n, from+max(2*(wEnd-from), 256))
	}
	hi = len(f.Games)
	if hi != r.oldHi {
		return full() // games were added or removed: later numbers change
	}
	oldEndR := r.end - delta // the end of the region in the old text

	// A `# rules:` line in the region (old or new) changes file-wide
	// state: parse it all. In the old text, each such comment is the
	// place of an error about it (the file's rule set, the only other
	// case, comes before the first game and so before the region).
	for _, c := range r.comments {
		if _, isRules := rulesDirective(r.win[c.Start:c.End]); isRules {
			return full()
		}
	}
	for _, e := range old.Errors {
		switch e.Code {
		case CodeMisplacedRules, CodeDuplicateRules, CodeUnknownRules:
			if e.Span.Start >= from && e.Span.Start < oldEndR {
				return full()
			}
		}
	}
	ci := sort.Search(len(old.Comments), func(i int) bool { return old.Comments[i].Start >= from })
	cj := sort.Search(len(old.Comments), func(i int) bool { return old.Comments[i].Start >= oldEndR })

	// Comments and errors: the old ones before the region, the region's,
	// the old ones after it shifted.
	if n := len(old.Comments) - (cj - ci) + len(r.comments); n > 0 {
		f.Comments = make([]Span, 0, n)
	}
	f.Comments = append(f.Comments, old.Comments[:ci]...)
	for _, c := range r.comments {
		f.Comments = append(f.Comments, shiftSpan(c, from))
	}
	for _, c := range old.Comments[cj:] {
		f.Comments = append(f.Comments, shiftSpan(c, delta))
	}
	regionErrs := f.Errors
	f.Errors = nil
	for _, e := range old.Errors {
		switch {
		case e.Span.Start < from:
			f.Errors = append(f.Errors, e)
		case e.Span.Start >= oldEndR && r.end < n:
			// (A region read to the end made its own errors at the
			// end: a missing terminating 0.)
			if delta != 0 {
				e = &Error{Span: shiftSpan(e.Span, delta), Code: e.Code, Msg: e.Msg}
			}
			f.Errors = append(f.Errors, e)
		}
	}
	for _, e := range regionErrs {
		e.Span = shiftSpan(e.Span, from)
		f.Errors = append(f.Errors, e)
	}
	if len(f.Errors) > MaxErrors {
		return full()
	}
	f.Errors.Sort()

	// The games of the region, parsed in the window, and those after it;
	// the terminating 0 of a Spot or PATH file, read in the region or
	// after it.
	for _, g := range f.Games[lo:hi] {
		g.shift(from)
	}
	switch {
	case r.end < n && old.End != (Span{}):
		f.End = shiftSpan(old.End, delta)
	case f.End != (Span{}):
		f.End = shiftSpan(f.End, from)
	}
	rest := old.Games[r.oldHi:]
	if delta == 0 {
		f.Games = append(f.Games, rest...)
		return f, lo, hi, true
	}
	games := make([]Game, len(rest))
	for i, g := range rest {
		ng := &games[i]
		*ng = *g
		ng.shift(delta)
		f.Games = append(f.Games, ng)
	}
	return f, lo, hi, true
}

// reparseSlack is how far the first window of Reparse goes past the
// end of the game the edit ends in (a variable for the tests, which set
// it to 0 so that windows are widened).
var reparseSlack = 64

// region is what reparseWindow read.
type region struct {
	win      []byte // the window
	comments []Span // its comments, relative to the window
	end      int    // the end of the region re-read in src
	oldHi    int    // old games from oldHi on are kept
}

// reparsePousse parses the Pousse games of src from offset from (the
// end of game lo-1, or the start of game 0) within the window [from,
// wEnd), appending them to f.Games[:lo] and their errors to f.Errors
// (both with spans relative to the window), until a game ends with QUIT
// at or after newEnd where an old game ended the same way: from there on
// the two parses agree. done is false when the parse reached the
// window's end before that and the window is not all the rest of src: a
// token or comment there may go on beyond it. O(wEnd - from).
func reparsePousse(old, f *File, src Source, lo, from, wEnd, newEnd, delta int) (r region, done bool) {
	atEnd := wEnd == src.Len()
	f.Games, f.Errors = f.Games[:lo], nil
	r = region{win: src.Slice(from, wEnd), end: src.Len(), oldHi: len(old.Games)}
	p := &parser{src: r.win, file: f, firstGame: lo}
	p.moves.reserve(r.win)
	lx := newLexer(r.win, &r.comments)
	lx.sc.newline = false // as after the QUIT token
	for {
		t, more := lx.next()
		if !atEnd && lx.sc.off >= len(r.win) {
			return r, false
		}
		if !more {
			return r, true
		}
		if !p.isNumber(t) {
			p.errorf(nil, t.span, CodeExpectedSize, "expected a board size N to start a game, found %s", quote(p.text(t.span)))
			continue
		}
		g := p.pousseGame(lx, t)
		if !atEnd && lx.sc.off >= len(r.win) {
			return r, false
		}
		end := from + g.Span.End
		if end < newEnd || g.Quit == (Span{}) || g.Quit.End != g.Span.End || lx.n != 0 {
			continue
		}
		oldEnd := end - delta
		j := sort.Search(len(old.Games), func(i int) bool { return old.Games[i].Span.End >= oldEnd })
		if j < len(old.Games) && j >= lo && old.Games[j].Span.End == oldEnd &&
			old.Games[j].Quit != (Span{}) && old.Games[j].Quit.End == oldEnd {
			r.oldHi, r.end = j+1, end
			return r, true
		}
	}
}

// shift moves g by d bytes: its own spans, not its moves, which are
// relative to it. O(1) for Pousse and Spot; a PATH game gets a new list
// of rows with shifted spans (the cells are shared), O(its rows).
func (g *Game) shift(d int) {
	g.Span = shiftSpan(g.Span, d)
	g.N.Span = shiftSpan(g.N.Span, d)
	if g.Quit != (Span{}) {
		g.Quit = shiftSpan(g.Quit, d)
	}
	if len(g.Rows) > 0 {
		rows := make([]Row, len(g.Rows))
		for i, r := range g.Rows {
			rows[i] = Row{Span: shiftSpan(r.Span, d), Cells: r.Cells}
		}
		g.Rows = rows
	}
}

// layoutEnd returns the end of the second token of a Pousse source (the
// first two tell the layouts apart), or src.Len()+1 when there are fewer
// than two. It reads src from its start, in windows doubled until the
// second token ends inside one. O(bytes up to it).
func layoutEnd(src Source) int {
	n := src.Len()
	for w := min(n, 256); ; w = min(n, 2*w) {
		var comments []Span
		sc := newScanner(src.Slice(0, w), &comments)
		sc.next()
		t, ok := sc.next()
		switch {
		case w < n && (!ok || sc.off >= w):
			continue // the token, or the search for it, may go on
		case !ok:
			return n + 1
		}
		return t.span.End
	}
}

func shiftSpan(s Span, d int) Span { return Span{s.Start + d, s.End + d} }
