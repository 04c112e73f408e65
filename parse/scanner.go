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

// quote renders a token for an error message, shortened when long and
// with control characters escaped.
func quote(b []byte) string {
	const max = 24
	short := b
	if len(short) > max {
		short = short[:max]
	}
	out := make([]byte, 0, len(short)+5)
	out = append(out, '"')
	for _, c := range short {
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20 || c == 0x7f:
			const hex = "0123456789abcdef"
			out = append(out, '\\', 'x', hex[c>>4], hex[c&15])
		default:
			out = append(out, c)
		}
	}
	if len(short) < len(b) {
		out = append(out, "..."...)
	}
	return string(append(out, '"'))
}

// pousseMove reads a well-formed Pousse move in 1..size straight from the
// source when no token is buffered: blanks, then [LRTB] and one to three
// digits ending at a blank, a line end, a '#' or the end. Anything else
// leaves the lexer as it was and returns false, for the general path.
// This is the parser's hot loop: a few byte tests per move.
func (l *lexer) pousseMove(size int) (Move, bool) {
	if l.n != 0 || !fastPaths {
		return Move{}, false
	}
	src := l.sc.src
	i := l.sc.off
	for i < len(src) {
		c := src[i]
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			break
		}
		i++
	}
	if i+1 >= len(src) {
		return Move{}, false
	}
	switch src[i] {
	case 'L', 'R', 'T', 'B':
	default:
		return Move{}, false
	}
	start := i
	i++
	n := 0
	for i < len(src) && i-start <= 4 {
		c := src[i]
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
		i++
	}
	if i-start < 2 || i-start > 4 || n < 1 || n > size {
		return Move{}, false
	}
	if i < len(src) {
		switch src[i] {
		case ' ', '\n', '\t', '\r', '#', '\v', '\f':
		default:
			return Move{}, false
		}
	}
	l.sc.off = i
	l.sc.newline = false // the move is now the last token read
	return Move{Span: Span{start, i}, Dir: src[start], Line: uint8(n)}, true
}

// spotMove reads a well-formed Spot move `r c ±` with r and c in 1..size
// straight from the source when no token is buffered, the three tokens
// separated by blanks or line ends and the sign followed by a blank, a
// line end, a '#' or the end. Anything else leaves the lexer as it was and
// returns false, for the general path (which also says what is wrong).
func (l *lexer) spotMove(size int) (Move, bool) {
	if l.n != 0 || !fastPaths {
		return Move{}, false
	}
	src := l.sc.src
	i := l.sc.off
	skip := func() bool { // at least one blank or line end
		j := i
		for i < len(src) && (src[i] == ' ' || src[i] == '\n' || src[i] == '\t' || src[i] == '\r') {
			i++
		}
		return i > j
	}
	num := func() int { // 1..size, or 0
		n, j := 0, i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' && i-j < 3 {
			n = n*10 + int(src[i]-'0')
			i++
		}
		if i == j || n < 1 || n > size || (i < len(src) && src[i] >= '0' && src[i] <= '9') {
			return 0
		}
		return n
	}
	skip()
	start := i
	r := num()
	if r == 0 || !skip() {
		return Move{}, false
	}
	c := num()
	if c == 0 || !skip() || i >= len(src) || (src[i] != '+' && src[i] != '-') {
		return Move{}, false
	}
	sign := src[i]
	i++
	if i < len(src) {
		switch src[i] {
		case ' ', '\n', '\t', '\r', '#', '\v', '\f':
		default:
			return Move{}, false
		}
	}
	l.sc.off = i
	l.sc.newline = false
	return Move{Span: Span{start, i}, Row: uint8(r), Col: uint8(c), Add: sign == '+'}, true
}
