package lsp

import (
	"sort"

	"gamels/parse"
)

// The order in which an annotation job takes the games: those on the
// client's screen first. The screen is known from the client's latest
// textDocument/inlayHint request, whose range VS Code and Neovim make the
// visible lines (with a margin), so that what the user looks at is
// annotated first, whatever the size of the document.

// noteVisible records span, the range of an inlayHint request on s, as
// the part of the document the client shows. O(1).
func (s *snapshot) noteVisible(span parse.Span) {
	if s.cache != nil {
		s.cache.visible.Store(&span)
	}
}

// visibleSpan returns the span the client showed last, in the text of the
// snapshot it asked on (an edit since then moves it by the edit's
// length at most, which only makes the order less exact), or nil.
func (c *gameCache) visibleSpan() *parse.Span {
	if c == nil {
		return nil
	}
	return c.visible.Load()
}

// annotationOrder returns the indexes of games, which are in document
// order, in the order a job annotates them, leaving out those done: the
// games that meet span v first, in document order, then the others by
// their distance from v (the next game after it, the one before it, ...,
// the nearer first). With no span, the document order. O(games).
func annotationOrder(games []*gameAnalysis, v *parse.Span, done []bool) []int {
	out := make([]int, 0, len(games))
	keep := func(i int) {
		if !done[i] {
			out = append(out, i)
		}
	}
	if v == nil {
		for i := range games {
			keep(i)
		}
		return out
	}
	lo := sort.Search(len(games), func(i int) bool { return games[i].game.Span.End >= v.Start })
	hi := lo + sort.Search(len(games)-lo, func(i int) bool { return games[lo+i].game.Span.Start > v.End })
	for i := lo; i < hi; i++ {
		keep(i)
	}
	after, before := hi, lo-1
	for after < len(games) || before >= 0 {
		if before < 0 || after < len(games) && games[after].game.Span.Start-v.End <= v.Start-games[before].game.Span.End {
			keep(after)
			after++
		} else {
			keep(before)
			before--
		}
	}
	return out
}
