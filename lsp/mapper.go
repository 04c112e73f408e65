package lsp

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"gamels/parse"
)

// Encoding is the unit in which a protocol Position counts characters
// within a line: UTF-16 code units (the protocol's default) or bytes of
// UTF-8.
type Encoding uint8

// The supported position encodings.
const (
	UTF16 Encoding = iota
	UTF8
)

// Kind returns the protocol's name for the encoding.
func (e Encoding) Kind() protocol.PositionEncodingKind {
	if e == UTF8 {
		return protocol.PositionEncodingKindUTF8
	}
	return protocol.PositionEncodingKindUTF16
}

// A Mapper converts between byte offsets into one immutable text and
// protocol positions. It is the only place where the server deals with
// lines and character units: everything inside the server speaks byte
// offsets (parse.Span), and positions exist only at the protocol edge.
//
// Line ends are "\n", "\r\n" and a lone "\r", as the protocol specifies.
// Invalid UTF-8 bytes count as one unit each (they reach a client as
// U+FFFD, one UTF-16 unit). Positions past the end of a line clamp to the
// end of that line, lines past the end of the text clamp to its end.
//
// Building a Mapper is O(len(text)). Converting is O(log lines) plus, for
// a line holding non-ASCII text in UTF-16 mode, O(log(line length) +
// checkpointEvery): long such lines carry checkpoints.
type Mapper struct {
	text  []byte
	enc   Encoding
	start []uint32 // start[i] is the byte offset of line i (texts are under 4 GiB: MaxFrameSize)
	wide  []bool   // wide[i] reports whether line i holds a byte >= 0x80
	// checkpoints[i], for a wide line i longer than checkpointEvery
	// bytes in UTF-16 mode, holds the UTF-16 column of a character start
	// about every checkpointEvery bytes.
	checkpoints map[int][]checkpoint
}

// A checkpoint pairs a byte offset with its UTF-16 column.
type checkpoint struct{ off, units int }

const checkpointEvery = 512

// NewMapper indexes the lines of text.
func NewMapper(text []byte, enc Encoding) *Mapper {
	// Line ends are at most one per '\n' and '\r' (CRLF counts twice):
	// allocate once.
	n := bytes.Count(text, []byte{'\n'}) + bytes.Count(text, []byte{'\r'}) + 1
	m := &Mapper{text: text, enc: enc, start: make([]uint32, 1, n), wide: make([]bool, 0, n)}
	m.scanLines()
	if enc == UTF16 {
		for i, w := range m.wide {
			if start, end := int(m.start[i]), m.lineEnd(i); w && end-start > checkpointEvery {
				m.index(i, start, end)
			}
		}
	}
	return m
}

// Edited returns the Mapper of text, which is m's text with the bytes
// [start, oldEnd) replaced by text[start:newEnd] (see parse.Diff). Only
// the lines around the edit are scanned again; the line starts after it
// are copied, shifted. O(bytes re-scanned + lines), against
// O(len(text)) byte tests for NewMapper. A text with long non-ASCII lines
// (checkpoints) is indexed afresh.
func (m *Mapper) Edited(text []byte, start, oldEnd, newEnd int) *Mapper {
	if m.checkpoints != nil || start > oldEnd || oldEnd > len(m.text) || newEnd > len(text) ||
		len(m.text)-oldEnd != len(text)-newEnd {
		return NewMapper(text, m.enc)
	}
	delta := newEnd - oldEnd
	// Keep the lines that start strictly before the edit (a line start at
	// the edit may merge with what is inserted, e.g. "\r" + "\n"); the
	// last of them is scanned again.
	k := sort.Search(len(m.start), func(i int) bool { return int(m.start[i]) >= start }) // lines kept: [0, k)
	k = max(k, 1)
	if delta == 0 && m.sameLines(text, k-1, newEnd) {
		// A change of the same length that keeps every line start and
		// width (a move changed for another): the index is m's. Mappers
		// never change their slices, so they can share them.
		return &Mapper{text: text, enc: m.enc, start: m.start, wide: m.wide}
	}
	n := &Mapper{text: text, enc: m.enc,
		start: append([]uint32(nil), m.start[:k]...),
		wide:  append([]bool(nil), m.wide[:k-1]...)}
	for i := int(n.start[k-1]); ; {
		next, wide, ok := nextLine(text, i)
		n.wide = append(n.wide, wide)
		if !ok {
			return n.checked(k-1, len(n.wide))
		}
		n.start = append(n.start, uint32(next))
		if next > newEnd {
			// A line end after the edit: from here on the lines are the
			// old ones, shifted.
			j, found := slices.BinarySearch(m.start, uint32(next-delta))
			if !found {
				return NewMapper(text, m.enc)
			}
			// Copy, then shift in place: append copies without zeroing
			// first.
			k := len(n.start)
			n.start = append(n.start, m.start[j+1:]...)
			d := uint32(delta) // wraps for a negative delta: the sum is right
			for x := k; x < len(n.start); x++ {
				n.start[x] += d
			}
			hi := len(n.wide)
			n.wide = append(n.wide, m.wide[j:]...)
			return n.checked(k-1, hi)
		}
		i = next
	}
}

