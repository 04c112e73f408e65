package wire

import (
	"strconv"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// The JSON writers of the answers written by hand (the hover, gamels/board):
// each writes what protocol.Marshal writes for its value.

// AppendRange appends the JSON of r, as protocol.Marshal writes it.
// O(1).
func AppendRange(b []byte, r protocol.Range) []byte {
	b = append(b, `{"start":`...)
	b = appendPosition(b, r.Start)
	b = append(b, `,"end":`...)
	b = appendPosition(b, r.End)
	return append(b, '}')
}

func appendPosition(b []byte, p protocol.Position) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendUint(b, uint64(p.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(p.Character), 10)
	return append(b, '}')
}

// AppendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, other characters as they are, each byte
// that is not part of valid UTF-8 replaced by U+FFFD (as encoding/json
// does). Runs of plain characters are copied at once, eight bytes a
// step. O(len(s)).
func AppendJSONString[S string | []byte](b []byte, s S) []byte {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// Skip plain runs eight bytes at a time: a word needs no escaping
		// when none of its bytes is a control character, a quote, a
		// backslash or non-ASCII (the usual word tricks for "has a byte
		// below n" and "has a zero byte", tested at once).
		for ; i+8 <= len(s); i += 8 {
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			q, bs := x^ones*'"', x^ones*'\\'
			if ((x-ones*0x20)&^x|(q-ones)&^q|(bs-ones)&^bs|x)&high != 0 {
				break
			}
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
			i++
			start = i
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&0xf])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
