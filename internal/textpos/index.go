package textpos

import (
	"bytes"
	"math"
)

// An Index holds where each line of one text starts and, per line,
// whether it holds a byte >= 0x80 (a column conversion beyond bytes must
// look at it) and whether it ends in "\r\n". It does not hold the text.
// An Index is never changed once built. It suits a text read once (the
// command line); an edited text is a Text, which keeps its own index.
type Index struct {
	// starts[i] is the byte offset where line i starts; starts[0] is 0.
	// Texts of 4 GiB or more use big instead (starts is then nil).
	starts []uint32
	big    []int
	flags  []uint8 // per line: wide, crlf
	size   int     // the length of the text
}

// Line flags.
const (
	wide uint8 = 1 << iota // the line holds a byte >= 0x80
	crlf                   // the line ends in "\r\n"
)

// New indexes the lines of text. O(len(text)): two counting passes at
// memory speed to allocate once, then one pass eight bytes at a time.
func New(text []byte) *Index {
	if uint64(len(text)) > math.MaxUint32 {
		return newBig(text)
	}
	n := lineBound(text)
	x := &Index{size: len(text)}
	x.starts, x.flags = scan(text, make([]uint32, 1, n), make([]uint8, 0, n))
	return x
}

// newBig indexes text with int offsets, whatever its size: New's choice
// for texts of 4 GiB or more, and the tests' way to cover that code on
// small texts. O(len(text)).
func newBig(text []byte) *Index {
	n := lineBound(text)
	x := &Index{size: len(text)}
	x.big, x.flags = scan(text, make([]int, 1, n), make([]uint8, 0, n))
	return x
}

// lineBound returns an upper bound of the number of lines of text: one
// more than its '\n's and '\r's (a "\r\n" counts twice). O(len(text)) at
// memory speed.
func lineBound(text []byte) int {
	return bytes.Count(text, []byte{'\n'}) + bytes.Count(text, []byte{'\r'}) + 1
}

// Count returns the number of lines (one more than the number of line
// ends). O(1).
func (x *Index) Count() int { return len(x.flags) }

// Start returns the offset where line n starts; a line before the first
// is the start of the text, one after the last the end of the text. O(1).
func (x *Index) Start(n int) int {
	if uint(n) < uint(len(x.starts)) {
		return int(x.starts[n])
	}
	switch {
	case n <= 0:
		return 0
	case n >= len(x.flags):
		return x.size
	}
	return x.big[n]
}

// Line returns the 0-based line holding offset off, clamped to the text.
// An offset inside a line end belongs to the line it ends. O(log lines).
func (x *Index) Line(off int) int {
	off = max(0, min(off, x.size))
	if x.big != nil {
		return search(x.big, off)
	}
	return search(x.starts, uint32(off))
}

// Position returns the 1-based line and 1-based byte column of offset off
// (clamped to the text), the form compilers print as file:line:col.
// O(log lines).
func (x *Index) Position(off int) (line, col int) {
	off = max(0, min(off, x.size))
	n := x.Line(off)
	return n + 1, off - x.Start(n) + 1
}

// search returns the last i with starts[i] <= off; starts is sorted and
// starts[0] is 0 <= off. O(log len(starts)).
func search[T uint32 | int](starts []T, off T) int {
	lo, hi := 0, len(starts)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
