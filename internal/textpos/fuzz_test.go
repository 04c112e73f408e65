package textpos

import "testing"

// FuzzIndex compares New, the int-offset index, LineEnd and Line with the
// byte-at-a-time definition on any text, then Edited with New after an
// edit of it.
func FuzzIndex(f *testing.F) {
	f.Add([]byte("ab\ncd\r\né\rg"), uint16(3), uint16(2), []byte("\r"))
	f.Add([]byte("L1 R2 T3 B4\nL1 R2 T3 B4\r\n"), uint16(11), uint16(0), []byte("\n\r"))
	f.Add([]byte("\r\r\n\n😀"), uint16(1), uint16(1), []byte("x"))
	f.Fuzz(func(t *testing.T, text []byte, at, del uint16, ins []byte) {
		check(t, text)
		i := int(at) % (len(text) + 1)
		j := min(len(text), i+int(del)%8)
		edit(t, New(text), text, i, j, ins)
	})
}
