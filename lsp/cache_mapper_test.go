package lsp

import (
	"bytes"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"gamels/internal/textpos"
)

func pos(line, char uint32) protocol.Position {
	return protocol.Position{Line: line, Character: char}
}

func TestMapperPosition(t *testing.T) {
	// "é" is 2 bytes / 1 unit, "漢" 3 bytes / 1 unit, "😀" 4 bytes / 2 units.
	text := []byte("ab\r\né漢😀x\rz\n\x80q")
	tests := []struct {
		off         int
		utf16, utf8 protocol.Position
	}{
		{0, pos(0, 0), pos(0, 0)},
		{2, pos(0, 2), pos(0, 2)},
		{3, pos(0, 2), pos(0, 2)}, // inside "\r\n": end of line 0
		{4, pos(1, 0), pos(1, 0)},
		{6, pos(1, 1), pos(1, 2)},   // after é
		{7, pos(1, 1), pos(1, 2)},   // inside 漢: its start
		{9, pos(1, 2), pos(1, 5)},   // after 漢
		{13, pos(1, 4), pos(1, 9)},  // after 😀
		{14, pos(1, 5), pos(1, 10)}, // after x, at the lone \r
		{15, pos(2, 0), pos(2, 0)},
		{17, pos(3, 0), pos(3, 0)}, // the stray \x80
		{18, pos(3, 1), pos(3, 1)}, // after it
		{19, pos(3, 2), pos(3, 2)}, // end of text
		{99, pos(3, 2), pos(3, 2)}, // clamped
		{-5, pos(0, 0), pos(0, 0)}, // clamped
	}
	m16, m8 := testMapper(text, UTF16), testMapper(text, UTF8)
	if got := m16.Lines(); got != 4 {
		t.Errorf("Lines() = %d, want 4", got)
	}
	for _, tt := range tests {
		if got := m16.Position(tt.off); got != tt.utf16 {
			t.Errorf("utf-16 Position(%d) = %v, want %v", tt.off, got, tt.utf16)
		}
		if got := m8.Position(tt.off); got != tt.utf8 {
			t.Errorf("utf-8 Position(%d) = %v, want %v", tt.off, got, tt.utf8)
		}
	}
}

func TestMapperOffset(t *testing.T) {
	text := []byte("ab\r\né漢😀x\rz\n")
	m16, m8 := testMapper(text, UTF16), testMapper(text, UTF8)
	tests := []struct {
		p           protocol.Position
		off16, off8 int
	}{
		{pos(0, 0), 0, 0},
		{pos(0, 2), 2, 2},
		{pos(0, 50), 2, 2},  // past the end of the line
		{pos(1, 1), 6, 4},   // utf-8: inside é -> its start
		{pos(1, 3), 9, 6},   // inside 😀 (utf-16) and inside 漢 (utf-8): their starts
		{pos(1, 4), 13, 6},  // after 😀 in utf-16
		{pos(1, 9), 14, 13}, // utf-16 clamps at the line end
		{pos(2, 1), 16, 16},
		{pos(3, 0), 17, 17},
		{pos(9, 9), 17, 17}, // past the last line
	}
	for _, tt := range tests {
		if got := m16.Offset(tt.p); got != tt.off16 {
			t.Errorf("utf-16 Offset(%v) = %d, want %d", tt.p, got, tt.off16)
		}
		if got := m8.Offset(tt.p); got != tt.off8 {
			t.Errorf("utf-8 Offset(%v) = %d, want %d", tt.p, got, tt.off8)
		}
	}
}

// TestMapperRoundTrip checks, on text mixing every line end and widths,
// that Offset(Position(off)) == off at every character boundary and that
// the UTF-16 column agrees with an independent count.
func TestMapperRoundTrip(t *testing.T) {
	// The last line, long and wide, gets checkpoints on first use.
	long := bytes.Repeat([]byte("L1 é漢😀 R2\x80 "), 300)
	text := append([]byte("# é漢字😀\r\nL1 # ünï\rR2\n\n😀😀 x\r\n"), long...)
	for _, enc := range []Encoding{UTF16, UTF8} {
		m := testMapper(text, enc)
		for off := 0; off <= len(text); off++ {
			if off < len(text) && !utf8.RuneStart(text[off]) {
				continue
			}
			if off > 0 && text[off-1] == '\r' && off < len(text) && text[off] == '\n' {
				continue // inside CRLF
			}
			p := m.Position(off)
			if got := m.Offset(p); got != off {
				t.Errorf("enc %d: Offset(Position(%d)=%v) = %d", enc, off, p, got)
			}
			if enc == UTF16 {
				ls := m.LineSpan(int(p.Line))
				want := len(utf16.Encode(bytes.Runes(text[ls.Start:off])))
				if int(p.Character) != want {
					t.Errorf("Position(%d).Character = %d, want %d", off, p.Character, want)
				}
			}
		}
		if enc == UTF16 && len(m.checkpoints[m.Lines()-1]) < 2 {
			t.Errorf("the long wide line has no checkpoints")
		}
	}
}

// testMapper returns the Mapper of text, indexed afresh.
func testMapper(text []byte, enc Encoding) *Mapper {
	return NewMapper(textpos.FromBytes(text), enc)
}
