package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/internal/format"
	"gamels/parse"
)

// engineActionAt returns the engine's code action at line, or nil.
func engineActionAt(t *testing.T, c *testClient, u uri.URI, line uint32) *protocol.CodeAction {
	t.Helper()
	acts := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(line, 0, line, 0)})
	for _, x := range acts {
		if a, ok := x.(*protocol.CodeAction); ok && a.Command.Command == EngineMoveCommand {
			return a
		}
	}
	return nil
}

// execEngineAction runs the action's command and returns the text once the
// edit the server asked the client to apply is applied.
func execEngineAction(t *testing.T, c *testClient, u uri.URI, text string, a *protocol.CodeAction) (string, error) {
	t.Helper()
	var res playResult
	args := make([]any, len(a.Command.Arguments))
	for i, x := range a.Command.Arguments {
		args[i] = json.RawMessage(x)
	}
	err := c.playCall(protocol.MethodWorkspaceExecuteCommand, map[string]any{"command": a.Command.Command, "arguments": args}, &res)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	last := c.applyEdits[len(c.applyEdits)-1]
	c.mu.Unlock()
	var p struct {
		Label string        `json:"label"`
		Edit  versionedEdit `json:"edit"`
	}
	if err := json.Unmarshal(last, &p); err != nil {
		t.Fatal(err)
	}
	if want := res.Text; res.Moves > 1 && !strings.Contains(p.Label, parse.Plural(res.Moves, "move")) || res.Moves <= 1 && !strings.Contains(p.Label, want) {
		t.Errorf("label %q does not name the move %s (%d moves)", p.Label, want, res.Moves)
	}
	return applyPlay(t, text, u, 1, p.Edit), nil
}

// TestEngineMove runs "Play the engine's move here": the action is
// offered at a position of a game that goes on, the command writes the
// search's move through workspace/applyEdit, a win in one is found.
func TestEngineMove(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")

	// X to move on row 1 with X X . : T3 or L1 wins at once.
	const u = uri.URI("file:///engine.pousse")
	text := "3\nT1\nB3\nT2\nB2\nQUIT\n"
	c.open(u, 1, text)
	a := engineActionAt(t, c, u, 4)
	if a == nil || a.Title != "Play the engine's move here" {
		t.Fatalf("action at the last move: %+v", a)
	}
	got, err := execEngineAction(t, c, u, text, a)
	if err != nil {
		t.Fatal(err)
	}
	f := parse.Parse(parse.Pousse, []byte(got))
	if o := analyze.Analyze(parse.Pousse, f.Games[0], parse.RulesContest); o.Verdict != "X WINS" || o.End != 4 {
		t.Errorf("the engine's move does not win at once: %s (%s at %d)", got, o.Verdict, o.End+1)
	}

	// In the middle: the title says what goes.
	if a := engineActionAt(t, c, u, 1); a == nil || a.Title != "Play the engine's move here (replaces the 3 moves after it)" {
		t.Errorf("action at move 1: %+v", a)
	}
	// The count line is outside every game; a game over has no action.
	const over = uri.URI("file:///over.pousse")
	c.open(over, 1, "1\nL1\nQUIT\n")
	if a := engineActionAt(t, c, over, 1); a != nil {
		t.Errorf("action after the end: %+v", a)
	}

	// Spot: a move that does not repeat a pattern when one exists.
	const s = uri.URI("file:///engine.spot")
	stext := "2\n1 1 +\n2 2 +\n\n0\n"
	c.open(s, 1, stext)
	a = engineActionAt(t, c, s, 2)
	if a == nil {
		t.Fatal("no action in the Spot game")
	}
	got, err = execEngineAction(t, c, s, stext, a)
	if err != nil {
		t.Fatal(err)
	}
	g := parse.Parse(parse.Spot, []byte(got)).Games[0]
	if len(g.Moves) != 3 || analyze.Spot(g).End == 2 {
		t.Errorf("the engine's Spot move loses at once or is not written:\n%s", got)
	}

	// A client that refuses the edit: the command says so.
	c.mu.Lock()
	c.refuseEdits = true
	c.mu.Unlock()
	a = engineActionAt(t, c, u, 4)
	if _, err := execEngineAction(t, c, u, text, a); err == nil || !strings.Contains(err.Error(), "was not written") {
		t.Errorf("edit refused by the client: %v", err)
	}
	// A stale version is refused before any search.
	c.change(u, 2, partial(rng(5, 0, 5, 4), "QUIT"))
	if _, err := execEngineAction(t, c, u, text, a); err == nil || !strings.Contains(err.Error(), "the document changed") {
		t.Errorf("stale version: %v", err)
	}
}

