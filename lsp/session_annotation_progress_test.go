package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// annotatedGames is annotatedGame n times over, one game after the
// other, under one rules line.
func annotatedGames(n int) string {
	game := strings.TrimPrefix(annotatedGame, "# rules: icfp\n")
	return "# rules: icfp\n" + strings.Repeat(game+"\n", n)
}

// initAnnotations initializes c's server with the annotations on at
// depth 4, window.workDoneProgress as workDone, and inlay hint refresh.
func initAnnotations(t *testing.T, c *testClient, workDone bool) {
	t.Helper()
	yes := true
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)}
	p.Capabilities.Window = &protocol.WindowClientCapabilities{WorkDoneProgress: &workDone}
	p.Capabilities.Workspace = &protocol.WorkspaceClientCapabilities{InlayHint: &protocol.InlayHintWorkspaceClientCapabilities{RefreshSupport: &yes}}
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
}

// progressEvent is one window/workDoneProgress/create request or
// $/progress notification the client received.
type progressEvent struct {
	Method string
	Token  string
	Kind   string
	Msg    string
	Pct    *int
}

// progressEvents returns the progress messages received so far.
func (c *testClient) progressEvents() []progressEvent {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []progressEvent
	for _, s := range c.progress {
		// "create TOKEN" or "TOKEN KIND VALUE" (testClient.handle).
		if token, ok := strings.CutPrefix(s, "create "); ok {
			out = append(out, progressEvent{Method: "window/workDoneProgress/create", Token: token})
			continue
		}
		token, rest, _ := strings.Cut(s, " ")
		_, value, _ := strings.Cut(rest, " ")
		var v struct {
			Kind       string `json:"kind"`
			Message    string `json:"message"`
			Percentage *int   `json:"percentage"`
		}
		if err := json.Unmarshal([]byte(value), &v); err != nil {
			c.t.Fatalf("%s: %v", s, err)
		}
		out = append(out, progressEvent{"$/progress", token, v.Kind, v.Message, v.Percentage})
	}
	return out
}

// waitProgress waits until the progress messages satisfy ok.
func (c *testClient) waitProgress(what string, ok func([]progressEvent) bool) []progressEvent {
	c.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		ch := c.changed
		c.mu.Unlock()
		if ev := c.progressEvents(); ok(ev) {
			return ev
		}
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("no %s: %+v", what, c.progressEvents())
		}
	}
}

// ended reports whether the progress of token has ended.
func ended(ev []progressEvent, token string) bool {
	for _, e := range ev {
		if e.Token == token && e.Kind == "end" {
			return true
		}
	}
	return false
}

// TestAnnotationsProgress: a job that runs longer than the server's
// delay shows its progress: create, begin with the count of games,
// reports of a rising percentage, end; each game here takes 250 ms (the
// hook), so the reports, every 200 ms, see the percentage move.
func TestAnnotationsProgress(t *testing.T) {
	const u = uri.URI("file:///p.pousse")
	c := startServer(t, func(ctx context.Context, method string) {
		if method == "annotations-game" && hookURI(ctx) == u {
			time.Sleep(250 * time.Millisecond)
		}
	})
	c.srv.annProgressAfter = 0
	initAnnotations(t, c, true)
	c.open(u, 1, annotatedGames(3))
	c.waitFor(u, "annotations", annotated)
	ev := c.waitProgress("end", func(ev []progressEvent) bool { return len(ev) > 0 && ended(ev, ev[0].Token) })
	if ev[0].Method != protocol.MethodWindowWorkDoneProgressCreate {
		t.Fatalf("first message %+v, want the token's creation", ev[0])
	}
	token := ev[0].Token
	var kinds []string
	last := -1
	for _, e := range ev[1:] {
		if e.Method != protocol.MethodProgress || e.Token != token {
			t.Errorf("%+v: want $/progress of token %s", e, token)
			continue
		}
		kinds = append(kinds, e.Kind)
		switch e.Kind {
		case "begin":
			if !strings.Contains(e.Msg, "of 3 games (p.pousse)") || e.Pct == nil {
				t.Errorf("begin %q %v: want the count of games and a percentage", e.Msg, e.Pct)
			}
		case "report":
			if e.Pct == nil || *e.Pct <= last || *e.Pct > 100 {
				t.Errorf("report %+v after %d%%: want a rising percentage", e, last)
			} else {
				last = *e.Pct
			}
		case "end":
			if e.Msg != "3 games annotated" {
				t.Errorf("end %q", e.Msg)
			}
		}
	}
	if len(kinds) < 3 || kinds[0] != "begin" || kinds[len(kinds)-1] != "end" || kinds[1] != "report" {
		t.Errorf("kinds %v: want begin, report..., end", kinds)
	}
}

