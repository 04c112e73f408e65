package textpos

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzIndex compares New, the int-offset index, LineEnd and Line with the
// byte-at-a-time definition on any text, and after an edit of it.
func FuzzIndex(f *testing.F) {
	f.Add([]byte("ab\ncd\r\né\rg"), uint16(3), uint16(2), []byte("\r"))
	f.Add([]byte("L1 R2 T3 B4\nL1 R2 T3 B4\r\n"), uint16(11), uint16(0), []byte("\n\r"))
	f.Add([]byte("\r\r\n\n😀"), uint16(1), uint16(1), []byte("x"))
	f.Fuzz(func(t *testing.T, text []byte, at, del uint16, ins []byte) {
		check(t, text)
		i := int(at) % (len(text) + 1)
		j := min(len(text), i+int(del)%8)
		check(t, slices.Concat(text[:i], ins, text[j:]))
	})
}

// FuzzText compares a Text of small chunks with the definition on any
// text, then after two edits of it (the second at an offset taken from
// the first's).
func FuzzText(f *testing.F) {
	smallChunks(f, 8, 3, 24)
	f.Add([]byte("ab\ncd\r\né\rg"), uint16(3), uint16(2), []byte("\r"))
	f.Add([]byte("L1 R2 T3 B4\nL1 R2 T3 B4\r\n"), uint16(11), uint16(0), []byte("\n\r"))
	f.Add([]byte("\r\r\n\n😀"), uint16(1), uint16(1), []byte("x"))
	f.Add([]byte("0123456789abcdefghij\r"), uint16(21), uint16(0), []byte("\nx\n"))
	f.Fuzz(func(t *testing.T, text []byte, at, del uint16, ins []byte) {
		x := FromBytes(bytes.Clone(text))
		checkText(t, x, text)
		for k := range 2 {
			i := (int(at) + 7*k) % (len(text) + 1)
			j := min(len(text), i+int(del>>(8*k))%32)
			x = x.Edit(i, j, ins)
			text = slices.Concat(text[:i], ins, text[j:])
			checkText(t, x, text)
		}
	})
}
