package wire

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// A reader reads JSON from raw at i, for the wire's hand-written decoders
// (DecodeOpen, DecodeChange): the shapes clients send, read in one pass,
// strings unescaped eight bytes at a time straight into the buffer the
// caller keeps. Its methods report false for input they do not
// understand (escaped member names, nesting deeper than maxSkipDepth,
// malformed JSON); a decoder then leaves the whole message to its strict
// twin through the protocol library, so that what is accepted, and every
// error, are the library's (doc.go says why the twins stay).
type reader struct {
	raw []byte
	i   int
}

// members records the members of an object a fast decoder has read,
// one bit each: each is read at most once (the library merges duplicates,
// the last winning, which the fast paths leave to it).
type members uint8

// once marks bit read; false when it was read before.
func (m *members) once(bit uint8) bool {
	if uint8(*m)&bit != 0 {
		return false
	}
	*m |= members(bit)
	return true
}

// maxSkipDepth bounds the nesting of skipped values (the library allows
// more: deeper input goes to it).
const maxSkipDepth = 64

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (d *reader) space() {
	for d.i < len(d.raw) && isSpace(d.raw[d.i]) {
		d.i++
	}
}

// object reads an object, calling member with each member's name (which
// has no escapes) and d.i at its value.
func (d *reader) object(member func(key []byte) bool) bool {
	return d.sequence('{', '}', func() bool {
		key, ok := d.key()
		return ok && member(key)
	})
}

// sequence reads open, then items separated by commas (each read by
// item), then close.
func (d *reader) sequence(open, close byte, item func() bool) bool {
	if d.i >= len(d.raw) || d.raw[d.i] != open {
		return false
	}
	d.i++
	d.space()
	if d.i < len(d.raw) && d.raw[d.i] == close {
		d.i++
		return true
	}
	for {
		if !item() {
			return false
		}
		d.space()
		if d.i >= len(d.raw) {
			return false
		}
		switch d.raw[d.i] {
		case ',':
			d.i++
			d.space()
		case close:
			d.i++
			return true
		default:
			return false
		}
	}
}

// key reads a member name without escapes, the colon, and the space
// after it.
func (d *reader) key() ([]byte, bool) {
	if d.i >= len(d.raw) || d.raw[d.i] != '"' {
		return nil, false
	}
	start := d.i + 1
	n := start
	for n < len(d.raw) && d.raw[n] != '"' {
		if c := d.raw[n]; c == '\\' || c < ' ' || c >= utf8.RuneSelf {
			return nil, false
		}
		n++
	}
	if n >= len(d.raw) {
		return nil, false
	}
	key := d.raw[start:n]
	d.i = n + 1
	d.space()
	if d.i >= len(d.raw) || d.raw[d.i] != ':' {
		return nil, false
	}
	d.i++
	d.space()
	return key, true
}

