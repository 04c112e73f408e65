package lsp

import (
	"context"
	"gamels/lsp/wire"
	"os"
	"testing"
	"time"
)

// TestMain runs the tests, or, in the child process of a benchmark that
// measures a server process (BenchmarkServerRSS, the process
// benchmarks), serves the protocol over stdin and stdout and exits.
func TestMain(m *testing.M) {
	if os.Getenv(perfServeEnv) == "1" {
		serveStdio()
	}
	os.Exit(m.Run())
}

// serveStdio is the benchmarks' server process.
func serveStdio() {
	var opts Options
	if d, err := time.ParseDuration(os.Getenv(perfDebounceEnv)); err == nil {
		opts.Debounce = d // the edit benchmarks: no wait before analysing
	}
	srv := NewServer(opts)
	code := srv.Serve(context.Background(), wire.NewStream(pipeRWC{os.Stdin, os.Stdout}, nil))
	os.Exit(code)
}
