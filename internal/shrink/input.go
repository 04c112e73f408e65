package shrink

import (
	"bytes"
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
// as the text of each token.
type game struct {
	n     int
	moves [][]byte
	rows  [][]byte
}

// read takes the games of a well-formed input.
func read(kind parse.Kind, src []byte) (*input, parse.ErrorList) {
	f := parse.Parse(kind, src)
	if len(f.Errors) > 0 {
		return nil, f.Errors
	}
	in := &input{kind: kind, counted: f.Layout == parse.LayoutCounted, rules: f.Rules}
	for _, g := range f.Games {
		ng := game{n: g.Size}
		for i := range g.Moves {
			s := g.MoveSpan(i)
			ng.moves = append(ng.moves, src[s.Start:s.End])
		}
		for _, r := range g.Rows {
			ng.rows = append(ng.rows, src[r.Span.Start:r.Span.End])
		}
		in.games = append(in.games, ng)
	}
	return in, nil
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
		for _, m := range g.moves {
			b.Write(m)
			b.WriteByte('\n')
		}
		for _, r := range g.rows {
			b.Write(r)
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
// one game, no error, no illegal move even after the end.
func valid(kind parse.Kind, src []byte) bool {
	f := parse.Parse(kind, src)
	if len(f.Errors) > 0 || len(f.Games) == 0 {
		return false
	}
	for _, g := range f.Games {
		if len(analyze.Analyze(kind, g, f.EffectiveRules(parse.RulesDefault)).Issues) > 0 {
			return false
		}
	}
	return true
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
	n := 0
	for _, g := range in.games {
		n += len(g.moves)
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
