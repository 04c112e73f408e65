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

// Stream is ParseEach for a reader that keeps nothing of a game after
// each returns: the parser does not keep them either. The File returned
// holds no games and no comments (its other fields are as ParseEach sets
// them: the rules, their directive, the errors), and the Game handed to
// each, with its Moves, is valid only during the call: the parser reuses
// it and its moves' memory for the next game. Memory is then that of the
// largest game and the errors (at most MaxErrors), not of every game and
// comment: a file of a million one-move games needs no more than one of
// them. O(len(src)).
func Stream(kind Kind, src []byte, each func(*File, *Game)) *File {
	return parse(kind, src, each, modeReuse)
}

// The ways of parsing: keep every game (ParseEach), or forget each game
// once handed out and reuse its memory (Stream).
const (
	modeKeep = iota
	modeReuse
)

// ParseEach is Parse that also calls each with every game as soon as the
// game is complete (with all its errors known, and for Pousse the file's
// Rules set), in order and on the caller's goroutine, so that a caller can
// start working on the first games while the rest are read. each must not
// change the game.
//
// A source of 4 GiB or more is not parsed: the File then holds no game
// and one error, CodeTooLarge (a Move holds its place in 32 bits).
func ParseEach(kind Kind, src []byte, each func(*File, *Game)) *File {
	return parse(kind, src, each, modeKeep)
}

// parse is ParseEach or Stream, as mode says.
func parse(kind Kind, src []byte, each func(*File, *Game), mode int) *File {
	f := &File{Kind: kind, Size: len(src)}
	p := &parser{src: src, file: f, each: each, stream: mode != modeKeep, reuse: mode == modeReuse}
	if uint64(len(src)) > maxSource {
		p.errorf(nil, Span{}, CodeTooLarge, "the file is %d bytes: files of 4 GiB or more cannot be read", len(src))
		return f
	}
	if kind != Path {
		if !p.reuse { // Stream grows one block for its largest game
			p.moves.reserve(src)
		}
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
	// rulesErrors counts the errors about rules directives, which a
	// Pousse file with no game may have and still be "no game".
	rulesErrors int
	// stream and reuse are set by Stream: games are not kept in
	// file.Games, nor comments, and one Game (streamGame) and the moves'
	// block are reused. streamed counts the
	// games and firstStart is the first one's start.
	stream     bool
	reuse      bool
	streamGame Game
	streamed   int
	firstStart int
}

// games returns the number of games read so far.
func (p *parser) games() int {
	if p.stream {
		return p.streamed
	}
	return len(p.file.Games)
}

// firstGameStart returns where the file's first game starts, and false
// when there is none yet.
func (p *parser) firstGameStart() (int, bool) {
	if p.stream {
		return p.firstStart, p.streamed > 0
	}
	if len(p.file.Games) == 0 {
		return 0, false
	}
	return p.file.Games[0].Span.Start, true
}

// done hands a complete game to the each callback.
func (p *parser) done(g *Game) {
	if p.each != nil {
		p.each(p.file, g)
	}
	if p.reuse {
		p.moves.block = p.moves.block[:0] // the next game's moves go here
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
	var g *Game
	switch {
	case p.reuse:
		g = &p.streamGame
		*g = Game{}
	default:
		if len(p.gameBlock) == cap(p.gameBlock) {
			p.gameBlock = make([]Game, 0, min(max(p.games()-p.firstGame, 16), 1024))
		}
		p.gameBlock = p.gameBlock[:len(p.gameBlock)+1]
		g = &p.gameBlock[len(p.gameBlock)-1] // zero: blocks are new
	}
	g.Index, g.Span = p.games(), t.span
	v, ok := number(p.text(t.span))
	g.N = Number{Span: t.span, Value: v, OK: ok && v >= 0}
	if !p.stream {
		p.file.Games = append(p.file.Games, g)
		return g
	}
	if p.streamed == 0 {
		p.firstStart = t.span.Start
	}
	p.streamed++
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
