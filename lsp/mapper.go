package lsp

import (
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"gamels/internal/textpos"
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
// Where lines start is the line index's business (textpos.Index); the
// Mapper adds the columns.
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
	lines textpos.Index // by value: one load less on every conversion
	// checkpoints[i], for a non-ASCII line i longer than checkpointEvery
	// bytes in UTF-16 mode, holds the UTF-16 column of a character start
	// about every checkpointEvery bytes.
	checkpoints map[int][]checkpoint
}

// A checkpoint pairs a byte offset with its UTF-16 column.
type checkpoint struct{ off, units int }

const checkpointEvery = 512

// NewMapper indexes the lines of text. O(len(text)) for the line index,
// plus O(lines) to find the lines that need checkpoints.
func NewMapper(text []byte, enc Encoding) *Mapper {
	m := &Mapper{text: text, enc: enc, lines: *textpos.New(text)}
	m.checkpointLines(0, m.lines.Count())
	return m
}

// Edited returns the Mapper of text, which is m's text with the bytes
// [start, oldEnd) replaced by text[start:newEnd] (see parse.Diff). Only
// the lines around the edit are scanned again (textpos.Index.Edited):
// O(bytes re-scanned), plus O(lines) to copy the line starts when the
// edit changes the length or the lines, against O(len(text)) for
// NewMapper. A text with long non-ASCII lines (checkpoints) is indexed
// afresh.
func (m *Mapper) Edited(text []byte, start, oldEnd, newEnd int) *Mapper {
	if m.checkpoints != nil {
		return NewMapper(text, m.enc)
	}
	lines, lo, hi := m.lines.Edited(text, start, oldEnd, newEnd)
	n := &Mapper{text: text, enc: m.enc, lines: *lines}
	// The lines kept from m need no checkpoints (m has none), nor do
	// they now: only the lines scanned again may.
	n.checkpointLines(lo, hi)
	return n
}

// checkpointLines records the checkpoints of the lines in [lo, hi) that
// need them in UTF-16 mode: non-ASCII lines longer than checkpointEvery.
// O(hi - lo) plus O(length) of each such line.
func (m *Mapper) checkpointLines(lo, hi int) {
	if m.enc != UTF16 {
		return
	}
	for i := lo; i < hi; i++ {
		if m.lines.ASCII(i) {
			continue
		}
		if start, end := m.lines.Start(i), m.lines.End(i); end-start > checkpointEvery {
			m.index(i, start, end)
		}
	}
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
		return checkpoint{m.lines.Start(i), 0}
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
func (m *Mapper) Lines() int { return m.lines.Count() }

// Line returns the 0-based line holding byte offset off (clamped to the
// text). An offset inside a line end belongs to the line it ends.
func (m *Mapper) Line(off int) int { return m.lines.Line(off) }

// LineSpan returns the byte span of line i's content (without its line
// end); i is clamped to the existing lines.
func (m *Mapper) LineSpan(i int) parse.Span {
	i = max(0, min(i, m.lines.Count()-1))
	return parse.Span{Start: m.lines.Start(i), End: m.lines.End(i)}
}

// Position returns the protocol position of byte offset off. Offsets are
// clamped to the text; an offset inside a line end maps to the end of the
// line, one inside a multi-byte character to that character's start.
func (m *Mapper) Position(off int) protocol.Position {
	off = max(0, min(off, len(m.text)))
	line := m.lines.Line(off)
	start := m.lines.Start(line)
	off = min(off, m.lines.End(line))
	off = runeStart(m.text, start, off)
	var char int
	if m.enc == UTF8 || m.lines.ASCII(line) {
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
	if int64(p.Line) >= int64(m.lines.Count()) {
		return len(m.text)
	}
	line := int(p.Line)
	start, end := m.lines.Start(line), m.lines.End(line)
	want := int64(p.Character)
	if m.enc == UTF8 || m.lines.ASCII(line) {
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
