package parse_test

import (
	"testing"

	"gamels/parse"
)

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		word string
		want string
	}{
		{0, "move", "0 moves"},
		{1, "move", "1 move"},
		{2, "move", "2 moves"},
		{1, "malformed move", "1 malformed move"},
		{12, "game", "12 games"},
	} {
		if got := parse.Plural(tc.n, tc.word); got != tc.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tc.n, tc.word, got, tc.want)
		}
	}
}
