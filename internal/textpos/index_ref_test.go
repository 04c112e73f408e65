package textpos

import (
	"encoding/binary"
	"unicode/utf8"
)

// The Index queries and the line reader here serve the tests only: the
// tests check New and scan against them.

// Size returns the length of the indexed text. O(1).
func (x *Index) Size() int { return x.size }

// End returns the offset where the content of line n ends, before its
// line end; n is clamped to the existing lines. O(1).
func (x *Index) End(n int) int {
	if n < 0 || n+1 >= len(x.starts) {
		return x.endSlow(n)
	}
	// Before the '\n' or lone '\r', or before the "\r\n".
	return int(x.starts[n+1]) - 1 - int(x.flags[n]&crlf>>1)
}

// endSlow is End for the last line, a line out of range and a big index.
func (x *Index) endSlow(n int) int {
	n = max(0, min(n, len(x.flags)-1))
	if n == len(x.flags)-1 {
		return x.size
	}
	return x.Start(n+1) - 1 - int(x.flags[n]&crlf>>1)
}

// ASCII reports whether line n (clamped to the existing lines) holds only
// bytes below 0x80, so that its byte columns are also its UTF-16 and rune
// columns. O(1).
func (x *Index) ASCII(n int) bool {
	if uint(n) < uint(len(x.flags)) {
		return x.flags[n]&wide == 0
	}
	return x.flags[max(0, min(n, len(x.flags)-1))]&wide == 0
}

// line reads the line of text that starts at offset i: next is where the
// following line starts, f the line's flags, and ok false when the text
// ends before a line end. O(length of the line), vectorised.
func line(text []byte, i int) (next int, f uint8, ok bool) {
	end, next := LineEnd(text, i)
	if !isASCII(text[i:end]) {
		f |= wide
	}
	if next-end == 2 {
		f |= crlf
	}
	return next, f, next > end
}

// isASCII reports whether b holds only bytes below 0x80, eight at a time.
// O(len(b)).
func isASCII(b []byte) bool {
	for ; len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint64(b)&high != 0 {
			return false
		}
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
