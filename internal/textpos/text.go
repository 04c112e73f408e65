package textpos

import (
	"io"
	"iter"
	"sync"
)

// A Text is an immutable text with its line index, made to be shared
// between the versions of an edited document: Edit returns a new Text
// that shares every part of the old one the edit did not touch.
//
// The text is a sequence of chunks of whole lines: a line never spans two
// chunks (nor is a "\r\n" split), and a chunk holds about chunkTarget
// bytes, or one long line. Each chunk holds its bytes and its own line
// index, relative to the chunk (see chunk); the Text holds, per chunk,
// where it starts and which line it starts with, rebuilt by each edit in
// O(chunks). Lines and line ends are those of Index ("\n", "\r\n" or a
// lone "\r"; a text with n line ends has n+1 lines); lines are numbered
// from 0 and columns count bytes.
//
// The index costs about 1.1 bytes per line (against 5 for an Index):
// per line one byte holding its length and whether it holds a byte
// >= 0x80, and every 16 lines a two-byte start. Whether a line ends in
// "\r\n" is read from its bytes.
//
// A Text is safe for concurrent use.
type Text struct {
	// The line index. A Text from FromBytes makes it on first use
	// (ready), any other when it is made.
	chunks []*chunk
	offs   []int // offs[i] is where chunks[i] starts; offs[len(chunks)] the length
	firsts []int // firsts[i] is the first line of chunks[i]; firsts[len(chunks)] the line count
	lazy   bool  // made by FromBytes: the index waits for ready
	once   sync.Once

	whole     []byte // the text in one slice, when known at no cost (FromBytes)
	bytesOnce sync.Once
	bytes     []byte // materialised by Bytes
}

// Chunk sizes. A chunk is cut at the first line start at or after
// chunkTarget bytes, before a line that would take it past chunkMax, and
// a last piece under chunkMin is put with the one before it when they fit
// in chunkMax. An edit merges a chunk under chunkMin with its neighbour.
// So every line start of a chunk of several lines is at most chunkMax
// (two bytes), and a chunk other than the text's only one is under
// chunkMin only next to a chunk of one long line. Variables only so that
// the tests can make chunks small; chunkMax must stay below 1<<16.
var (
	chunkTarget = 16 << 10
	chunkMin    = 4 << 10
	chunkMax    = 1<<16 - 1
)

// FromBytes returns the Text of b, without copying it: the chunks are
// slices of b, which must not be changed afterwards. O(1): the line
// index, O(len(b)), is made on first use, or by Index. Len, Bytes, Slice
// and WriteTo do not need it.
func FromBytes(b []byte) *Text {
	return &Text{whole: b, lazy: true}
}

// Index makes the line index of a Text from FromBytes now, if it is not
// made yet: O(len(text)) once, at about 700 MB/s. A caller with other
// work to do on the text (the language server parses it) can run it
// alongside; a query that needs the index meanwhile waits for it.
func (t *Text) Index() { t.ready() }

// ready makes the index of a Text from FromBytes on first use.
func (t *Text) ready() {
	if t.lazy {
		t.once.Do(func() {
			t.chunks = build(nil, t.whole, true)
			t.prefix()
		})
	}
}

// build appends to cs the chunks of region, a run of whole lines (it
// starts at a line start of its text and ends at one, or at the end of
// the text when final). The last chunk of a final region holds the
// text's last line, which may be empty. O(len(region)).
func build(cs []*chunk, region []byte, final bool) []*chunk {
	var starts []uint32 // reused for each chunk
	var flags []uint8
	first := len(cs)
	for at := 0; at < len(region) || at == 0; {
		cut := len(region)
		if at+chunkTarget < len(region) {
			// The end of the line holding at+chunkTarget (at the '\n'
			// of a "\r\n", LineEnd reports that line end).
			_, cut = LineEnd(region, at+chunkTarget)
		}
		b := region[at:cut]
		starts, flags = scan(b, append(starts[:0], 0), flags[:0])
		// starts holds each line start of b and then len(b) (b ends at a
		// line end) or not (b ends the text without one); flags one more
		// entry than the line ends.
		if len(starts) > 2 && cut-at > chunkMax {
			// Cut before the line that takes the chunk past chunkMax.
			for i := len(starts) - 1; i > 0; i-- {
				if int(starts[i]) <= chunkMax {
					if int(starts[i]) < len(b) {
						cut = at + int(starts[i])
						b = region[at:cut]
						starts, flags = starts[:i+1], flags[:i+1]
					}
					break
				}
			}
		}
		last := final && cut == len(region)
		cs = append(cs, newChunk(b, starts, flags, last))
		at = cut
		if at == len(region) {
			break
		}
	}
	// A small last piece goes with the one before it.
	if n := len(cs); n-first >= 2 && len(cs[n-1].b) < chunkMin && len(cs[n-2].b)+len(cs[n-1].b) <= chunkMax {
		a, c := cs[n-2], cs[n-1]
		merged := region[len(region)-len(a.b)-len(c.b):]
		starts, flags = scan(merged, append(starts[:0], 0), flags[:0])
		cs[n-2] = newChunk(merged, starts, flags, final)
		cs = cs[:n-1]
	}
	return cs
}

