package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// boardText is the text member of a gamels/board answer, as a client
// reads it (docs/protocol.md, "The board drawn as text").
type boardText struct {
	Lines []string `json:"lines"`
	Spans []struct {
		Line  int    `json:"line"`
		Start int    `json:"start"`
		End   int    `json:"end"`
		Kind  string `json:"kind"`
	} `json:"spans"`
	Grid struct {
		Line     int `json:"line"`
		Col      int `json:"col"`
		LineStep int `json:"lineStep"`
		ColStep  int `json:"colStep"`
		Width    int `json:"width"`
		Top      int `json:"top"`
		Bottom   int `json:"bottom"`
		Left     int `json:"left"`
		Right    int `json:"right"`
	} `json:"grid"`
}

// TestBoardText asks gamels/board for the board drawn as text: the
// drawing holds the position, the spans cover what the last move did
// and the status, the grid finds the squares and slots in the lines, a
// narrow view gets the compact drawing, and without text there is none.
func TestBoardText(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = "file:///t.pousse"
	src := "3\nL1\nL1\nL1\nL1\nQUIT\n"
	c.open(u, 1, src)
	c.waitVersion(u, 1)
	ask := func(params map[string]any) (rows []string, text *boardText) {
		t.Helper()
		params["textDocument"] = map[string]any{"uri": u}
		params["position"] = pos(4, 0) // on move 4: pushes the X of row 1 off
		var res struct {
			Rows []string   `json:"rows"`
			Text *boardText `json:"text"`
		}
		var raw json.RawMessage
		if _, err := c.conn.Call(context.Background(), BoardMethod, params, &raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		return res.Rows, res.Text
	}
	if _, text := ask(map[string]any{}); text != nil {
		t.Errorf("text %+v, asked without text", text)
	}
	for _, tc := range []struct {
		name  string
		width int
		step  int // lines from one row to the next
	}{{"grid", 0, 2}, {"grid-fits", 9, 2}, {"compact", 8, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			rows, text := ask(map[string]any{"text": true, "textWidth": tc.width})
			if text == nil {
				t.Fatal("no text")
			}
			g := text.Grid
			if g.LineStep != tc.step {
				t.Errorf("lineStep %d, want %d", g.LineStep, tc.step)
			}
			at := func(line, col int) byte {
				if line < 0 || line >= len(text.Lines) || col < 0 || col >= len(text.Lines[line]) {
					return 0
				}
				return text.Lines[line][col]
			}
			// Every square of rows, where the grid says.
			for r, row := range rows {
				for col := range row {
					got := at(g.Line+r*g.LineStep, g.Col+col*g.ColStep+g.Width-1)
					want := row[col]
					if want == '.' && tc.step == 2 {
						want = ' '
					}
					if got != want {
						t.Errorf("square %d %d: %q in the drawing, %q in rows\n%s", r+1, col+1, got, want, strings.Join(text.Lines, "\n"))
					}
				}
			}
			// The push came in at L1: its arrow in the left slot of row 1.
			if ch := at(g.Line, g.Left); ch != '>' {
				t.Errorf("slot L1 is %q, want the arrow >\n%s", ch, strings.Join(text.Lines, "\n"))
			}
			kinds := map[string]int{}
			var status []string
			for _, s := range text.Spans {
				if s.Line < 0 || s.Line >= len(text.Lines) || s.Start < 0 || s.End > len(text.Lines[s.Line]) || s.Start >= s.End {
					t.Errorf("span %+v out of its line", s)
					continue
				}
				kinds[s.Kind]++
				// The first last span is the square; the legend names it too.
				if s.Kind == "last" && kinds[s.Kind] == 1 && (s.Line != g.Line || s.Start != g.Col) {
					t.Errorf("last move span %+v, want square 1 1 at line %d col %d", s, g.Line, g.Col)
				}
				if s.Kind == "status" {
					status = append(status, text.Lines[s.Line][s.Start:s.End])
				}
			}
			// A line under the board wraps within textWidth, at a blank
			// (the legend between its names).
			if got := strings.Join(status, " "); got != "X to move" {
				t.Errorf("status %q, want X to move", got)
			}
			for _, l := range text.Lines[g.Line+len(rows)*g.LineStep:] {
				if strings.HasPrefix(l, "legend:") {
					break
				}
				if tc.width > 0 && len(l) > tc.width && strings.LastIndexByte(l[:tc.width+1], ' ') > 2 {
					t.Errorf("line %q is wider than %d, with a blank to wrap at", l, tc.width)
				}
			}
			for _, k := range []string{"last", "pushed", "arrow", "status", "x", "o"} {
				if kinds[k] == 0 {
					t.Errorf("no %s span in %+v", k, text.Spans)
				}
			}
			if !strings.Contains(strings.ReplaceAll(strings.Join(text.Lines, "\n"), "\n  ", " "), "pushed off: X, from row 1 column 3") {
				t.Errorf("no pushed-off line in\n%s", strings.Join(text.Lines, "\n"))
			}
		})
	}
}
