package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"
)

// TestConcurrentStorm runs, at the same time: one editor per document
// sending incremental edits (inserting and deleting comment lines with
// characters outside the BMP), a goroutine closing and reopening another
// document, and many goroutines sending every document request at every
// document. Run with -race. No request may fail with an internal error,
// nothing may deadlock, and at the end each document's text on the
// server is the client's and its last diagnostics are those of that
// text.
func TestConcurrentStorm(t *testing.T) {
	ctx := context.Background()
	c := startServer(t, nil)
	c.initialize(nil, "")
	edited := map[uri.URI]string{
		"file:///storm/a.pousse": "4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n",
		"file:///storm/b.spot":   "2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n0\n",
		"file:///storm/c.path":   "3\n\nWBB\nWWU\nWBB\n0\n",
		"file:///storm/d.pousse": "3\nL1\nR2\nL1\nR2\nL1\nQUIT\n2\nT1\nQUIT\n",
	}
	const reopened = uri.URI("file:///storm/e.spot")
	const reopenedText = "3\n1 1 +\n1 1 -\n0\n"
	all := []uri.URI{reopened}
	for u, text := range edited {
		c.open(u, 1, text)
		all = append(all, u)
	}
	c.open(reopened, 1, reopenedText)
	slices.Sort(all)
	methods := docMethods()

	const edits = 150
	var wg sync.WaitGroup
	var stop atomic.Bool
	final := map[uri.URI]string{}
	var finalMu sync.Mutex
	for u, text := range edited {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lines := strings.SplitAfter(text, "\n")
			for v := int32(2); v < edits+2; v++ {
				if v%5 == 0 && strings.HasPrefix(lines[0], "#") {
					// Delete the first line, and insert two in the same
					// notification.
					lines = append([]string{fmt.Sprintf("# 😀 %d\n", v), fmt.Sprintf("# é %d\n", v)}, lines[1:]...)
					c.change(u, v, partial(rng(0, 0, 1, 0), ""), partial(rng(0, 0, 0, 0), fmt.Sprintf("# 😀 %d\n# é %d\n", v, v)))
					continue
				}
				lines = append([]string{fmt.Sprintf("# 😀 %d\n", v)}, lines...)
				c.change(u, v, partial(rng(0, 0, 0, 0), fmt.Sprintf("# 😀 %d\n", v)))
			}
			finalMu.Lock()
			final[u] = strings.Join(lines, "")
			finalMu.Unlock()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for v := int32(2); v < 40; v++ {
			c.closeDoc(reopened)
			c.open(reopened, v, reopenedText)
		}
	}()
	var requests atomic.Int64
	var rwg sync.WaitGroup
	for g := range 6 {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for i := 0; !stop.Load() || i < 20; i++ {
				u := all[(g+i)%len(all)]
				method := methods[(g*7+i)%len(methods)]
				var res json.RawMessage
				_, err := c.conn.Call(ctx, method, anyParams(u, pos(uint32(i%9), uint32(i%4)), rng(0, 0, uint32(i%12), 0)), &res)
				requests.Add(1)
				// A request may fail (the document is closed for a
				// moment); it must not fail inside the server.
				if errCode(err) == jsonrpc2.InternalError {
					t.Errorf("%s on %s: %v", method, u, err)
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); stop.Store(true); rwg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("deadlock: the storm did not end")
	}
	for u, want := range final {
		p := c.waitVersion(u, edits+1)
		snap, err := c.srv.snapshot(u)
		if err != nil || string(snap.text.Bytes()) != want || snap.version != edits+1 {
			t.Errorf("%s: server text (version %d) differs from the client's", u, snap.version)
			continue
		}
		if got, w := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(u, []byte(want), UTF16)); !slices.Equal(got, w) {
			t.Errorf("%s: last diagnostics\n%v\nwant\n%v", u, got, w)
		}
	}
	p := c.waitVersion(reopened, 39)
	if got, w := diagStrings(p.Diagnostics), diagStrings(freshDiagnostics(reopened, []byte(reopenedText), UTF16)); !slices.Equal(got, w) {
		t.Errorf("%s: last diagnostics\n%v\nwant\n%v", reopened, got, w)
	}
	t.Logf("%d requests during %d edits", requests.Load(), edits*len(edited))
}
