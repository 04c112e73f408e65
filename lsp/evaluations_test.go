package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// evaluationsAt asks gamels/evaluations at line (0-based) of u.
func evaluationsAt(t *testing.T, c *testClient, u uri.URI, line uint32) *gameEvaluations {
	t.Helper()
	var res *gameEvaluations
	params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0)}
	if _, err := c.conn.Call(context.Background(), EvaluationsMethod, params, &res); err != nil {
		t.Fatalf("%s line %d: %v", u, line, err)
	}
	return res
}

// initializeAnnotated initializes c as a client that asks for
// gamels/annotated, with the analysis settings options.
func initializeAnnotated(t *testing.T, c *testClient, options string) {
	t.Helper()
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(options)}
	p.Capabilities.Experimental = protocol.LSPAny(`{"gamelsAnnotated": true}`)
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
}

// waitAnnotated waits for the gamels/annotated notification of version v
// of u.
func (c *testClient) waitAnnotated(u uri.URI, v int32) {
	c.t.Helper()
	want := `{"textDocument":{"uri":"` + string(u) + `","version":` + jsonInt(v) + `}}`
	deadline := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		for _, p := range c.annotated {
			if string(p) == want {
				c.mu.Unlock()
				return
			}
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("no %s for %s version %d", AnnotatedMethod, u, v)
		}
	}
}

func jsonInt(v int32) string { b, _ := json.Marshal(v); return string(b) }

