package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"gamels/web"
)

// fakeModule stands for gamels.wasm in the fake site.
var fakeModule = []byte("\x00asm\x01\x00\x00\x00 the server")

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeSite is a built page as web.Site returns it, with a dot file and a
// directory that must not be served as such.
func fakeSite(t *testing.T) fstest.MapFS {
	return fstest.MapFS{
		"index.html":     {Data: []byte("<!DOCTYPE html><title>gamels</title>")},
		"main.js":        {Data: []byte("console.log(1)")},
		"worker.js":      {Data: []byte("postMessage(1)")},
		"style.css":      {Data: []byte("body{}")},
		"favicon.svg":    {Data: []byte("<svg/>")},
		"gamels.wasm.gz": {Data: gzipped(t, fakeModule)},
		".gitignore":     {Data: []byte("*\n")},
		"sub/deep.txt":   {Data: []byte("deep")},
	}
}

func TestWebHandler(t *testing.T) {
	h, err := newWebHandler(fakeSite(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path, accept string
		status                     int
		ctype, encoding            string
		body                       []byte
	}{
		{"root is index.html", "GET", "/", "", 200, "text/html; charset=utf-8", "", []byte("<!DOCTYPE html><title>gamels</title>")},
		{"index.html", "GET", "/index.html", "", 200, "text/html; charset=utf-8", "", []byte("<!DOCTYPE html><title>gamels</title>")},
		{"script", "GET", "/main.js", "", 200, "text/javascript; charset=utf-8", "", []byte("console.log(1)")},
		{"stylesheet", "GET", "/style.css", "", 200, "text/css; charset=utf-8", "", []byte("body{}")},
		{"a file in a directory of the set", "GET", "/sub/deep.txt", "", 200, "text/plain; charset=utf-8", "", []byte("deep")},
		{"module, gzip accepted", "GET", "/gamels.wasm", "gzip, deflate, br", 200, "application/wasm", "gzip", gzipped(t, fakeModule)},
		{"module, gzip not accepted", "GET", "/gamels.wasm", "", 200, "application/wasm", "", fakeModule},
		{"module, gzip refused", "GET", "/gamels.wasm", "gzip;q=0, br", 200, "application/wasm", "", fakeModule},
		{"head", "HEAD", "/main.js", "", 200, "text/javascript; charset=utf-8", "", nil},
		{"the stored name of the module", "GET", "/gamels.wasm.gz", "", 404, "", "", nil},
		{"dot file", "GET", "/.gitignore", "", 404, "", "", nil},
		{"directory: no listing", "GET", "/sub/", "", 404, "", "", nil},
		{"directory without slash", "GET", "/sub", "", 404, "", "", nil},
		{"outside the set", "GET", "/../web.go", "", 404, "", "", nil},
		{"escaped dots", "GET", "/%2e%2e/go.mod", "", 404, "", "", nil},
		{"absent", "GET", "/missing.js", "", 404, "", "", nil},
		{"index.html as a directory", "GET", "/index.html/", "", 404, "", "", nil},
		{"post", "POST", "/", "", 405, "", "", nil},
		{"put", "PUT", "/main.js", "", 405, "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "http://127.0.0.1:8844"+tt.path, nil)
			if tt.accept != "" {
				r.Header.Set("Accept-Encoding", tt.accept)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			res := w.Result()
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			// Every answer, an error too, carries the policy.
			if got := res.Header.Get("Content-Security-Policy"); got != webCSP {
				t.Errorf("Content-Security-Policy %q, want %q", got, webCSP)
			}
			if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q", got)
			}
			if tt.status != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := res.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			body, _ := io.ReadAll(res.Body)
			if tt.method == "HEAD" {
				if len(body) != 0 {
					t.Errorf("HEAD answered with %d bytes", len(body))
				}
				return
			}
			if !bytes.Equal(body, tt.body) {
				t.Errorf("body %q, want %q", body, tt.body)
			}
		})
	}
}

func TestWebHandlerETag(t *testing.T) {
	h, err := newWebHandler(fakeSite(t))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/main.js", nil))
	etag := w.Result().Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	r := httptest.NewRequest("GET", "/main.js", nil)
	r.Header.Set("If-None-Match", etag)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusNotModified {
		t.Errorf("with If-None-Match: status %d, want 304", w.Code)
	}
}

