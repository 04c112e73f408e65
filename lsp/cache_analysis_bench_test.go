package lsp

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"gamels/internal/textpos"
	"gamels/lsp/wire"
	"gamels/parse"
)

// bigPousse returns about 10 MB of Pousse games in the Waterloo layout,
// the 2000 random games of the contest data repeated.
func bigPousse(b *testing.B) []byte {
	src, err := os.ReadFile("../testdata/contest/random/uva844_random2000.in")
	if err != nil {
		b.Skip(err)
	}
	// Drop the count line: the games back to back.
	src = src[bytes.IndexByte(src, '\n')+1:]
	return bytes.Repeat(src, 10<<20/len(src)+1)
}

// BenchmarkAnalyzeFile measures parsing and analysing a 10 MB file from
// scratch, and again after an edit in one game with the per-game cache.
func BenchmarkAnalyzeFile(b *testing.B) {
	text := bigPousse(b)
	b.Run("fresh", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			analyzeFile(parse.Pousse, textpos.FromBytes(text), parse.RulesContest, newGameCache(), nil)
		}
	})
	b.Run("one game edited", func(b *testing.B) {
		// Versions that differ by a comment inside one game near the
		// middle; each iteration analyses the next version with the cache
		// of the previous one, so exactly one game is new each time.
		// The versions are Texts made by Edit, as the server makes them
		// from didChange: they share their untouched chunks.
		i := bytes.Index(text[len(text)/2:], []byte("\nL1\n")) + len(text)/2 + 1
		base := textpos.FromBytes(text)
		var versions [3]*textpos.Text
		for k := range versions {
			versions[k] = base.Edit(i, i, fmt.Appendf(nil, "# edit %d\n", k))
		}
		cache := newGameCache()
		analyzeFile(parse.Pousse, versions[0], parse.RulesContest, cache, nil)
		b.SetBytes(int64(len(text)))
		n, reused, games := 0, 0, 0
		for b.Loop() {
			n++
			fa := analyzeFile(parse.Pousse, versions[n%3], parse.RulesContest, cache, nil)
			reused += fa.reused
			games += len(fa.games)
		}
		b.ReportMetric(float64(games-reused)/float64(n), "games-analysed/op")
		b.ReportMetric(float64(games)/float64(n), "games")
	})
}

// BenchmarkDiagnostics measures turning an analysed 10 MB file into
// protocol diagnostics (one per game end, plus unplayed moves).
func BenchmarkDiagnostics(b *testing.B) {
	text := bigPousse(b)
	snap := &snapshot{snapshotSpec: snapshotSpec{kind: parse.Pousse, text: textpos.FromBytes(text), enc: UTF16}}
	fa, err := snap.Analysis()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	var n int
	for b.Loop() {
		n = len(computeDiagnostics(snap, fa))
	}
	b.ReportMetric(float64(n), "diagnostics")
}

// BenchmarkApplyChange measures one incremental change of a 10 MB
// document: locate the range, splice.
func BenchmarkApplyChange(b *testing.B) {
	text := bigPousse(b)
	change := []wire.TextChange{{Range: rng(100000, 0, 100000, 2), Text: "R1"}}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		// A fresh snapshot each time: the line index is part of the cost
		// (in the server it is usually built already, for diagnostics).
		old := &snapshot{snapshotSpec: snapshotSpec{text: textpos.FromBytes(text), enc: UTF16}}
		if _, ok := applyChanges(old, change); !ok {
			b.Fatal("not in sync")
		}
	}
}

// BenchmarkEditLatency measures, through the protocol in process, the time
// from an edit of one move of a 10 MB document to the publication of its
// diagnostics (the debounce is 5ms here).
func BenchmarkEditLatency(b *testing.B) {
	text := bigPousse(b)
	c := startServer(b, nil)
	c.initialize(nil, "")
	const u = "file:///big.pousse"
	c.open(u, 1, string(text))
	p := c.waitVersion(u, 1)
	b.ReportMetric(float64(len(p.Diagnostics)), "diagnostics")
	m := testMapper(text, UTF16)
	line := m.Line(len(text) / 2)
	for m.LineSpan(line).Len() != 2 || text[m.LineSpan(line).Start] == 'Q' {
		line++ // a move line
	}
	moves := []string{"L1", "R1"}
	v := int32(1)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		v++
		c.change(u, v, partial(rng(uint32(line), 0, uint32(line), 2), moves[v%2]))
		c.waitVersion(u, v)
	}
}
