package lsp

import (
	"context"
	"testing"

	"go.lsp.dev/uri"
)

// setTestHook installs hook as the package's testHook until the test
// ends. The tests that set it do not run in parallel with others.
func setTestHook(tb testing.TB, hook func(ctx context.Context, method string)) {
	tb.Helper()
	if hook == nil {
		return
	}
	h := func(ctx context.Context, method string, u uri.URI) {
		if u != "" {
			ctx = context.WithValue(ctx, hookURIKey{}, u)
		}
		hook(ctx, method)
	}
	testHook.Store(&h)
	tb.Cleanup(func() { testHook.Store(nil) })
}

// hookURIKey is the context key of the document a test hook call is
// about.
type hookURIKey struct{}

// hookURI returns the document of a test hook call, or "".
func hookURI(ctx context.Context) uri.URI {
	u, _ := ctx.Value(hookURIKey{}).(uri.URI)
	return u
}