// TestEvaluations asks gamels/evaluations once gamels/annotated said the
// annotations are done: the values a position a character, the
// annotations as the diagnostics and inlay hints say them
// (TestAnnotations: annotatedGame at depth 4), on Pousse and Spot; null
// outside every game and for PATH.
func TestEvaluations(t *testing.T) {
	c := startServer(t, nil)
	initializeAnnotated(t, c, `{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)
	const (
		a  = uri.URI("file:///a.pousse")
		s  = uri.URI("file:///s.spot")
		pa = uri.URI("file:///b.path")
	)
	c.open(a, 1, annotatedGame)
	c.open(s, 1, "# game 1 ends at move 3, a repeat\n2\n1 1 +\n2 2 +\n2 2 -\n1 2 +\n\n0\n")
	c.open(pa, 1, "3\n\nWBB\nWWU\nWBB\n")
	c.waitAnnotated(a, 1)
	c.waitAnnotated(s, 1)

	// annotatedGame: positions 0-3 hold nothing within 4 plies; then X
	// (after 4 moves), O, X win at once and O in 3 (after the 7 moves).
	want := &gameEvaluations{Game: 1, MoveCount: 7, Depth: 4, Complete: true, Values: "....XOXO",
		Annotations: []annotationAnswer{
			{Move: 4, Kind: "blunder", Mark: "??", Text: "blunder: after B3, X wins at once; R1 holds", Played: "B3", Best: "R1", Plies: 2},
			{Move: 5, Kind: "missed-win", Mark: "??", Text: "missed L1: wins at once", Played: "B2", Best: "L1", Plies: 1},
			{Move: 6, Kind: "missed-win", Mark: "??", Text: "missed R2: wins at once", Played: "L2", Best: "R2", Plies: 1},
			{Move: 7, Kind: "missed-win", Mark: "??", Text: "missed L1: wins at once", Played: "R3", Best: "L1", Plies: 1},
		},
		// The judgment (at its node budget) proves the results of
		// positions 1 to 3, beyond the proofs' depth of 4.
		Estimates: estimates(0.69, 1, 1, 0, 1, 0, 1, 0)}
	for _, line := range []uint32{1, 5, 8} { // the N line, a move, the last move
		if diff := cmp.Diff(want, evaluationsAt(t, c, a, line)); diff != "" {
			t.Errorf("pousse, line %d (-want +got)\n%s", line, diff)
		}
	}

	// Spot, 2 x 2: after 1 1 +, player 2 wins by removing it (player
	// 1's only moves then add a spot, a pattern seen after move 1), so
	// positions 0 and 1 are player 2's ("O"); 2 2 + misses that win;
	// position 2 holds nothing forced; player 1's 2 2 - repeats and
	// loses (position 3, "O"); position 4, after the move past the end,
	// is not analysed.
	got := evaluationsAt(t, c, s, 3)
	if got == nil || got.Values != "OO.O " || got.MoveCount != 4 || got.Pending || got.Off != "" {
		t.Errorf("spot: %+v, want 4 moves, values %q", got, "OO.O ")
	}
	var kinds []string
	for _, x := range got.Annotations {
		kinds = append(kinds, x.Kind+" "+jsonInt(int32(x.Move)))
	}
	if diff := cmp.Diff([]string{"missed-win 2", "blunder 3", "decisive 3"}, kinds); diff != "" {
		t.Errorf("spot annotations (-want +got)\n%s", diff)
	}
	for _, x := range []struct {
		u    uri.URI
		line uint32
	}{{a, 0}, {s, 0}, {s, 8}, {pa, 2}} {
		if got := evaluationsAt(t, c, x.u, x.line); got != nil {
			t.Errorf("%s line %d: %+v, want null", x.u, x.line, got)
		}
	}
}

// TestEvaluationsPendingOff: pending while the job of the version runs
// (held by the test hook), then the values; off with the reason when
// the setting, the file's size or the board's leaves nothing to wait
// for. A client that did not ask for gamels/annotated gets none.
func TestEvaluationsPendingOff(t *testing.T) {
	const u = uri.URI("file:///p.pousse")
	release := make(chan struct{})
	held := make(chan struct{}, 1)
	c := startServer(t, func(ctx context.Context, method string) {
		if method == "annotations" && hookURI(ctx) == u {
			held <- struct{}{}
			<-release
		}
	})
	c.initialize(nil, `{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)
	c.open(u, 1, annotatedGame)
	<-held
	got := evaluationsAt(t, c, u, 2)
	if diff := cmp.Diff(&gameEvaluations{Game: 1, MoveCount: 7, Depth: 4, Pending: true, Values: strings.Repeat(" ", 8), Annotations: []annotationAnswer{}, Estimates: make([]*float64, 8)}, got); diff != "" {
		t.Errorf("pending (-want +got)\n%s", diff)
	}
	close(release)
	c.waitFor(u, "annotations", annotated)
	if got := evaluationsAt(t, c, u, 2); got.Pending || got.Values != "....XOXO" {
		t.Errorf("once annotated: %+v", got)
	}
	c.mu.Lock()
	n := len(c.annotated)
	c.mu.Unlock()
	if n != 0 {
		t.Errorf("%d gamels/annotated notifications to a client that did not ask", n)
	}

	// Off: a 9 x 9 board; a file over 1 MiB; the setting.
	const big, large = uri.URI("file:///big.pousse"), uri.URI("file:///large.pousse")
	c.open(big, 1, "9\nL1\nQUIT\n")
	c.open(large, 1, "4\nL1\nQUIT\n"+strings.Repeat("# padding\n", MaxAnnotatedSize/10+1))
	c.waitVersion(large, 1)
	for _, tc := range []struct {
		u    uri.URI
		want string
	}{{big, "the engine plays boards up to 8 x 8"}, {large, "the file is over 1 MiB, more than the server annotates: gamels analyze annotates it"}} {
		if got := evaluationsAt(t, c, tc.u, 1); got == nil || got.Off != tc.want || got.Pending || got.Values != "  " {
			t.Errorf("%s: %+v, want off %q", tc.u, got, tc.want)
		}
	}
	if err := c.server.DidChangeConfiguration(context.Background(), &protocol.DidChangeConfigurationParams{
		Settings: protocol.LSPAny(`{"gamels.analysis.enabled": false}`)}); err != nil {
		t.Fatal(err)
	}
	if got := evaluationsAt(t, c, u, 2); got == nil || got.Off != "the engine's annotations are off (gamels.analysis.enabled)" || got.Pending {
		t.Errorf("setting off: %+v", got)
	}
}

// estimates returns es as gameEvaluations.Estimates, -1 for a null.
func estimates(es ...float64) []*float64 {
	out := make([]*float64, len(es))
	for i, e := range es {
		if e >= 0 {
			out[i] = &es[i]
		}
	}
	return out
}
