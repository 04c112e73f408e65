package lsp

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"go.lsp.dev/uri"

	"gamels/internal/gen"
	"gamels/parse"
)

// The parts of a gamels/board answer the tests read, as a client reads
// them (docs/protocol.md; the server writes them by hand, appendBoard).
type (
	boardStraight struct {
		X     int         `json:"x"`
		O     int         `json:"o"`
		Lines []boardLine `json:"lines"`
	}
	boardLine struct {
		Line  string `json:"line"`
		Index int    `json:"index"`
		Who   string `json:"who"`
	}
	boardMark struct {
		Slot string     `json:"slot,omitempty"`
		Cell *boardCell `json:"cell,omitempty"`
		Mark string     `json:"mark"`
	}
)

// TestBoardCapability checks that initialize advertises gamels/board and
// the version of its answer.
func TestBoardCapability(t *testing.T) {
	c := startServer(t, nil)
	res := c.initialize(nil, "")
	var exp struct {
		Board   bool `json:"gamelsBoard"`
		Version int  `json:"gamelsBoardVersion"`
	}
	if err := json.Unmarshal(res.Capabilities.Experimental, &exp); err != nil || !exp.Board || exp.Version != 2 {
		t.Errorf("experimental capabilities %s (%v), want gamelsBoard: true, gamelsBoardVersion: 2", res.Capabilities.Experimental, err)
	}
}

// boardWindow is the part of a board answer about its moves list.
type boardWindow struct {
	Version   int          `json:"version"`
	Move      int          `json:"move"`
	MoveCount int          `json:"moveCount"`
	Moves     []windowMove `json:"moves"`
	First     *windowMove  `json:"firstMove"`
	Last      *windowMove  `json:"lastMove"`
	End       *windowMove  `json:"endMove"`
	Earlier   *windowMove  `json:"earlierMove"`
}

type windowMove struct {
	Move  int            `json:"move"`
	Text  string         `json:"text"`
	Range protocol.Range `json:"range"`
}

