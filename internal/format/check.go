package format

import (
	"bytes"
	"hash/fnv"

	"gamels/parse"
)

// sameMeaning reports whether out parses to what f (parsed from src)
// holds: the same layout, rules, games (sizes, moves, rows, QUIT),
// terminator, comments and number of errors.
func sameMeaning(kind parse.Kind, src []byte, f *parse.File, out []byte) bool {
	g := parse.Parse(kind, out)
	return signature(f, src) == signature(g, out)
}

// Equivalent reports whether a and b hold the same transcript of the
// given kind: the same layout, rules, games (sizes, moves, rows, QUIT),
// terminator, comments and number of errors, wherever they stand (the
// check Source makes of its own output). O(len(a) + len(b)).
func Equivalent(kind parse.Kind, a, b []byte) bool {
	return signature(parse.Parse(kind, a), a) == signature(parse.Parse(kind, b), b)
}

// signature hashes what a transcript means, leaving out where things are.
func signature(f *parse.File, src []byte) uint64 {
	h := fnv.New64a()
	w := func(b ...byte) { h.Write(b) }
	text := func(s parse.Span) { h.Write(src[s.Start:s.End]); w(0) }
	w(byte(f.Layout), byte(f.Rules), byte(len(f.Errors)), byte(len(f.Errors)>>8))
	if f.Layout == parse.LayoutCounted {
		text(f.Count.Span)
	}
	for _, g := range f.Games {
		w('G')
		text(g.N.Span)
		for _, m := range g.Moves {
			w(m.Dir, m.Line, m.Row, m.Col, b2b(m.Add))
		}
		w('E')
		for _, m := range g.Extra {
			w(m.Dir, m.Line, m.Row, m.Col, b2b(m.Add))
		}
		for _, r := range g.Rows {
			text(r.Span)
		}
		w(b2b(g.Quit.End > 0), b2b(g.HasErrors))
	}
	w(b2b(f.End.End > 0))
	for _, c := range f.Comments {
		// Comments keep their text; trailing blanks are not meaning.
		h.Write(bytes.TrimRight(src[c.Start:c.End], " \t\v\f"))
		w(0)
	}
	return h.Sum64()
}

func b2b(b bool) byte {
	if b {
		return 1
	}
	return 0
}
