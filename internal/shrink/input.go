package shrink

import (
	"bytes"
	"slices"
	"strconv"

	"gamels/analyze"
	"gamels/parse"
)

// An input is a candidate: the original's layout and a list of games.
type input struct {
	kind    parse.Kind
	counted bool        // Pousse: the UVa 844 count line
	rules   parse.Rules // Pousse: the file's own "# rules:" line, kept
	games   []game
}

// A game is a board size and its moves (Pousse, Spot) or rows (PATH),
// as the text of each token (the input's, or made by project). Its
// memory: 32 bytes, and 24 a token.
type game struct {
	n    int
	toks [][]byte // the moves (Pousse, Spot) or the rows (PATH)
}

// read takes the games of a well-formed input, as the parser streams
// them: memory is the games' tokens, not the parser's tree of the file.
func read(kind parse.Kind, src []byte) (*input, parse.ErrorList) {
	var games []game
	f := parse.Stream(kind, src, func(_ *parse.File, g *parse.Game) {
		ng := game{n: g.Size}
		if n := len(g.Moves) + len(g.Rows); n > 0 {
			ng.toks = make([][]byte, 0, n)
		}
		for i := range g.Moves {
			s := g.MoveSpan(i)
			ng.toks = append(ng.toks, src[s.Start:s.End:s.End])
		}
		for _, r := range g.Rows {
			ng.toks = append(ng.toks, src[r.Span.Start:r.Span.End:r.Span.End])
		}
		games = append(games, ng)
	})
	if len(f.Errors) > 0 {
		return nil, f.Errors
	}
	return &input{kind: kind, counted: f.Layout == parse.LayoutCounted, rules: f.Rules, games: slices.Clip(games)}, nil
}

// bytes writes the input in its layout.
func (in *input) bytes() []byte {
	var b bytes.Buffer
	if in.rules != parse.RulesDefault {
		b.WriteString("# rules: " + in.rules.String() + "\n")
	}
	if in.counted {
		b.WriteString(strconv.Itoa(len(in.games)) + "\n\n")
	}
	for i, g := range in.games {
		if i > 0 && in.counted || i > 0 && in.kind == parse.Path {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(g.n) + "\n")
		if in.kind == parse.Path {
			b.WriteByte('\n')
		}
		for _, t := range g.toks {
			b.Write(t)
			b.WriteByte('\n')
		}
		if in.kind == parse.Pousse {
			b.WriteString("QUIT\n")
		}
	}
	if in.kind != parse.Pousse {
		b.WriteString("0\n")
	}
	return b.Bytes()
}

// valid reports whether src is an input the contest could give: at least
// one game, no error, no illegal move even after the end. The games are
// streamed: memory is one game's.
func valid(kind parse.Kind, src []byte) bool {
	games, ok := 0, true
	f := parse.Stream(kind, src, func(f *parse.File, g *parse.Game) {
		games++
		ok = ok && len(analyze.Analyze(kind, g, f.EffectiveRules(parse.RulesDefault)).Issues) == 0
	})
	return ok && games > 0 && len(f.Errors) == 0
}

// with returns a copy of in whose games are those of keep, in order.
func (in *input) with(keep []int) *input {
	c := *in
	c.games = make([]game, len(keep))
	for i, k := range keep {
		c.games[i] = in.games[k]
	}
	return &c
}

// withGame returns a copy of in whose game i is g.
func (in *input) withGame(i int, g game) *input {
	c := *in
	c.games = append([]game(nil), in.games...)
	c.games[i] = g
	return &c
}

// moves counts the moves of all the games.
func (in *input) moves() int {
	if in.kind == parse.Path {
		return 0
	}
	n := 0
	for _, g := range in.games {
		n += len(g.toks)
	}
	return n
}

// area sums the board sizes of the games.
func (in *input) area() int {
	n := 0
	for _, g := range in.games {
		n += g.n
	}
	return n
}
