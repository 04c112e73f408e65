package textpos

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Word-at-a-time constants: a byte of ones, the low seven bits and the
// high bit of every byte of a 64-bit word.
const (
	ones = 0x0101010101010101
	low7 = 0x7f7f7f7f7f7f7f7f
	high = 0x8080808080808080
)

// scan appends to starts the start of every line of text after the first
// and to flags the flags of every line (wide, crlf). Eight bytes are
// tested at once: a word without line ends and non-ASCII bytes is
// skipped, one whose only specials are '\n's has them found by bit
// arithmetic, and anything else ('\r', non-ASCII, the last bytes) is read
// a byte at a time. O(len(text)) at about a byte per nanosecond or better.
func scan[T uint32 | int](text []byte, starts []T, flags []uint8) ([]T, []uint8) {
	var f uint8 // the current line's flags: wide, until its line end
	for i := 0; i < len(text); {
		if i+8 <= len(text) {
			w := binary.LittleEndian.Uint64(text[i:])
			nl, cr := w^(ones*'\n'), w^(ones*'\r')
			nl = ^((nl&low7 + low7) | nl | low7) // 0x80 exactly where w has '\n'
			cr = ^((cr&low7 + low7) | cr | low7)
			if cr|w&high == 0 {
				for ; nl != 0; nl &= nl - 1 {
					flags = append(flags, f)
					f = 0
					starts = append(starts, T(i+bits.TrailingZeros64(nl)/8+1))
				}
				i += 8
				continue
			}
		}
		switch b := text[i]; {
		case b >= utf8.RuneSelf:
			f = wide
		case b == '\n':
			flags = append(flags, f)
			f = 0
			starts = append(starts, T(i+1))
		case b == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
				f |= crlf
			}
			flags = append(flags, f)
			f = 0
			starts = append(starts, T(i+1))
		}
		i++
	}
	return starts, append(flags, f) // the last line
}

// firstWindow is the length of the first stretch LineEnd searches; each
// next one is twice as long.
const firstWindow = 256

// LineEnd returns where the line holding offset i ends, looking from i
// on: end is the offset of its line end ("\n", "\r\n" or a lone "\r"), or
// len(text) when the text ends first, and next the offset where the next
// line starts (next == end when there is no line end). i must be in
// [0, len(text)]; it is usually a line start (at a '\n' or '\r' it
// reports that line end).
//
// O(end - i): the searches are vectorised byte searches, over stretches
// of text that double in length, so a text whose lines end in lone "\r"s
// costs as little as one with "\n"s (one search for '\n' over the rest
// of the text per line would make it quadratic).
func LineEnd(text []byte, i int) (end, next int) {
	for w := firstWindow; i < len(text); w *= 2 {
		chunk := text[i:min(len(text), i+w)]
		nl := bytes.IndexByte(chunk, '\n')
		k := nl
		if nl < 0 {
			k = len(chunk)
		}
		if r := bytes.IndexByte(chunk[:k], '\r'); r >= 0 {
			end := i + r
			if end+1 < len(text) && text[end+1] == '\n' {
				return end, end + 2
			}
			return end, end + 1
		}
		if nl >= 0 {
			return i + nl, i + nl + 1
		}
		i += len(chunk)
	}
	return len(text), len(text)
}