// TestBoardWindow asks gamels/board for the moves around the one shown
// (version 2) on one Pousse game of 1500 moves, and without movesAround
// (version 1) on games below and above MaxBoardMoves: the moves listed,
// the count and the landmark moves, and the cap whatever the client asks.
func TestBoardWindow(t *testing.T) {
	text := gen.Pousse(3, gen.PousseOptions{Games: 1, MinN: 30, MaxN: 30, MinMoves: 1500, MaxMoves: 1500})
	long := gen.Pousse(4, gen.PousseOptions{Games: 1, MinN: 20, MaxN: 20, MinMoves: MaxBoardMoves + 1, MaxMoves: MaxBoardMoves + 1})
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u, ul = "file:///w.pousse", "file:///long.pousse"
	c.open(u, 1, string(text))
	c.open(ul, 1, string(long))
	c.waitVersion(u, 1)
	c.waitVersion(ul, 1)
	m := testMapper(text, UTF16)
	lines := moveLines(text, m)
	if len(lines) != 1500 {
		t.Fatalf("%d moves, want 1500", len(lines))
	}
	ask := func(u string, line uint32, around any) (boardWindow, error) {
		params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0)}
		if around != nil {
			params["movesAround"] = around
		}
		var raw json.RawMessage
		_, err := c.conn.Call(context.Background(), BoardMethod, params, &raw)
		var w boardWindow
		if err == nil {
			if err := json.Unmarshal(raw, &w); err != nil {
				t.Fatalf("%.200s: %v", raw, err)
			}
		}
		return w, err
	}
	for _, tc := range []struct {
		name             string
		move, around     int
		from, to         int // the moves listed
		first, last, end int
	}{
		{"middle", 700, 3, 697, 703, 1, 1500, 0},
		{"start", 2, 5, 1, 7, 1, 1500, 0},
		{"end", 1499, 5, 1494, 1500, 1, 1500, 0},
		{"none around", 10, 0, 10, 10, 1, 1500, 0},
		{"capped", 750, 1 << 30, 750 - MaxMovesAround, 750 + MaxMovesAround, 1, 1500, 0},
	} {
		w, err := ask(u, lines[tc.move-1], tc.around)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if w.Version != 2 || w.Move != tc.move || w.MoveCount != 1500 {
			t.Errorf("%s: version %d, move %d, moveCount %d; want 2, %d, 1500", tc.name, w.Version, w.Move, w.MoveCount, tc.move)
		}
		if len(w.Moves) != tc.to-tc.from+1 || w.Moves[0].Move != tc.from || w.Moves[len(w.Moves)-1].Move != tc.to {
			t.Errorf("%s: %d moves listed from %d, want %d..%d", tc.name, len(w.Moves), w.Moves[0].Move, tc.from, tc.to)
		}
		for _, mv := range w.Moves {
			if want := lines[mv.Move-1]; mv.Range.Start.Line != want {
				t.Errorf("%s: move %d on line %d, want %d", tc.name, mv.Move, mv.Range.Start.Line, want)
				break
			}
		}
		if w.First == nil || w.First.Move != 1 || w.First.Range.Start.Line != lines[0] ||
			w.Last == nil || w.Last.Move != 1500 || w.Last.Range.Start.Line != lines[1499] {
			t.Errorf("%s: first %+v, last %+v", tc.name, w.First, w.Last)
		}
	}

	// Version 1: the whole list, up to MaxBoardMoves moves.
	w, err := ask(u, lines[100], nil)
	if err != nil || w.Version != 0 || len(w.Moves) != 1500 || w.MoveCount != 0 {
		t.Errorf("no movesAround: version %d, %d moves, moveCount %d, %v; want the 1500 moves, no version", w.Version, len(w.Moves), w.MoveCount, err)
	}
	ml := testMapper(long, UTF16)
	longLines := moveLines(long, ml)
	_, err = ask(ul, longLines[5], nil)
	if code := errCode(err); code != jsonrpc2.InvalidRequest || !strings.Contains(err.Error(), "movesAround") {
		t.Errorf("%d moves without movesAround: %v (code %d), want InvalidRequest naming movesAround", len(longLines), err, code)
	}
	if w, err := ask(ul, longLines[5], 2); err != nil || len(w.Moves) != 5 || w.MoveCount != MaxBoardMoves+1 {
		t.Errorf("%d moves with movesAround 2: %d listed, count %d, %v", len(longLines), len(w.Moves), w.MoveCount, err)
	}

	// Bad params are refused, not answered as something else.
	for _, tc := range []struct {
		name   string
		params string
	}{
		{"no position", `{"textDocument":{"uri":"` + u + `"}}`},
		{"null position", `{"textDocument":{"uri":"` + u + `"},"position":null}`},
		{"line 2^31", `{"textDocument":{"uri":"` + u + `"},"position":{"line":2147483648,"character":0}}`},
		{"character 2^31", `{"textDocument":{"uri":"` + u + `"},"position":{"line":0,"character":2147483648}}`},
		{"movesAround -1", `{"textDocument":{"uri":"` + u + `"},"position":{"line":0,"character":0},"movesAround":-1}`},
		{"movesAround 1.5", `{"textDocument":{"uri":"` + u + `"},"position":{"line":0,"character":0},"movesAround":1.5}`},
	} {
		var raw json.RawMessage
		_, err := c.conn.Call(context.Background(), BoardMethod, json.RawMessage(tc.params), &raw)
		if code := errCode(err); code != jsonrpc2.InvalidParams {
			t.Errorf("%s: %s, %v; want InvalidParams", tc.name, raw, err)
		}
	}
	// 2^31-1 is the protocol's limit: clamped like any position past the end.
	var raw json.RawMessage
	if _, err := c.conn.Call(context.Background(), BoardMethod, json.RawMessage(`{"textDocument":{"uri":"`+u+`"},"position":{"line":2147483647,"character":0}}`), &raw); err != nil {
		t.Errorf("line 2^31-1: %v", err)
	}
}

