package format

import (
	"bytes"

	"gamels/internal/textpos"
)

// lineEnd returns the line end a file uses: that of its first line
// ("\r\n", "\r" or "\n"), "\n" when it has none. The formatter writes
// every line end of its output this way, so that formatting a CRLF file
// keeps it CRLF, as an editor would. O(length of the first line).
func lineEnd(src []byte) []byte {
	end, next := textpos.LineEnd(src, 0)
	if next == end {
		return []byte("\n")
	}
	return bytes.Clone(src[end:next])
}
