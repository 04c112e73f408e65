package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/internal/format"
	"gamels/parse"
)

// playCall sends a gamels request and decodes its answer into v; the
// error is the server's, as a *jsonrpc2.Error.
func (c *testClient) playCall(method string, params, v any) error {
	c.t.Helper()
	var raw json.RawMessage
	if _, err := c.conn.Call(context.Background(), method, params, &raw); err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// applyPlay applies the edit of a gamels/play (or newGame) answer to
// text as a client would (UTF-16 positions; the texts here are ASCII)
// and checks that it names document u at version v.
func applyPlay(t *testing.T, text string, u uri.URI, v int32, e versionedEdit) string {
	t.Helper()
	if len(e.DocumentChanges) != 1 {
		t.Fatalf("documentChanges: %d, want 1", len(e.DocumentChanges))
	}
	dc := e.DocumentChanges[0]
	if dc.TextDocument.URI != u || dc.TextDocument.Version != v {
		t.Errorf("edit of %s version %d, want %s version %d", dc.TextDocument.URI, dc.TextDocument.Version, u, v)
	}
	lines := strings.SplitAfter(text, "\n")
	off := func(p protocol.Position) int {
		n := 0
		for i := 0; i < int(p.Line) && i < len(lines); i++ {
			n += len(lines[i])
		}
		return n + int(p.Character)
	}
	// Edits apply from the last to the first.
	for i := len(dc.Edits) - 1; i >= 0; i-- {
		ed := dc.Edits[i]
		a, b := off(ed.Range.Start), off(ed.Range.End)
		text = text[:a] + ed.NewText + text[b:]
	}
	return text
}

type playCase struct {
	name    string
	file    string // its extension chooses the kind
	text    string
	params  map[string]any // game, move, slot or cell, replaceRest
	stale   bool           // send another version than the document's
	want    string         // the text after the edit
	wantPos int            // the line of the move written
	// wantErr is a part of the refusal's message, and code its data's
	// code.
	wantErr, code string
}

var playCases = []playCase{
	// Pousse.
	{name: "pousse/new", file: "a.pousse", text: "3\nQUIT\n",
		params: map[string]any{"game": 1, "move": 0, "slot": "T3"},
		want:   "3\nT3\nQUIT\n", wantPos: 1},
	{name: "pousse/end", file: "a.pousse", text: "# rules: contest\n3\nL1\nR2 # a note\nQUIT\n",
		params: map[string]any{"game": 1, "move": 2, "slot": "B1"},
		want:   "# rules: contest\n3\nL1\nR2 # a note\nB1\nQUIT\n", wantPos: 4},
	{name: "pousse/crlf", file: "a.pousse", text: "3\r\nL1\r\nQUIT\r\n",
		params: map[string]any{"game": 1, "move": 1, "slot": "L2"},
		want:   "3\r\nL1\r\nL2\r\nQUIT\r\n", wantPos: 2},
	{name: "pousse/counted", file: "a.pousse", text: "2\n\n3\nL1\nQUIT\n\n2\nT1\nQUIT\n",
		params: map[string]any{"game": 2, "move": 1, "slot": "R2"},
		want:   "2\n\n3\nL1\nQUIT\n\n2\nT1\nR2\nQUIT\n", wantPos: 8},
	{name: "pousse/one-line", file: "a.pousse", text: "3 L1 QUIT\n",
		params: map[string]any{"game": 1, "move": 1, "slot": "T2"},
		want:   "3 L1\nT2 QUIT\n", wantPos: 1},
	{name: "pousse/middle-asks", file: "a.pousse", text: "3\nL1\nL2\nL3\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 1, "slot": "T1"},
		wantErr: "playing at move 2 would replace the 2 moves after it", code: "would-replace"},
	{name: "pousse/middle-replaces", file: "a.pousse", text: "3\nL1 # first\nL2\n# between\nL3 # last\nQUIT\n",
		params: map[string]any{"game": 1, "move": 1, "slot": "T1", "replaceRest": true},
		want:   "3\nL1 # first\nT1\nQUIT\n", wantPos: 2},
	{name: "pousse/middle-from-0", file: "a.pousse", text: "2\nL1\nL2\nQUIT\n",
		params: map[string]any{"game": 1, "move": 0, "slot": "B2", "replaceRest": true},
		want:   "2\nB2\nQUIT\n", wantPos: 1},
	{name: "pousse/ended", file: "a.pousse", text: "1\nL1\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 1, "slot": "L1"},
		wantErr: "the game ended at move 1: X WINS", code: "game-over"},
	{name: "pousse/outside", file: "a.pousse", text: "3\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 0, "slot": "T4"},
		wantErr: "T4 is outside the 3x3 board", code: "bad-target"},
	{name: "pousse/not-a-slot", file: "a.pousse", text: "3\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 0, "slot": "X1"},
		wantErr: `"X1" is not an edge slot`, code: "bad-target"},
	{name: "pousse/malformed", file: "a.pousse", text: "3\nL1\nZZ\nL2\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 2, "slot": "T1"},
		wantErr: "line 3: ", code: "malformed-before"},
	{name: "pousse/malformed-after", file: "a.pousse", text: "3\nL1\nZZ\nL2\nQUIT\n",
		params: map[string]any{"game": 1, "move": 0, "slot": "T1", "replaceRest": true},
		want:   "3\nT1\nQUIT\n", wantPos: 1},
	{name: "pousse/no-quit", file: "a.pousse", text: "3\nL1\n",
		params: map[string]any{"game": 1, "move": 1, "slot": "T1"},
		want:   "3\nL1\nT1\n", wantPos: 2},
	{name: "pousse/bad-size", file: "a.pousse", text: "101\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 0, "slot": "T1"},
		wantErr: "board size is out of range (line 1)", code: "bad-size"},
	{name: "pousse/no-game", file: "a.pousse", text: "3\nQUIT\n",
		params:  map[string]any{"game": 2, "move": 0, "slot": "T1"},
		wantErr: "there is no game 2: the document has 1 game", code: "no-game"},
	{name: "pousse/stale", file: "a.pousse", text: "3\nQUIT\n", stale: true,
		params:  map[string]any{"game": 1, "move": 0, "slot": "T1"},
		wantErr: "the document changed", code: "stale-version"},
	{name: "pousse/no-slot", file: "a.pousse", text: "3\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 0},
		wantErr: "params.slot is missing", code: "bad-target"},
	{name: "pousse/past-the-moves", file: "a.pousse", text: "3\nQUIT\n",
		params:  map[string]any{"game": 1, "move": 2, "slot": "T1"},
		wantErr: "move 2 is not a position of game 1", code: "bad-target"},

	// Spot: a click places on an empty square, removes from a spot.
	{name: "spot/new", file: "a.spot", text: "2\n\n0\n",
		params: map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 1, "col": 2}},
		want:   "2\n1 2 +\n\n0\n", wantPos: 1},
	{name: "spot/remove", file: "a.spot", text: "2\n1 2 +\n\n0\n",
		params: map[string]any{"game": 1, "move": 1, "cell": map[string]int{"row": 1, "col": 2}},
		want:   "2\n1 2 +\n1 2 -\n\n0\n", wantPos: 2},
	{name: "spot/crlf", file: "a.spot", text: "2\r\n1 1 +\r\n\r\n0\r\n",
		params: map[string]any{"game": 1, "move": 1, "cell": map[string]int{"row": 2, "col": 2}},
		want:   "2\r\n1 1 +\r\n2 2 +\r\n\r\n0\r\n", wantPos: 2},
	{name: "spot/middle", file: "a.spot", text: "2\n1 1 +\n1 2 +\n\n0\n",
		params: map[string]any{"game": 1, "move": 1, "cell": map[string]int{"row": 2, "col": 1}, "replaceRest": true},
		want:   "2\n1 1 +\n2 1 +\n\n0\n", wantPos: 2},
	{name: "spot/middle-asks", file: "a.spot", text: "2\n1 1 +\n1 2 +\n\n0\n",
		params:  map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 2, "col": 1}},
		wantErr: "would replace the 2 moves after it", code: "would-replace"},
	{name: "spot/ended", file: "a.spot", text: "2\n1 1 +\n1 2 +\n1 2 -\n\n0\n",
		params:  map[string]any{"game": 1, "move": 3, "cell": map[string]int{"row": 2, "col": 1}},
		wantErr: "the game ended at move 3: Player 2 wins on move 3", code: "game-over"},
	{name: "spot/full", file: "a.spot", text: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n0\n",
		params:  map[string]any{"game": 1, "move": 4, "cell": map[string]int{"row": 2, "col": 1}},
		wantErr: "the game has all its 4 moves", code: "game-full"},
	{name: "spot/outside", file: "a.spot", text: "2\n\n0\n",
		params:  map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 3, "col": 1}},
		wantErr: "cell 3 1 is outside the 2x2 board", code: "bad-target"},
	{name: "spot/malformed", file: "a.spot", text: "2\n1 1 +\n1 x +\n\n0\n",
		params:  map[string]any{"game": 1, "move": 1, "cell": map[string]int{"row": 2, "col": 1}},
		wantErr: "line 3: ", code: "malformed-before"},
	{name: "spot/second-game", file: "a.spot", text: "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n3\n\n0\n",
		params: map[string]any{"game": 2, "move": 0, "cell": map[string]int{"row": 3, "col": 3}},
		want:   "2\n1 1 +\n1 2 +\n2 1 +\n2 2 +\n\n3\n3 3 +\n\n0\n", wantPos: 7},

	// PATH: a click cycles a cell W, B, U.
	{name: "path/cycle", file: "a.path", text: "2\n\nWU\nBW\n0\n",
		params: map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 1, "col": 1}},
		want:   "2\n\nBU\nBW\n0\n", wantPos: 2},
	{name: "path/u-to-w", file: "a.path", text: "2\r\n\r\nWU\r\nBW\r\n0\r\n",
		params: map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 1, "col": 2}},
		want:   "2\r\n\r\nWW\r\nBW\r\n0\r\n", wantPos: 2},
	{name: "path/bad-cell", file: "a.path", text: "2\n\nWx\nBW\n0\n",
		params:  map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 1, "col": 2}},
		wantErr: "line 3: cell 1 2 is not W, B or U", code: "malformed-before"},
	{name: "path/outside", file: "a.path", text: "2\n\nWU\nBW\n0\n",
		params:  map[string]any{"game": 1, "move": 0, "cell": map[string]int{"row": 1, "col": 3}},
		wantErr: "cell 1 3 is outside the 2x2 board", code: "bad-target"},
}