// TestBoardEarlierMove checks that a version 2 answer gives the earlier
// and ending moves of a repetition even when they are outside the window.
func TestBoardEarlierMove(t *testing.T) {
	// Spot: the pattern after move 1 recurs after move 3.
	const text = "4\n1 1 +\n2 2 +\n2 2 -\n3 3 +\n3 4 +\n4 4 +\n4 1 +\n1 2 +\n0\n"
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = "file:///e.spot"
	c.open(u, 1, text)
	c.waitVersion(u, 1)
	var raw json.RawMessage
	if _, err := c.conn.Call(context.Background(), BoardMethod, map[string]any{
		"textDocument": map[string]any{"uri": u}, "position": pos(3, 0), "movesAround": 0}, &raw); err != nil {
		t.Fatal(err)
	}
	var w boardWindow
	if err := json.Unmarshal(raw, &w); err != nil {
		t.Fatal(err)
	}
	got := []int{w.Move, len(w.Moves)}
	if w.End != nil {
		got = append(got, w.End.Move)
	}
	if w.Earlier != nil {
		got = append(got, w.Earlier.Move)
	}
	if diff := cmp.Diff([]int{3, 1, 3, 1}, got); diff != "" {
		t.Errorf("move, listed, end, earlier (-want +got):\n%s\n%s", diff, raw)
	}
}

// moveLines returns the line of each move of the first game of a Pousse
// text, in order.
func moveLines(text []byte, m *Mapper) []uint32 {
	f := parse.Parse(parse.Pousse, text)
	g := f.Games[0]
	lines := make([]uint32, len(g.Moves))
	for i := range g.Moves {
		lines[i] = uint32(m.Line(g.MoveSpan(i).Start))
	}
	return lines
}

// TestBoardNearest asks gamels/board with and without nearest at the
// positions outside every game of the sample files (line 1, the count
// line, between games, the trailing 0) and inside one: outside, without
// nearest the answer is null; with it, the next game (else the last) at
// move 0, marked outside. Inside a game nearest changes nothing.
func TestBoardNearest(t *testing.T) {
	type at struct {
		Game    int  `json:"game"`
		Move    int  `json:"move"`
		Outside bool `json:"outside"`
	}
	tests := []struct {
		name, file string
		line       uint32 // 0-based
		want       *at    // with nearest
		inside     bool   // the answer without nearest is want, not null
	}{
		{"pousse/line1", "sample.pousse", 0, &at{1, 0, true}, false},
		{"pousse/count", "sample.pousse", 2, &at{1, 0, true}, false},
		{"pousse/blank-before-game1", "sample.pousse", 3, &at{1, 0, true}, false},
		{"pousse/between", "sample.pousse", 11, &at{2, 0, true}, false},
		{"pousse/comment-before-game2", "sample.pousse", 12, &at{2, 0, true}, false},
		{"pousse/move", "sample.pousse", 6, &at{1, 2, false}, true},
		{"pousse/n-line", "sample.pousse", 4, &at{1, 0, false}, true},
		{"spot/line1", "sample.spot", 0, &at{1, 0, true}, false},
		{"spot/between", "sample.spot", 13, &at{3, 0, true}, false},
		{"spot/trailing0", "sample.spot", 20, &at{3, 0, true}, false},
		{"spot/move", "sample.spot", 3, &at{1, 2, false}, true},
		{"path/line1", "boards.path", 0, &at{1, 0, true}, false},
		{"path/n-line", "boards.path", 1, &at{1, 0, false}, true}, // PATH has no count line
		{"path/between", "boards.path", 10, &at{2, 0, true}, false},
		{"path/board", "boards.path", 13, &at{2, 0, false}, true},
		{"path/trailing0", "boards.path", 140, &at{10, 0, true}, false},
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	opened := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := uri.URI("file:///" + tt.file)
			if !opened[tt.file] {
				text, err := os.ReadFile("../testdata/examples/" + tt.file)
				if err != nil {
					t.Fatal(err)
				}
				c.open(u, 1, string(text))
				opened[tt.file] = true
			}
			ask := func(nearest bool) *at {
				params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(tt.line, 0), "nearest": nearest}
				return rawCall[*at](t, c, BoardMethod, params)
			}
			if diff := cmp.Diff(tt.want, ask(true)); diff != "" {
				t.Errorf("nearest: (-want +got)\n%s", diff)
			}
			var plain *at
			if tt.inside {
				plain = tt.want
			}
			if diff := cmp.Diff(plain, ask(false)); diff != "" {
				t.Errorf("without nearest: (-want +got)\n%s", diff)
			}
		})
	}
}

