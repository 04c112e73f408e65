package parse

import "strconv"

// Spot limits.
const (
	SpotMinN = 2
	SpotMaxN = 50
)

// spot parses a Spot file: games `N` followed by exactly 2N moves
// `r c +` or `r c -`, and a final `0`.
//
// Tokens are read freely across lines as the contest does: after a
// game's 2N well-formed moves the next number is the next game's size
// (or the final 0), wherever the line breaks fall, so that a size sharing
// a line with moves, or a whole file on one line, reads as the contest
// reads it. The count of 2N is what makes the token stream unambiguous.
// Line breaks only help recovery from malformed input: a number alone on
// its line that does not begin a well-formed move ends a game that is
// short of moves (or whose moves include malformed ones, which make the
// count unreliable), and a line that is exactly a move `r c ±` after the
// 2N moves is an extra move (no game can begin with such a line: its size
// would be followed by `c ±`, not by a move).
func (p *parser) spot() {
	lx := newLexer(p.src, &p.file.Comments)
	if p.stream {
		lx.sc.onComment = func(Span) {} // nothing kept: see Stream
	}
	p.spotLoop(lx, nil)
}

// spotLoop reads games from lx to the end of the source or its
// terminating 0. after, when not nil, is called after each game; the
// loop stops there when it returns true (parse.Reparse: where the old
// and new parses agree, or the end of its window).
func (p *parser) spotLoop(lx *lexer, after func() bool) {
	f := p.file
	last := Span{}
	for {
		t, ok := lx.next()
		if !ok {
			p.errorf(nil, Span{last.End, last.End}, CodeMissingEnd, "missing the terminating 0: a Spot file ends with a line 0")
			return
		}
		if !p.isNumber(t) {
			p.errorf(nil, t.span, CodeExpectedSize, "expected a board size N or the terminating 0, found %s", quote(p.text(t.span)))
			last = t.span
			continue
		}
		if v, _ := number(p.text(t.span)); v == 0 {
			f.End = t.span
			p.trailing(lx)
			return
		}
		g := p.spotGame(lx, t)
		p.done(g)
		last = g.Span
		if after != nil && after() {
			return
		}
	}
}

// trailing reports text after a file's terminating 0.
func (p *parser) trailing(lx *lexer) {
	if t, ok := lx.next(); ok {
		p.errorf(nil, t.span, CodeTextAfterEnd, "unexpected text after the terminating 0")
	}
}

// spotSign reports whether the token is a move's sign.
func (p *parser) spotSign(t token) bool {
	s := p.text(t.span)
	return len(s) == 1 && (s[0] == '+' || s[0] == '-')
}

// spotMoveAhead reports whether the next three tokens have the shape of a
// move: number, number, sign.
func (p *parser) spotMoveAhead(lx *lexer) bool {
	for i := 0; i < 3; i++ {
		t, ok := lx.peek(i)
		if !ok {
			return false
		}
		if i < 2 && !p.isNumber(t) || i == 2 && !p.spotSign(t) {
			return false
		}
	}
	return true
}

// spotMoveLine reports whether the next three tokens have the shape of a
// move and make up their line: the first begins it, the sign ends it (a
// comment may follow).
func (p *parser) spotMoveLine(lx *lexer) bool {
	t0, _ := lx.peek(0)
	t2, ok := lx.peek(2)
	return ok && t0.bol && t2.eol && p.spotMoveAhead(lx)
}

func (p *parser) spotGame(lx *lexer, header token) *Game {
	g := p.newGame(header)
	p.checkSize(g, SpotMinN, SpotMaxN)
	want := 2 * g.Size
	written := 0 // moves written, well-formed or not
	for {
		// The common case first: a well-formed move read straight from
		// the bytes.
		if n := p.fastMoves(lx, g, want-written, spotScan); n > 0 {
			written += n
			continue
		}
		t0, ok := lx.peek(0)
		if !ok {
			break
		}
		if want > 0 && written >= want && !g.HasErrors && p.isNumber(t0) && !p.spotMoveLine(lx) {
			break // the 2N moves are read: the next game's size, or the final 0
		}
		shaped := p.spotMoveAhead(lx)
		if !shaped && p.isNumber(t0) && t0.bol && t0.eol {
			break // the next game's size, or the final 0
		}
		written++
		if !shaped {
			p.spotMalformed(lx, g)
			continue
		}
		m, span, ok := p.spotMove(lx, g)
		switch {
		case !ok:
		case want > 0 && written > want:
			p.errorf(g, span, CodeExtraMove, "extra move: a %dx%d game has exactly %d moves (2N), this is move %d", g.Size, g.Size, want, written)
			g.Extra = append(g.Extra, g.at(m, span))
		default:
			g.Moves = p.moves.add(g.Moves, g.at(m, span))
		}
	}
	if want > 0 && written < want {
		p.errorf(g, g.N.Span, CodeMissingMoves, "game %d has %s but a %dx%d game has exactly %d (2N)", g.Index+1, Plural(written, "move"), g.Size, g.Size, want)
	}
	return g
}

