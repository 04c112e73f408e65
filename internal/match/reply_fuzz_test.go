package match

import (
	"strings"
	"testing"

	"gamels/parse"
)

// FuzzParseMove: a player's line is a move or an error, never a panic;
// a move read back from its token is the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"50 50 -", "L100", "L3", "B12", "Z9", "l3", "L03", "L0", "1 2 +", "3 3 -", "0 0 +", " 2  5 + ", "2 5 +x", "+1 2 +", "１ 2 +", ""} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, text string, n int) {
		n = (n%100 + 100) % 100 // the sizes a match takes: Pousse 1 to 100, Spot 2 to 50
		for _, kind := range []parse.Kind{parse.Pousse, parse.Spot} {
			size := 1 + n
			if kind == parse.Spot {
				size = 2 + n%49
			}
			mv, err := parseMove(kind, size, text)
			if err != nil {
				if !strings.Contains(err.Error(), "is not a move") {
					t.Errorf("%v %q: error %q", kind, text, err)
				}
				continue
			}
			again, err := parseMove(kind, size, token(mv))
			if err != nil || !again.Same(mv) {
				t.Errorf("%v %q: read %q, then %v (%v)", kind, text, token(mv), again, err)
			}
		}
	})
}
