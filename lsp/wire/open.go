package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The didOpen params carry the whole document as one JSON string, every
// line end escaped. The protocol package decodes such a string through a
// general slow path (a byte at a time into a growing buffer, then copied
// to a string, which the server would copy once more to bytes).
// DecodeOpen reads what didOpen needs straight from the params: the text
// is unescaped in one pass, eight bytes at a time between escapes, into
// the []byte the server keeps.
//
// It understands the params as clients send them: an object whose
// "textDocument" member is an object with "uri", "languageId", "version"
// and "text" (each at most once, any order, any missing), unknown members
// skipped, whitespace anywhere. Anything else (null members, duplicate
// names, escaped names, deep nesting, malformed JSON, a URI the uri
// package rejects) is left to protocol.Unmarshal, so behaviour on unusual
// or bad input is exactly the library's. Where it accepts, it decodes as
// protocol.Unmarshal does: every JSON escape, \uXXXX with surrogate
// pairs, an unpaired surrogate or invalid UTF-8 as U+FFFD, the URI
// checked by uri.Parse (and kept as sent), the version as a strict int32.

// OpenItem is what a server needs of the params of textDocument/didOpen
// (protocol.DidOpenTextDocumentParams), the text as bytes.
type OpenItem struct {
	URI        uri.URI // as the client spelt it
	LanguageID string
	Version    int32
	Text       []byte

	hasText bool // the text member was present
}

// DecodeOpen decodes the params of textDocument/didOpen, as
// protocol.Unmarshal would, faster, with two differences. The URI is
// kept as the client spelt it (see DocumentURI). A textDocument without
// a uri or a text is an error: opening it as empty would make every
// later edit apply to the wrong text. O(len(raw)); the text costs one
// allocation, of its own size plus 8 bytes when its escapes are the
// usual two-byte ones (see textCap).
func DecodeOpen(raw []byte) (OpenItem, error) {
	if p, ok := decodeOpenFast(raw); ok {
		if p.URI == "" {
			return OpenItem{}, errors.New("textDocument.uri is missing")
		}
		if !p.hasText {
			return OpenItem{}, errors.New("textDocument.text is missing")
		}
		return p, nil
	}
	var p protocol.DidOpenTextDocumentParams
	if err := protocol.Unmarshal(raw, &p); err != nil {
		return OpenItem{}, err
	}
	var check struct {
		TextDocument struct {
			URI  *string `json:"uri"`
			Text *string `json:"text"`
		} `json:"textDocument"`
	}
	if err := protocol.Unmarshal(raw, &check); err != nil {
		return OpenItem{}, err
	}
	if check.TextDocument.Text == nil {
		return OpenItem{}, errors.New("textDocument.text is missing")
	}
	if check.TextDocument.URI == nil {
		return OpenItem{}, errors.New("textDocument.uri is missing")
	}
	u, err := DocumentURI(*check.TextDocument.URI)
	if err != nil {
		return OpenItem{}, err
	}
	item := &p.TextDocument
	return OpenItem{URI: u, LanguageID: string(item.LanguageID), Version: item.Version, Text: []byte(item.Text)}, nil
}

// DocumentURI returns s as a URI when the uri package accepts it, as
// the client spelt it, not rewritten into the package's canonical form:
// a server keys documents, and answers, by the client's own spelling,
// so that two URIs the client keeps apart stay apart. O(len(s)).
func DocumentURI(s string) (uri.URI, error) {
	if s == "" {
		return "", errors.New("the document URI is empty")
	}
	if _, err := uri.Parse(s); err != nil {
		return "", err
	}
	return uri.URI(s), nil
}

// decodeOpenFast is DecodeOpen for the input it understands; ok is false
// for anything else.
func decodeOpenFast(raw []byte) (p OpenItem, ok bool) {
	d := openDecoder{raw: raw}
	d.space()
	if !d.object(func(key []byte) bool {
		if string(key) != "textDocument" {
			return d.skip(0)
		}
		return d.item(&p)
	}) {
		return OpenItem{}, false
	}
	d.space()
	if d.i != len(raw) {
		return OpenItem{}, false
	}
	return p, true
}

