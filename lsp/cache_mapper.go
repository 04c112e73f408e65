package lsp

import (
	"sort"
	"sync"
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
// Where lines start is the text's business (textpos.Text, which keeps
// the line index); the Mapper adds the columns.
//
// Line ends are "\n", "\r\n" and a lone "\r", as the protocol specifies.
// Invalid UTF-8 bytes count as one unit each (they reach a client as
// U+FFFD, one UTF-16 unit). Positions past the end of a line clamp to the
// end of that line, lines past the end of the text clamp to its end.
//
// Making a Mapper is O(1): it holds the text and, made on first use, the
// checkpoints of the long non-ASCII lines it converts on. Converting is
// O(log chunks + 16) to find the line (see textpos.Text) plus, for a
// line holding non-ASCII text in UTF-16 mode, O(column) or, on a line
// longer than checkpointEvery, O(log(line length) + checkpointEvery)
// once the line's checkpoints are made (O(line) the first time).
type Mapper struct {
	text *textpos.Text
	enc  Encoding

	mu sync.Mutex
	// checkpoints[i], for a non-ASCII line i longer than checkpointEvery
	// bytes in UTF-16 mode, holds the UTF-16 column of a character start
	// about every checkpointEvery bytes, relative to the line.
	checkpoints map[int][]checkpoint
}

// A checkpoint pairs a byte offset in a line with its UTF-16 column.
type checkpoint struct{ off, units int }

const checkpointEvery = 512

// NewMapper returns the Mapper of text. O(1).
func NewMapper(text *textpos.Text, enc Encoding) *Mapper {
	return &Mapper{text: text, enc: enc}
}

// lineCheckpoints returns the checkpoints of line i, whose content is
// ln, making them on first use: O(len(ln)) once.
func (m *Mapper) lineCheckpoints(i int, ln []byte) []checkpoint {
	m.mu.Lock()
	defer m.mu.Unlock()
	if cps, ok := m.checkpoints[i]; ok {
		return cps
	}
	if m.checkpoints == nil {
		m.checkpoints = map[int][]checkpoint{}
	}
	cps := make([]checkpoint, 1, len(ln)/checkpointEvery+1)
	units, last := 0, 0
	for off := 0; off < len(ln); {
		if off-last >= checkpointEvery {
			cps = append(cps, checkpoint{off, units})
			last = off
		}
		r, size := utf8.DecodeRune(ln[off:])
		if size > 1 && r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		off += size
	}
	m.checkpoints[i] = cps
	return cps
}

// from returns where to start counting UTF-16 units on wide line i, of
// content ln, to reach byte offset off in the line (byOff) or column
// units (otherwise): the line's start or its last checkpoint before the
// target.
func (m *Mapper) from(i int, ln []byte, target int, byOff bool) checkpoint {
	if len(ln) <= checkpointEvery {
		return checkpoint{}
	}
	cps := m.lineCheckpoints(i, ln)
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
func (m *Mapper) Lines() int { return m.text.Lines() }

// Line returns the 0-based line holding byte offset off (clamped to the
// text). An offset inside a line end belongs to the line it ends.
func (m *Mapper) Line(off int) int { return m.text.LineOf(off) }

// LineSpan returns the byte span of line i's content (without its line
// end); i is clamped to the existing lines.
func (m *Mapper) LineSpan(i int) parse.Span {
	i = max(0, min(i, m.text.Lines()-1))
	start := m.text.LineStart(i)
	return parse.Span{Start: start, End: start + len(m.text.Line(i))}
}

// Position returns the protocol position of byte offset off. Offsets are
// clamped to the text; an offset inside a line end maps to the end of the
// line, one inside a multi-byte character to that character's start.
func (m *Mapper) Position(off int) protocol.Position {
	line, col := m.text.Position(off)
	ln := m.text.Line(line)
	col = runeStart(ln, 0, min(col, len(ln)))
	char := col
	if m.enc == UTF16 && !m.text.ASCII(line) {
		cp := m.from(line, ln, col, true)
		char = cp.units + utf16Len(ln[cp.off:col])
	}
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

// Offset returns the byte offset of position p, clamping a line past the
// end to the end of the text and a character past the end of its line to
// the end of the line. A UTF-16 position inside a surrogate pair, or a
// UTF-8 one inside a multi-byte character, maps to the character's start.
func (m *Mapper) Offset(p protocol.Position) int {
	if int64(p.Line) >= int64(m.text.Lines()) {
		return m.text.Len()
	}
	line := int(p.Line)
	start, ln := m.text.LineStart(line), m.text.Line(line)
	want := int64(p.Character)
	if m.enc == UTF8 || m.text.ASCII(line) {
		return start + runeStart(ln, 0, int(min(want, int64(len(ln)))))
	}
	cp := m.from(line, ln, int(min(want, int64(len(ln)))), false)
	units := int64(cp.units)
	for off := cp.off; off < len(ln); {
		if units >= want {
			return start + off
		}
		r, size := utf8.DecodeRune(ln[off:])
		n := int64(1)
		if size > 1 && r >= 0x10000 {
			n = 2
		}
		if units+n > want {
			return start + off // inside a surrogate pair
		}
		units += n
		off += size
	}
	return start + len(ln)
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
