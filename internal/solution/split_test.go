package solution

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{in: "./sol", want: []string{"./sol"}},
		{in: "  ./sol  --fast\t-n 3 ", want: []string{"./sol", "--fast", "-n", "3"}},
		{in: `sh -c 'exec ./a.out | tr a b'`, want: []string{"sh", "-c", "exec ./a.out | tr a b"}},
		{in: `python3 "my sol.py" $HOME *`, want: []string{"python3", "my sol.py", "$HOME", "*"}},
		{in: `a "q\"x\\y\n"`, want: []string{"a", `q"x\y\n`}},
		{in: `my\ sol ''`, want: []string{"my sol", ""}},
		{in: `a'b'"c"d`, want: []string{"abcd"}},
		{in: "", err: "the command is empty"},
		{in: "   ", err: "the command is empty"},
		{in: "a 'b", err: "a single quote is not closed"},
		{in: `a "b`, err: "a double quote is not closed"},
		{in: `a \`, err: "a backslash ends the command"},
	} {
		got, err := Split(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Split(%q) = %q, %v; want error %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Split(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Split(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// FuzzSplit: Split never panics, and words joined back in single
// quotes (a quote inside closes them, is escaped, and opens them again)
// split into the same words.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"./sol", `sh -c 'a | b'`, `a "b\"c" d\ e`, "'", `"`, `\`, ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := Split(s)
		if err != nil {
			return
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		again, err := Split(strings.Join(quoted, " "))
		if err != nil {
			t.Fatalf("Split(%q) = %q; quoted back: %v", s, words, err)
		}
		if diff := cmp.Diff(words, again); diff != "" {
			t.Fatalf("Split(%q) = %q; quoted back (-first +again):\n%s", s, words, diff)
		}
	})
}
