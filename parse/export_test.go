package parse

import "github.com/google/go-cmp/cmp"

// CmpOptions lets cmp compare Files, Games and Moves, whose unexported
// fields hold the moves' places.
var CmpOptions = cmp.AllowUnexported(Move{}, Game{}, longSpan{})

// SetFastPaths turns the byte-level move readers on or off, for tests
// that compare them with the general path.
func SetFastPaths(on bool) { fastPaths = on }