// TestBoardNearestLast checks the other way of nearest: after the last
// game, the last game; and a file with no game at all is null.
func TestBoardNearestLast(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u, empty = uri.URI("file:///last.pousse"), uri.URI("file:///empty.pousse")
	c.open(u, 1, "3\nL1\nQUIT\n\n3\nT1\nQUIT\n\n# the end\n")
	c.open(empty, 1, "# nothing yet\n")
	type at struct {
		Game    int  `json:"game"`
		Move    int  `json:"move"`
		Outside bool `json:"outside"`
	}
	ask := func(u uri.URI, line uint32) *at {
		return rawCall[*at](t, c, BoardMethod, map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0), "nearest": true})
	}
	if diff := cmp.Diff(&at{2, 0, true}, ask(u, 8)); diff != "" {
		t.Errorf("after the last game: (-want +got)\n%s", diff)
	}
	if got := ask(empty, 0); got != nil {
		t.Errorf("a file without games: %+v, want null", got)
	}
}

// TestBoardLastWords: gamels/board's last says what the move did in
// analyze's words, the ones gamels show prints: the push, its run and
// what fell off; the spot added, removed, or an illegal move.
func TestBoardLastWords(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	c.open("file:///w.pousse", 1, "1\n3\nL1\nL1\nL1\nL1\nT3\nQUIT\n")
	c.waitVersion("file:///w.pousse", 1)
	c.open("file:///w.spot", 1, "4\n1 1 +\n2 2 +\n1 1 -\n1 1 -\n0\n")
	c.waitVersion("file:///w.spot", 1)
	for _, tc := range []struct {
		u    string
		line uint32
		want string
	}{
		{"file:///w.pousse", 2, "X enters at (1,1)"},
		{"file:///w.pousse", 3, "O enters at (1,1), pushing 1 marker to (1,2)"},
		{"file:///w.pousse", 5, "O enters at (1,1), pushing 2 markers to (1,3); X pushed off from (1,3)"},
		{"file:///w.pousse", 6, "X enters at (1,3), pushing 1 marker to (2,3)"},
		{"file:///w.spot", 1, "a spot added at (1,1)"},
		{"file:///w.spot", 3, "the spot at (1,1) removed"},
		{"file:///w.spot", 4, "illegal, nothing changes"},
	} {
		var b struct {
			Move int `json:"move"`
			Last *struct {
				Words string `json:"words"`
			} `json:"last"`
		}
		if _, err := c.conn.Call(context.Background(), BoardMethod, map[string]any{
			"textDocument": map[string]any{"uri": tc.u}, "position": pos(tc.line, 0), "movesAround": 0}, &b); err != nil {
			t.Fatal(err)
		}
		if b.Last == nil || b.Last.Words != tc.want {
			t.Errorf("%s line %d (move %d): last %+v, want words %q", tc.u, tc.line+1, b.Move, b.Last, tc.want)
		}
	}
}