// TestAnnotationsProgressNotShown: no progress for a client without
// window.workDoneProgress, nor for a job shorter than the delay.
func TestAnnotationsProgressNotShown(t *testing.T) {
	for _, tc := range []struct {
		name     string
		workDone bool
		after    time.Duration
	}{
		{"no capability", false, 0},
		{"short job", true, 300 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startServer(t, nil)
			c.srv.annProgressAfter = tc.after
			initAnnotations(t, c, tc.workDone)
			const u = uri.URI("file:///q.pousse")
			c.open(u, 1, annotatedGame)
			c.waitFor(u, "annotations", annotated)
			time.Sleep(tc.after + 100*time.Millisecond)
			if ev := c.progressEvents(); len(ev) != 0 {
				t.Errorf("progress: %+v", ev)
			}
		})
	}
}

// TestAnnotationsProgressCancelled: a job cancelled by an edit ends its
// progress, saying so; the next version's job has a progress of its own.
func TestAnnotationsProgressCancelled(t *testing.T) {
	const u = uri.URI("file:///x.pousse")
	held := make(chan struct{})
	first := true
	c := startServer(t, func(ctx context.Context, method string) {
		if method == "annotations-game" && hookURI(ctx) == u && first {
			first = false // only the first game of version 1's job waits, until it is cancelled
			close(held)
			<-ctx.Done()
		}
	})
	c.srv.annProgressAfter = 0
	initAnnotations(t, c, true)
	c.open(u, 1, annotatedGames(2))
	<-held
	ev := c.waitProgress("begin", func(ev []progressEvent) bool {
		return len(ev) >= 2 && ev[1].Kind == "begin"
	})
	token := ev[0].Token
	c.change(u, 2, partial(rng(1, 0, 1, 0), "# a comment\n"))
	ev = c.waitProgress("the end of the cancelled job", func(ev []progressEvent) bool { return ended(ev, token) })
	for _, e := range ev {
		if e.Token == token && e.Kind == "end" && !strings.HasPrefix(e.Msg, "cancelled") {
			t.Errorf("end of the cancelled job: %q", e.Msg)
		}
	}
	c.waitFor(u, "annotations of version 2", func(p *protocol.PublishDiagnosticsParams) bool {
		return versionIs(p, 2) && annotated(p)
	})
	c.waitProgress("the second job's end", func(ev []progressEvent) bool {
		for _, e := range ev {
			if e.Method == protocol.MethodWindowWorkDoneProgressCreate && e.Token != token && ended(ev, e.Token) {
				return true
			}
		}
		return false
	})
}

// TestAnnotationsVisibleFirst: the games in the range of the client's
// latest inlayHint request are annotated first, and their annotations
// shown (inlay hints refreshed) before the others are done; the
// annotations in the end are those of the document order.
func TestAnnotationsVisibleFirst(t *testing.T) {
	const u = uri.URI("file:///v.pousse")
	text := annotatedGames(4)
	// Game i (0-based) starts on line 1+10i: its N line, 7 moves, QUIT,
	// a blank line.
	gameLines := func(i int) protocol.Range { return rng(uint32(1+10*i), 0, uint32(10+10*i), 0) }

	// The reference: the annotations without any range asked.
	ref := startServer(t, nil)
	initAnnotations(t, ref, false)
	ref.open(u, 1, text)
	want := annotationCodes(ref.waitFor(u, "annotations", annotated))
	if len(want) != 16 {
		t.Fatalf("the reference annotations: %q, want 4 a game", want)
	}

	start := make(chan struct{})
	games := 0
	paused, resume := make(chan struct{}), make(chan struct{})
	c := startServer(t, func(ctx context.Context, method string) {
		if hookURI(ctx) != u {
			return
		}
		switch method {
		case "annotations":
			<-start // until the client has asked for the hints of game 3
		case "annotations-game":
			if games++; games == 2 {
				close(paused) // game 3 is done; hold the second game
				<-resume
			}
		}
	})
	initAnnotations(t, c, false)
	c.open(u, 1, text)
	c.waitVersion(u, 1)
	hints := func(r protocol.Range) []string {
		t.Helper()
		hs, err := c.server.InlayHint(context.Background(), &protocol.InlayHintParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: r})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range hs {
			if l := fmt.Sprint(h.Label); !strings.HasSuffix(l, ".") {
				out = append(out, l)
			}
		}
		return out
	}
	if got := hints(gameLines(2)); len(got) != 1 { // the outcome only
		t.Fatalf("before the job, game 3's hints: %q", got)
	}
	close(start)
	<-paused
	refreshes := c.inlayRefreshes.Load()
	if refreshes == 0 {
		t.Errorf("no inlayHint/refresh once the games shown were done")
	}
	all := hints(rng(0, 0, 99, 0)) // the client's own ask; the next job would start from it
	shown := hints(gameLines(2))
	if len(shown) < 2 {
		t.Errorf("game 3 (shown) has no annotations while the others run: %q", shown)
	}
	if len(all) != len(shown)+3 { // the other games: their outcomes only
		t.Errorf("while the others run, the hints of the document are %q, want game 3's %q and three outcomes", all, shown)
	}
	close(resume)
	p := c.waitFor(u, "annotations", annotated)
	if diff := cmp.Diff(want, annotationCodes(p)); diff != "" {
		t.Errorf("annotations (-document order +shown first):\n%s", diff)
	}
}
