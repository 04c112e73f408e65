package lsp

import (
	"gamels/analyze/solve"
	"gamels/parse"
)

// What the cache keeps of the engine's annotations (annotations.go
// computes them, session_annotations.go's job stores them): the set of a
// snapshot, the latest per document (gameCache.ann), and the part of the
// document the client shows, which the job annotates first.

// annotationSet is what a job found for one snapshot.
type annotationSet struct {
	snap  *snapshot               // the snapshot annotated
	games map[int]*solve.Analysis // by game index; games not analysed are absent
	depth int
	// partial is set on the set a job stores before it is done (the
	// games on screen, annotated first): games holds the games done so
	// far; base is the last complete set before it, which a later job
	// still reuses for the other games.
	partial bool
	base    *annotationSet
	// judged holds each game's judgment (solve.JudgeGame): X's estimate
	// in each position and the judged annotations, by game index.
	judged map[int]*solve.Judged
}

// judgedGame returns the judgment of the game with index i, or nil.
func (as *annotationSet) judgedGame(i int) *solve.Judged {
	if as == nil {
		return nil
	}
	return as.judged[i]
}

// notes returns the annotations of the game with index i in move order:
// the proofs' (an.Annotations) and the judged ones, a move's proofs
// first. O(annotations).
func (as *annotationSet) notes(i int) []solve.Annotation {
	an := as.game(i)
	if an == nil {
		return nil
	}
	jd := as.judgedGame(i)
	if jd == nil || len(jd.Annotations) == 0 {
		return an.Annotations
	}
	out := make([]solve.Annotation, 0, len(an.Annotations)+len(jd.Annotations))
	a, b := an.Annotations, jd.Annotations
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].Move <= b[0].Move {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return out
}

// game returns the analysis of the game with index i, or nil.
func (as *annotationSet) game(i int) *solve.Analysis {
	if as == nil {
		return nil
	}
	return as.games[i]
}

// reusable returns the analysis of the game with index i that a new job
// may start from (solve.AnnotateFrom): this set's, else, for a partial
// set, its base's; or nil.
func (as *annotationSet) reusable(i int) *solve.Analysis {
	if as == nil {
		return nil
	}
	if an := as.games[i]; an != nil {
		return an
	}
	return as.base.game(i)
}

// completeBase returns the complete set that a partial set made after
// as rests on: as when complete, else its base.
func (as *annotationSet) completeBase() *annotationSet {
	if as != nil && as.partial {
		return as.base
	}
	return as
}

// annotations returns the engine's annotations of s, or nil when there
// are none for this exact snapshot (not computed yet, cancelled, or off).
func (s *snapshot) annotations() *annotationSet {
	if s.cache == nil {
		return nil
	}
	as := s.cache.ann.Load()
	if as == nil || as.snap != s {
		return nil
	}
	return as
}

// The part shown is known from the client's latest textDocument/inlayHint
// request, whose range VS Code and Neovim make the visible lines (with a
// margin).

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
