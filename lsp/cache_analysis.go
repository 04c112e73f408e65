package lsp

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// fileAnalysis is the parse of one snapshot and the analysis of each of
// its games.
type fileAnalysis struct {
	text  *textpos.Text // the text analysed
	file  *parse.File
	rules parse.Rules // the Pousse rules in force: the file's own, else the setting
	games []*gameAnalysis
	// reused counts the games whose analysis came from the cache (for
	// tests and logs).
	reused int
	// tooLarge is set when the text is over MaxDocumentSize: it was not
	// parsed.
	tooLarge bool
}

// gameAnalysis is one game and its engine result. Engine results hold
// byte spans of the text they were computed on; when a result is reused
// from an earlier snapshot in which the game sat elsewhere, shift is the
// distance to add to those spans.
type gameAnalysis struct {
	game   *parse.Game
	pousse *analyze.PousseGame
	spot   *analyze.SpotGame
	path   *analyze.PathGame
	shift  int
	// diags is the game's own diagnostics, made once and shared by every
	// gameAnalysis that reuses this engine result.
	diags *gameDiags
}

// moved returns the analysis of g, the same game as ga's at another
// place: the engine result and diagnostics are shared, with shift the
// distance from the engine's spans to g's.
func (ga *gameAnalysis) moved(g *parse.Game, shift int) *gameAnalysis {
	return &gameAnalysis{game: g, pousse: ga.pousse, spot: ga.spot, path: ga.path, shift: shift, diags: ga.diags}
}

// result returns the Pousse or Spot result, or nil for PATH.
func (ga *gameAnalysis) result() *analyze.Result {
	switch {
	case ga.pousse != nil:
		return &ga.pousse.Result
	case ga.spot != nil:
		return &ga.spot.Result
	}
	return nil
}

// outcome returns what the engine says of the game, its Partial taken
// from the game as parsed now; Issues are left out (their spans would
// need the shift: see issues). An Outcome with an empty Verdict when
// there is no engine result.
func (ga *gameAnalysis) outcome(kind parse.Kind) analyze.Outcome {
	var o analyze.Outcome
	switch {
	case ga.pousse != nil:
		o = ga.pousse.Outcome()
	case ga.spot != nil:
		o = ga.spot.Outcome()
	case ga.path != nil:
		o = ga.path.Outcome()
	default:
		o = analyze.Outcome{Kind: kind, End: -1, Earlier: -1}
	}
	if ga.game.Size == 0 {
		o.Verdict = "" // nothing replayed
	}
	o.Issues, o.Partial = nil, ga.game.HasErrors
	return o
}

// issues returns the engine's issues with spans in the current text.
func (ga *gameAnalysis) issues() []analyze.Issue {
	r := ga.result()
	if r == nil || len(r.Issues) == 0 {
		return nil
	}
	if ga.shift == 0 {
		return r.Issues
	}
	out := make([]analyze.Issue, len(r.Issues))
	for i, is := range r.Issues {
		is.Span.Start += ga.shift
		is.Span.End += ga.shift
		out[i] = is
	}
	return out
}

// MaxDocumentSize is the largest document, in bytes, that the server
// parses and analyses: 32 MiB. A larger one is still synchronised
// (edits, closing) but gets no analysis, only one diagnostic (and a
// window/showMessage) saying that it is too large. Analysing keeps about
// 4.5 bytes per byte of text for long games (text, 8-byte moves,
// checkpoints, line index; see BENCHMARKS.md) and about 800 bytes per
// game, so the bound keeps the server near 150 MB per document of long
// games, and under 3 GB for the worst shape (a file of one-move games,
// SECURITY.md), however large the files a user opens.
const MaxDocumentSize = 32 << 20

// tooLargeMessage explains why a document larger than MaxDocumentSize
// has no diagnostics.
func tooLargeMessage(size int) string {
	return fmt.Sprintf("gamels: this document is %.1f MiB, over the %d MiB the server analyses (MaxDocumentSize); "+
		"it is not checked. Split it, or check it with `gamels check` or `gamels judge`.",
		float64(size)/(1<<20), MaxDocumentSize>>20)
}