// textCap returns the room stringValue needs for the JSON string at
// raw[i]: its length less one byte per escape sequence, plus 8 bytes of
// slack for whole-word stores. That is exact when every escape is a
// two-byte one (\n, \", \\ ...), more than enough for \u escapes; only
// invalid UTF-8 (a byte becomes three) makes the buffer grow. O(len) at
// memory speed: byte searches and counts.
func textCap(raw []byte, i int) int {
	if i >= len(raw) || raw[i] != '"' {
		return 0 // not a string: stringValue fails
	}
	n := stringEnd(raw, i)
	if n < 0 {
		return len(raw) - i + 8 // unterminated: it fails anyway
	}
	s := raw[i+1 : n]
	return len(s) - bytes.Count(s, []byte(`\`)) + bytes.Count(s, []byte(`\\`)) + 8
}

// stringEnd returns the offset of the quote that ends the JSON string
// whose opening quote is raw[i], or -1 when none does: the first quote
// after an even run of backslashes. The contents are not validated.
// O(len) at memory speed: a byte search, quotes being rare in a text.
func stringEnd(raw []byte, i int) int {
	n := i + 1
	for {
		q := bytes.IndexByte(raw[n:], '"')
		if q < 0 {
			return -1
		}
		n += q
		b := n
		for b > i+1 && raw[b-1] == '\\' {
			b--
		}
		if (n-b)%2 == 0 {
			return n // not escaped: the end
		}
		n++
	}
}

// int32Value reads an integer in the int32 range, in the JSON number
// grammar (no fraction, no exponent), followed by a delimiter.
func (d *reader) int32Value() (int32, bool) {
	n := d.i
	neg := n < len(d.raw) && d.raw[n] == '-'
	if neg {
		n++
	}
	start := n
	var v uint64
	for n < len(d.raw) && '0' <= d.raw[n] && d.raw[n] <= '9' {
		v = v*10 + uint64(d.raw[n]-'0')
		n++
		if n-start > 10 {
			return 0, false
		}
	}
	switch {
	case n == start, d.raw[start] == '0' && n-start > 1:
		return 0, false
	case n < len(d.raw) && !isDelim(d.raw[n]):
		return 0, false // a fraction, an exponent, or garbage
	case neg && v > math.MaxInt32+1, !neg && v > math.MaxInt32:
		return 0, false
	}
	d.i = n
	if neg {
		return int32(-int64(v)), true
	}
	return int32(v), true
}

// uinteger reads the protocol's uinteger, an integer from 0 to 2^31-1,
// as int32Value does.
func (d *reader) uinteger() (uint32, bool) {
	v, ok := d.int32Value()
	return uint32(v), ok && v >= 0
}

func isDelim(c byte) bool { return c == ',' || c == '}' || c == ']' || isSpace(c) }

// skip reads and validates any JSON value, nested at most maxSkipDepth.
func (d *reader) skip(depth int) bool {
	if depth > maxSkipDepth || d.i >= len(d.raw) {
		return false
	}
	switch c := d.raw[d.i]; c {
	case '"':
		_, ok := d.stringValue(nil)
		return ok
	case '{':
		return d.object(func([]byte) bool { return d.skip(depth + 1) })
	case '[':
		return d.sequence('[', ']', func() bool { return d.skip(depth + 1) })
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	default:
		return d.number()
	}
}

func (d *reader) literal(lit string) bool {
	if !bytes.HasPrefix(d.raw[d.i:], []byte(lit)) {
		return false
	}
	d.i += len(lit)
	return true
}

// number reads a JSON number followed by a delimiter (or the end).
func (d *reader) number() bool {
	raw, n := d.raw, d.i
	digits := func() bool {
		start := n
		for n < len(raw) && '0' <= raw[n] && raw[n] <= '9' {
			n++
		}
		return n > start
	}
	if n < len(raw) && raw[n] == '-' {
		n++
	}
	switch {
	case n < len(raw) && raw[n] == '0':
		n++
	case !digits():
		return false
	}
	if n < len(raw) && raw[n] == '.' {
		n++
		if !digits() {
			return false
		}
	}
	if n < len(raw) && (raw[n] == 'e' || raw[n] == 'E') {
		n++
		if n < len(raw) && (raw[n] == '+' || raw[n] == '-') {
			n++
		}
		if !digits() {
			return false
		}
	}
	if n < len(raw) && !isDelim(raw[n]) {
		return false
	}
	d.i = n
	return true
}

// The word masks of stringValue: a byte that needs attention in a JSON
// string is a quote, a backslash, a control character or the start of a
// multi-byte sequence.
const (
	wordOnes    = 0x0101010101010101
	wordHighs   = 0x8080808080808080
	wordQuotes  = '"' * wordOnes
	wordSlashes = '\\' * wordOnes
	wordSpaces  = ' ' * wordOnes
)

// special returns a word whose lowest set bit is the high bit of the
// first byte of w (in memory order) that is special; 0 if none is. (The
// zero-byte tests may flag bytes after a true one, never before.)
func special(w uint64) uint64 {
	q := w ^ wordQuotes
	s := w ^ wordSlashes
	return ((q-wordOnes)&^q | (s-wordOnes)&^s | (w-wordSpaces)&^w | w) & wordHighs
}

// stringValue reads a JSON string and appends its decoded bytes to buf
// (nil to validate only). Between escapes it moves eight bytes at a time,
// storing whole words, and it decodes the escape \n (a line end, the
// commonest) without leaving that loop. It needs 8 bytes of capacity
// beyond the decoded text, else buf grows. O(length of the string).
func (d *reader) stringValue(buf []byte) ([]byte, bool) {
	if d.i >= len(d.raw) || d.raw[d.i] != '"' {
		return nil, false
	}
	out, next, ok := unescape(d.raw, d.i+1, buf)
	if !ok {
		return nil, false
	}
	d.i = next
	return out, true
}

// unescape decodes the inside of a JSON string from raw[n] on, appending
// to buf, up to its closing quote (next is the offset after it). It is
// the loop of stringValue.
func unescape(raw []byte, n int, buf []byte) (out []byte, next int, ok bool) {
	if buf == nil {
		buf = make([]byte, 0, 64)
	}
	// dst[:j] is the text so far; dst has room for a word after it.
	dst, j := buf[:cap(buf)], len(buf)
	for {
		for n+8 <= len(raw) {
			if j+8 > len(dst) {
				dst = append(dst[:j], make([]byte, 8)...)
				dst = dst[:cap(dst)]
			}
			w := binary.LittleEndian.Uint64(raw[n:])
			binary.LittleEndian.PutUint64(dst[j:], w)
			m := special(w)
			if m == 0 {
				j += 8
				n += 8
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			j += k
			n += k
			if raw[n] != '\\' || n+1 == len(raw) || raw[n+1] != 'n' {
				break
			}
			dst[j] = '\n' // j < len(dst): k < 8
			j++
			n += 2
		}
		if n >= len(raw) {
			return nil, 0, false
		}
		if j+4 > len(dst) {
			dst = append(dst[:j], make([]byte, 4)...)
			dst = dst[:cap(dst)]
		}
		c := raw[n]
		switch {
		case c == '"':
			return dst[:j], n + 1, true
		case c == '\\':
			if n+1 >= len(raw) {
				return nil, 0, false
			}
			switch e := raw[n+1]; e {
			case 'n':
				dst[j] = '\n'
			case '"', '\\', '/':
				dst[j] = e
			case 't':
				dst[j] = '\t'
			case 'r':
				dst[j] = '\r'
			case 'b':
				dst[j] = '\b'
			case 'f':
				dst[j] = '\f'
			case 'u':
				r, size, ok := unicodeEscape(raw[n:])
				if !ok {
					return nil, 0, false
				}
				j += utf8.EncodeRune(dst[j:], r)
				n += size
				continue
			default:
				return nil, 0, false
			}
			j++
			n += 2
		case c < ' ':
			return nil, 0, false
		case c < utf8.RuneSelf:
			dst[j] = c // the tail, fewer than 8 bytes from the end
			j++
			n++
		default:
			r, size := utf8.DecodeRune(raw[n:])
			if r == utf8.RuneError && size == 1 {
				if !utf8.FullRune(raw[n:]) {
					return nil, 0, false
				}
				j += utf8.EncodeRune(dst[j:], utf8.RuneError)
			} else {
				j += copy(dst[j:], raw[n:n+size])
			}
			n += size
		}
	}
}

// unicodeEscape decodes the \uXXXX escape at the start of b, with the
// low surrogate escape after a high one: an unpaired surrogate is
// U+FFFD (and an escape after it is left to be read on its own). It
// returns the rune and the bytes read.
func unicodeEscape(b []byte) (rune, int, bool) {
	v1, ok := hex4(b)
	if !ok {
		return 0, 0, false
	}
	r := rune(v1)
	if !utf16.IsSurrogate(r) {
		return r, 6, true
	}
	if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
		v2, ok := hex4(b[6:])
		if !ok {
			return 0, 0, false
		}
		if dr := utf16.DecodeRune(r, rune(v2)); dr != utf8.RuneError {
			return dr, 12, true
		}
	}
	return utf8.RuneError, 6, true
}

// hex4 returns the value of the four hex digits of the \u escape at the
// start of b.
func hex4(b []byte) (uint16, bool) {
	if len(b) < 6 {
		return 0, false
	}
	var v uint16
	for _, c := range b[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint16(c)
	}
	return v, true
}
