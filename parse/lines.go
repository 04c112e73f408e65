package parse

import "sort"

// Lines maps byte offsets of one source to line numbers and back. Line
// ends are "\n", "\r\n" and a lone "\r", as in the LSP specification.
// Building it is O(size); each lookup is O(log lines).
type Lines struct {
	starts []int // byte offset of the start of each line
	size   int
}

// NewLines indexes the lines of src.
func NewLines(src []byte) *Lines {
	starts := make([]int, 1, len(src)/8+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &Lines{starts: starts, size: len(src)}
}

// Count returns the number of lines (a final line end opens an empty last
// line).
func (l *Lines) Count() int { return len(l.starts) }

// Line returns the 0-based line holding offset off (clamped to the source).
func (l *Lines) Line(off int) int {
	off = max(0, min(off, l.size))
	return sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
}

// Start returns the offset where 0-based line n starts (clamped).
func (l *Lines) Start(n int) int {
	if n < 0 {
		return 0
	}
	if n >= len(l.starts) {
		return l.size
	}
	return l.starts[n]
}

// Position returns the 1-based line and 1-based byte column of off, the
// form compilers print (file:line:col).
func (l *Lines) Position(off int) (line, col int) {
	off = max(0, min(off, l.size))
	n := l.Line(off)
	return n + 1, off - l.starts[n] + 1
}
