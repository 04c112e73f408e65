package textpos

import "sort"

// A chunk is a run of whole lines of a Text with its own line index,
// relative to the chunk. Per line, lens holds one byte: the line's length
// with its line end (longLen for one of longLen bytes or more, whose
// length is then in long) and wideLen when the line holds a byte >= 0x80.
// cps holds the start of every lineStep-th line, in two bytes: a chunk of
// several lines is at most chunkMax bytes long. A chunk is never changed
// once made, so Texts share it.
//
// The chunk's lines are those that start in it; the last chunk of a Text
// also holds the text's last line, empty when the text ends with a line
// end (or is empty).
type chunk struct {
	b    []byte
	lens []uint8
	cps  []uint16
	long []longLine // sorted by line
}

// A longLine is the length of a line of longLen bytes or more.
type longLine struct{ line, n uint32 }

// chunkHeader is the size of a chunk's own fields (four slice headers).
const chunkHeader = 4 * 24

// lineStep is the number of lines between two recorded line starts of a
// chunk: a line start costs up to lineStep-1 additions.
const lineStep = 16

// The parts of a lens byte.
const (
	lenMask uint8 = 0x7f
	longLen uint8 = 0x7f // the length is in long
	wideLen uint8 = 0x80 // the line holds a byte >= 0x80
)

// newChunk makes the chunk of b from what scan reported of it: starts
// (0, then the start of every line after a line end, relative to b) and
// flags (per line, one more entry than line ends). A chunk that is not
// the last of its Text ends with a line end: the empty line scan reports
// after it belongs to the next chunk. O(lines).
func newChunk(b []byte, starts []uint32, flags []uint8, last bool) *chunk {
	n := len(starts)
	if !last && n > 1 && int(starts[n-1]) == len(b) {
		n--
	}
	c := &chunk{b: b[:len(b):len(b)], lens: make([]uint8, n), cps: make([]uint16, (n+lineStep-1)/lineStep)}
	for i := range n {
		next := len(b)
		if i+1 < len(starts) {
			next = int(starts[i+1])
		}
		l := next - int(starts[i])
		if l >= int(longLen) {
			c.lens[i] = longLen
			c.long = append(c.long, longLine{uint32(i), uint32(l)})
		} else {
			c.lens[i] = uint8(l)
		}
		if flags[i]&wide != 0 {
			c.lens[i] |= wideLen
		}
		if i%lineStep == 0 {
			c.cps[i/lineStep] = uint16(starts[i])
		}
	}
	return c
}

// length returns the length of line i with its line end. O(1), or
// O(log long lines) for a long one.
func (c *chunk) length(i int) int {
	l := c.lens[i] & lenMask
	if l != longLen {
		return int(l)
	}
	k := sort.Search(len(c.long), func(k int) bool { return int(c.long[k].line) >= i })
	return int(c.long[k].n)
}

// start returns the start of line i. O(lineStep).
func (c *chunk) start(i int) int {
	k := i / lineStep
	s := int(c.cps[k])
	for j := k * lineStep; j < i; j++ {
		s += c.length(j)
	}
	return s
}

// content returns the length of line i, which starts at s, without its
// line end. O(1).
func (c *chunk) content(i, s int) int {
	l := c.length(i)
	if l == 0 {
		return 0
	}
	switch c.b[s+l-1] {
	case '\n':
		if l >= 2 && c.b[s+l-2] == '\r' {
			return l - 2
		}
		return l - 1
	case '\r':
		return l - 1
	}
	return l
}

// lineOf returns the line holding offset r of the chunk (r in
// [0, len(b)]) and its start. O(log(lines / lineStep) + lineStep).
func (c *chunk) lineOf(r int) (i, s int) {
	k := sort.Search(len(c.cps), func(k int) bool { return int(c.cps[k]) > r }) - 1
	k = max(k, 0)
	i, s = k*lineStep, int(c.cps[k])
	for i+1 < len(c.lens) {
		l := c.length(i)
		if s+l > r {
			break
		}
		s += l
		i++
	}
	return i, s
}