// analyzeFile parses text and analyses every game, reusing what it can
// from the document's previous analysis (cache, nil for none):
//
//   - parsing is incremental (parse.Reparse): after an edit inside one
//     game only that game is read again, O(its bytes + later games),
//     instead of O(len(text)); the edits since the previous analysis are
//     found by textpos.Diff, which skips the chunks the two versions
//     share: O(chunks + bytes of the chunks edited);
//   - the games before the edit keep their analysis as is, the games
//     after it keep theirs with a shift of their spans; when the parse
//     had to be full, a game whose text did not change since the
//     previous analysis keeps its analysis too (looked up by a hash of
//     its text);
//   - the games left are analysed on all processors, each at the
//     engine's price.
//
// stop, when not nil, is looked at before each game is read or
// analysed: once it is set, analyzeFile stops there and returns nil,
// leaving the cache as it was. What cannot be stopped is one game (its
// parse, its engine) and an incremental reparse.
func analyzeFile(kind parse.Kind, text *textpos.Text, configured parse.Rules, cache *gameCache, stop *atomic.Bool) *fileAnalysis {
	fa := &fileAnalysis{text: text}
	if kind == 0 {
		fa.file = &parse.File{Size: text.Len()}
		return fa
	}
	if text.Len() > MaxDocumentSize {
		fa.file = &parse.File{Kind: kind, Size: text.Len()}
		fa.tooLarge = true
		return fa
	}
	prev := cache.latest()
	if prev == nil || prev.file.Kind != kind || prev.tooLarge {
		if !parseAndAnalyze(fa, kind, text.Bytes(), configured, stop) {
			return nil
		}
		cache.setLatest(fa)
		return fa
	}
	var lo, hi int
	var inc bool
	start, oldEnd, newEnd := textpos.Diff(prev.text, text)
	fa.file, lo, hi, inc = parse.Reparse(prev.file, text, start, oldEnd, newEnd)
	fa.rules = fa.file.EffectiveRules(configured)
	if inc && fa.rules != prev.rules {
		inc = false
	}
	fa.games = make([]*gameAnalysis, len(fa.file.Games))
	var byText map[gameKey][]*gameAnalysis
	var todo []int
	delta := text.Len() - prev.text.Len()
	for i, g := range fa.file.Games {
		if inc && (i < lo || i >= hi) {
			old := prev.games[i]
			if old.game != g { // after the edit, moved
				old = old.moved(g, old.shift+delta)
			}
			fa.games[i] = old
			fa.reused++
			continue
		}
		src := text.Slice(g.Span.Start, g.Span.End)
		if inc {
			// A game read again: reuse the old game at its place when
			// its text is the same (an edit in a comment or blanks).
			if old := prev.games[i]; old.game.HasErrors == g.HasErrors &&
				bytes.Equal(prev.text.Slice(old.game.Span.Start, old.game.Span.End), src) {
				fa.games[i] = old.moved(g, old.shift+g.Span.Start-old.game.Span.Start)
				fa.reused++
				continue
			}
		} else if prev.rules == fa.rules {
			// A full parse: look every game up by its text.
			if byText == nil {
				byText = prev.byText()
			}
			if old := lookupGame(byText, prev.text, g.HasErrors, src); old != nil {
				fa.games[i] = old.moved(g, old.shift+g.Span.Start-old.game.Span.Start)
				fa.reused++
				continue
			}
		}
		todo = append(todo, i)
	}
	// The old game at the same place is where an edited game's analysis
	// starts from (PousseFrom keeps what comes before the first
	// changed move): after an incremental parse it is the same game; after
	// a full one, when the number of games is the same, most likely so.
	var bases []*gameAnalysis
	if prev.rules == fa.rules && len(prev.games) == len(fa.games) {
		bases = prev.games
	}
	if !analyzeGames(kind, fa.rules, fa.file.Games, fa.games, todo, bases, stop) {
		return nil
	}
	cache.setLatest(fa)
	return fa
}

// stopParse is the panic that leaves a parse whose analysis was stopped
// (parseAndAnalyze): the parser has no other way out of its loop.
type stopParse struct{}

// parseAndAnalyze parses text into fa and analyses every game, starting
// each game's analysis as soon as the parser has read it: the engines
// run on all processors while the parse goes on, so that a fresh
// document costs about max(parse, analysis / processors) rather than
// their sum. It reports false, with fa incomplete, when stop was set
// before the end (see analyzeFile).
func parseAndAnalyze(fa *fileAnalysis, kind parse.Kind, text []byte, configured parse.Rules, stop *atomic.Bool) (done bool) {
	var (
		games []*gameAnalysis
		rules parse.Rules // set before the first game is handed out
	)
	superseded := func() bool { return stop != nil && stop.Load() }
	p := newPool(0, func(ga *gameAnalysis) {
		if !superseded() {
			runEngine(kind, rules, ga, nil)
		}
	})
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopParse); !ok {
				panic(r)
			}
			done = false
		}
	}()
	func() {
		defer p.wait()
		fa.file = parse.ParseEach(kind, text, func(f *parse.File, g *parse.Game) {
			if superseded() {
				panic(stopParse{})
			}
			if games == nil {
				rules = f.EffectiveRules(configured)
				games = make([]*gameAnalysis, 0, 64)
			}
			ga := &gameAnalysis{game: g, diags: new(gameDiags)}
			games = append(games, ga)
			p.add(ga)
		})
	}()
	fa.rules = fa.file.EffectiveRules(configured)
	if len(games) != len(fa.file.Games) || (len(games) > 0 && rules != fa.rules) {
		// Not expected: the parser hands out every game once, after the
		// rules are known. Analyse again the plain way.
		fa.games = make([]*gameAnalysis, len(fa.file.Games))
		todo := make([]int, len(fa.file.Games))
		for i := range todo {
			todo[i] = i
		}
		return analyzeGames(kind, fa.rules, fa.file.Games, fa.games, todo, nil, stop)
	}
	fa.games = games
	return !superseded()
}

