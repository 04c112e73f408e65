package lsp

import (
	"bytes"
	"hash/maphash"
	"sync"

	"gamels/analyze"
	"gamels/parse"
)

// fileAnalysis is the parse of one snapshot and the analysis of each of
// its games.
type fileAnalysis struct {
	file  *parse.File
	rules parse.Rules // the Pousse rules in force: the file's own, else the setting
	games []*gameAnalysis
	// reused counts the games whose analysis came from the cache (for
	// tests and logs).
	reused int
}

// gameAnalysis is one game and its engine result. Engine results hold
// byte spans of the text they were computed on; when a result is reused
// from an earlier snapshot in which the game sat elsewhere, shift is the
// distance to add to those spans.
type gameAnalysis struct {
	game   *parse.Game
	pousse *analyze.PousseGame
	spot   *analyze.SpotGame
	path   *analyze.PathResult
	shift  int
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

// effectiveRules returns the Pousse rules in force for a file: its own
// `# rules:` line, else the configured rules, else contest.
func effectiveRules(f *parse.File, configured parse.Rules) parse.Rules {
	if f.Rules != parse.RulesDefault {
		return f.Rules
	}
	if configured != parse.RulesDefault {
		return configured
	}
	return parse.RulesContest
}

// analyzeFile parses text and analyses every game, reusing from cache the
// analysis of every game whose text (and rules) did not change since the
// document's previous analysis. Parsing is O(len(text)); analysis costs
// the engines' price only for the games that changed.
func analyzeFile(kind parse.Kind, text []byte, configured parse.Rules, cache *gameCache) *fileAnalysis {
	fa := &fileAnalysis{}
	if kind == 0 {
		fa.file = &parse.File{Size: len(text)}
		return fa
	}
	fa.file = parse.Parse(kind, text)
	fa.rules = effectiveRules(fa.file, configured)
	next := newGameCache()
	fa.games = make([]*gameAnalysis, len(fa.file.Games))
	for i, g := range fa.file.Games {
		key := gameKey{kind: kind, rules: fa.rules, errs: g.HasErrors}
		src := text[g.Span.Start:g.Span.End]
		var ga *gameAnalysis
		if old := cache.lookup(key, src); old != nil {
			ga = &gameAnalysis{game: g, pousse: old.ga.pousse, spot: old.ga.spot, path: old.ga.path,
				shift: old.ga.shift + g.Span.Start - old.start}
			fa.reused++
		} else {
			ga = &gameAnalysis{game: g}
			switch kind {
			case parse.Pousse:
				ga.pousse = analyze.AnalyzePousse(g, fa.rules)
			case parse.Spot:
				ga.spot = analyze.AnalyzeSpot(g)
			case parse.Path:
				ga.path = analyze.AnalyzePath(g)
			}
		}
		fa.games[i] = ga
		next.add(key, src, g.Span.Start, ga)
	}
	cache.replace(next)
	return fa
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

// A gameCache remembers, for one document, the analysis of each game of
// its latest analysed snapshot, keyed by the game's text, so that an edit
// inside one game of a large file re-analyses only that game. Entries
// borrow the (immutable) snapshot text rather than copying it.
type gameCache struct {
	mu      sync.Mutex
	seed    maphash.Seed
	entries map[gameKey][]cacheEntry
}

type gameKey struct {
	kind  parse.Kind
	rules parse.Rules
	errs  bool
	hash  uint64
}

type cacheEntry struct {
	src   []byte // the game's text in the snapshot it was analysed in
	start int    // the game's offset in that snapshot
	ga    *gameAnalysis
}

func newGameCache() *gameCache {
	return &gameCache{seed: cacheSeed, entries: map[gameKey][]cacheEntry{}}
}

// cacheSeed is shared by all caches so that one cache's keys are valid in
// the next.
var cacheSeed = maphash.MakeSeed()

func (c *gameCache) lookup(key gameKey, src []byte) *cacheEntry {
	if c == nil {
		return nil
	}
	key.hash = maphash.Bytes(c.seed, src)
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries[key] {
		if bytes.Equal(e.src, src) {
			return &c.entries[key][i]
		}
	}
	return nil
}

func (c *gameCache) add(key gameKey, src []byte, start int, ga *gameAnalysis) {
	key.hash = maphash.Bytes(c.seed, src)
	c.entries[key] = append(c.entries[key], cacheEntry{src: src, start: start, ga: ga})
}

// replace makes next the cache's content.
func (c *gameCache) replace(next *gameCache) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.entries = next.entries
	c.mu.Unlock()
}
