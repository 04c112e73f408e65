package parse

import (
	"math"
	"strconv"
	"strings"
)

// Pousse limits.
const (
	PousseMinN = 1
	PousseMaxN = 100
)

// pousse parses a Pousse file: an optional count line (UVa layout, told
// apart by its first two tokens both being numbers), then games, each `N`,
// moves, `QUIT`.
func (p *parser) pousse() {
	f := p.file
	lx := newLexer(p.src, &f.Comments)
	if p.stream {
		lx.sc.onComment = p.rulesComment // nothing kept: see Stream
	}
	if t0, ok := lx.peek(0); ok && p.isNumber(t0) {
		if t1, ok := lx.peek(1); ok && p.isNumber(t1) {
			lx.next()
			v, _ := number(p.text(t0.span))
			f.Layout = LayoutCounted
			f.Count = Number{Span: t0.span, Value: v, OK: v >= 0}
		}
	}
	for {
		t, ok := lx.next()
		if !ok {
			break
		}
		if !p.isNumber(t) {
			p.errorf(nil, t.span, CodeExpectedSize, "expected a board size N to start a game, found %s", quote(p.text(t.span)))
			continue
		}
		if p.games() == 0 {
			p.pousseRules() // the comments before the first game
		}
		p.done(p.pousseGame(lx, t))
	}
	if p.games() == 0 && f.Layout == LayoutPlain && p.nerrors == p.rulesErrors {
		p.errorf(nil, Span{len(p.src), len(p.src)}, CodeNoGame, "no game: a Pousse game is a board size N, moves, then QUIT")
	}
	if f.Layout == LayoutCounted && f.Count.Value != p.games() {
		p.errorf(nil, f.Count.Span, CodeCountMismatch, "the count line says %s but the file has %d", Plural(max(f.Count.Value, 0), "game"), p.games())
	}
	p.pousseRules()
}

// pousseGame parses one game from its size token to QUIT, or to the next
// game's size when QUIT is missing.
func (p *parser) pousseGame(lx *lexer, header token) *Game {
	g := p.newGame(header)
	p.checkSize(g, PousseMinN, PousseMaxN)
	last := header.span
	for {
		// The common case first: a run of well-formed moves read
		// straight from the bytes, with no token buffered.
		if p.fastMoves(lx, g, math.MaxInt, pousseScan) > 0 {
			last = g.MoveSpan(len(g.Moves) - 1)
		}
		t, ok := lx.peek(0)
		if !ok {
			p.errorf(g, last, CodeMissingQuit, "missing QUIT: game %d ends without it", g.Index+1)
			return g
		}
		text := p.text(t.span)
		if c := text[0]; c >= '0' && c <= '9' && p.isNumber(t) {
			p.errorf(g, last, CodeMissingQuit, "missing QUIT: game %d ends here, before the next game's size %s", g.Index+1, text)
			return g
		}
		lx.next()
		g.extend(t.span)
		last = t.span
		if m, ok := pousseFastMove(text, g.Size); ok {
			g.Moves = p.moves.add(g.Moves, g.at(m, t.span))
			continue
		}
		if string(text) == "QUIT" {
			g.Quit = t.span
			return g
		}
		if strings.EqualFold(string(text), "QUIT") {
			p.errorf(g, t.span, CodeLowercaseQuit, "%s: the end of a game is written QUIT, in capitals", quote(text))
			g.Quit = t.span
			return g
		}
		if m, ok := p.pousseMove(g, t.span, text); ok {
			g.Moves = p.moves.add(g.Moves, g.at(m, t.span))
		}
	}
}

// pousseScan is the moveScanner of Pousse. A move is blanks or line
// ends, then [LRTB] and one to three digits followed by whitespace, a
// line end or a '#'. Moves in the last four bytes of src are left to the
// general path.
//
// This is the Pousse parser's hot loop, O(1) per byte, one byte at a
// time through fastClass. Reading the usual layouts eight bytes at a
// time, as spotScan does, saved no CPU time in a judge of a whole file,
// of which this scan is about a tenth.
func pousseScan(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	for ; limit > 0 && len(dst) < cap(dst); limit-- {
		k := i
		for k < len(src) && fastClass[src[k]]&classSkip != 0 {
			k++
		}
		if k+5 > len(src) {
			break
		}
		w := src[k : k+5 : k+5] // the move and its terminator, at most
		d := w[0]
		c := w[1] - '0'
		if fastClass[d]&classDir == 0 || c > 9 {
			break
		}
		n, end := int(c), 2
		if c := w[2] - '0'; c <= 9 {
			n, end = n*10+int(c), 3
			if c := w[3] - '0'; c <= 9 {
				n, end = n*10+int(c), 4
			}
		}
		if fastClass[w[end]]&classEnd == 0 || n < 1 || n > size {
			break
		}
		i = k + end
		dst = dst[:len(dst)+1]
		dst[len(dst)-1] = Move{off: uint32(k - base), n: uint16(end), mv: mvPousse | uint16(fastClass[d]>>classDirShift)<<mvDirShift | uint16(n)}
	}
	return dst, i
}

