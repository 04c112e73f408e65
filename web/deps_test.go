package web

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestWasmLinksNoHTTP checks that the server's WebAssembly build does not
// import net/http nor crypto/tls: the page never makes a request from Go,
// and the two cost the module over half a megabyte compressed. Package
// zap imports net/http, so the server logs through zapcore alone
// (internal/zlog); this fails when a dependency brings either back.
func TestWasmLinksNoHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "gamels/web/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !slices.Contains(deps, "gamels/lsp") {
		t.Fatalf("go list gave %d packages, without gamels/lsp: %q", len(deps), out)
	}
	for _, bad := range []string{"net/http", "crypto/tls", "go.uber.org/zap"} {
		if slices.Contains(deps, bad) {
			t.Errorf("the wasm build imports %s", bad)
		}
	}
}
