package lsp

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// The long requests (a GIF being drawn, the engine's moves to the end
// of a game) on a document closed or edited meanwhile: each answers
// ContentModified at its next step, and nothing is written to a closed
// or superseded document (no workspace/applyEdit), from a server
// process.

// longGame is a Pousse game of moves pushes along one row from both
// sides on an n x n board: it never ends, every move is a frame.
func longGame(n, moves int) string {
	var b strings.Builder
	b.WriteString(itoa(n) + "\n")
	for i := range moves {
		b.WriteString([]string{"L1\n", "R1\n"}[i%2])
	}
	b.WriteString("QUIT\n")
	return b.String()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// isContentModified reports whether err is the protocol's ContentModified.
func isContentModified(err error) bool {
	var je *jsonrpc2.Error
	return errors.As(err, &je) && je.Code == jsonrpc2.Code(protocol.LSPErrorCodesContentModified)
}

// TestLongRequestsStopWhenSuperseded: a GIF of 2001 frames, and the
// engine's moves to the end of a game, stopped by a close or an edit of
// their document 300 ms in.
func TestLongRequestsStopWhenSuperseded(t *testing.T) {
	bin := buildGamels(t)
	for _, how := range []string{"close", "edit"} {
		t.Run("gif/"+how, func(t *testing.T) {
			c, _ := startGamels(t, bin)
			c.initialize(nil, "")
			u := uri.URI("file:///long-" + how + ".pousse")
			c.open(u, 1, longGame(24, 2000))
			c.waitVersion(u, 1)
			done := make(chan error, 1)
			go func() {
				var res json.RawMessage
				done <- c.playCall(PictureMethod, map[string]any{
					"textDocument": map[string]any{"uri": u}, "position": map[string]any{"line": 1, "character": 0}, "format": "gif"}, &res)
			}()
			time.Sleep(300 * time.Millisecond)
			supersede(t, c, u, how)
			start := time.Now()
			err := <-done
			took := time.Since(start)
			t.Logf("gamels/picture gif, %s 300 ms in: answered %v later: %v", how, took, err)
			if !isContentModified(err) || took > 2*time.Second {
				t.Errorf("answered %v after the %s with %v; want ContentModified at the next frame", took, how, err)
			}
		})
		t.Run("engine/"+how, func(t *testing.T) {
			c, _ := startGamels(t, bin)
			c.initialize(nil, `{"gamels.analysis.depth": 12}`)
			u := uri.URI("file:///rest-" + how + ".pousse")
			const text = "8\nQUIT\n"
			c.open(u, 1, text)
			c.waitVersion(u, 1)
			a := engineRestActionAt(t, c, u, 0)
			if a == nil {
				t.Fatal("no action to play to the end")
			}
			done := make(chan error, 1)
			go func() {
				_, err := execEngineAction(t, c, u, text, a)
				done <- err
			}()
			time.Sleep(300 * time.Millisecond)
			supersede(t, c, u, how)
			start := time.Now()
			var err error
			select {
			case err = <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("no answer 60 s after the " + how)
			}
			took := time.Since(start)
			t.Logf("the engine's moves to the end, %s 300 ms in: answered %v later: %v", how, took, err)
			if !isContentModified(err) || took > 2*time.Second {
				t.Errorf("answered %v after the %s with %v; want ContentModified at the next step", took, how, err)
			}
			time.Sleep(200 * time.Millisecond)
			c.mu.Lock()
			defer c.mu.Unlock()
			if len(c.applyEdits) != 0 {
				t.Errorf("workspace/applyEdit sent for a document %s: %s", map[string]string{"close": "closed", "edit": "superseded"}[how], c.applyEdits[0])
			}
		})
	}
}

// supersede closes u or edits it.
func supersede(t *testing.T, c *testClient, u uri.URI, how string) {
	t.Helper()
	if how == "close" {
		c.closeDoc(u)
		return
	}
	c.change(u, 2, partial(rng(0, 0, 0, 0), "# a comment\n"))
}