// TestEngineMoveCancelled checks that the engine's move stops with the
// context's error, writing nothing, when its request is cancelled.
func TestEngineMoveCancelled(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///cancel.pousse")
	c.open(u, 1, "8\nQUIT\n")
	c.waitVersion(u, 1)
	snap, err := c.srv.snapshot(u)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := snap.awaitAnalysis(context.Background()); err != nil {
		t.Fatal(err)
	}
	res, err := engineMove(ctx, snap, engineArgs{uri: u, version: 1, game: 1, move: 0}, AnalysisSettings{}, nil)
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("engineMove with its context cancelled: %v, %v; want context.Canceled and nothing", res, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.applyEdits) != 0 {
		t.Errorf("%d edits sent to the client", len(c.applyEdits))
	}
}

// engineRestActionAt returns the engine's "to the end of the game" code
// action at line, or nil.
func engineRestActionAt(t *testing.T, c *testClient, u uri.URI, line uint32) *protocol.CodeAction {
	t.Helper()
	acts := rawCall[[]protocol.CommandOrCodeAction](t, c, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(line, 0, line, 0)})
	for _, x := range acts {
		if a, ok := x.(*protocol.CodeAction); ok && a.Command.Command == EngineMoveCommand && len(a.Command.Arguments) == 5 {
			return a
		}
	}
	return nil
}

// TestEngineRest plays the engine's moves to the end of the game on
// Pousse (contest and icfp rules) and Spot, from the start, the middle
// and the last move: one edit, the moves written one a line in the
// file's line ends, canonical; the game then ends at its last move
// (Spot: or holds its 2N moves), within MaxEngineRest moves; and no
// progress for a client that did not offer it.
func TestEngineRest(t *testing.T) {
	tests := []struct {
		name, text string
		line       uint32 // the cursor
		kept       int    // the moves before the engine's
		title      string
	}{
		{"pousse/start", "3\nQUIT\n", 0, 0, "Play the engine's moves to the end of the game"},
		{"pousse/middle", "3\nT1\nB3\nT2\nQUIT\n", 1, 1, "Play the engine's moves to the end of the game (replaces the 2 moves after it)"},
		{"pousse/icfp-crlf", "# rules: icfp\r\n4\r\nL1\r\nR2\r\nQUIT\r\n", 3, 2, "Play the engine's moves to the end of the game"},
		{"spot/start", "3\n\n0\n", 0, 0, "Play the engine's moves to the end of the game"},
		{"spot/middle", "2\n1 1 +\n2 2 +\n\n0\n", 2, 2, "Play the engine's moves to the end of the game"},
	}
	c := startServer(t, nil)
	c.initialize(nil, `{"gamels.analysis.depth": 4}`)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind := parse.Pousse
			if strings.HasPrefix(tt.name, "spot") {
				kind = parse.Spot
			}
			u := uri.URI("file:///rest" + string(rune('a'+i)) + "." + kind.String())
			c.open(u, 1, tt.text)
			a := engineRestActionAt(t, c, u, tt.line)
			if a == nil || a.Title != tt.title {
				t.Fatalf("action: %+v, want %q", a, tt.title)
			}
			c.mu.Lock()
			edits := len(c.applyEdits)
			c.mu.Unlock()
			got, err := execEngineAction(t, c, u, tt.text, a)
			if err != nil {
				t.Fatal(err)
			}
			c.mu.Lock()
			if n := len(c.applyEdits) - edits; n != 1 {
				t.Errorf("%d edits, want one (one undo step)", n)
			}
			c.mu.Unlock()
			if strings.Contains(tt.text, "\r\n") && strings.Count(got, "\n") != strings.Count(got, "\r\n") {
				t.Errorf("line ends mixed:\n%q", got)
			}
			f := parse.Parse(kind, []byte(got))
			g := f.Games[0]
			before := parse.Parse(kind, []byte(tt.text)).Games[0]
			for k := range tt.kept {
				if !g.Moves[k].Same(before.Moves[k]) {
					t.Errorf("move %d changed:\n%s", k+1, got)
				}
			}
			played := len(g.Moves) - tt.kept
			if played < 1 || played > MaxEngineRest {
				t.Errorf("%d moves played, want 1 to %d:\n%s", played, MaxEngineRest, got)
			}
			var o analyze.Outcome
			if kind == parse.Pousse {
				o = analyze.Analyze(kind, g, f.Rules)
			} else {
				o = analyze.Analyze(kind, g, parse.RulesDefault)
			}
			full := kind == parse.Spot && len(g.Moves) == 2*g.Size
			if !(o.Finished && o.End == len(g.Moves)-1) && !full && played != MaxEngineRest && !cycled(g, f.Rules) {
				t.Errorf("the game does not end at the engine's last move (%s, end %d, %d moves):\n%s", o.Verdict, o.End+1, len(g.Moves), got)
			}
			if len(f.Errors) > 0 && kind == parse.Pousse {
				t.Errorf("the text has errors %v:\n%s", f.Errors, got)
			}
			// The edit's label (the undo step's name) says why the moves stopped.
			c.mu.Lock()
			var edit struct{ Label string }
			err = json.Unmarshal(c.applyEdits[len(c.applyEdits)-1], &edit)
			c.mu.Unlock()
			want := "gamels: the engine's " + parse.Plural(played, "move") + " to the end of the game"
			switch {
			case played == 1:
				want = "gamels: the engine's move "
				edit.Label = edit.Label[:min(len(edit.Label), len(want))]
			case o.Finished && o.End == len(g.Moves)-1 || full:
			case played == MaxEngineRest:
				want = "gamels: the engine's 100 moves stopped at 100 moves"
			default:
				want = "gamels: the engine's " + parse.Plural(played, "move") + " stopped at a cycle: a position made again"
			}
			if err != nil || edit.Label != want {
				t.Errorf("the edit's label %q (%v), want %q", edit.Label, err, want)
			}
			if canon, err := format.Source(kind, []byte(tt.text)); err == nil && string(canon) == tt.text {
				if out, _ := format.Source(kind, []byte(got)); string(out) != got {
					t.Errorf("a canonical text is no longer canonical after the engine's moves:\n%q\nfmt:\n%q", got, out)
				}
			}
		})
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.progress) != 0 {
		t.Errorf("progress sent to a client that did not offer window.workDoneProgress: %v", c.progress)
	}
}

