package parse

import "fmt"

// maxSource is the length of the longest source Parse reads: a Move
// holds its offset in its game in 32 bits. A variable so that a test can
// check the limit without a 4 GiB source.
var maxSource uint64 = 1<<32 - 1

// Parse reads src as a transcript of the given kind. It always returns a
// File; File.Errors lists every problem found, sorted by position.
func Parse(kind Kind, src []byte) *File {
	return ParseEach(kind, src, nil)
}

// ParseEach is Parse that also calls each with every game as soon as the
// game is complete (with all its errors known, and for Pousse the file's
// Rules set), in order and on the caller's goroutine, so that a caller can
// start working on the first games while the rest are read. each must not
// change the game.
//
// A source of 4 GiB or more is not parsed: the File then holds no game
// and one error, CodeTooLarge (a Move holds its place in 32 bits).
func ParseEach(kind Kind, src []byte, each func(*File, *Game)) *File {
	f := &File{Kind: kind, Size: len(src)}
	p := &parser{src: src, file: f, each: each}
	if uint64(len(src)) > maxSource {
		p.errorf(nil, Span{}, CodeTooLarge, "the file is %d bytes: files of 4 GiB or more cannot be read", len(src))
		return f
	}
	if kind != Path {
		p.moves.reserve(src)
	}
	switch kind {
	case Pousse:
		p.pousse()
	case Spot:
		p.spot()
	case Path:
		p.path()
	default:
		p.errorf(nil, Span{}, CodeBadKind, "unknown transcript kind")
	}
	f.Errors.Sort()
	return f
}

// parser holds what the three format parsers share: the source, the file
// being built and the error count.
type parser struct {
	src     []byte
	file    *File
	nerrors int
	moves   moveArena
	// cellBlock holds the cells of PATH rows (see cells).
	cellBlock []byte
	// gameBlock holds the games (see newGame); firstGame is the number
	// of games the file had when this parser started (Reparse's lo).
	gameBlock []Game
	firstGame int
	// each, when set, receives every game as soon as it is complete.
	each      func(*File, *Game)
	rulesSeen int // comments looked at for a `# rules:` directive
}

// done hands a complete game to the each callback.
func (p *parser) done(g *Game) {
	if p.each != nil {
		p.each(p.file, g)
	}
}

func (p *parser) text(s Span) []byte { return p.src[s.Start:s.End] }

// errorf records an error at span and marks game, when not nil, as
// having errors.
func (p *parser) errorf(g *Game, span Span, code Code, format string, args ...any) {
	if g != nil {
		g.HasErrors = true
	}
	p.nerrors++
	switch {
	case p.nerrors <= MaxErrors:
		p.file.Errors = append(p.file.Errors, &Error{Span: span, Code: code, Msg: fmt.Sprintf(format, args...)})
	case p.nerrors == MaxErrors+1:
		p.file.Errors = append(p.file.Errors, &Error{Span: span, Code: CodeTooManyErrors, Msg: fmt.Sprintf("too many errors: the first %d are listed", MaxErrors)})
	}
}

// newGame starts a game at its size token. Games are taken from blocks
// (gameBlock) of 16 to 1024 games, as many as this parse has read: one
// allocation per block instead of one per game, which halves the time of
// parsing a file of a million one-move games.
func (p *parser) newGame(t token) *Game {
	if len(p.gameBlock) == cap(p.gameBlock) {
		p.gameBlock = make([]Game, 0, min(max(len(p.file.Games)-p.firstGame, 16), 1024))
	}
	p.gameBlock = p.gameBlock[:len(p.gameBlock)+1]
	g := &p.gameBlock[len(p.gameBlock)-1]
	g.Index, g.Span = len(p.file.Games), t.span // the rest is zero: blocks are new
	v, ok := number(p.text(t.span))
	g.N = Number{Span: t.span, Value: v, OK: ok && v >= 0}
	p.file.Games = append(p.file.Games, g)
	return g
}

// checkSize validates the game's size against [lo, hi] and sets Size.
func (p *parser) checkSize(g *Game, lo, hi int) {
	if g.N.OK && g.N.Value >= lo && g.N.Value <= hi {
		g.Size = g.N.Value
		return
	}
	if g.N.OK {
		p.errorf(g, g.N.Span, CodeBadSize, "board size %d is out of range: N must be between %d and %d", g.N.Value, lo, hi)
	} else {
		p.errorf(g, g.N.Span, CodeBadSize, "board size %s is out of range: N must be between %d and %d", p.text(g.N.Span), lo, hi)
	}
	g.N.OK = false
}

// extend grows the game's span to cover s.
func (g *Game) extend(s Span) {
	if s.End > g.Span.End {
		g.Span.End = s.End
	}
}

// isNumber reports whether the token is all digits.
func (p *parser) isNumber(t token) bool {
	_, ok := number(p.text(t.span))
	return ok
}