// spotScan is the moveScanner of Spot. A move is `r c ±`, each of the
// three preceded by blanks or line ends (at least one between two), r and
// c one to three digits, the sign followed by whitespace, a line end, a
// '#' or the end of src. Moves of longMove bytes or more are left to the
// general path.
//
// This is the Spot parser's hot loop, O(1) per byte: spotWords reads the
// moves of the usual layout eight bytes at a time and stops at anything
// else; spotBytes, one byte at a time, reads the move that stopped it,
// or a few hundred moves when spotWords read few (a layout it does not
// know, one that changes from line to line, or the end of src: trying
// spotWords again after every move costs more than spotBytes alone
// there), and decides where the run ends. The calls are one per run of
// moves, not one per move.
func spotScan(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	for limit > 0 && len(dst) < cap(dst) {
		n := len(dst)
		dst, i = spotWords(src, i, base, size, dst, limit)
		batch := 1
		if len(dst)-n < 64 {
			batch = 256
		}
		m := len(dst)
		dst, i = spotBytes(src, i, base, size, dst, min(limit-(m-n), batch))
		if len(dst) == m { // not a move, or no room
			break
		}
		limit -= len(dst) - n
	}
	return dst, i
}

// spotWords is spotScan for the moves of the usual layout: the same one
// or two blanks or line end bytes ("\n", "\r\n") before each move, r
// and c of one or two digits, one blank between the three, and the
// move's end, read from the eight bytes after the blanks (so not in the
// last eight bytes of src). It finds the gap before the first move,
// which spotRun then expects before every move, and stops before
// anything else, which spotBytes reads or rejects. A size below 1 reads
// nothing: no move fits, and spotRun's range checks need size >= 0.
func spotWords(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	out := dst[len(dst):cap(dst)]
	if limit < len(out) {
		out = out[:max(limit, 0)]
	}
	if size < 1 {
		return dst, i
	}
	gap := 1
	if i+1 < len(src) && fastClass[src[i+1]]&classSkip != 0 {
		gap = 2
	}
	n, read := spotRun(src[i:], i-base, size, out, gap)
	return dst[:len(dst)+n], i + read
}

// spotRun is the loop of spotWords: it reads moves from the start of
// rest, at offset off in their game, into out, each after gap (1 or 2)
// blanks or line end bytes, and returns how many and the bytes read. A
// move costs one 8-byte load and a few shifts, compares and look-ups in
// fastClass; the next move's offset depends on branches (one digit or
// two), not on the loaded bytes.
func spotRun(rest []byte, off, size int, out []Move, gap int) (moves, read int) {
	p := 0
	j := 0
	for ; j < len(out) && p+gap+8 <= len(rest); j++ {
		if b := rest[p]; b != '\n' && fastClass[b]&classSkip == 0 || fastClass[rest[p+gap-1]]&classSkip == 0 {
			break
		}
		w := le64(rest, p+gap)
		r := uint(byte(w) - '0')
		if r > 9 {
			break
		}
		nb := 5 // the move's bytes: r c ± and two blanks
		if d := uint(byte(w>>8) - '0'); d <= 9 {
			r = r*10 + d
			w >>= 16
			nb++
		} else {
			w >>= 8
		}
		c := uint(byte(w>>8) - '0')
		if c > 9 || fastClass[byte(w)]&classSkip == 0 {
			break
		}
		if d := uint(byte(w>>16) - '0'); d <= 9 {
			c = c*10 + d
			w >>= 24
			nb++
		} else {
			w >>= 16
		}
		sign := byte(w >> 8)
		if r-1 >= uint(size) || c-1 >= uint(size) || fastClass[byte(w)]&classSkip == 0 || sign != '+' && sign != '-' || fastClass[byte(w>>16)]&classEnd == 0 {
			break
		}
		at := uint64(off + p + gap)
		p += gap + nb
		out[j] = Move{off: uint32(at), n: uint16(nb), mv: spotBits(int(r), int(c), sign == '+')}
	}
	return j, p
}