// pousseFastMove recognises a well-formed, in-range move token; anything
// else goes the slow way, which says what is wrong.
func pousseFastMove(text []byte, size int) (Move, bool) {
	if len(text) < 2 || len(text) > 4 {
		return Move{}, false
	}
	switch text[0] {
	case 'L', 'R', 'T', 'B':
	default:
		return Move{}, false
	}
	n := 0
	for _, c := range text[1:] {
		if c < '0' || c > '9' {
			return Move{}, false
		}
		n = n*10 + int(c-'0')
	}
	if n < 1 || n > size {
		return Move{}, false
	}
	return Move{mv: mvPousse | uint16(pousseDir(text[0]))<<mvDirShift | uint16(n)}, true
}

// pousseMove checks one move token. It reports what is wrong and returns
// ok false for a malformed move.
func (p *parser) pousseMove(g *Game, span Span, text []byte) (Move, bool) {
	dir := text[0]
	if !strings.ContainsRune("LRTB", rune(dir)) {
		if strings.ContainsRune("lrtb", rune(dir)) {
			if _, ok := number(text[1:]); ok {
				p.errorf(g, span, CodeLowercaseMove, "unknown move %s: the side is written in capitals (%c%s)", quote(text), dir-'a'+'A', text[1:])
				return Move{}, false
			}
		}
		p.errorf(g, span, CodeUnknownMove, "unknown move %s: a move is L, R, T or B followed by a row or column number, such as L2", quote(text))
		return Move{}, false
	}
	what := "row"
	if dir == 'T' || dir == 'B' {
		what = "column"
	}
	if len(text) == 1 {
		p.errorf(g, span, CodeIncompleteMove, "move %c is missing its %s number%s", dir, what, p.pousseRange(g, dir))
		return Move{}, false
	}
	n, ok := number(text[1:])
	if !ok {
		p.errorf(g, span, CodeUnknownMove, "unknown move %s: %c must be followed by a %s number%s", quote(text), dir, what, p.pousseRange(g, dir))
		return Move{}, false
	}
	if g.Size == 0 {
		return Move{}, false // the size is unusable: nothing to replay
	}
	if n < 1 || n > g.Size {
		shown := string(text[1:])
		if n >= 0 {
			shown = strconv.Itoa(n)
		}
		p.errorf(g, span, outOfRange(what), "%s %s is out of range: on a %dx%d board %c takes %s 1 to %d", what, shown, g.Size, g.Size, dir, what, g.Size)
		return Move{}, false
	}
	return Move{mv: mvPousse | uint16(pousseDir(dir))<<mvDirShift | uint16(n)}, true
}

// pousseRange says which numbers a move may take, when the size is known.
func (p *parser) pousseRange(g *Game, dir byte) string {
	if g.Size == 0 {
		return ""
	}
	if g.Size == 1 {
		return " (" + string(dir) + "1)"
	}
	return " (" + string(dir) + "1 to " + string(dir) + strconv.Itoa(g.Size) + ")"
}

// pousseRules reads the `# rules:` directives among the comments not yet
// looked at. It runs when the first game starts, so that the rule set is
// known before any game is handed out, and at the end, when any further
// directive is after the first game: an error. An unknown rule set and a
// second directive are errors too.
func (p *parser) pousseRules() {
	for ; p.rulesSeen < len(p.file.Comments); p.rulesSeen++ {
		p.rulesComment(p.file.Comments[p.rulesSeen])
	}
}

// rulesComment looks at one comment for a `# rules:` directive (see
// pousseRules).
func (p *parser) rulesComment(c Span) {
	f := p.file
	name, ok := rulesDirective(p.text(c))
	if !ok {
		return
	}
	firstStart, first := p.firstGameStart()
	p.rulesErrors++ // undone below when the directive is good
	switch {
	case first && c.Start > firstStart:
		p.errorf(nil, c, CodeMisplacedRules, "a rules line must come before the first game")
	case f.RulesSpan != (Span{}):
		p.errorf(nil, c, CodeDuplicateRules, "the rule set is already chosen on an earlier line")
	default:
		r, ok := ParseRules(name)
		if !ok {
			p.errorf(nil, c, CodeUnknownRules, "unknown rule set %s: the rules are contest or icfp", quote([]byte(name)))
			return
		}
		f.Rules, f.RulesSpan = r, c
		p.rulesErrors--
	}
}

// rulesDirective recognises a comment "# rules: NAME" (spaces free) and
// returns NAME.
func rulesDirective(c []byte) (string, bool) {
	s := strings.TrimSpace(strings.TrimPrefix(string(c), "#"))
	rest, ok := strings.CutPrefix(s, "rules")
	if !ok {
		return "", false
	}
	rest, ok = strings.CutPrefix(strings.TrimSpace(rest), ":")
	if !ok {
		return "", false
	}
	return strings.TrimSpace(rest), true
}
