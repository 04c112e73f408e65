package match

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports holds the package to its place (docs/architecture.md):
// above analyze, analyze/solve and internal/solution; it knows no
// protocol and nothing of the command line.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if strings.HasPrefix(imp, "gamels/lsp") || strings.HasPrefix(imp, "gamels/cmd") || strings.HasPrefix(imp, "go.lsp.dev") {
			t.Errorf("internal/match imports %s", imp)
		}
	}
}
