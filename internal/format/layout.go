package format

import (
	"bytes"
	"context"

	"gamels/internal/textpos"
	"gamels/parse"
)

// checkBytes is how much source the layout and the check go through
// between two looks at their context: 16 KiB, well under a millisecond of
// work.
const checkBytes = 16 << 10

// anchor pairs an offset of the source with the offset of the output
// where the same element starts, both at the start of a line: what comes
// before one in the source is laid out before the other in the output.
// EditsContext diffs the pieces between anchors one by one.
type anchor struct{ src, out int }

// itemKind says how an element is written.
type itemKind uint8

const (
	itemToken    itemKind = iota // a token or move: its own line
	itemVerbatim                 // a game with errors, copied as written
	itemComment                  // a comment
	itemSpot                     // a Spot move, written from its fields
)

// writer lays the elements of a file out one by one, in source order,
// merging in the comments: one pass over the games and the comments,
// writing straight into the output with the file's line end, with no
// list of elements. O(len(src)) time; the output is the only allocation
// besides the anchors (one per 16 KiB of source).
//
// The rules: each element on its own line; a comment on the line of the
// element before it stays there (a trailing comment); a blank line
// before each game and the terminating 0, put before the own-line
// comments just above it rather than between them and it; a blank line
// after a PATH size.
type writer struct {
	src      []byte
	out      []byte
	eol      []byte
	comments []parse.Span
	ci       int // the next comment to write

	written      int  // elements written so far
	prevEnd      int  // where the previous element ends in src
	prevOwnLine  bool // the previous element is an own-line comment
	pendingBlank bool // a blank line follows the previous element
	// run is, while a run of own-line comments is written whose first
	// may take a blank line before it (that is decided by the element
	// after the run), the offset in out where that blank line goes; -1
	// otherwise.
	run int

	anchors []anchor
	next    int // the source offset past which the next anchor is taken
}

// layout returns the canonical layout of f, parsed from src, with eol as
// its line end, and the anchors of its elements. It stops with ctx's
// error when ctx is done. O(len(src)).
func layout(ctx context.Context, f *parse.File, src, eol []byte) ([]byte, []anchor, error) {
	if outsideGames(f) {
		return whitespace(src, eol), nil, nil
	}
	w := &writer{src: src, eol: eol, comments: f.Comments, run: -1, next: checkBytes,
		out: make([]byte, 0, len(src)+len(src)/4+16)}
	if f.Layout == parse.LayoutCounted {
		w.element(f.Count.Span, itemToken, false, false, nil)
	}
	for _, g := range f.Games {
		if err := w.checkpoint(ctx, g.Span.Start); err != nil {
			return nil, nil, err
		}
		if g.HasErrors {
			w.element(g.Span, itemVerbatim, true, false, nil)
			for w.ci < len(w.comments) && w.comments[w.ci].Start < g.Span.End {
				w.ci++ // copied with the game
			}
			continue
		}
		w.element(g.N.Span, itemToken, true, f.Kind == parse.Path, nil)
		move := itemToken
		if f.Kind == parse.Spot {
			move = itemSpot
		}
		for i := range g.Moves {
			span := g.MoveSpan(i)
			if err := w.checkpoint(ctx, span.Start); err != nil {
				return nil, nil, err
			}
			w.element(span, move, false, false, &g.Moves[i])
		}
		for _, r := range g.Rows {
			if err := w.checkpoint(ctx, r.Span.Start); err != nil {
				return nil, nil, err
			}
			w.element(r.Span, itemToken, false, false, nil)
		}
		if g.Quit.End > 0 {
			w.element(g.Quit, itemToken, false, false, nil)
		}
	}
	if f.End.End > 0 {
		w.element(f.End, itemToken, true, false, nil)
	}
	for ; w.ci < len(w.comments); w.ci++ {
		w.write(w.comments[w.ci], itemComment, false, false, nil)
	}
	if len(w.out) > 0 {
		w.out = append(w.out, eol...)
	}
	return w.out, w.anchors, nil
}

// checkpoint is called before each element that is not a comment, off
// being where it starts in the source: once every checkBytes of source,
// it returns ctx's error, and records an anchor there when off is the
// start of a line of the source (the output offset is that of the
// element's own line, set once it is written: see write). O(1).
func (w *writer) checkpoint(ctx context.Context, off int) error {
	if off < w.next {
		return nil
	}
	w.next = off + checkBytes
	if off == 0 || w.src[off-1] == '\n' || w.src[off-1] == '\r' {
		w.anchors = append(w.anchors, anchor{src: off, out: -1})
	}
	return ctx.Err()
}

// element writes the comments before span, then the element itself.
func (w *writer) element(span parse.Span, kind itemKind, gameStart, blank bool, m *parse.Move) {
	for w.ci < len(w.comments) && w.comments[w.ci].Start < span.Start {
		w.write(w.comments[w.ci], itemComment, false, false, nil)
		w.ci++
	}
	w.write(span, kind, gameStart, blank, m)
}

