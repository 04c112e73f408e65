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
package format

import (
	"bytes"
	"errors"

	"gamels/internal/textpos"
	"gamels/parse"
)

// ErrUnsafe is returned, with the source unchanged, when the formatted
// text would not mean the same as the source. It signals a bug.
var ErrUnsafe = errors.New("format: the formatted text would change the transcript; left unchanged")

// Source returns the canonical layout of src, a transcript of the given
// kind. The cost is O(len(src)) plus one more parse for the check.
func Source(kind parse.Kind, src []byte) ([]byte, error) {
	f := parse.Parse(kind, src)
	out := withLineEnds(layout(f, src), lineEnd(src))
	if !sameMeaning(kind, src, f, out) {
		return src, ErrUnsafe
	}
	return out, nil
}

// itemKind says how an element is written.
type itemKind uint8

const (
	itemToken    itemKind = iota // a token or move: its own line
	itemVerbatim                 // a game with errors, copied as written
	itemComment                  // a comment
)

// item is one element of the output, in source order.
type item struct {
	kind      itemKind
	span      parse.Span
	text      []byte // the text to write; nil means the source bytes of span
	gameStart bool   // the first element of a game: a blank line comes before
	blank     bool   // a blank line follows (after a PATH size)
	trailing  bool   // a comment on the line of the element before it
}

func layout(f *parse.File, src []byte) []byte {
	if outsideGames(f) {
		return whitespace(src)
	}
	items := collect(f, src)
	for i := range items {
		items[i].trailing = items[i].kind == itemComment && i > 0 && sameLine(src, items[i-1].span.End, items[i].span.Start)
	}
	var b bytes.Buffer
	b.Grow(len(src) + len(src)/8)
	pendingBlank := false
	for i, it := range items {
		if it.trailing {
			b.WriteByte(' ')
			b.Write(trimBlanks(src[it.span.Start:it.span.End]))
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if pendingBlank || startsBlock(items, i) {
				b.WriteByte('\n')
			}
		}
		pendingBlank = it.blank
		switch {
		case it.kind == itemVerbatim:
			b.Write(whitespaceInline(src[it.span.Start:it.span.End]))
		case it.text != nil:
			b.Write(it.text)
		case it.kind == itemComment:
			b.Write(trimBlanks(src[it.span.Start:it.span.End]))
		default:
			b.Write(src[it.span.Start:it.span.End])
		}
	}
	if b.Len() > 0 {
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// startsBlock reports whether a blank line goes before items[i]: the first
// of the own-line comments and elements that open a game, or the file's
// terminating 0.
func startsBlock(items []item, i int) bool {
	if i == 0 {
		return false
	}
	if items[i].trailing || items[i-1].kind == itemComment && !items[i-1].trailing {
		return false // only the first of a run of own-line comments opens it
	}
	for j := i; j < len(items); j++ {
		if items[j].kind != itemComment || items[j].trailing {
			return items[j].gameStart && !items[j].trailing
		}
	}
	return false
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

// collect lists the elements of a file with no error outside its games.
func collect(f *parse.File, src []byte) []item {
	var items []item
	if f.Layout == parse.LayoutCounted {
		items = append(items, item{span: f.Count.Span})
	}
	for _, g := range f.Games {
		if g.HasErrors {
			items = append(items, item{kind: itemVerbatim, span: g.Span, gameStart: true})
			continue
		}
		items = append(items, item{span: g.N.Span, gameStart: true, blank: f.Kind == parse.Path})
		for _, m := range g.Moves {
			it := item{span: m.Span}
			if f.Kind == parse.Spot {
				it.text = spotMove(m)
			}
			items = append(items, it)
		}
		for _, r := range g.Rows {
			items = append(items, item{span: r.Span})
		}
		if g.Quit.End > 0 {
			items = append(items, item{span: g.Quit})
		}
	}
	if f.End.End > 0 {
		items = append(items, item{span: f.End, gameStart: true})
	}
	return mergeComments(items, f)
}

// mergeComments inserts the comments that lie outside verbatim games into
// the items, in source order.
func mergeComments(items []item, f *parse.File) []item {
	out := make([]item, 0, len(items)+len(f.Comments))
	ci := 0
	for _, it := range items {
		for ci < len(f.Comments) && f.Comments[ci].Start < it.span.Start {
			out = append(out, item{kind: itemComment, span: f.Comments[ci]})
			ci++
		}
		out = append(out, it)
		if it.kind == itemVerbatim {
			for ci < len(f.Comments) && f.Comments[ci].Start < it.span.End {
				ci++ // copied with the game
			}
		}
	}
	for ; ci < len(f.Comments); ci++ {
		out = append(out, item{kind: itemComment, span: f.Comments[ci]})
	}
	return out
}

// spotMove writes a Spot move with single spaces.
func spotMove(m parse.Move) []byte {
	b := make([]byte, 0, 8)
	b = appendInt(b, int(m.Row))
	b = append(b, ' ')
	b = appendInt(b, int(m.Col))
	if m.Add {
		return append(b, " +"...)
	}
	return append(b, " -"...)
}

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// whitespace normalises line ends to "\n", removes trailing blanks and
// ends the text with exactly one newline (none for an empty text).
func whitespace(src []byte) []byte {
	out := whitespaceInline(src)
	out = bytes.TrimRight(out, "\n")
	if len(out) == 0 {
		return out
	}
	return append(out, '\n')
}

// whitespaceInline normalises line ends and removes trailing blanks of
// each line, keeping everything else.
func whitespaceInline(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for start := 0; ; {
		end, next := textpos.LineEnd(src, start)
		out = append(out, bytes.TrimRight(src[start:end], " \t\v\f")...)
		if next == end {
			return out
		}
		out = append(out, '\n')
		start = next
	}
}