// TestPlay runs every case of playCases through a server: the text the
// edit makes, the line of the move, or the refusal with its code.
func TestPlay(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for i, tc := range playCases {
		t.Run(tc.name, func(t *testing.T) {
			u := uri.URI("file:///" + strings.Replace(tc.file, "a.", string(rune('a'+i%26))+strings.Repeat("x", i/26)+".", 1))
			c.open(u, 7, tc.text)
			defer c.closeDoc(u)
			params := map[string]any{"textDocument": map[string]any{"uri": u, "version": 7}}
			if tc.stale {
				params["textDocument"] = map[string]any{"uri": u, "version": 6}
			}
			for k, v := range tc.params {
				params[k] = v
			}
			var res playResult
			err := c.playCall(PlayMethod, params, &res)
			if tc.wantErr != "" {
				checkRefusal(t, err, tc.wantErr, tc.code)
				return
			}
			if err != nil {
				t.Fatalf("play: %v", err)
			}
			got := applyPlay(t, tc.text, u, 7, res.Edit)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("text after the edit (-want +got):\n%s", diff)
			}
			if int(res.Position.Line) != tc.wantPos {
				t.Errorf("position line %d, want %d", res.Position.Line, tc.wantPos)
			}
			kind, _ := parse.KindOf(tc.file)
			if canon, err := format.Source(kind, []byte(tc.text)); err == nil && string(canon) == tc.text {
				if out, _ := format.Source(kind, []byte(got)); string(out) != got {
					t.Errorf("a canonical text is no longer canonical after the move:\n%s", got)
				}
			}
		})
	}
}

