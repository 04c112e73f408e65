package parse

import (
	"strconv"
	"unicode/utf8"
)

// maxQuoted is how many bytes of a token an error message quotes.
const maxQuoted = 24

// quote renders a token for an error message: in double quotes, cut
// after maxQuoted bytes (at a character boundary) with "...", and always
// valid, printable UTF-8 whatever the input holds: a printable character
// is kept as it is (é, 四), a quote or backslash is escaped, a control or
// other unprintable character is written as strconv.Quote writes it
// (\x00, \t, \u200b), and a byte that is not UTF-8 as \xNN. So a message
// about binary input can be printed, logged or sent as JSON unchanged.
// O(len(b)), at most maxQuoted bytes read.
func quote(b []byte) string {
	short := b
	if len(short) > maxQuoted {
		short = short[:maxQuoted]
		// Do not cut a character in two: drop its first bytes instead.
		for i := len(short); i > 0 && i > len(short)-utf8.UTFMax; i-- {
			if utf8.RuneStart(short[i-1]) {
				if r, size := utf8.DecodeRune(b[i-1:]); r != utf8.RuneError && i-1+size > len(short) {
					short = short[:i-1]
				}
				break
			}
		}
	}
	out := make([]byte, 0, len(short)+8)
	out = append(out, '"')
	for i := 0; i < len(short); {
		r, size := utf8.DecodeRune(short[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			const hex = "0123456789abcdef"
			out = append(out, '\\', 'x', hex[short[i]>>4], hex[short[i]&15])
		case r == '"' || r == '\\':
			out = append(out, '\\', byte(r))
		case strconv.IsPrint(r):
			out = append(out, short[i:i+size]...)
		default:
			q := strconv.QuoteRune(r) // '\x00', '\u200b'
			out = append(out, q[1:len(q)-1]...)
		}
		i += size
	}
	if len(short) < len(b) {
		out = append(out, "..."...)
	}
	return string(append(out, '"'))
}

// Quote is quote for any string a message names: a parameter of a
// request, a setting, a command-line word. At most maxQuoted bytes of s
// are read and shown, so that a message about a huge value stays short.
func Quote[S ~string | ~[]byte](s S) string {
	return quote([]byte(s[:min(len(s), maxQuoted+utf8.UTFMax)]))
}
