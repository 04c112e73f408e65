package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gamels/web"
)

func init() {
	register(&command{
		name:  "web",
		usage: "[--port N] [--host ADDR] | --out DIR",
		short: "serve the web page (the editor and the board, the server in WebAssembly) on 127.0.0.1, or write it to DIR as a static site",
		run:   runWeb,
	})
}

// webCSP is the page's Content-Security-Policy: its own files only, no
// inline script or style, WebAssembly compiled by its own script, no
// request to another origin, not framed. (index.html repeats it, but for
// frame-ancestors, in a meta element, for static hosts that send none.)
const webCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; " +
	"style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// webSite is the page served: the embedded one (tests set another).
var webSite = web.Site

// defaultWebPort is the port of gamels web (844: UVa's Pousse).
const defaultWebPort = 8844

func runWeb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return webMain(ctx, args, stdout, stderr, nil)
}

// webMain is gamels web until ctx ends. ready, when not nil, receives the
// address served once the listener is open (for tests).
func webMain(ctx context.Context, args []string, stdout, stderr io.Writer, ready chan<- string) int {
	fs := newFlagSet("web", stderr)
	port := fs.Int("port", defaultWebPort, "serve on `port` (0: any free port)")
	host := fs.String("host", "127.0.0.1", "listen on `address`: the loopback by default; any other address lets other machines load the page")
	out := fs.String("out", "", "write the page to `dir` as a static site (HTML, JS, CSS, WASM) and exit")
	rest, status, ok := parseArgs(fs, args, stdout)
	if !ok {
		return status
	}
	if len(rest) > 0 {
		return usageError(fs, "unexpected arguments %q", rest)
	}
	if *port < 0 || *port > 65535 {
		return usageError(fs, "--port %d: not a port (0 to 65535)", *port)
	}
	site, err := webSite()
	if err != nil {
		fmt.Fprintf(stderr, "gamels web: %s\n", message(err))
		return exitProblem
	}
	if *out != "" {
		n, err := writeSite(site, *out)
		if err != nil {
			fmt.Fprintf(stderr, "gamels web: %s\n", message(err))
			return exitProblem
		}
		fmt.Fprintf(stdout, "gamels web: wrote %d files to %s\n", n, *out)
		return exitOK
	}
	h, err := newWebHandler(site)
	if err != nil {
		fmt.Fprintf(stderr, "gamels web: %s\n", message(err))
		return exitProblem
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(*host, strconv.Itoa(*port)))
	if err != nil {
		fmt.Fprintf(stderr, "gamels web: %s (--port 0 picks a free port)\n", message(err))
		return exitProblem
	}
	addr := ln.Addr().(*net.TCPAddr)
	if !addr.IP.IsLoopback() {
		fmt.Fprintf(stderr, "gamels web: warning: %s is not a loopback address: other machines can load the page\n", addr.IP)
	} else {
		h.hosts = loopbackHosts(addr.Port)
	}
	url := "http://" + addr.String() + "/"
	fmt.Fprintf(stdout, "gamels web: serving %s (Ctrl+C to stop)\n", url)
	if ready != nil {
		ready <- url
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       webIdleTimeout,
		ConnState:         newConnLimit(webMaxConns).state,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "gamels web: %s\n", message(err))
		return exitProblem
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(sctx)
	return exitOK
}

// loopbackHosts are the Host headers a loopback server answers: a page
// of another name that resolves to 127.0.0.1 (DNS rebinding) gets 421.
func loopbackHosts(port int) map[string]bool {
	p := strconv.Itoa(port)
	return map[string]bool{"127.0.0.1:" + p: true, "localhost:" + p: true, "[::1]:" + p: true}
}

// A webFile is one file of the page, in each encoding the site holds.
type webFile struct {
	raw    []byte // nil when the site holds only compressed copies (the module)
	gz, br []byte // the .gz and .br copies; nil when absent
	ctype  string
	etag   string // the file's tag; each encoding's adds a suffix
}

// A webHandler serves the page's files and nothing else: each request
// path is looked up in a fixed table made from the embedded set (no
// directory listing, no file system path). A file with compressed
// copies is served in the encoding the request accepts, brotli first,
// then gzip, else as it is; the copies have no URL of their own.
type webHandler struct {
	files map[string]*webFile // "/index.html", ...
	hosts map[string]bool     // when not nil, the Host headers answered
}

