package parse

// token is one whitespace-delimited word of the source.
type token struct {
	span Span
	bol  bool // first token on its line
	eol  bool // last token on its line (a comment may follow)
}

// scanner splits a source into tokens, recording comments as it goes.
// Whitespace is space, tab, vertical tab, form feed and the line ends
// "\n", "\r\n" and a lone "\r". A '#' starts a comment that runs to the
// end of the line, also in the middle of a word.
//
// Scanning is O(1) per byte and allocates nothing but the comment list.
type scanner struct {
	src      []byte
	off      int
	newline  bool // a line end was passed since the last token
	comments *[]Span
	// onComment, when set (by Stream), receives each comment instead of
	// comments.
	onComment func(Span)
}

func newScanner(src []byte, comments *[]Span) scanner {
	return scanner{src: src, newline: true, comments: comments}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f'
}

func isLineEnd(c byte) bool { return c == '\n' || c == '\r' }

// skipComment moves past a comment starting at s.off (a '#'), up to but
// not including its line end.
func (s *scanner) skipComment() {
	start := s.off
	for s.off < len(s.src) && !isLineEnd(s.src[s.off]) {
		s.off++
	}
	if s.onComment != nil {
		s.onComment(Span{start, s.off})
		return
	}
	*s.comments = append(*s.comments, Span{start, s.off})
}

// next returns the next token; ok is false at the end of the source.
func (s *scanner) next() (t token, ok bool) {
	src := s.src
	for s.off < len(src) {
		c := src[s.off]
		switch {
		case isSpace(c):
			s.off++
			continue
		case isLineEnd(c):
			s.newline = true
			s.off++
			continue
		case c == '#':
			s.skipComment()
			continue
		}
		break
	}
	if s.off >= len(src) {
		return token{}, false
	}
	start := s.off
	for s.off < len(src) {
		c := src[s.off]
		if isSpace(c) || isLineEnd(c) || c == '#' {
			break
		}
		s.off++
	}
	t = token{span: Span{start, s.off}, bol: s.newline}
	s.newline = false
	// Look past blanks for the end of the line.
	i := s.off
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	t.eol = i == len(src) || isLineEnd(src[i]) || src[i] == '#'
	return t, true
}

// fastPaths enables the byte-level readers of well-formed moves; the
// tests turn it off to check that the general path parses the same.
var fastPaths = true

// lexer is a scanner with a lookahead buffer of a few tokens.
type lexer struct {
	sc  scanner
	buf [4]token
	n   int // tokens buffered
}

func newLexer(src []byte, comments *[]Span) *lexer {
	return &lexer{sc: newScanner(src, comments)}
}

// peek returns the i-th token ahead (0 is the next one) without consuming
// it; ok is false past the end of the source. i must be below len(buf).
func (l *lexer) peek(i int) (token, bool) {
	for l.n <= i {
		t, ok := l.sc.next()
		if !ok {
			return token{}, false
		}
		l.buf[l.n] = t
		l.n++
	}
	return l.buf[i], true
}

// next consumes and returns the next token.
func (l *lexer) next() (token, bool) {
	t, ok := l.peek(0)
	if ok {
		copy(l.buf[:], l.buf[1:l.n])
		l.n--
	}
	return t, ok
}

// maxNumber caps the numbers the parsers read: anything larger is out of
// range for every format, and capping keeps arithmetic from overflowing.
const maxNumber = 1_000_000_000

// number parses the token as a decimal number. ok is false when the token
// is not all digits; a number above maxNumber yields value -1 (too large).
func number(b []byte) (value int, ok bool) {
	if len(b) == 0 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		if value >= 0 {
			value = value*10 + int(c-'0')
			if value > maxNumber {
				value = -1
			}
		}
	}
	return value, true
}

// A moveScanner appends to dst, up to its capacity and at most limit
// moves, the well-formed moves in 1..size that follow offset i in src,
// placed in a game starting at offset base, and returns dst and the
// offset after the last move read. It stops
// before the first thing that is not such a move, which the general path
// then reads (and says what is wrong). pousseScan and spotScan are the
// two; they take no pointer to the parser or lexer, so that their state
// stays in registers.
type moveScanner func(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int)

// fastMoves reads a run of at most limit well-formed moves of g straight
// from the source with scan, when no token is buffered, appending them
// to g.Moves and growing g.Span. It returns the number of moves read.
//
// This is the parsers' hot path: the position and the arena block are
// kept in locals and written back once per run, so that the loop over
// the moves makes no calls and no pointer writes (no GC write barriers).
func (p *parser) fastMoves(lx *lexer, g *Game, limit int, scan moveScanner) int {
	if lx.n != 0 || !fastPaths || limit <= 0 {
		return 0
	}
	block := p.moves.block
	first := len(block) - len(g.Moves) // g.Moves is the tail of block
	read := 0
	i := lx.sc.off
	for {
		n := len(block)
		block, i = scan(lx.sc.src, i, g.Span.Start, g.Size, block, limit-read)
		read += len(block) - n
		if len(block) < cap(block) || read == limit {
			break
		}
		// The block is full: start a new one, carry over the game's
		// moves and go on.
		p.moves.block = block
		block = p.moves.grow(block[first:])
		first = 0
	}
	p.moves.block = block
	if len(block) > first { // else g.Moves stays nil
		g.Moves = block[first:len(block):len(block)]
	}
	if read > 0 {
		g.extend(g.span(block[len(block)-1]))
		lx.sc.off = i
		lx.sc.newline = false // the move is now the last token read
	}
	return read
}

// fastClass classifies bytes for the fast move readers.
var fastClass = [256]uint8{
	' ': classSkip | classEnd, '\t': classSkip | classEnd,
	'\n': classSkip | classEnd, '\r': classSkip | classEnd,
	'\v': classEnd, '\f': classEnd, '#': classEnd,
	'L': classDir | 0<<classDirShift, 'R': classDir | 1<<classDirShift,
	'T': classDir | 2<<classDirShift, 'B': classDir | 3<<classDirShift,
}

const (
	classSkip = 1 << iota // skipped between tokens: space, tab, line ends
	classEnd              // may follow a move: whitespace, line ends, '#'
	classDir              // starts a Pousse move: L, R, T, B

	// classDirShift: a direction's index in pousseDirs is in the two
	// bits from there.
	classDirShift = 3
)