// prefix rebuilds offs and firsts from the chunks. O(chunks).
func (t *Text) prefix() {
	t.offs = make([]int, len(t.chunks)+1)
	t.firsts = make([]int, len(t.chunks)+1)
	for i, c := range t.chunks {
		t.offs[i+1] = t.offs[i] + len(c.b)
		t.firsts[i+1] = t.firsts[i] + len(c.lens)
	}
}

// Edit returns the Text whose bytes are t's with [start, end) replaced by
// repl; start and end are clamped to the text and put in order. t is not
// changed, and the result shares every chunk of t that the edit does not
// touch. repl is copied.
//
// Only the chunks holding the edit and its neighbouring bytes (and a
// neighbour under chunkMin, to merge) are rebuilt: O(bytes of those
// chunks + len(repl) + chunks), never O(len(text)).
func (t *Text) Edit(start, end int, repl []byte) *Text {
	t.ready()
	size := t.Len()
	start, end = max(0, min(start, size)), max(0, min(end, size))
	if end < start {
		start, end = end, start
	}
	// The chunks from the one holding the byte before the edit to the
	// one holding the byte after it: the bytes at both ends of the
	// region are then bytes of t that the edit keeps, so the region
	// still starts and ends at line starts.
	ci, cj := 0, 0
	if size > 0 {
		ci, cj = t.chunkAt(max(start-1, 0)), t.chunkAt(min(end, size-1))
	}
	newLen := t.offs[cj+1] - t.offs[ci] - (end - start) + len(repl)
	if ci > 0 && (len(t.chunks[ci-1].b) < chunkMin || newLen < chunkMin) {
		ci--
		newLen += len(t.chunks[ci].b)
	}
	if cj+1 < len(t.chunks) && (len(t.chunks[cj+1].b) < chunkMin || newLen < chunkMin) {
		cj++
		newLen += len(t.chunks[cj].b)
	}
	region := make([]byte, 0, newLen)
	region = t.appendRange(region, ci, t.offs[ci], start)
	region = append(region, repl...)
	region = t.appendRange(region, t.chunkAt(min(end, size)), end, t.offs[cj+1])

	u := &Text{}
	u.chunks = make([]*chunk, 0, len(t.chunks)+newLen/chunkTarget+1)
	u.chunks = append(u.chunks, t.chunks[:ci]...)
	u.chunks = build(u.chunks, region, cj+1 == len(t.chunks))
	u.chunks = append(u.chunks, t.chunks[cj+1:]...)
	u.prefix()
	return u
}

// appendRange appends the bytes [from, to) of t to dst, starting the
// walk at chunk i, which holds from (or starts after it when the range
// is empty). O(to - from + chunks walked).
func (t *Text) appendRange(dst []byte, i, from, to int) []byte {
	for ; from < to && i < len(t.chunks); i++ {
		c, off := t.chunks[i], t.offs[i]
		if from >= off+len(c.b) {
			continue
		}
		dst = append(dst, c.b[from-off:min(to-off, len(c.b))]...)
		from = off + len(c.b)
	}
	return dst
}

// Len returns the length of the text in bytes. O(1).
func (t *Text) Len() int {
	if t.lazy {
		return len(t.whole)
	}
	return t.offs[len(t.chunks)]
}

// Lines returns the number of lines: one more than the number of line
// ends. O(1).
func (t *Text) Lines() int {
	t.ready()
	return t.firsts[len(t.chunks)]
}

// chunkAt returns the index of the chunk holding offset off, the last
// chunk for the end of the text. off must be in [0, Len()]. The helpers
// from here on need the index (ready). O(log chunks).
func (t *Text) chunkAt(off int) int {
	return min(search(t.offs, off), len(t.chunks)-1)
}

// chunkOfLine returns the index of the chunk holding line n, which must
// be in [0, Lines()). O(log chunks).
func (t *Text) chunkOfLine(n int) int {
	return min(search(t.firsts, n), len(t.chunks)-1)
}

// clampLine returns n clamped to the existing lines.
func (t *Text) clampLine(n int) int { return max(0, min(n, t.Lines()-1)) }

// lineAt returns the chunk of line n (clamped to the existing lines),
// its offset in the text, and n's index and start in the chunk.
// O(log chunks + lineStep).
func (t *Text) lineAt(n int) (c *chunk, off, i, start int) {
	t.ready()
	n = t.clampLine(n)
	k := t.chunkOfLine(n)
	c, i = t.chunks[k], n-t.firsts[k]
	return c, t.offs[k], i, c.start(i)
}

// LineStart returns the offset where line n starts; a line before the
// first is the start of the text, one after the last the end of the
// text. O(log chunks + lineStep).
func (t *Text) LineStart(n int) int {
	switch {
	case n < 0:
		return 0
	case n >= t.Lines():
		return t.Len()
	}
	_, off, _, s := t.lineAt(n)
	return off + s
}