// sameLines reports whether text, from the start of m's line `line`
// through the line holding offset end, has the same line starts and the
// same non-ASCII lines as m's text. O(bytes scanned).
func (m *Mapper) sameLines(text []byte, line, end int) bool {
	for i := line; ; i++ {
		next, wide, ok := nextLine(text, int(m.start[i]))
		if wide != m.wide[i] || ok != (i+1 < len(m.start)) {
			return false
		}
		if !ok {
			return true
		}
		if next != int(m.start[i+1]) {
			return false
		}
		if next > end {
			return true
		}
	}
}

// nextLine scans the line starting at offset i of text: next is the
// offset where the following line starts, wide whether the line holds a
// non-ASCII byte, and ok false when the text ends before a line end
// ("\n", "\r\n" or a lone "\r"). O(length of the line).
func nextLine(text []byte, i int) (next int, wide, ok bool) {
	for ; i < len(text); i++ {
		switch b := text[i]; {
		case b >= utf8.RuneSelf:
			wide = true
		case b == '\n':
			return i + 1, wide, true
		case b == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			return i + 1, wide, true
		}
	}
	return len(text), wide, false
}

// scanLines indexes the lines of m.text, which is what calling nextLine
// from the start of the text until it reports the end does. Eight bytes
// are tested at once: a word without line ends and non-ASCII bytes is
// skipped, one whose only specials are '\n's has them found by bit
// arithmetic, and anything else ('\r', non-ASCII, the last bytes) is
// read a byte at a time. O(len(text)) at about a byte per nanosecond.
func (m *Mapper) scanLines() {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	text := m.text
	wide := false // the current line holds a byte >= 0x80
	endLine := func(next int) {
		m.wide = append(m.wide, wide)
		m.start = append(m.start, uint32(next))
		wide = false
	}
	for i := 0; i < len(text); {
		if i+8 <= len(text) {
			w := binary.LittleEndian.Uint64(text[i:])
			nl, cr := w^(0x0101010101010101*'\n'), w^(0x0101010101010101*'\r')
			nl = ^((nl&low7 + low7) | nl | low7) // 0x80 exactly where w has '\n'
			cr = ^((cr&low7 + low7) | cr | low7)
			if cr|w&high == 0 {
				for ; nl != 0; nl &= nl - 1 {
					endLine(i + bits.TrailingZeros64(nl)/8 + 1)
				}
				i += 8
				continue
			}
		}
		switch b := text[i]; {
		case b >= utf8.RuneSelf:
			wide = true
		case b == '\n':
			endLine(i + 1)
		case b == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			endLine(i + 1)
		}
		i++
	}
	m.wide = append(m.wide, wide) // the last line
}

// checked returns m, or a Mapper built afresh when one of the lines
// [lo, hi) scanned again needs checkpoints (rare: a long non-ASCII line).
func (m *Mapper) checked(lo, hi int) *Mapper {
	if m.enc == UTF16 {
		for i := lo; i < hi; i++ {
			if m.wide[i] && m.lineEnd(i)-int(m.start[i]) > checkpointEvery {
				return NewMapper(m.text, m.enc)
			}
		}
	}
	return m
}

// index records the checkpoints of line i, [start, end).
func (m *Mapper) index(i, start, end int) {
	if m.checkpoints == nil {
		m.checkpoints = map[int][]checkpoint{}
	}
	cps := make([]checkpoint, 1, (end-start)/checkpointEvery+1)
	cps[0] = checkpoint{start, 0}
	units, last := 0, start
	for off := start; off < end; {
		if off-last >= checkpointEvery {
			cps = append(cps, checkpoint{off, units})
			last = off
		}
		r, size := utf8.DecodeRune(m.text[off:end])
		if size > 1 && r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		off += size
	}
	m.checkpoints[i] = cps
}