// An openDecoder walks raw from i; its methods report false for input
// they do not understand.
type openDecoder struct {
	raw  []byte
	i    int
	seen uint8 // the members of the item and params already read
}

const (
	seenURI = 1 << iota
	seenLanguage
	seenVersion
	seenText
	seenItem
)

// maxSkipDepth bounds the nesting of skipped values (the library allows
// more: deeper input goes to it).
const maxSkipDepth = 64

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (d *openDecoder) space() {
	for d.i < len(d.raw) && isSpace(d.raw[d.i]) {
		d.i++
	}
}

// object reads an object, calling member with each member's name (which
// has no escapes) and d.i at its value.
func (d *openDecoder) object(member func(key []byte) bool) bool {
	return d.sequence('{', '}', func() bool {
		key, ok := d.key()
		return ok && member(key)
	})
}

// sequence reads open, then items separated by commas (each read by
// item), then close.
func (d *openDecoder) sequence(open, close byte, item func() bool) bool {
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
func (d *openDecoder) key() ([]byte, bool) {
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

// once marks a member as read; a second one is not understood (the
// library merges duplicates, last wins).
func (d *openDecoder) once(bit uint8) bool {
	if d.seen&bit != 0 {
		return false
	}
	d.seen |= bit
	return true
}

// item reads the TextDocumentItem.
func (d *openDecoder) item(p *OpenItem) bool {
	if !d.once(seenItem) {
		return false
	}
	return d.object(func(key []byte) bool {
		switch string(key) {
		case "uri":
			if !d.once(seenURI) {
				return false
			}
			s, ok := d.stringValue(nil)
			if !ok {
				return false
			}
			u, err := DocumentURI(string(s))
			if err != nil {
				return false
			}
			p.URI = u
		case "languageId":
			if !d.once(seenLanguage) {
				return false
			}
			s, ok := d.stringValue(nil)
			if !ok {
				return false
			}
			p.LanguageID = string(s)
		case "version":
			if !d.once(seenVersion) {
				return false
			}
			v, ok := d.int32Value()
			if !ok {
				return false
			}
			p.Version = v
		case "text":
			if !d.once(seenText) {
				return false
			}
			s, ok := d.stringValue(make([]byte, 0, textCap(d.raw, d.i)))
			if !ok {
				return false
			}
			p.Text, p.hasText = s, true
		default:
			return d.skip(0)
		}
		return true
	})
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
	n := i + 1
	for {
		q := bytes.IndexByte(raw[n:], '"')
		if q < 0 {
			return len(raw) - i + 8 // unterminated: it fails anyway
		}
		n += q
		b := n
		for b > i+1 && raw[b-1] == '\\' {
			b--
		}
		if (n-b)%2 == 0 {
			break // not escaped: the end
		}
		n++
	}
	s := raw[i+1 : n]
	return len(s) - bytes.Count(s, []byte(`\`)) + bytes.Count(s, []byte(`\\`)) + 8
}

// int32Value reads an integer in the int32 range, in the JSON number
// grammar (no fraction, no exponent), followed by a delimiter.
func (d *openDecoder) int32Value() (int32, bool) {
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

func isDelim(c byte) bool { return c == ',' || c == '}' || c == ']' || isSpace(c) }

// skip reads and validates any JSON value, nested at most maxSkipDepth.
func (d *openDecoder) skip(depth int) bool {
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

func (d *openDecoder) literal(lit string) bool {
	if !bytes.HasPrefix(d.raw[d.i:], []byte(lit)) {
		return false
	}
	d.i += len(lit)
	return true
}

// number reads a JSON number followed by a delimiter (or the end).
func (d *openDecoder) number() bool {
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
func (d *openDecoder) stringValue(buf []byte) ([]byte, bool) {
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