func TestWebHandlerHosts(t *testing.T) {
	h, err := newWebHandler(fakeSite(t))
	if err != nil {
		t.Fatal(err)
	}
	h.hosts = loopbackHosts(8844)
	for host, want := range map[string]int{
		"127.0.0.1:8844":        200,
		"localhost:8844":        200,
		"LOCALHOST:8844":        200,
		"[::1]:8844":            200,
		"127.0.0.1:8845":        421,
		"attacker.example":      421,
		"attacker.example:8844": 421,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: status %d, want %d", host, w.Code, want)
		}
	}
}

func TestWebNotBuilt(t *testing.T) {
	if _, err := newWebHandler(fstest.MapFS{".gitignore": {Data: []byte("*")}}); !errors.Is(err, web.ErrNotBuilt) {
		t.Errorf("handler of an empty site: %v, want ErrNotBuilt", err)
	}
	defer func(f func() (fs.FS, error)) { webSite = f }(webSite)
	webSite = func() (fs.FS, error) { return nil, web.ErrNotBuilt }
	var stdout, stderr bytes.Buffer
	if code := webMain(context.Background(), []string{"--port", "0"}, &stdout, &stderr, nil); code != exitProblem {
		t.Errorf("status %d, want %d", code, exitProblem)
	}
	if !strings.Contains(stderr.String(), "go generate ./web") {
		t.Errorf("stderr %q does not say how to build the page", stderr.String())
	}
}

func TestWebUsage(t *testing.T) {
	for _, args := range [][]string{{"--port", "70000"}, {"--port", "-1"}, {"extra"}, {"--bogus"}} {
		var stdout, stderr bytes.Buffer
		if code := webMain(context.Background(), args, &stdout, &stderr, nil); code != exitUsage {
			t.Errorf("%q: status %d, want %d (stderr %q)", args, code, exitUsage, stderr.String())
		}
	}
}

// TestWebServe runs gamels web on a free port: it listens on the
// loopback by default, prints its address, serves the page with the
// policy, refuses another Host and stops when its context ends.
func TestWebServe(t *testing.T) {
	defer func(f func() (fs.FS, error)) { webSite = f }(webSite)
	site := fakeSite(t)
	webSite = func() (fs.FS, error) { return site, nil }
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan int, 1)
	var stdout, stderr bytes.Buffer
	go func() { done <- webMain(ctx, []string{"--port", "0"}, &stdout, &stderr, ready) }()
	var url string
	select {
	case url = <-ready:
	case code := <-done:
		t.Fatalf("gamels web ended with %d: %s", code, stderr.String())
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("serves %s, want the loopback", url)
	}
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "<title>gamels</title>") || res.Header.Get("Content-Security-Policy") != webCSP {
		t.Errorf("GET /: %d %q, CSP %q", res.StatusCode, body, res.Header.Get("Content-Security-Policy"))
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = "rebound.example"
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("another Host: %v %v, want 421", res.StatusCode, err)
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("status %d after the context ended, want 0", code)
	}
	if !strings.Contains(stdout.String(), url) {
		t.Errorf("stdout %q does not print the address", stdout.String())
	}
}

// TestWebOut writes the page as a static site: every served file, under
// its served name, the module uncompressed, nothing else.
func TestWebOut(t *testing.T) {
	defer func(f func() (fs.FS, error)) { webSite = f }(webSite)
	site := fakeSite(t)
	webSite = func() (fs.FS, error) { return site, nil }
	dir := filepath.Join(t.TempDir(), "site")
	var stdout, stderr bytes.Buffer
	if code := webMain(context.Background(), []string{"--out", dir}, &stdout, &stderr, nil); code != exitOK {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	var got []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	sort.Strings(got)
	want := []string{"favicon.svg", "gamels.wasm", "index.html", "main.js", "style.css", "sub/deep.txt", "worker.js"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files written (-want +got):\n%s", diff)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "gamels.wasm")); !bytes.Equal(b, fakeModule) {
		t.Errorf("gamels.wasm is %q, want the module uncompressed", b)
	}
}

// TestWebEmbedded checks the page built into this binary, when it is:
// the files the page loads are all served.
func TestWebEmbedded(t *testing.T) {
	site, err := web.Site()
	if errors.Is(err, web.ErrNotBuilt) {
		t.Skip("the page is not built (go generate ./web)")
	}
	if err != nil {
		t.Fatal(err)
	}
	h, err := newWebHandler(site)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/main.js", "/worker.js", "/style.css", "/favicon.svg", "/gamels.wasm"} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", p, nil)
		r.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(w, r)
		if w.Code != 200 || w.Body.Len() == 0 {
			t.Errorf("GET %s: %d, %d bytes", p, w.Code, w.Body.Len())
		}
	}
}