// checkRefusal checks that err is a protocol error whose message holds
// msg and whose data's code is code.
func checkRefusal(t *testing.T, err error, msg, code string) {
	t.Helper()
	var je *jsonrpc2.Error
	if !errors.As(err, &je) {
		t.Fatalf("error %v (%T), want a refusal with %q", err, err, msg)
	}
	if !strings.Contains(je.Message, msg) {
		t.Errorf("message %q, want it to hold %q", je.Message, msg)
	}
	var data struct{ Code string }
	if err := json.Unmarshal(je.Data, &data); err != nil || data.Code != code {
		t.Errorf("data %s, want code %q", je.Data, code)
	}
}

// TestPlayClosed checks that a move on a document that is not open is
// refused, as every document request is.
func TestPlayClosed(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	var res playResult
	err := c.playCall(PlayMethod, map[string]any{
		"textDocument": map[string]any{"uri": "file:///closed.pousse", "version": 1},
		"game":         1, "move": 0, "slot": "T1"}, &res)
	var je *jsonrpc2.Error
	if !errors.As(err, &je) || !strings.Contains(je.Message, "document not open") {
		t.Errorf("play on a closed document: %v, want a refusal: document not open", err)
	}
}

// TestBoardMarks checks the marks of gamels/board: the moves from the
// position shown that end the game at once.
func TestBoardMarks(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	for _, tc := range []struct {
		name, file, text string
		line             uint32 // the cursor's line: the position shown
		want             []boardMark
	}{
		// On a 1x1 board every push makes X's row and column.
		{"pousse/wins", "marks.pousse", "1\nQUIT\n", 0, []boardMark{
			{Slot: "L1", Mark: "wins"}, {Slot: "R1", Mark: "wins"}, {Slot: "T1", Mark: "wins"}, {Slot: "B1", Mark: "wins"}}},
		{"pousse/over", "over.pousse", "1\nL1\nQUIT\n", 1, nil},
		{"pousse/none", "none.pousse", "3\nQUIT\n", 0, nil},
		// After 1 1 + and 2 2 +, removing either recreates the one-spot
		// pattern of move 1 (2 2 alone is 1 1 turned twice).
		{"spot/repeats", "marks.spot", "2\n1 1 +\n2 2 +\n\n0\n", 2, []boardMark{
			{Cell: &boardCell{1, 1}, Mark: "repeats"}, {Cell: &boardCell{2, 2}, Mark: "repeats"}}},
		{"spot/first", "first.spot", "2\n1 1 +\n\n0\n", 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := uri.URI("file:///" + tc.file)
			c.open(u, 1, tc.text)
			defer c.closeDoc(u)
			var res struct {
				Marks []boardMark `json:"marks"`
			}
			err := c.playCall(BoardMethod, map[string]any{"textDocument": map[string]any{"uri": u},
				"position": map[string]any{"line": tc.line, "character": 0}}, &res)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Marks); diff != "" {
				t.Errorf("marks (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPlayCapability checks that initialize advertises gamels/play.
func TestPlayCapability(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	var exp map[string]any
	if err := json.Unmarshal(res.Capabilities.Experimental, &exp); err != nil || exp["gamelsPlay"] != true {
		t.Errorf("experimental capabilities %s (%v), want gamelsPlay: true", res.Capabilities.Experimental, err)
	}
}