// from returns where to start counting UTF-16 units on wide line i to
// reach byte offset off (byOff) or column units (otherwise): the line's
// start or its last checkpoint before the target.
func (m *Mapper) from(i int, target int, byOff bool) checkpoint {
	cps := m.checkpoints[i]
	if len(cps) == 0 {
		return checkpoint{int(m.start[i]), 0}
	}
	k := sort.Search(len(cps), func(k int) bool {
		if byOff {
			return cps[k].off > target
		}
		return cps[k].units > target
	})
	return cps[max(k-1, 0)]
}

// Lines returns the number of lines (one more than the number of line
// ends).
func (m *Mapper) Lines() int { return len(m.start) }

// lineEnd returns the offset of the end of line i's content, before its
// line end.
func (m *Mapper) lineEnd(i int) int {
	if i+1 >= len(m.start) {
		return len(m.text)
	}
	end := int(m.start[i+1]) - 1 // the '\n' or lone '\r'
	if m.text[end] == '\n' && end > int(m.start[i]) && m.text[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the 0-based line holding byte offset off (clamped to the
// text). An offset inside a line end belongs to the line it ends.
func (m *Mapper) Line(off int) int {
	off = max(0, min(off, len(m.text)))
	// The last line whose start is <= off.
	lo, hi := 0, len(m.start)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if int(m.start[mid]) <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// LineSpan returns the byte span of line i's content (without its line
// end); i is clamped to the existing lines.
func (m *Mapper) LineSpan(i int) parse.Span {
	i = max(0, min(i, len(m.start)-1))
	return parse.Span{Start: int(m.start[i]), End: m.lineEnd(i)}
}

// Position returns the protocol position of byte offset off. Offsets are
// clamped to the text; an offset inside a line end maps to the end of the
// line, one inside a multi-byte character to that character's start.
func (m *Mapper) Position(off int) protocol.Position {
	off = max(0, min(off, len(m.text)))
	line := m.Line(off)
	start := int(m.start[line])
	off = min(off, m.lineEnd(line))
	off = runeStart(m.text, start, off)
	var char int
	if m.enc == UTF8 || !m.wide[line] {
		char = off - start
	} else {
		cp := m.from(line, off, true)
		char = cp.units + utf16Len(m.text[cp.off:off])
	}
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

// Offset returns the byte offset of position p, clamping a line past the
// end to the end of the text and a character past the end of its line to
// the end of the line. A UTF-16 position inside a surrogate pair, or a
// UTF-8 one inside a multi-byte character, maps to the character's start.
func (m *Mapper) Offset(p protocol.Position) int {
	if int64(p.Line) >= int64(len(m.start)) {
		return len(m.text)
	}
	line := int(p.Line)
	start, end := int(m.start[line]), m.lineEnd(line)
	want := int64(p.Character)
	if m.enc == UTF8 || !m.wide[line] {
		return runeStart(m.text, start, start+int(min(want, int64(end-start))))
	}
	cp := m.from(line, int(min(want, int64(end-start))), false)
	units := int64(cp.units)
	for off := cp.off; off < end; {
		if units >= want {
			return off
		}
		r, size := utf8.DecodeRune(m.text[off:end])
		n := int64(1)
		if size > 1 && r >= 0x10000 {
			n = 2
		}
		if units+n > want {
			return off // inside a surrogate pair
		}
		units += n
		off += size
	}
	return end
}

// Range returns the protocol range of span s.
func (m *Mapper) Range(s parse.Span) protocol.Range {
	return protocol.Range{Start: m.Position(s.Start), End: m.Position(s.End)}
}

// Span returns the byte span of range r. A reversed range is put in
// order.
func (m *Mapper) Span(r protocol.Range) parse.Span {
	a, b := m.Offset(r.Start), m.Offset(r.End)
	if b < a {
		a, b = b, a
	}
	return parse.Span{Start: a, End: b}
}

// utf16Len returns the number of UTF-16 code units that encode b, counting
// each invalid byte as one unit.
func utf16Len(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if size > 1 && r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// runeStart returns off, or the start of the valid multi-byte UTF-8
// sequence that off falls inside, looking no further back than lo. A
// stray continuation byte is a character of its own.
func runeStart(text []byte, lo, off int) int {
	if off >= len(text) || utf8.RuneStart(text[off]) {
		return off
	}
	for i := off - 1; i >= lo && i >= off-3; i-- {
		if utf8.RuneStart(text[i]) {
			if _, size := utf8.DecodeRune(text[i:]); size > off-i {
				return i
			}
			break
		}
	}
	return off
}