// write writes one element: a token, a Spot move m, a verbatim game or a
// comment. gameStart marks the first element of a game (or the final 0);
// blank asks for a blank line after it.
func (w *writer) write(span parse.Span, kind itemKind, gameStart, blank bool, m *parse.Move) {
	text := w.src[span.Start:span.End]
	if kind == itemComment && w.written > 0 && sameLine(w.src, w.prevEnd, span.Start) {
		// A trailing comment; it ends a run of own-line comments
		// without a blank line before the run.
		w.out = append(w.out, ' ')
		w.out = append(w.out, trimBlanks(text)...)
		w.run = -1
		w.prevEnd, w.prevOwnLine = span.End, false
		w.written++
		return
	}
	if kind == itemVerbatim && w.written > 0 && !w.prevOwnLine && sameLine(w.src, w.prevEnd, span.Start) {
		// A game with errors that starts on the line where the element
		// before it ends stays on that line, as written: on a line of
		// its own it could read as something else (a Spot game whose
		// size and first tokens look like a move would become an extra
		// move of the game before).
		w.out = append(w.out, ' ')
		w.out = appendLines(w.out, text, w.eol)
		w.pendingBlank = false
		w.prevEnd, w.prevOwnLine = span.End, false
		w.written++
		return
	}
	if w.run >= 0 && kind != itemComment {
		if gameStart {
			w.insertEOL(w.run)
		}
		w.run = -1
	}
	if len(w.out) > 0 {
		w.out = append(w.out, w.eol...)
		switch {
		case w.pendingBlank:
			w.out = append(w.out, w.eol...)
		case w.written == 0 || w.prevOwnLine:
		case kind != itemComment:
			if gameStart {
				w.out = append(w.out, w.eol...)
			}
		default:
			w.run = len(w.out) // decided by the element after the run
		}
	}
	if n := len(w.anchors); n > 0 && w.anchors[n-1].out < 0 && kind != itemComment {
		w.anchors[n-1].out = len(w.out)
	}
	w.pendingBlank = blank
	switch {
	case kind == itemVerbatim:
		w.out = appendLines(w.out, text, w.eol)
	case kind == itemComment:
		w.out = append(w.out, trimBlanks(text)...)
	case kind == itemSpot:
		w.out = appendSpotMove(w.out, m)
	default:
		w.out = append(w.out, text...)
	}
	w.prevEnd, w.prevOwnLine = span.End, kind == itemComment
	w.written++
}

// insertEOL inserts a line end at offset at of the output, moving what
// follows: the own-line comments of one run, each moved once. (No
// anchor lies in them: anchors are set at elements that are not
// comments.)
func (w *writer) insertEOL(at int) {
	n := len(w.out)
	w.out = append(w.out, w.eol...)
	copy(w.out[at+len(w.eol):], w.out[at:n])
	copy(w.out[at:], w.eol)
}

// appendSpotMove writes a Spot move with single spaces: "1 2 +".
func appendSpotMove(out []byte, m *parse.Move) []byte {
	out = appendInt(out, m.Row())
	out = append(out, ' ')
	out = appendInt(out, m.Col())
	if m.Add() {
		return append(out, " +"...)
	}
	return append(out, " -"...)
}

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// sameLine reports whether no line end lies in src[from:to].
func sameLine(src []byte, from, to int) bool {
	if from > to || to > len(src) {
		return false
	}
	end, _ := textpos.LineEnd(src[:to], from)
	return end == to
}

// outsideGames reports whether an error lies outside every game: stray
// text the element model does not hold. Such a file is only cleaned of
// trailing whitespace.
func outsideGames(f *parse.File) bool {
	gi := 0
	for _, e := range f.Errors {
		for gi < len(f.Games) && f.Games[gi].Span.End < e.Span.Start {
			gi++
		}
		if gi == len(f.Games) || e.Span.Start < f.Games[gi].Span.Start || e.Span.End > f.Games[gi].Span.End {
			if gi < len(f.Games) && inGame(f.Games[gi], e.Span) {
				continue
			}
			return true
		}
	}
	return false
}

// inGame reports whether an error concerns game g: inside its span, or
// the empty span right at its end (a missing QUIT).
func inGame(g *parse.Game, s parse.Span) bool {
	return s.Start >= g.Span.Start && s.End <= g.Span.End
}

// whitespace normalises line ends to eol, removes trailing blanks and
// ends the text with exactly one line end (none for an empty text).
func whitespace(src, eol []byte) []byte {
	out := appendLines(make([]byte, 0, len(src)+1), src, eol)
	for bytes.HasSuffix(out, eol) {
		out = out[:len(out)-len(eol)]
	}
	if len(out) == 0 {
		return out
	}
	return append(out, eol...)
}

// appendLines appends src with its line ends written as eol and the
// trailing blanks of each line removed, keeping everything else.
// O(len(src)).
func appendLines(out, src, eol []byte) []byte {
	for start := 0; ; {
		end, next := textpos.LineEnd(src, start)
		out = append(out, trimBlanks(src[start:end])...)
		if next == end {
			return out
		}
		out = append(out, eol...)
		start = next
	}
}

// trimBlanks removes the blanks at the end of a line's text.
func trimBlanks(b []byte) []byte { return bytes.TrimRight(b, " \t\v\f") }
