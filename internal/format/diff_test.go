//go:build !(js && wasm)

package format_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gamels/internal/format"
	"gamels/parse"
)

// TestLargeDiffStaysFine: on a file far beyond what a table of line
// pairs could hold (10^4 lines, 10^8 pairs), the edits are still one per
// changed line, and the unified diff has one hunk per change.
func TestLargeDiffStaysFine(t *testing.T) {
	var src strings.Builder
	const games, every = 2500, 100
	changed := 0
	for g := 0; g < games; g++ {
		src.WriteString("1\n")
		if g%every == 0 {
			src.WriteString("L1  \n") // trailing blanks: one changed line
			changed++
		} else {
			src.WriteString("L1\n")
		}
		src.WriteString("QUIT\n\n")
	}
	in := []byte(strings.TrimSuffix(src.String(), "\n"))
	out, err := format.Source(parse.Pousse, in)
	if err != nil {
		t.Fatal(err)
	}
	edits := format.Edits(in, out)
	if len(edits) != changed {
		t.Fatalf("%d edits, want %d (one per changed line)", len(edits), changed)
	}
	if got := format.Apply(in, edits); !bytes.Equal(got, out) {
		t.Fatal("edits do not reproduce the formatted text")
	}
	d := format.Unified("big.pousse", in, out)
	if n := bytes.Count(d, []byte("\n@@ ")); n != changed {
		t.Fatalf("%d hunks, want %d", n, changed)
	}
	if want := fmt.Sprintf("@@ -%d,7 +%d,7 @@\n", every*4-1, every*4-1); !bytes.Contains(d, []byte(want)) {
		t.Errorf("no hunk %q in\n%.400s", want, d)
	}
}

func BenchmarkUnified(b *testing.B) {
	var src strings.Builder
	for g := 0; g < 5000; g++ {
		fmt.Fprintf(&src, "1\nL1 %s\nQUIT\n\n", strings.Repeat(" ", g%3))
	}
	in := []byte(src.String())
	out, _ := format.Source(parse.Pousse, in)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		format.Unified("b.pousse", in, out)
	}
}
