package parse

import "github.com/google/go-cmp/cmp"

// CmpOptions lets cmp compare Files, Games and Moves, whose unexported
// fields hold the moves' places.
var CmpOptions = cmp.AllowUnexported(Move{}, Game{}, longSpan{})

// SetFastPaths turns the byte-level move readers on or off, for tests
// that compare them with the general path.
func SetFastPaths(on bool) { fastPaths = on }

// Bytes is a Source over a byte slice.
type Bytes []byte

// Len returns len(b).
func (b Bytes) Len() int { return len(b) }

// Slice returns b[start:end].
func (b Bytes) Slice(start, end int) []byte { return b[start:end] }