func newWebHandler(site fs.FS) (*webHandler, error) {
	h := &webHandler{files: map[string]*webFile{}}
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(path.Base(name), ".") {
			return err
		}
		data, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		served, enc := name, path.Ext(name)
		if enc == web.Gzip || enc == web.Brotli {
			served = strings.TrimSuffix(name, enc)
		}
		f := h.files["/"+served]
		if f == nil {
			f = &webFile{ctype: webContentType(served)}
			h.files["/"+served] = f
		}
		switch enc {
		case web.Gzip:
			f.gz = data
		case web.Brotli:
			f.br = data
		default:
			f.raw = data
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, ok := h.files["/index.html"]; !ok {
		return nil, web.ErrNotBuilt
	}
	for name, f := range h.files {
		if f.raw == nil && f.gz == nil {
			return nil, fmt.Errorf("%s: the site holds no copy of it that can be served uncompressed (only %s)", strings.TrimPrefix(name, "/"), web.Brotli)
		}
		tagged := f.raw
		if tagged == nil {
			tagged = f.gz
		}
		sum := sha256.Sum256(tagged)
		f.etag = hex.EncodeToString(sum[:12])
	}
	return h, nil
}

// webContentType is the Content-Type of a served name.
func webContentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (h *webHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", webCSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	hd.Set("Cross-Origin-Resource-Policy", "same-origin")
	if h.hosts != nil && !h.hosts[strings.ToLower(r.Host)] {
		http.Error(w, "gamels web answers only its loopback address", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if p == "/" {
		p = "/index.html"
	}
	f, ok := h.files[p]
	if !ok {
		http.NotFound(w, r)
		return
	}
	hd.Set("Content-Type", f.ctype)
	hd.Set("Cache-Control", "no-cache") // a new binary may serve new files: revalidate (ETag)
	if f.gz != nil || f.br != nil {
		hd.Add("Vary", "Accept-Encoding")
	}
	accept := r.Header.Get("Accept-Encoding")
	var body []byte
	switch {
	case f.br != nil && acceptsEncoding(accept, "br"):
		hd.Set("Content-Encoding", "br")
		hd.Set("ETag", `"`+f.etag+`-br"`)
		body = f.br
	case f.gz != nil && acceptsEncoding(accept, "gzip"):
		hd.Set("Content-Encoding", "gzip")
		hd.Set("ETag", `"`+f.etag+`-gz"`)
		body = f.gz
	case f.raw != nil:
		hd.Set("ETag", `"`+f.etag+`"`)
		body = f.raw
	default:
		// Only compressed copies, and a client that takes neither (curl
		// without --compressed): the gzip copy, decompressed as it goes.
		zr, err := gzip.NewReader(bytes.NewReader(f.gz))
		if err != nil || len(f.gz) < 4 {
			http.Error(w, "the embedded file is damaged", http.StatusInternalServerError)
			return
		}
		// gzip's trailer ends with the size (mod 4 GiB) of what it holds.
		hd.Set("Content-Length", strconv.FormatUint(uint64(binary.LittleEndian.Uint32(f.gz[len(f.gz)-4:])), 10))
		if r.Method == http.MethodGet {
			io.Copy(w, zr)
		}
		return
	}
	if hd.Get("Content-Encoding") != "" && r.Header.Get("Range") == "" {
		// ServeContent leaves it out for an encoded body, which would go
		// chunked, its size unknown to the browser.
		hd.Set("Content-Length", strconv.Itoa(len(body)))
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// acceptsEncoding reports whether an Accept-Encoding header accepts the
// content coding name with a quality above 0: by name (gzip also as
// x-gzip), else by "*".
func acceptsEncoding(header, name string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		ok := qualityAboveZero(params)
		switch {
		case coding == name, name == "gzip" && coding == "x-gzip":
			return ok
		case coding == "*":
			star = ok
		}
	}
	return star
}

// qualityAboveZero reports whether the parameters of one element of
// Accept-Encoding leave it acceptable: no q, or a q above 0.
func qualityAboveZero(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err != nil || q > 0
		}
	}
	return true
}

// writeSite writes the page to dir as a static site: every file as the
// browser loads it (the module decompressed), with its .gz and .br copies
// beside it when the site has them, for hosts that serve precompressed
// files (docs/web.md). It creates dir; it writes only the page's own
// names, and returns how many files it wrote.
func writeSite(site fs.FS, dir string) (int, error) {
	h, err := newWebHandler(site)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	n := 0
	write := func(name string, data []byte) error {
		dst := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, "/")))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
		n++
		return nil
	}
	for name, f := range h.files {
		raw := f.raw
		if raw == nil {
			zr, err := gzip.NewReader(bytes.NewReader(f.gz))
			if err != nil {
				return n, fmt.Errorf("%s: %w", name, err)
			}
			if raw, err = io.ReadAll(zr); err != nil {
				return n, fmt.Errorf("%s: %w", name, err)
			}
		}
		if err := write(name, raw); err != nil {
			return n, err
		}
		for _, c := range []struct {
			ext  string
			data []byte
		}{{web.Gzip, f.gz}, {web.Brotli, f.br}} {
			if c.data == nil {
				continue
			}
			if err := write(name+c.ext, c.data); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
