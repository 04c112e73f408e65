package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"

	"gamels/web"
)

// fakeModule stands for gamels.wasm in the fake site.
var fakeModule = []byte("\x00asm\x01\x00\x00\x00 the server")

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// fakeBrotli stands for a brotli copy (the handler never decodes one).
func fakeBrotli(b []byte) []byte { return append([]byte("br:"), b...) }

// The fake page's script, as it is and as its two copies.
var fakeScript = []byte("console.log(1)")

// newFakeSite is a built page as web.Site returns it: the module as its
// two copies only, a script with its copies, a dot file and a directory
// that must not be served as such.
func newFakeSite() fstest.MapFS {
	return fstest.MapFS{
		"index.html":     {Data: []byte("<!DOCTYPE html><title>gamels</title>")},
		"main.js":        {Data: fakeScript},
		"main.js.gz":     {Data: gzipped(fakeScript)},
		"main.js.br":     {Data: fakeBrotli(fakeScript)},
		"worker.js":      {Data: []byte("postMessage(1)")},
		"style.css":      {Data: []byte("body{}")},
		"favicon.svg":    {Data: []byte("<svg/>")},
		"gamels.wasm.gz": {Data: gzipped(fakeModule)},
		"gamels.wasm.br": {Data: fakeBrotli(fakeModule)},
		".gitignore":     {Data: []byte("*\n")},
		"sub/deep.txt":   {Data: []byte("deep")},
	}
}

func fakeSite(*testing.T) fstest.MapFS { return newFakeSite() }

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
		{"script, br and gzip accepted", "GET", "/main.js", "gzip, deflate, br, zstd", 200, "text/javascript; charset=utf-8", "br", fakeBrotli(fakeScript)},
		{"script, gzip accepted", "GET", "/main.js", "gzip, deflate", 200, "text/javascript; charset=utf-8", "gzip", gzipped(fakeScript)},
		{"script, x-gzip", "GET", "/main.js", "x-gzip", 200, "text/javascript; charset=utf-8", "gzip", gzipped(fakeScript)},
		{"script, br refused", "GET", "/main.js", "br;q=0, gzip;q=0.5", 200, "text/javascript; charset=utf-8", "gzip", gzipped(fakeScript)},
		{"script, any", "GET", "/main.js", "*", 200, "text/javascript; charset=utf-8", "br", fakeBrotli(fakeScript)},
		{"script, any but br", "GET", "/main.js", "br;q=0.0, *", 200, "text/javascript; charset=utf-8", "gzip", gzipped(fakeScript)},
		{"script, identity only", "GET", "/main.js", "identity", 200, "text/javascript; charset=utf-8", "", fakeScript},
		{"script, nothing accepted", "GET", "/main.js", "", 200, "text/javascript; charset=utf-8", "", fakeScript},
		{"stylesheet without copies, br accepted", "GET", "/style.css", "gzip, br", 200, "text/css; charset=utf-8", "", []byte("body{}")},
		{"module, br accepted", "GET", "/gamels.wasm", "gzip, deflate, br", 200, "application/wasm", "br", fakeBrotli(fakeModule)},
		{"module, gzip accepted", "GET", "/gamels.wasm", "gzip, deflate", 200, "application/wasm", "gzip", gzipped(fakeModule)},
		{"module, nothing accepted", "GET", "/gamels.wasm", "", 200, "application/wasm", "", fakeModule},
		{"module, both refused", "GET", "/gamels.wasm", "gzip;q=0, br;q=0", 200, "application/wasm", "", fakeModule},
		{"head", "HEAD", "/main.js", "", 200, "text/javascript; charset=utf-8", "", nil},
		{"the stored name of the module", "GET", "/gamels.wasm.gz", "", 404, "", "", nil},
		{"a copy's name", "GET", "/main.js.br", "br", 404, "", "", nil},
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
			if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(tt.body)) && !(tt.method == "HEAD" && cl != "") {
				t.Errorf("Content-Length %q, want %d", cl, len(tt.body))
			}
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

