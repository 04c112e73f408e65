// Package web holds gamels's web page: a CodeMirror editor talking to the
// language server compiled to WebAssembly in a Web Worker, with the board
// beside it. The page's sources are in src/ (TypeScript, HTML, CSS);
// build.mjs, run by go generate, bundles them with esbuild and builds the
// server (./wasm, GOOS=js GOARCH=wasm) into site/, which this package
// embeds. site/ is not in git: a binary built without running go generate
// first has no page, and Site says how to build it.
package web

//go:generate node build.mjs

import (
	"embed"
	"errors"
	"io/fs"
)

//go:embed all:site
var site embed.FS

// The server's WebAssembly module is in the embedded set as its two
// compressed copies only, Wasm+".gz" and Wasm+".br"; every other text
// file of 1 KiB or more is there as it is and with the same two copies
// beside it (build.mjs). gamels web serves each under its own name, in
// the encoding the browser asks for.
const (
	Wasm = "gamels.wasm"
	// Compressed copies, by suffix.
	Gzip   = ".gz"
	Brotli = ".br"
)

// ErrNotBuilt is Site's error when the binary was built without the page.
var ErrNotBuilt = errors.New("the web page is not built into this binary: run `go generate ./web` (needs Node.js 18 or later and npm), then build gamels again")

// The files every built page has; build.mjs writes them.
var required = []string{"index.html", "main.js", "worker.js", "style.css", Wasm + Gzip, Wasm + Brotli}

// Site returns the built page: the files of site/ (no dot files), or
// ErrNotBuilt when one of the page's files is missing.
func Site() (fs.FS, error) {
	sub, err := fs.Sub(site, "site")
	if err != nil {
		return nil, err
	}
	for _, name := range required {
		if _, err := fs.Stat(sub, name); err != nil {
			return nil, ErrNotBuilt
		}
	}
	return sub, nil
}
