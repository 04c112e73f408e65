//go:build js && wasm

// Command wasm is gamels serve compiled to WebAssembly for the web page's
// Web Worker (web/src/worker.ts): the same lsp package, served over a
// jsonrpc2 stream made of the worker's messages instead of stdin and
// stdout.
//
// The worker gives each message from the page, one JSON-RPC message as a
// string, to the function gamelsReceive that main installs; main posts
// each message of the server's to the page with postMessage, as a string.
// Between the two, the server reads and writes the base protocol's frames
// (lsp/wire.NewStream), so that it sees the very bytes gamels serve sees.
// The log goes to the browser's console (standard error, which Go's
// wasm_exec.js writes there), never into the protocol.
package main

import (
	"context"
	"os"
	"runtime/debug"
	"syscall/js"
	"time"

	"go.uber.org/zap/zapcore"

	"gamels/analyze/solve"
	"gamels/internal/zlog"
	"gamels/lsp"
	"gamels/lsp/wire"
)

func main() {
	// zap's development console format, made with zapcore alone: package
	// zap would link net/http and crypto/tls (internal/zlog). No time:
	// the console stamps its own.
	enc := zapcore.EncoderConfig{
		LevelKey:       "L",
		NameKey:        "N",
		MessageKey:     "M",
		StacktraceKey:  "S",
		LineEnding:     zapcore.DefaultLineEnding,
		EncodeLevel:    zapcore.CapitalLevelEncoder,
		EncodeDuration: zapcore.StringDurationEncoder,
	}
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(os.Stderr), zapcore.InfoLevel)
	logger := zlog.New(core)

	version := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	c := newConn(func(msg string) { js.Global().Call("postMessage", msg) })
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 1 && args[0].Type() == js.TypeString {
			c.deliver(args[0].String())
			solve.HostMessage()
		}
		return nil
	})
	js.Global().Set("gamelsReceive", receive)
	// Tell the worker that messages may come: it holds those that came
	// before.
	js.Global().Call("gamelsReady")

	srv := lsp.NewServer(options(core, version))
	code := srv.Serve(context.Background(), wire.NewStream(c, core))
	logger.Info("gamels server exits", zlog.Int("status", code))
	js.Global().Call("gamelsExited", code)
	receive.Release()
}

// leading is the server's Options.Leading here: the page sends the
// requests an edit sets off (the board a click redraws, the hints of
// the lines shown) a few milliseconds after the didChange, and on one
// thread a publication started at once would hold them back while it
// computes, encodes and posts the diagnostics of the whole document.
const leading = 20 * time.Millisecond

// options are the server's options in the page.
func options(logger zapcore.Core, version string) lsp.Options {
	return lsp.Options{Logger: logger, Version: version, Leading: leading}
}
