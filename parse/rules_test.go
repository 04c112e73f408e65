package parse_test

import (
	"testing"

	"gamels/parse"
)

// TestEffectiveRules checks that a file's own `# rules:` line wins over
// the rules chosen outside it, and that contest is the default.
func TestEffectiveRules(t *testing.T) {
	for _, tc := range []struct {
		src  string
		def  parse.Rules
		want parse.Rules
	}{
		{"4\nL1\nQUIT\n", parse.RulesDefault, parse.RulesContest},
		{"4\nL1\nQUIT\n", parse.RulesContest, parse.RulesContest},
		{"4\nL1\nQUIT\n", parse.RulesICFP, parse.RulesICFP},
		{"# rules: icfp\n4\nL1\nQUIT\n", parse.RulesDefault, parse.RulesICFP},
		{"# rules: icfp\n4\nL1\nQUIT\n", parse.RulesContest, parse.RulesICFP},
		{"# rules: contest\n4\nL1\nQUIT\n", parse.RulesICFP, parse.RulesContest},
	} {
		f := parse.Parse(parse.Pousse, []byte(tc.src))
		if got := f.EffectiveRules(tc.def); got != tc.want {
			t.Errorf("%q with %v: EffectiveRules = %v, want %v", tc.src, tc.def, got, tc.want)
		}
	}
}