// LineEnd returns the offset where the content of line n ends, before
// its line end; n is clamped to the existing lines. O(log chunks +
// lineStep).
func (t *Text) LineEnd(n int) int {
	c, off, i, s := t.lineAt(n)
	return off + s + c.content(i, s)
}

// Line returns the content of line n (clamped to the existing lines),
// without its line end, as a slice of the text: no copy, not to be
// changed. O(log chunks + lineStep).
func (t *Text) Line(n int) []byte {
	c, _, i, s := t.lineAt(n)
	e := s + c.content(i, s)
	return c.b[s:e:e]
}

// ASCII reports whether line n (clamped to the existing lines) holds only
// bytes below 0x80, so that its byte columns are also its UTF-16 and rune
// columns. O(log chunks).
func (t *Text) ASCII(n int) bool {
	t.ready()
	n = t.clampLine(n)
	k := t.chunkOfLine(n)
	return t.chunks[k].lens[n-t.firsts[k]]&wideLen == 0
}

// CRLF reports whether line n (clamped to the existing lines) ends in
// "\r\n". O(log chunks + lineStep).
func (t *Text) CRLF(n int) bool {
	c, _, i, s := t.lineAt(n)
	l := c.length(i)
	return l >= 2 && c.b[s+l-2] == '\r' && c.b[s+l-1] == '\n'
}

// LineOf returns the 0-based line holding offset off, clamped to the
// text. An offset inside a line end belongs to the line it ends.
// O(log chunks + log(lines per chunk) + lineStep).
func (t *Text) LineOf(off int) int {
	n, _ := t.Position(off)
	return n
}

// Position returns the 0-based line holding offset off (clamped to the
// text) and off's 0-based byte column in it. (Index.Position counts both
// from 1, as compilers print them.) O(log chunks + log(lines per chunk) +
// lineStep).
func (t *Text) Position(off int) (line, col int) {
	t.ready()
	off = max(0, min(off, t.Len()))
	k := t.chunkAt(off)
	i, s := t.chunks[k].lineOf(off - t.offs[k])
	return t.firsts[k] + i, off - t.offs[k] - s
}

// Slice returns the bytes [start, end) of the text, clamped to it and put
// in order: a slice of the text, not to be changed, when they lie in one
// chunk (always so within a line) or the whole text is at hand, else a
// copy. O(log chunks), plus O(end - start) for a copy.
func (t *Text) Slice(start, end int) []byte {
	size := t.Len()
	start, end = max(0, min(start, size)), max(0, min(end, size))
	if end < start {
		start, end = end, start
	}
	if w := t.wholeBytes(); w != nil {
		return w[start:end:end]
	}
	t.ready()
	k := t.chunkAt(start)
	if off := t.offs[k]; end-off <= len(t.chunks[k].b) {
		return t.chunks[k].b[start-off : end-off : end-off]
	}
	return t.appendRange(make([]byte, 0, end-start), k, start, end)
}

// wholeBytes returns the text in one slice when that costs nothing: the
// bytes given to FromBytes, the only chunk, or those materialised by an
// earlier Bytes. Else nil. O(1).
func (t *Text) wholeBytes() []byte {
	switch {
	case t.lazy:
		return t.whole
	case len(t.chunks) == 1:
		return t.chunks[0].b
	}
	return nil
}

// Bytes returns the whole text in one slice, not to be changed. The
// first call on a Text made by Edit copies the chunks, O(len(text)), and
// keeps the copy for the next calls (safely for concurrent callers); on
// a Text from FromBytes, or of one chunk, it is O(1).
func (t *Text) Bytes() []byte {
	if w := t.wholeBytes(); w != nil {
		return w
	}
	t.bytesOnce.Do(func() {
		t.ready()
		b := make([]byte, 0, t.Len())
		for _, c := range t.chunks {
			b = append(b, c.b...)
		}
		t.bytes = b
	})
	return t.bytes
}

// Chunks iterates over the text's chunks in order, each a slice of the
// text not to be changed; together they are the text. O(chunks).
func (t *Text) Chunks() iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		t.ready()
		for _, c := range t.chunks {
			if !yield(c.b[:len(c.b):len(c.b)]) {
				return
			}
		}
	}
}

// WriteTo writes the text to w, chunk by chunk (io.WriterTo).
// O(len(text)).
func (t *Text) WriteTo(w io.Writer) (int64, error) {
	if t.lazy {
		n, err := w.Write(t.whole)
		return int64(n), err
	}
	var n int64
	for _, c := range t.chunks {
		m, err := w.Write(c.b)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// IndexSize returns the bytes the Text holds besides the text itself:
// the chunks' line indexes, the chunks and the per-chunk arrays (slice
// capacities, not the allocator's rounding). O(chunks).
func (t *Text) IndexSize() int {
	t.ready()
	const word = 8
	n := 2*len(t.offs)*word + len(t.chunks)*word
	for _, c := range t.chunks {
		n += chunkHeader + cap(c.lens) + 2*cap(c.cps) + 8*cap(c.long)
	}
	return n
}
