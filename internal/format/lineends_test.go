package format_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/format"
	"gamels/parse"
)

// TestLineEndsAndBlanks: the output keeps the line ends of the file's
// first line, and no line of it, comments included, ends in blanks.
func TestLineEndsAndBlanks(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind parse.Kind
		src  string
		want string
	}{
		{"lf", parse.Pousse, "4\nL2 T2\nQUIT\n", "4\nL2\nT2\nQUIT\n"},
		{"crlf canonical", parse.Pousse, "4\r\nL2\r\nT2\r\nQUIT\r\n", "4\r\nL2\r\nT2\r\nQUIT\r\n"},
		{"crlf", parse.Pousse, "4\r\nL2 T2\r\nQUIT", "4\r\nL2\r\nT2\r\nQUIT\r\n"},
		{"crlf mixed", parse.Spot, "2\r\n1 1 +\n0\n", "2\r\n1 1 +\r\n\r\n0\r\n"},
		{"cr", parse.Path, "1\r\rW\r0\r", "1\r\rW\r\r0\r"},
		{"crlf stray", parse.Pousse, "junk  \r\nmore\r\n", "junk\r\nmore\r\n"},
		{"comment own line", parse.Pousse, "# a comment  \t\n4\nL2\nQUIT\n", "# a comment\n4\nL2\nQUIT\n"},
		{"comment trailing", parse.Spot, "2\n1 1 +   # here  \n0\n", "2\n1 1 + # here\n\n0\n"},
		{"comment crlf", parse.Spot, "2\r\n1 1 + # here \r\n0\r\n", "2\r\n1 1 + # here\r\n\r\n0\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := format.Source(tc.kind, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestExamplesCanonical: every shipped example is already in the
// canonical layout, as `gamels fmt -l testdata/examples` should show.
func TestExamplesCanonical(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/examples/*")
	n := 0
	for _, p := range files {
		kind, ok := parse.KindOf(p)
		if !ok {
			continue
		}
		n++
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out, err := format.Source(kind, src)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if diff := cmp.Diff(string(src), string(out)); diff != "" {
			t.Errorf("%s is not canonical (-file +formatted):\n%s", p, diff)
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}
