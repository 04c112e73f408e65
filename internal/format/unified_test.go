//go:build !(js && wasm)

package format_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/format"
	"gamels/parse"
)

func TestUnified(t *testing.T) {
	src := []byte("4\nL2  \nT2 L2\nQUIT\n")
	out, _ := format.Source(parse.Pousse, src)
	got := string(format.Unified("a.pousse", src, out))
	want := "--- a.pousse\n+++ a.pousse (formatted)\n@@ -1,4 +1,5 @@\n 4\n-L2  \n-T2 L2\n+L2\n+T2\n+L2\n QUIT\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if format.Unified("a", out, out) != nil {
		t.Error("diff of equal texts is not empty")
	}
}
