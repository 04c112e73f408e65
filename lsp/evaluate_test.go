package lsp

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// evaluateAt asks gamels/evaluate at line (0-based) of u, with depth when
// not 0.
func evaluateAt(c *testClient, u uri.URI, line uint32, depth int) (*evaluation, error) {
	params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0)}
	if depth != 0 {
		params["depth"] = depth
	}
	var ev *evaluation
	_, err := c.conn.Call(context.Background(), EvaluateMethod, params, &ev)
	return ev, err
}

// TestEvaluate asks gamels/evaluate on every kind, from the document's
// annotations (at their depth, 4) and from a search (another depth): the
// value in analyze/solve's words, the best move as a slot or a cell, and
// null outside every game, for PATH and after the end of a game. The
// expected values are those the annotations of the same games say
// (annotations_test.go): in annotatedGame, X misses L1 (wins at once)
// at move 5, O misses R2 at move 6 and O has a win in 3 after move 7; in icfp1998.pousse, X's L2 after
// move 12 wins.
func TestEvaluate(t *testing.T) {
	icfp, err := os.ReadFile("../testdata/examples/icfp1998.pousse")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[uri.URI]string{
		"file:///a.pousse":    annotatedGame,
		"file:///t1.pousse":   strings.Replace(annotatedGame, "QUIT", "T1\nQUIT", 1), // O's T1: wins in 3
		"file:///icfp.pousse": string(icfp),
		"file:///s.spot":      "# two 2x2 games\n2\n1 1 +\n2 2 +\n2 2 -\n\n2\n1 1 +\n2 2 +\n1 2 +\n2 2 -\n\n0\n",
		"file:///b.path":      "3\n\nWBB\nWWU\nWBB\n",
	}
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels.analysis.enabled": true, "gamels.analysis.depth": 4}`)
	for u, text := range docs {
		c.open(u, 1, text)
	}
	for u := range docs {
		if !strings.HasSuffix(string(u), ".path") {
			c.waitFor(u, "annotations", func(p *protocol.PublishDiagnosticsParams) bool {
				c.srv.mu.Lock()
				d := c.srv.docs[u]
				c.srv.mu.Unlock()
				return d != nil && d.snap.Load().annotations() != nil
			})
		}
	}
	slot := func(s string) *bestMove { return &bestMove{Text: s, Slot: s} }
	tests := []struct {
		name  string
		u     uri.URI
		line  uint32
		depth int
		want  *evaluation
	}{
		{"pousse/win-at-once", "file:///a.pousse", 5, 0, &evaluation{Game: 1, Move: 4, ToMove: "X", Result: "win", Winner: "X", Plies: 1,
			Value: "X wins at once", Best: slot("L1"), Depth: 1, Complete: true, Source: "annotations", Asked: 4}},
		{"pousse/o-wins-at-once", "file:///a.pousse", 6, 0, &evaluation{Game: 1, Move: 5, ToMove: "O", Result: "win", Winner: "O", Plies: 1,
			Value: "O wins at once", Best: slot("R2"), Depth: 1, Complete: true, Source: "annotations", Asked: 4}},
		{"pousse/searched", "file:///a.pousse", 5, 3, &evaluation{Game: 1, Move: 4, ToMove: "X", Result: "win", Winner: "X", Plies: 1,
			Value: "X wins at once", Best: slot("L1"), Depth: 1, Complete: true, Source: "search", Asked: 3}},
		{"pousse/before-blunder", "file:///a.pousse", 4, 0, &evaluation{Game: 1, Move: 3, ToMove: "O", Result: "unknown",
			Value: "no forced result within 4 plies", Best: slot("R1"), Depth: 4, Complete: true, Source: "annotations", Asked: 4}},
		{"pousse/n-line", "file:///a.pousse", 1, 0, &evaluation{Game: 1, Move: 0, ToMove: "X", Result: "unknown",
			Value: "no forced result within 4 plies", Best: slot("L1"), Depth: 4, Complete: true, Source: "annotations", Asked: 4}},
		{"pousse/o-wins-in-3", "file:///a.pousse", 8, 0, &evaluation{Game: 1, Move: 7, ToMove: "O", Result: "win", Winner: "O", Plies: 3,
			Value: "O wins in 3", Best: slot("T1"), Depth: 3, Complete: true, Source: "annotations", Asked: 4}},
		{"pousse/icfp-decisive", "file:///icfp.pousse", 15, 6, &evaluation{Game: 1, Move: 12, ToMove: "X", Result: "win", Winner: "X", Plies: 1,
			Value: "X wins at once", Best: slot("L2"), Depth: 1, Complete: true, Source: "search", Asked: 6}},
		{"pousse/depth-capped", "file:///icfp.pousse", 15, 99, &evaluation{Game: 1, Move: 12, ToMove: "X", Result: "win", Winner: "X", Plies: 1,
			Value: "X wins at once", Best: slot("L2"), Depth: 1, Complete: true, Source: "search", Asked: 12}},
		{"pousse/outside", "file:///icfp.pousse", 1, 0, nil},
		{"pousse/over", "file:///icfp.pousse", 16, 0, nil}, // after X's L2 won
		{"spot/repeat-then-over", "file:///s.spot", 4, 0, nil},
		{"spot/full", "file:///s.spot", 11, 0, nil}, // 4 moves of a 2x2 game
		{"spot/outside", "file:///s.spot", 0, 0, nil},
		{"spot/trailing0", "file:///s.spot", 13, 0, nil},
		{"path", "file:///b.path", 2, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := evaluateAt(c, tt.u, tt.line, tt.depth)
			if err != nil {
				t.Fatal(err)
			}
			checkEstimate(t, got)
			if diff := cmp.Diff(tt.want, got, ignoreJudged); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}

	// X after O's T1 (a win in 3): X loses in 2, whatever it plays.
	ev, err := evaluateAt(c, "file:///t1.pousse", 9, 0)
	if err != nil || ev == nil {
		t.Fatalf("after T1: %v %v", ev, err)
	}
	if ev.ToMove != "X" || ev.Result != "loss" || ev.Winner != "O" || ev.Plies != 2 || ev.Value != "O wins in 2" || ev.Best == nil || ev.Best.Slot == "" {
		t.Errorf("after T1: %+v, want X to move, a loss in 2, O the winner, a move", ev)
	}

	// Spot: after 1 1 +, 2 2 +, player 1 adds a spot (removing one
	// repeats a pattern and loses); the game's two moves left hold no
	// forced result.
	ev, err = evaluateAt(c, "file:///s.spot", 3, 0)
	if err != nil || ev == nil {
		t.Fatalf("spot: %v %v", ev, err)
	}
	best := map[string]boardCell{"1 2 +": {1, 2}, "2 1 +": {2, 1}}
	if want, ok := best[ev.Best.Text]; !ok || ev.Best.Cell == nil || *ev.Best.Cell != want || ev.Best.Slot != "" {
		t.Errorf("spot best move %+v, want 1 2 + or 2 1 + with its cell", ev.Best)
	}
	checkEstimate(t, ev)
	ev.Best = nil
	want := &evaluation{Game: 1, Move: 2, ToMove: "X", Result: "unknown", Value: "no forced result within 2 plies",
		Depth: 2, Complete: true, Source: "annotations", Asked: 4}
	if diff := cmp.Diff(want, ev, ignoreJudged); diff != "" {
		t.Errorf("spot (-want +got)\n%s", diff)
	}
}

// ignoreJudged leaves out of a comparison what the judgment's budget
// makes vary (checkEstimate checks it).
var ignoreJudged = cmpopts.IgnoreFields(evaluation{}, "Nodes", "Estimate", "EstimateText", "Proven", "Judged")

// checkEstimate checks ev's estimate against its proof: 1 or 0 and the
// proof's words when proven; else strictly between, as "X 64%" (or "O
// 71%", Spot's "Player 1 50%"), and a judged move with its line.
func checkEstimate(t *testing.T, ev *evaluation) {
	t.Helper()
	if ev == nil {
		return
	}
	switch {
	case ev.Winner == "X" || ev.Winner == "Player 1":
		if ev.Estimate != 1 || !ev.Proven || ev.EstimateText != ev.Value {
			t.Errorf("estimate %v %q proven %v, want 1, %q, proven", ev.Estimate, ev.EstimateText, ev.Proven, ev.Value)
		}
	case ev.Winner != "":
		if ev.Estimate != 0 || !ev.Proven || ev.EstimateText != ev.Value {
			t.Errorf("estimate %v %q proven %v, want 0, %q, proven", ev.Estimate, ev.EstimateText, ev.Proven, ev.Value)
		}
	case !ev.Proven:
		if ev.Estimate <= 0 || ev.Estimate >= 1 || !regexp.MustCompile(`^(X|O|Player 1|Player 2) \d+%$`).MatchString(ev.EstimateText) {
			t.Errorf("estimate %v %q, want strictly between 0 and 1, as a side and a percentage", ev.Estimate, ev.EstimateText)
		}
	}
	if ev.Judged == nil || ev.Judged.Best == nil || ev.Judged.Depth < 1 || len(ev.Judged.Line) == 0 || ev.Judged.Line[0] != ev.Judged.Best.Text {
		t.Errorf("judged %+v, want a move, a depth and a line from the move", ev.Judged)
	}
	if ev.Result == "unknown" && ev.Judged != nil && ev.Judged.Best != nil && (ev.Best == nil || ev.Best.Text != ev.Judged.Best.Text || ev.Best.Slot != ev.Judged.Best.Slot || (ev.Best.Cell == nil) != (ev.Judged.Best.Cell == nil)) {
		t.Errorf("best %+v without a proof, want the judgment's %+v", ev.Best, ev.Judged.Best)
	}
}

// TestEvaluateRefused: the params a client gets wrong are InvalidParams.
func TestEvaluateRefused(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///r.pousse")
	c.open(u, 1, "3\nL1\nQUIT\n")
	for _, params := range []map[string]any{
		{"textDocument": map[string]any{"uri": u}},
		{"textDocument": map[string]any{"uri": u}, "position": pos(1, 0), "depth": 0},
		{"textDocument": map[string]any{"uri": u}, "position": pos(1, 0), "depth": -3},
		{"textDocument": map[string]any{"uri": "file:///closed.pousse"}, "position": pos(1, 0)},
	} {
		_, err := c.conn.Call(context.Background(), EvaluateMethod, params, nil)
		var je *jsonrpc2.Error
		if !errors.As(err, &je) || je.Code != jsonrpc2.InvalidParams {
			t.Errorf("%v: %v, want InvalidParams", params, err)
		}
	}
}

// TestEvaluateTooLarge: a board the engine does not search is refused
// with the code too-large, which a view shows in words.
func TestEvaluateTooLarge(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for _, u := range []uri.URI{"file:///big.pousse", "file:///big.spot"} {
		text := "9\nL1\nQUIT\n"
		if strings.HasSuffix(string(u), ".spot") {
			text = "9\n1 1 +\n\n0\n"
		}
		c.open(u, 1, text)
		_, err := evaluateAt(c, u, 1, 0)
		var je *jsonrpc2.Error
		if !errors.As(err, &je) || je.Code != codeRequestFailed || !strings.Contains(string(je.Data), `"code":"too-large"`) ||
			!strings.Contains(je.Message, "8x8") {
			t.Errorf("%s: %v, want RequestFailed too-large", u, err)
		}
	}
}

// TestEvaluateNearest: with nearest, a position outside every game gets
// the nearest game at move 0, outside set, as gamels/board answers it;
// without, null. Inside a game, outside is absent.
func TestEvaluateNearest(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels.analysis.depth": 3}`)
	const u = uri.URI("file:///near.pousse")
	c.open(u, 1, "# first\n3\nL1\nQUIT\n\n# between\n3\nT1\nQUIT\n")
	ask := func(method string, line uint32, nearest bool) map[string]any {
		var res map[string]any
		params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0), "nearest": nearest}
		if _, err := c.conn.Call(context.Background(), method, params, &res); err != nil {
			t.Fatalf("%s line %d: %v", method, line, err)
		}
		return res
	}
	for _, method := range []string{EvaluateMethod, EvaluationsMethod} {
		for _, tc := range []struct {
			line    uint32
			nearest bool
			game    float64 // 0: null
			outside bool
		}{
			{0, false, 0, false},
			{0, true, 1, true},
			{5, true, 2, true},
			{2, true, 1, false},
		} {
			got := ask(method, tc.line, tc.nearest)
			switch {
			case tc.game == 0 && got != nil:
				t.Errorf("%s line %d: %v, want null", method, tc.line, got)
			case tc.game != 0 && (got == nil || got["game"] != tc.game || (got["outside"] == true) != tc.outside):
				t.Errorf("%s line %d nearest %v: %v, want game %v, outside %v", method, tc.line, tc.nearest, got, tc.game, tc.outside)
			case tc.game != 0 && method == EvaluateMethod && tc.outside && got["move"] != float64(0):
				t.Errorf("%s line %d: move %v, want 0", method, tc.line, got["move"])
			}
		}
	}
}

// TestEvaluateQuietBest: in a position without a forced result the move
// gamels/evaluate names (and the views mark) is the judgment's, not the
// proof search's first legal move (L1 on 6x6 after X's T3).
func TestEvaluateQuietBest(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///q.pousse")
	c.open(u, 1, "6\nT3\nQUIT\n")
	ev, err := evaluateAt(c, u, 2, 0)
	if err != nil || ev == nil {
		t.Fatalf("after T3: %v %v", ev, err)
	}
	if ev.Result != "unknown" || ev.Best == nil || ev.Judged == nil || ev.Judged.Best == nil {
		t.Fatalf("after T3: %+v, want no proof and a judged move", ev)
	}
	if ev.Best.Text == "L1" || ev.Best.Text != ev.Judged.Best.Text || ev.Best.Slot != ev.Judged.Best.Text {
		t.Errorf("best %+v, judged %+v: want the judgment's move (not the first legal one, L1)", ev.Best, ev.Judged.Best)
	}
}