// TestWebHandlerETag checks that each encoding of a file has its own
// tag, and that a request with the tag it was given is answered 304.
func TestWebHandlerETag(t *testing.T) {
	h, err := newWebHandler(fakeSite(t))
	if err != nil {
		t.Fatal(err)
	}
	get := func(accept, etag string) *http.Response {
		r := httptest.NewRequest("GET", "/main.js", nil)
		r.Header.Set("Accept-Encoding", accept)
		if etag != "" {
			r.Header.Set("If-None-Match", etag)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	tags := map[string]bool{}
	for _, accept := range []string{"", "gzip", "br"} {
		etag := get(accept, "").Header.Get("ETag")
		if etag == "" || tags[etag] {
			t.Fatalf("Accept-Encoding %q: ETag %q, empty or another encoding's (%v)", accept, etag, tags)
		}
		tags[etag] = true
		if res := get(accept, etag); res.StatusCode != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q with If-None-Match: status %d, want 304", accept, res.StatusCode)
		}
	}
	if res := get("br", get("gzip", "").Header.Get("ETag")); res.StatusCode != http.StatusOK {
		t.Errorf("the gzip copy's tag for a brotli answer: status %d, want 200", res.StatusCode)
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
// its served name, the module uncompressed, the compressed copies beside
// the files that have them, nothing else.
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
	want := []string{"favicon.svg", "gamels.wasm", "gamels.wasm.br", "gamels.wasm.gz", "index.html", "main.js", "main.js.br", "main.js.gz", "style.css", "sub/deep.txt", "worker.js"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files written (-want +got):\n%s", diff)
	}
	for name, want := range map[string][]byte{
		"gamels.wasm":    fakeModule,
		"gamels.wasm.gz": gzipped(fakeModule),
		"gamels.wasm.br": fakeBrotli(fakeModule),
		"main.js":        fakeScript,
		"main.js.gz":     gzipped(fakeScript),
	} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(b, want) {
			t.Errorf("%s is %q, want %q", name, b, want)
		}
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
	// Every file the page loads is served; those of 1 KiB or more in
	// brotli when accepted, else gzip.
	for _, p := range []string{"/", "/main.js", "/worker.js", "/style.css", "/favicon.svg", "/gamels.wasm"} {
		for _, accept := range []string{"gzip, deflate, br, zstd", "gzip", ""} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("GET", p, nil)
			r.Header.Set("Accept-Encoding", accept)
			h.ServeHTTP(w, r)
			if w.Code != 200 || w.Body.Len() == 0 {
				t.Errorf("GET %s (Accept-Encoding %q): %d, %d bytes", p, accept, w.Code, w.Body.Len())
			}
			want := map[string]string{"gzip, deflate, br, zstd": "br", "gzip": "gzip", "": ""}[accept]
			if p == "/favicon.svg" {
				want = ""
			}
			if got := w.Result().Header.Get("Content-Encoding"); got != want {
				t.Errorf("GET %s (Accept-Encoding %q): Content-Encoding %q, want %q", p, accept, got, want)
			}
		}
	}
}

// TestWebManyIdleConnections holds 300 idle keep-alive connections to
// gamels web run with an open-files limit of 256 (ulimit -n, as on
// macOS), then asks for the page on a new one: it must be answered.
func TestWebManyIdleConnections(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gamels web in a child process; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs ulimit -n in sh (Linux)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", `ulimit -n 256 && exec "$0" web --port 0`, os.Args[0])
	cmd.Env = append(os.Environ(), "GAMELS_RUN_MAIN=1", "GAMELS_FAKE_SITE=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	addr := regexp.MustCompile(`http://([0-9.:]+)/`).FindStringSubmatch(line)
	if err != nil || addr == nil {
		t.Fatalf("gamels web printed %q (%v); stderr %q", line, err, stderr.String())
	}
	host := addr[1]
	// Each connection asks for the page once, keeps the connection
	// alive and says nothing more.
	request := "GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for i := 0; i < 300; i++ {
		c, err := net.DialTimeout("tcp", host, 2*time.Second)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		held = append(held, c)
		c.SetDeadline(time.Now().Add(500 * time.Millisecond))
		if _, err := io.WriteString(c, request); err == nil {
			if res, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}
		c.SetDeadline(time.Time{})
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := client.Get("http://" + host + "/")
	if err != nil {
		t.Fatalf("with 300 idle connections held, a new request: %v; stderr %q", err, stderr.String())
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "<title>gamels</title>") {
		t.Errorf("with 300 idle connections held: %d %q", res.StatusCode, body)
	}
}

// TestWebConnLimit checks the bound itself: past max, the connection
// idle longest is closed, then a new one when every other is busy; an
// idle connection is closed after the server's IdleTimeout.
func TestWebConnLimit(t *testing.T) {
	l := newConnLimit(2)
	conns := make([]*fakeConn, 5)
	for i := range conns {
		conns[i] = &fakeConn{}
	}
	l.state(conns[0], http.StateNew)
	l.state(conns[0], http.StateActive)
	l.state(conns[0], http.StateIdle)
	time.Sleep(time.Millisecond)
	l.state(conns[1], http.StateNew)
	l.state(conns[1], http.StateActive) // busy
	l.state(conns[2], http.StateNew)    // three open: the idle one goes
	if !conns[0].closed || conns[1].closed || conns[2].closed {
		t.Fatalf("closed %v %v %v, want only the idle connection 0", conns[0].closed, conns[1].closed, conns[2].closed)
	}
	l.state(conns[2], http.StateActive)
	l.state(conns[3], http.StateNew) // all busy: the new one goes
	if !conns[3].closed || conns[1].closed || conns[2].closed {
		t.Fatalf("closed %v %v %v, want only the new connection 3", conns[3].closed, conns[1].closed, conns[2].closed)
	}
	l.state(conns[0], http.StateClosed)
	l.state(conns[3], http.StateClosed)
	l.state(conns[1], http.StateClosed)
	l.state(conns[4], http.StateNew)
	if conns[4].closed || len(l.open) != 2 {
		t.Fatalf("after closes: %d open, connection 4 closed %v", len(l.open), conns[4].closed)
	}
}

type fakeConn struct {
	net.Conn
	closed bool
}

func (c *fakeConn) Close() error { c.closed = true; return nil }

// TestWebIdleTimeout checks that gamels web closes a keep-alive
// connection that sends nothing after its request, after webIdleTimeout.
func TestWebIdleTimeout(t *testing.T) {
	defer func(f func() (fs.FS, error), d time.Duration) { webSite, webIdleTimeout = f, d }(webSite, webIdleTimeout)
	webSite = func() (fs.FS, error) { return newFakeSite(), nil }
	webIdleTimeout = 200 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	go webMain(ctx, []string{"--port", "0"}, io.Discard, io.Discard, ready)
	host := strings.TrimSuffix(strings.TrimPrefix(<-ready, "http://"), "/")
	c, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: "+host+"\r\n\r\n")
	r := bufio.NewReader(c)
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := r.ReadByte(); err != io.EOF {
		t.Fatalf("the idle connection: read %v, want EOF (closed by the server)", err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("closed after %v, before the idle timeout", d)
	}
}