// le64 returns the eight bytes of b at p, little endian, in one load.
func le64(b []byte, p int) uint64 {
	b = b[p : p+8 : p+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// spotBytes is spotScan one byte at a time, for the moves that
// spotWords does not read.
func spotBytes(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	for ; limit > 0 && len(dst) < cap(dst); limit-- {
		k := i
		for k < len(src) && fastClass[src[k]]&classSkip != 0 {
			k++
		}
		start := k
		var rc [2]int
		for x := range rc {
			n, j := 0, k
			for k < len(src) && k-j < 3 {
				c := src[k] - '0'
				if c > 9 {
					break
				}
				n = n*10 + int(c)
				k++
			}
			// The number ends at a blank or line end (not a fourth
			// digit), and blanks follow up to the next token.
			if k == j || n < 1 || n > size || k >= len(src) || fastClass[src[k]]&classSkip == 0 {
				return dst, i
			}
			for k < len(src) && fastClass[src[k]]&classSkip != 0 {
				k++
			}
			rc[x] = n
		}
		if k >= len(src) || (src[k] != '+' && src[k] != '-') {
			break
		}
		add := src[k] == '+'
		k++
		if k < len(src) && fastClass[src[k]]&classEnd == 0 || k-start >= longMove {
			break
		}
		i = k
		dst = dst[:len(dst)+1]
		dst[len(dst)-1] = Move{off: uint32(start - base), n: uint16(k - start), mv: spotBits(rc[0], rc[1], add)}
	}
	return dst, i
}

// spotMove consumes a move of the right shape and checks its range. It
// returns the move, not yet placed in g, and its span.
func (p *parser) spotMove(lx *lexer, g *Game) (Move, Span, bool) {
	tr, _ := lx.next()
	tc, _ := lx.next()
	ts, _ := lx.next()
	span := Span{tr.span.Start, ts.span.End}
	g.extend(span)
	r, _ := number(p.text(tr.span))
	c, _ := number(p.text(tc.span))
	if g.Size == 0 {
		return Move{}, span, false // the size is unusable: nothing to replay
	}
	ok := true
	for _, x := range []struct {
		v    int
		t    token
		what string
	}{{r, tr, "row"}, {c, tc, "column"}} {
		if x.v < 1 || x.v > g.Size {
			shown := string(p.text(x.t.span))
			if x.v >= 0 {
				shown = strconv.Itoa(x.v)
			}
			p.errorf(g, x.t.span, outOfRange(x.what), "%s %s is out of range: a %dx%d board has %ss 1 to %d", x.what, shown, g.Size, g.Size, x.what, g.Size)
			ok = false
		}
	}
	if !ok {
		return Move{}, span, false
	}
	return Move{mv: spotBits(r, c, p.text(ts.span)[0] == '+')}, span, true
}

// spotMalformed consumes a move that does not have the shape `r c ±`: the
// tokens of its line, three at most, and says what is wrong.
func (p *parser) spotMalformed(lx *lexer, g *Game) {
	var ts [3]token
	n := 0
	for n < 3 {
		t, ok := lx.peek(0)
		if !ok || (n > 0 && t.bol) {
			break
		}
		lx.next()
		ts[n] = t
		n++
		if t.eol {
			break
		}
	}
	whole := Span{ts[0].span.Start, ts[n-1].span.End}
	g.extend(whole)
	const shape = "a move is a row, a column and + (place a spot) or - (remove one), such as 1 2 +"
	switch {
	case !p.isNumber(ts[0]):
		p.errorf(g, ts[0].span, CodeExpectedMove, "expected a move, found %s: %s", quote(p.text(ts[0].span)), shape)
	case n == 1:
		p.errorf(g, whole, CodeIncompleteMove, "incomplete move: %s", shape)
	case !p.isNumber(ts[1]):
		p.errorf(g, ts[1].span, CodeBadColumn, "column %s is not a number: %s", quote(p.text(ts[1].span)), shape)
	case n == 2:
		p.errorf(g, whole, CodeMissingSign, "move is missing its sign: + places a spot, - removes one")
	default:
		p.errorf(g, ts[2].span, CodeUnknownSign, "unknown sign %s: + places a spot, - removes one", quote(p.text(ts[2].span)))
	}
}
