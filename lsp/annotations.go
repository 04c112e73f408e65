package lsp

import (
	"context"
	"errors"
	"maps"
	"sort"
	"strconv"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// The engine's annotations (package analyze/solve): missed wins,
// blunders and the decisive move of each Pousse and Spot game, shown as
// inlay hints after the moves, a section of the move's hover, and Hint
// diagnostics (which editors keep out of their problems list).
//
// They are computed by one background job per document
// (session_annotations.go), started after a snapshot's diagnostics are
// published and cancelled by the document's next snapshot (a change, a
// new setting) or its closing: they never delay diagnostics or requests. A job annotates each game with
// AnnotateFrom and the previous job's analysis of the game at the same
// index, so that an edit searches only the positions from the first
// changed move on. When it finishes, the diagnostics of its snapshot are
// published again with the annotations' Hint diagnostics, and the client
// is asked to refresh its inlay hints. Requests show annotations only
// for the exact snapshot they were computed on.

// annotationNodes is the node budget of one position's search: it
// bounds the cost of a position (a few milliseconds) whatever the depth
// setting; a search cut short keeps the depth it completed.
const annotationNodes = 200_000

// annotationTableBits sizes each job's transposition table: 2^16 slots
// of 24 bytes, 1.5 MiB, enough for positions of 200,000 nodes.
const annotationTableBits = 16

// MaxAnnotatedSize is the largest document the engine annotates in the
// background: 1 MiB, a few hundred games. A contest input of megabytes
// would keep a processor busy for minutes after every edit; `gamels
// analyze` annotates files of any size on demand.
const MaxAnnotatedSize = 1 << 20

// annotationJob is what a job tells the session as it goes, and asks
// it; its fields may be nil.
type annotationJob struct {
	// step is called after each position evaluated, gameDone after each
	// game: the job's progress (session_annotation_progress.go).
	step, gameDone func()
	// gameStart is called before each game's search (the session's test
	// hook).
	gameStart func()
	// visible is the span the client shows, looked at before each game.
	visible func() *parse.Span
	// partial receives the set of the games done so far, each time the
	// games of the span shown are all done and others remain.
	partial func(*annotationSet)
}

// annotate runs the engine on every Pousse and Spot game of snap,
// reusing the document's last annotations (kept in its gameCache) game
// by game, the games the client shows first (annotationOrder; the
// order does not change what is found: the annotator clears its table
// for each game). It returns nil when ctx is cancelled. Cost: per game,
// one search of at most annotationNodes nodes per position from the
// first move that differs from the last analysis of the game at the
// same index; O(games) to order them again when the span shown changes.
func annotate(ctx context.Context, snap *snapshot, depth int, job *annotationJob) *annotationSet {
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge {
		return nil
	}
	if job == nil {
		job = &annotationJob{}
	}
	var prev *annotationSet
	if snap.cache != nil {
		prev = snap.cache.ann.Load()
	}
	a := solve.NewAnnotator(solve.Options{Depth: depth, Nodes: annotationNodes, TableBits: annotationTableBits})
	a.Progress = job.step
	as := &annotationSet{snap: snap, games: map[int]*solve.Analysis{}, depth: depth, judged: map[int]*solve.Judged{}}
	done := make([]bool, len(fa.games))
	var shown, partialFor *parse.Span
	var order []int
	for left := len(fa.games); left > 0; {
		if v := visibleOf(job); order == nil || !sameSpan(v, shown) {
			shown, order = v, annotationOrder(fa.games, v, done)
		}
		i := order[0]
		order = order[1:]
		done[i] = true
		left--
		if g := fa.games[i].game; g.Size > 0 && len(g.Moves) > 0 {
			if job.gameStart != nil {
				job.gameStart()
			}
			an, err := a.AnnotateFrom(ctx, snap.kind, g, fa.rules, prev.reusable(g.Index))
			switch {
			case ctx.Err() != nil:
				return nil
			case errors.Is(err, solve.ErrTooLarge), an == nil:
			default:
				as.games[g.Index] = an
				jd, err := solve.JudgeGame(ctx, snap.kind, g, fa.rules, 0, an.Annotations)
				if ctx.Err() != nil {
					return nil
				}
				if err == nil {
					as.judged[g.Index] = jd
				}
			}
		}
		if job.gameDone != nil {
			job.gameDone()
		}
		if job.partial != nil && shown != nil && !sameSpan(shown, partialFor) && left > 0 && shownDone(fa.games, shown, done) {
			partialFor = shown
			job.partial(&annotationSet{snap: snap, games: maps.Clone(as.games), judged: maps.Clone(as.judged), depth: depth,
				partial: true, base: prev.completeBase()})
		}
	}
	return as
}

// visibleOf returns the span the job's client shows, or nil.
func visibleOf(job *annotationJob) *parse.Span {
	if job.visible == nil {
		return nil
	}
	return job.visible()
}

// sameSpan reports whether a and b are both nil or the same span: a
// client asks for the hints of the same range again after each refresh.
func sameSpan(a, b *parse.Span) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// shownDone reports whether every game that meets span v is done.
// O(log games + games shown).
func shownDone(games []*gameAnalysis, v *parse.Span, done []bool) bool {
	lo := sort.Search(len(games), func(i int) bool { return games[i].game.Span.End >= v.Start })
	for i := lo; i < len(games) && games[i].game.Span.Start <= v.End; i++ {
		if !done[i] {
			return false
		}
	}
	return true
}

// annotationOrder is the order in which a job takes the games: those on
// the client's screen first (gameCache.visibleSpan), so that what the
// user looks at is annotated first, whatever the size of the document.
//
// It returns the indexes of games, which are in document
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

// annotationDiagnostics returns a Hint diagnostic on every annotated
// move of snap: code the annotation's kind ("missed-win", "blunder",
// "decisive", and the judged "inaccuracy", "mistake"), message its Hint. O(games + annotations).
func annotationDiagnostics(snap *snapshot, as *annotationSet) []protocol.Diagnostic {
	fa, err := snap.Analysis()
	if err != nil || fa.tooLarge {
		return nil
	}
	m := snap.Mapper()
	var out []protocol.Diagnostic
	for _, ga := range fa.games {
		for _, x := range as.notes(ga.game.Index) {
			if x.Move >= len(ga.game.Moves) {
				continue
			}
			out = append(out, protocol.Diagnostic{
				Range:    m.Range(ga.game.MoveSpan(x.Move)),
				Severity: protocol.DiagnosticSeverityHint,
				Code:     protocol.String(string(x.Kind)),
				Source:   protocol.NewOptional("gamels"),
				Message:  protocol.String(x.Hint()),
			})
		}
	}
	return out
}

// playerNames returns the names of the mover of move i and of the other
// player, as the engine's texts name them.
func playerNames(kind parse.Kind, i int) (who, other string) {
	names := [3]string{"", "X", "O"}
	if kind == parse.Spot {
		names = [3]string{"", "Player 1", "Player 2"}
	}
	p := analyze.Player(1 + i&1)
	return names[p], names[3-p]
}

// appendEngineHover appends the engine's section to the hover of move i
// of the game with index game: what the search found before the move,
// the annotations of the move, and what it found after it. O(annotations).
func appendEngineHover(b []byte, kind parse.Kind, as *annotationSet, game, i int) []byte {
	an := as.game(game)
	if an == nil || i >= len(an.Evals) {
		return b
	}
	who, other := playerNames(kind, i)
	b = append(b, "\n\n**engine**"...)
	b = append(b, " (depth "...)
	b = strconv.AppendInt(b, int64(as.depth), 10)
	b = append(b, "): before the move, "...)
	b = append(b, an.Evals[i].Describe(who, other)...)
	if jd := as.judgedGame(game); jd != nil && i < len(jd.Estimates) {
		x, o := playerNames(kind, 0)
		b = append(b, "\n\njudged (an estimate, not a proof): "...)
		b = append(b, solve.FormatEstimate(jd.Estimates[i], x, o)...)
		if i+1 < len(jd.Estimates) {
			b = append(b, " before the move, "...)
			b = append(b, solve.FormatEstimate(jd.Estimates[i+1], x, o)...)
			b = append(b, " after it"...)
		}
	}
	for _, x := range as.notes(game) {
		if x.Move == i {
			b = append(b, "\n\n"...)
			b = append(b, x.Hint()...)
		}
	}
	if i+1 < len(an.Evals) && an.Evals[i+1].Best != "" {
		b = append(b, "\n\nafter it, "...)
		b = append(b, an.Evals[i+1].Describe(other, who)...)
	}
	return b
}
