package format_test

import (
	"testing"

	"gamels/internal/format"
	"gamels/parse"
)

// TestEquivalent checks that Equivalent ignores where things stand and
// nothing else.
func TestEquivalent(t *testing.T) {
	for _, tc := range []struct {
		kind parse.Kind
		a, b string
		want bool
	}{
		{parse.Pousse, "4\nL1\nT2\nQUIT\n", "4\nL1 T2\n\nQUIT", true},
		{parse.Pousse, "4\nL1\nT2\nQUIT\n", "4\nL1\nT3\nQUIT\n", false},
		{parse.Pousse, "4\nL1\nQUIT\n", "4\nL1\n", false},
		{parse.Pousse, "# rules: icfp\n4\nL1\nQUIT\n", "4\nL1\nQUIT\n", false},
		{parse.Pousse, "4 # a\nL1\nQUIT\n", "4\nL1 # a  \nQUIT\n", true},
		{parse.Pousse, "4 # a\nL1\nQUIT\n", "4 # b\nL1\nQUIT\n", false},
		{parse.Spot, "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", "2\n1 1 + 1 2 +\n2 1 +\n2 2 +\n0\n", true},
		{parse.Spot, "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", "2\n1 1 +\n1 2 +\n2 1 +\n2 2 -\n0\n", false},
		{parse.Spot, "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n0\n", "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n", false},
		{parse.Path, "2\n\nWB\nUU\n0\n", "2\nWB\n\nUU\n\n0\n", true},
		{parse.Path, "2\n\nWB\nUU\n0\n", "2\n\nWB\nUW\n0\n", false},
		{parse.Path, "2\n\nWB\nUU\n0\n", "2\n\nWB\nUUU\n0\n", false},
	} {
		if got := format.Equivalent(tc.kind, []byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("Equivalent(%v, %q, %q) = %v, want %v", tc.kind, tc.a, tc.b, got, tc.want)
		}
	}
}
