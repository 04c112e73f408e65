package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"
)

// exploredBoard is what TestExplore reads of a gamels/board answer.
type exploredBoard struct {
	Move    int      `json:"move"`
	Rows    []string `json:"rows"`
	Verdict string   `json:"verdict"`
	Moves   []struct {
		Text string `json:"text"`
	} `json:"moves"`
	Scratch *struct {
		From  int      `json:"from"`
		Moves []string `json:"moves"`
	} `json:"scratch"`
}

// TestExplore asks gamels/board and gamels/evaluate with a scratch line
// after a position: the board drawn and the position judged are those
// the same moves reach when written in the transcript, the moves listed
// stay the transcript's, and a move that cannot be played, or a line
// over MaxScratchMoves, is refused as InvalidParams naming the move.
func TestExplore(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const pu, su = uri.URI("file:///a.pousse"), uri.URI("file:///s.spot")
	c.open(pu, 1, annotatedGame) // lines 2..8: L1 T3 L1 B3 B2 L2 R3
	c.open(su, 1, "2\n1 1 +\n2 2 +\n2 2 -\n")
	ask := func(method string, u uri.URI, line uint32, moves []string) (json.RawMessage, error) {
		params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(line, 0), "moves": moves}
		var raw json.RawMessage
		_, err := c.conn.Call(context.Background(), method, params, &raw)
		return raw, err
	}
	board := func(u uri.URI, line uint32, moves []string) *exploredBoard {
		t.Helper()
		raw, err := ask(BoardMethod, u, line, moves)
		if err != nil {
			t.Fatalf("board at line %d with %q: %v", line, moves, err)
		}
		var b *exploredBoard
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
		return b
	}

	for _, tc := range []struct {
		name        string
		u           uri.URI
		line, wrote uint32 // where the scratch line starts; where the same moves written end
		moves       []string
	}{
		{"pousse", pu, 3, 5, []string{"L1", "B3"}},
		{"pousse/from-n-line", pu, 1, 8, []string{"L1", "T3", "L1", "B3", "B2", "L2", "R3"}},
		{"spot", su, 0, 2, []string{"1 1", "2 2 +"}},
	} {
		got, want := board(tc.u, tc.line, tc.moves), board(tc.u, tc.wrote, nil)
		if got.Move != want.Move || !cmp.Equal(got.Rows, want.Rows) || got.Verdict != want.Verdict {
			t.Errorf("%s: explored board move %d %q %q, want as written: move %d %q %q", tc.name, got.Move, got.Rows, got.Verdict, want.Move, want.Rows, want.Verdict)
		}
		if len(got.Moves) != len(want.Moves) {
			t.Errorf("%s: %d moves listed, want the transcript's %d", tc.name, len(got.Moves), len(want.Moves))
		}
		var tokens []string
		for _, m := range want.Moves[got.Scratch.From:want.Move] {
			tokens = append(tokens, m.Text)
		}
		if got.Scratch == nil || !cmp.Equal(got.Scratch.Moves, tokens) {
			t.Errorf("%s: scratch %+v, want the moves as written %q", tc.name, got.Scratch, tokens)
		}
	}

	// The explored position is judged, not read from the annotations:
	// after L1 T3, the scratch L1 B3 leaves X a win at once with L1.
	raw, err := ask(EvaluateMethod, pu, 3, []string{"L1", "B3"})
	if err != nil {
		t.Fatal(err)
	}
	var ev *evaluation
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	if ev == nil || ev.Move != 4 || ev.Winner != "X" || ev.Best == nil || ev.Best.Slot != "L1" || ev.Source != "search" {
		t.Errorf("evaluate of the explored position: %s, want move 4, X wins with L1, from a search", raw)
	}

	for _, tc := range []struct {
		name   string
		method string
		u      uri.URI
		line   uint32
		moves  []string
		code   string
		says   string
	}{
		{"after-the-end", BoardMethod, pu, 3, []string{"L1", "B3", "L1", "T1"}, "game-over", "scratch move 4"},
		{"after-the-end/evaluate", EvaluateMethod, pu, 3, []string{"L1", "B3", "L1", "T1"}, "game-over", "scratch move 4"},
		{"game-ended-before", BoardMethod, su, 3, []string{"1 2"}, "game-over", "scratch move 1"},
		{"not-a-slot", BoardMethod, pu, 3, []string{"L1", "Q1"}, "bad-target", `scratch move 2 ("Q1")`},
		{"off-the-board", BoardMethod, pu, 3, []string{"L4"}, "bad-target", "outside the 3x3 board"},
		{"spot/wrong-sign", BoardMethod, su, 0, []string{"1 1 -"}, "illegal-move", "only + is legal"},
		{"spot/not-a-cell", EvaluateMethod, su, 0, []string{"1 x"}, "bad-target", "scratch move 1"},
		{"spot/full", BoardMethod, su, 0, []string{"1 1", "2 2", "1 2", "2 1", "1 1"}, "game-full", "scratch move 5"},
		{"bound", BoardMethod, pu, 1, strings.Split(strings.Repeat("L1 ", MaxScratchMoves+1)[:3*MaxScratchMoves+2], " "), "too-many-moves", "more than the 1000"},
		{"bound/evaluate", EvaluateMethod, pu, 1, strings.Split(strings.Repeat("L1 ", MaxScratchMoves+1)[:3*MaxScratchMoves+2], " "), "too-many-moves", "more than the 1000"},
	} {
		raw, err := ask(tc.method, tc.u, tc.line, tc.moves)
		var je *jsonrpc2.Error
		if !errors.As(err, &je) || je.Code != jsonrpc2.InvalidParams {
			t.Errorf("%s: %s, %v; want InvalidParams", tc.name, raw, err)
			continue
		}
		var data struct {
			Code string `json:"code"`
		}
		if je.Data != nil {
			_ = json.Unmarshal(je.Data, &data)
		}
		if data.Code != tc.code || !strings.Contains(je.Message, tc.says) {
			t.Errorf("%s: refused with %q (%s), want code %s and %q", tc.name, je.Message, data.Code, tc.code, tc.says)
		}
	}

	// At the bound itself the line is played: under the contest rules a
	// position may repeat, and pushes from both sides of row 1 and row 2
	// of a 4x4 board make no straight.
	c.open("file:///long.pousse", 1, "4\n")
	long := strings.Fields(strings.Repeat("L1 R1 L2 R2 ", MaxScratchMoves/4))
	if b := board("file:///long.pousse", 0, long); b.Move != MaxScratchMoves || len(b.Scratch.Moves) != MaxScratchMoves {
		t.Errorf("%d scratch moves: move %d, %d listed, want %d", MaxScratchMoves, b.Move, len(b.Scratch.Moves), MaxScratchMoves)
	}
}