// TestEngineProgressQuick: work shorter than progressDelay shows no
// progress, even to a client that offers window.workDoneProgress.
func TestEngineProgressQuick(t *testing.T) {
	c := startServer(t, nil)
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels.analysis.depth": 2}`)}
	yes := true
	p.Capabilities.Window = &protocol.WindowClientCapabilities{WorkDoneProgress: &yes}
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	const u = uri.URI("file:///quick.pousse")
	text := "3\nT1\nB3\nT2\nB2\nQUIT\n"
	c.open(u, 1, text)
	if _, err := execEngineAction(t, c, u, text, engineActionAt(t, c, u, 4)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(progressDelay + 50*time.Millisecond) // a progress would have begun by now
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.progress) != 0 {
		t.Errorf("progress for a move found at once: %v", c.progress)
	}
}

// TestEngineProgressDone runs the engine's moves to the end of a 4 x 4
// icfp game at depth 12 (22 moves, most searches the whole node budget:
// over a second; the game ends by a repetition or a straight) for a
// client that offers
// window.workDoneProgress: the token is created, begin, a report for
// each move found after it, end, then one edit, applied.
func TestEngineProgressDone(t *testing.T) {
	c := startServer(t, nil)
	p := &protocol.InitializeParams{InitializationOptions: protocol.LSPAny(`{"gamels.analysis.depth": 12}`)}
	yes := true
	p.Capabilities.Window = &protocol.WindowClientCapabilities{WorkDoneProgress: &yes}
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	const u = uri.URI("file:///done.pousse")
	text := "# rules: icfp\n4\nQUIT\n"
	c.open(u, 1, text)
	start := time.Now()
	got, err := execEngineAction(t, c, u, text, engineRestActionAt(t, c, u, 1))
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	played := len(parse.Parse(parse.Pousse, []byte(got)).Games[0].Moves)
	c.mu.Lock()
	events := slices.Clone(c.progress)
	c.mu.Unlock()
	t.Logf("%d moves in %v: %d progress events", played, took, len(events))
	if took < progressDelay {
		t.Skipf("the moves took %v, less than %v: no progress expected", took, progressDelay)
	}
	var kinds []string
	for _, e := range events {
		f := strings.Fields(e)
		kinds = append(kinds, f[0]+" "+f[1])
	}
	if len(kinds) < 3 || kinds[0] != "create "+strings.Fields(events[1])[0] || !strings.HasSuffix(kinds[1], " begin") ||
		!strings.HasSuffix(kinds[len(kinds)-1], " end") {
		t.Fatalf("progress %v, want create, begin, reports, end", events)
	}
	for _, k := range kinds[2 : len(kinds)-1] {
		if !strings.HasSuffix(k, " report") {
			t.Errorf("progress %v: %q between begin and end", events, k)
		}
	}
	if last := events[len(events)-2]; len(kinds) > 3 && !strings.Contains(last, parse.Plural(played, "move")+" played") {
		t.Errorf("the last report %q does not count the %d moves played", last, played)
	}
}

// cycled reports whether the last move of the Pousse game g made a
// state made before (a cycle, under the contest rules).
func cycled(g *parse.Game, rules parse.Rules) bool {
	if g.Size < 1 || g.Size > solve.MaxN {
		return false
	}
	p, err := solve.NewPousse(g.Size, rules)
	if err != nil {
		return false
	}
	for _, mv := range g.Moves {
		p.Play(mv.Dir(), mv.Line())
	}
	return p.Cycled()
}