// runEngine fills ga with the engine's result for its game. base, when
// not nil, is the analysis of an earlier text of the game, which a Pousse
// replay resumes from.
func runEngine(kind parse.Kind, rules parse.Rules, ga, base *gameAnalysis) {
	g := ga.game
	switch kind {
	case parse.Pousse:
		if base != nil && base.pousse != nil {
			ga.pousse = analyze.PousseFrom(base.pousse, g, rules)
			return
		}
		ga.pousse = analyze.Pousse(g, rules)
	case parse.Spot:
		ga.spot = analyze.Spot(g)
	case parse.Path:
		ga.path = analyze.Path(g)
	}
}

// analyzeGames runs the engine on the games listed in todo, on all
// processors, one game at a time per worker (a few long games do not
// leave a processor idle). bases, when not nil, holds for each game the
// analysis of its earlier text (see runEngine). It reports false, with
// out incomplete, when stop was set before the end.
func analyzeGames(kind parse.Kind, rules parse.Rules, games []*parse.Game, out []*gameAnalysis, todo []int, bases []*gameAnalysis, stop *atomic.Bool) bool {
	superseded := func() bool { return stop != nil && stop.Load() }
	one := func(i int) {
		if superseded() {
			return
		}
		ga := &gameAnalysis{game: games[i], diags: new(gameDiags)}
		var base *gameAnalysis
		if bases != nil {
			base = bases[i]
		}
		runEngine(kind, rules, ga, base)
		out[i] = ga
	}
	p := newPool(len(todo), one)
	for _, i := range todo {
		if superseded() {
			break
		}
		p.add(i)
	}
	p.wait()
	return !superseded()
}

// gameAt returns the game whose span contains offset off (or ends right
// at it), or nil.
func (fa *fileAnalysis) gameAt(off int) *gameAnalysis {
	games := fa.games
	lo, hi := 0, len(games)
	for lo < hi { // first game ending at or after off
		mid := int(uint(lo+hi) >> 1)
		if games[mid].game.Span.End < off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(games) && games[lo].game.Span.Start <= off {
		return games[lo]
	}
	return nil
}

// A gameCache remembers, for one document, its latest analysis (text,
// parse and games), from which the next snapshot's analysis starts: an
// incremental parse, and the analysis of every game that did not change.
// Nothing older is kept, so a document costs at most two versions' worth
// of memory while an analysis runs. It also keeps the engine's latest
// annotations of the document, which requests show for the snapshot
// they were made on and the next job starts from.
type gameCache struct {
	mu   sync.Mutex
	last *fileAnalysis

	ann atomic.Pointer[annotationSet]
	// visible is the span the client shows (cache_annotations.go).
	visible atomic.Pointer[parse.Span]
}

func newGameCache() *gameCache { return &gameCache{} }

// latest returns the document's latest analysis, or nil.
func (c *gameCache) latest() *fileAnalysis {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last
}

// setLatest records fa as the document's latest analysis.
func (c *gameCache) setLatest(fa *fileAnalysis) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.last = fa
	c.mu.Unlock()
}

// gameKey is the hash of a game's text, with what else decides its
// analysis.
type gameKey struct {
	errs bool
	hash uint64
}

var cacheSeed = maphash.MakeSeed()

// byText indexes fa's games by their text. O(len(fa.text)).
func (fa *fileAnalysis) byText() map[gameKey][]*gameAnalysis {
	m := make(map[gameKey][]*gameAnalysis, len(fa.games))
	for _, ga := range fa.games {
		g := ga.game
		k := gameKey{errs: g.HasErrors, hash: maphash.Bytes(cacheSeed, fa.text.Slice(g.Span.Start, g.Span.End))}
		m[k] = append(m[k], ga)
	}
	return m
}

// lookupGame returns the analysis in m (made from text) of a game whose
// text is src, or nil.
func lookupGame(m map[gameKey][]*gameAnalysis, text *textpos.Text, errs bool, src []byte) *gameAnalysis {
	for _, ga := range m[gameKey{errs: errs, hash: maphash.Bytes(cacheSeed, src)}] {
		if g := ga.game; bytes.Equal(text.Slice(g.Span.Start, g.Span.End), src) {
			return ga
		}
	}
	return nil
}

// A panicError is a panic turned into an error, with the stack of the
// goroutine that panicked, for the log.
type panicError struct {
	msg   string
	stack []byte
}

func (e *panicError) Error() string { return e.msg }

// panicStack returns the stack err carries when it is a panicError, else
// nil.
func panicStack(err error) []byte {
	if pe, ok := err.(*panicError); ok {
		return pe.stack
	}
	return nil
}
