package lsp

import (
	"context"
	"slices"
	"sort"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// The semantic token legend. Standard token types only, so that every
// theme colours them:
//
//	keyword     QUIT, and the terminating 0 of Spot and PATH files
//	number      board sizes, the Pousse count line, Spot rows and columns
//	operator    the + and - of a Spot move
//	enumMember  a Pousse move (L2, T10, ...)
//	string      PATH W cells (a run of them is one token)
//	variable    PATH B cells
//	parameter   PATH U cells
//	comment     comments, `# rules:` lines included
//
// Modifiers: deprecated marks the moves after a game's end (not played,
// as the Unnecessary hints say); winningPath marks the PATH cells of the
// winning path, oneMoveWin the U cells where the side that can win in one
// move wins (custom modifiers: a client maps them to a style, e.g. VS
// Code's semanticTokenScopes).
var (
	tokenTypes = []string{
		string(protocol.SemanticTokenTypesKeyword),
		string(protocol.SemanticTokenTypesNumber),
		string(protocol.SemanticTokenTypesOperator),
		string(protocol.SemanticTokenTypesEnumMember),
		string(protocol.SemanticTokenTypesString),
		string(protocol.SemanticTokenTypesVariable),
		string(protocol.SemanticTokenTypesParameter),
		string(protocol.SemanticTokenTypesComment),
	}
	tokenModifiers = []string{string(protocol.SemanticTokenModifiersDeprecated), "winningPath", "oneMoveWin"}
)

// Indices into tokenTypes.
const (
	tokKeyword uint32 = iota
	tokNumber
	tokOperator
	tokMove
	tokWhite
	tokBlack
	tokEmpty
	tokComment
)

// Bits of tokenModifiers.
const (
	modNotPlayed uint32 = 1 << iota // deprecated
	modWinningPath
	modOneMoveWin
)

// A semToken is one token: a span on one line, its type and modifiers.
type semToken struct {
	span parse.Span
	typ  uint32
	mods uint32
}

// semanticTokens answers textDocument/semanticTokens/full: every token
// of the transcript that the parser recognised (malformed text is left to
// the grammar), encoded relative to the previous token in the
// negotiated position encoding. O(tokens); it looks at its context every
// checkEvery tokens, so that a cancellation stops it at once.
func semanticTokens(ctx context.Context, snap *snapshot, p *protocol.SemanticTokensParams) (any, error) {
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	toks, err := collectTokens(ctx, snap.text, snap.kind, fa, parse.Span{Start: 0, End: snap.text.Len()})
	if err != nil {
		return nil, err
	}
	data, err := encodeTokens(ctx, snap.Mapper(), toks)
	if err != nil {
		return nil, err
	}
	return &protocol.SemanticTokens{Data: data}, nil
}

// semanticTokensRange answers textDocument/semanticTokens/range: the
// tokens of semanticTokens that overlap the range, as a client asks for
// the lines it shows, so that an edit of a large document costs the
// screen, not the file. O(log games + tokens of the games in range +
// comments).
func semanticTokensRange(ctx context.Context, snap *snapshot, p *protocol.SemanticTokensRangeParams) (any, error) {
	if err := checkRange(p.Range); err != nil {
		return nil, err
	}
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	toks, err := collectTokens(ctx, snap.text, snap.kind, fa, m.Span(p.Range))
	if err != nil {
		return nil, err
	}
	data, err := encodeTokens(ctx, m, toks)
	if err != nil {
		return nil, err
	}
	return &protocol.SemanticTokens{Data: data}, nil
}

// collectTokens lists the tokens of a file that overlap win in order of
// position: those of the games, each game's in the order of its text,
// merged with the comments (in order too) and the count and end lines,
// so that no sort of the whole list is needed (one cannot be
// interrupted). Only the games that overlap win are read.
func collectTokens(ctx context.Context, text *textpos.Text, kind parse.Kind, fa *fileAnalysis, win parse.Span) ([]semToken, error) {
	f := fa.file
	in := func(sp parse.Span) bool { return sp.Len() > 0 && sp.End > win.Start && sp.Start < win.End }
	var games []semToken
	steps := 0
	add := func(sp parse.Span, typ, mods uint32) {
		if in(sp) {
			games = append(games, semToken{sp, typ, mods})
		}
	}
	first := sort.Search(len(fa.games), func(i int) bool { return fa.games[i].game.Span.End >= win.Start })
	for _, ga := range fa.games[first:] {
		g := ga.game
		if g.Span.Start > win.End {
			break
		}
		first := len(games)
		add(g.N.Span, tokNumber, 0)
		played := len(g.Moves)
		if r := ga.result(); r != nil && r.End >= 0 {
			played = r.End + 1
		}
		for i := range g.Moves {
			if steps++; stopped(ctx, steps) {
				return nil, ctx.Err()
			}
			span := g.MoveSpan(i)
			var mods uint32
			if i >= played {
				mods = modNotPlayed
			}
			if kind == parse.Pousse {
				add(span, tokMove, mods)
				continue
			}
			if in(span) {
				n := len(games)
				games = spotTokens(games, text, span, mods)
				kept := slices.DeleteFunc(games[n:], func(t semToken) bool { return !in(t.span) })
				games = games[:n+len(kept)]
			}
		}
		marks := newCellMarks(ga.path)
		for i, r := range g.Rows {
			if steps++; stopped(ctx, steps) {
				return nil, ctx.Err()
			}
			if r.Span.Len() != len(r.Cells) {
				continue // non-ASCII text in the row: an error
			}
			for j := 0; j < len(r.Cells); {
				c, mods := r.Cells[j], marks.at(i+1, j+1)
				k := j + 1
				for k < len(r.Cells) && r.Cells[k] == c && marks.at(i+1, k+1) == mods {
					k++
				}
				if t, ok := cellTokens[c]; ok {
					add(parse.Span{Start: r.Span.Start + j, End: r.Span.Start + k}, t, mods)
				}
				j = k
			}
		}
		add(g.Quit, tokKeyword, 0)
		// A game's tokens are in the order of its text; should a
		// recovered parse place them otherwise, this game's alone are
		// sorted.
		own := games[first:]
		if !slices.IsSortedFunc(own, byStart) {
			slices.SortFunc(own, byStart)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// The rest: the comments, the count line and the end line.
	rest := make([]semToken, 0, len(f.Comments)+2)
	for _, c := range f.Comments {
		if in(c) {
			rest = append(rest, semToken{c, tokComment, 0})
		}
	}
	for _, t := range []semToken{{f.End, tokKeyword, 0}, {f.Count.Span, tokNumber, 0}} {
		if !in(t.span) || (t.typ == tokNumber && f.Layout != parse.LayoutCounted) {
			continue
		}
		i, _ := slices.BinarySearchFunc(rest, t, byStart)
		rest = slices.Insert(rest, i, t)
	}
	if !slices.IsSortedFunc(rest, byStart) {
		slices.SortFunc(rest, byStart)
	}
	if len(rest) == 0 {
		return games, nil
	}

	out := make([]semToken, 0, len(games)+len(rest))
	i, j := 0, 0
	for i < len(games) || j < len(rest) {
		if steps++; stopped(ctx, steps) {
			return nil, ctx.Err()
		}
		if j == len(rest) || (i < len(games) && games[i].span.Start <= rest[j].span.Start) {
			out = append(out, games[i])
			i++
		} else {
			out = append(out, rest[j])
			j++
		}
	}
	return out, nil
}

func byStart(a, b semToken) int { return a.span.Start - b.span.Start }

// cellMarks gives the modifiers of the cells of a PATH board.
type cellMarks struct {
	res   *analyze.PathGame
	inOne map[analyze.Cell]bool
}

// newCellMarks prepares the marks of res (nil for no marks). O(cells
// marked).
func newCellMarks(res *analyze.PathGame) cellMarks {
	cm := cellMarks{res: res}
	if res == nil {
		return cm
	}
	if cells := res.OneMoveWins(); len(cells) > 0 {
		cm.inOne = make(map[analyze.Cell]bool, len(cells))
		for _, c := range cells {
			cm.inOne[c] = true
		}
	}
	return cm
}

// at returns the modifiers of the cell at the 1-based row and column.
// O(1).
func (cm cellMarks) at(row, col int) uint32 {
	if cm.res == nil {
		return 0
	}
	c := analyze.Cell{Row: row, Col: col}
	var mods uint32
	if cm.res.OnPath(c) {
		mods |= modWinningPath
	}
	if cm.inOne[c] {
		mods |= modOneMoveWin
	}
	return mods
}

// cellTokens gives the token type of each kind of PATH cell.
var cellTokens = map[byte]uint32{parse.CellWhite: tokWhite, parse.CellBlack: tokBlack, parse.CellEmpty: tokEmpty}

// spotTokens appends the three tokens of the Spot move at sp (row,
// column, sign), skipping blanks and comments between them.
func spotTokens(out []semToken, text *textpos.Text, sp parse.Span, mods uint32) []semToken {
	types := [3]uint32{tokNumber, tokNumber, tokOperator}
	src := text.Slice(sp.Start, sp.End) // no copy unless the move spans two chunks
	n := 0
	for i := 0; i < len(src) && n < 3; {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		default:
			j := i
			for j < len(src) && !isTokenSpace(src[j]) && src[j] != '#' {
				j++
			}
			out = append(out, semToken{parse.Span{Start: sp.Start + i, End: sp.Start + j}, types[n], mods})
			n++
			i = j
		}
	}
	return out
}

func isTokenSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// encodeTokens writes tokens, in order and each on one line, as the
// protocol's relative integers: line delta, start delta (from the
// previous token's start on the same line), length, type, modifiers.
func encodeTokens(ctx context.Context, m *Mapper, toks []semToken) ([]uint32, error) {
	data := make([]uint32, 0, 5*len(toks))
	var line, char uint32
	for i, t := range toks {
		if stopped(ctx, i) {
			return nil, ctx.Err()
		}
		a, b := m.Position(t.span.Start), m.Position(t.span.End)
		if b.Line != a.Line {
			continue // tokens never span lines; be safe
		}
		dl, dc := a.Line-line, a.Character
		if dl == 0 {
			dc = a.Character - char
		}
		data = append(data, dl, dc, b.Character-a.Character, t.typ, t.mods)
		line, char = a.Line, a.Character
	}
	return data, nil
}
