package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"gamels/parse"
)

// svgBoard is the part of a gamels/board answer that the drawing shows.
type svgBoard struct {
	Kind     string   `json:"kind"`
	N        int      `json:"n"`
	Game     int      `json:"game"`
	Move     int      `json:"move"`
	Played   int      `json:"played"`
	Rows     []string `json:"rows"`
	End      int      `json:"end"`
	Earlier  int      `json:"earlier"`
	Rotation int      `json:"rotation"`
	Last     *struct {
		Cells   []boardCell `json:"cells"`
		Off     *boardCell  `json:"off"`
		OffWho  string      `json:"offWho"`
		Add     bool        `json:"add"`
		Illegal bool        `json:"illegal"`
	} `json:"last"`
	Straights *boardStraight `json:"straights"`
	Path      []boardCell    `json:"winningPath"`
	OneMove   []boardCell    `json:"oneMoveWins"`
	Marks     []boardMark    `json:"marks"`
	Moves     []windowMove   `json:"moves"`
	SVG       string         `json:"svg"`
}

// svgElement is one element of a drawing: its name, attributes, text and
// depth (1 for the root's children).
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
	depth int
}

func (e svgElement) classes() []string { return strings.Fields(e.attrs["class"]) }

func (e svgElement) has(class ...string) bool {
	cs := e.classes()
	for _, c := range class {
		if !slices.Contains(cs, c) {
			return false
		}
	}
	return true
}

func (e svgElement) at() string { return e.attrs["data-row"] + "," + e.attrs["data-col"] }

// parseDrawing parses an SVG with encoding/xml, failing t when it is not
// well-formed, and returns its elements in order, the root first.
func parseDrawing(t *testing.T, s string) []svgElement {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var out []svgElement
	var open []int
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%.300s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := svgElement{name: tok.Name.Local, attrs: map[string]string{}, depth: len(open)}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			out = append(out, e)
			open = append(open, len(out)-1)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].text += string(tok)
			}
		}
	}
	if len(out) == 0 || out[0].name != "svg" {
		t.Fatalf("no <svg> root in %.200s", s)
	}
	return out
}

// TestBoardSVGHooks asks gamels/board with svg at every position of the
// examples and of games that end by a repetition, a push off the board
// and an illegal Spot move, and checks every hook a view uses against
// the answer's own fields: the root, one rect.cell a square with its
// data-row and data-col, the marker of each square, the classes of the
// last move, the straights, the PATH marks and the moves' marks, the
// Pousse edge slots with the push each previews (data-run, data-off:
// computed here from the rows), the arrow, the marker pushed off and the
// earlier board of a repetition.
func TestBoardSVGHooks(t *testing.T) {
	files := map[string]string{
		"off.pousse":    "3\nL1\nL1\nL1\nL1\nT1\nQUIT\n",
		"loses.pousse":  "3\nB1\nT3\nR1\nL3\nT3\nQUIT\n",
		"repeat.pousse": "# rules: icfp\n2\nR2\nB2\nB2\nB2\nQUIT\n",
		"odd.spot":      "3\n1 1 +\n2 2 +\n3 3 -\n1 3 +\n2 1 +\n3 2 +\n0\n",
		"odd.path":      "3\n\nWWU\nBUB\nUBx\n0\n",
	}
	for _, name := range []string{"boards.path", "icfp1998.pousse", "sample.pousse", "sample.spot"} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(b)
	}
	c := startServer(t, nil)
	c.initialize(nil, "")
	seen := map[string]int{} // hooks met, over every drawing
	for name, text := range files {
		u := uri.URI("file:///" + name)
		c.open(u, 1, text)
		c.waitVersion(u, 1)
		kind, _ := parse.KindOf(name)
		f := parse.Parse(kind, []byte(text))
		m := testMapper([]byte(text), UTF16)
		for _, g := range f.Games {
			lines := []uint32{uint32(m.Line(g.Span.Start))}
			for i := range g.Moves {
				lines = append(lines, uint32(m.Line(g.MoveSpan(i).Start)))
			}
			for _, l := range lines {
				var raw json.RawMessage
				params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(l, 0), "svg": true, "movesAround": 5}
				if _, err := c.conn.Call(context.Background(), BoardMethod, params, &raw); err != nil {
					t.Fatalf("%s:%d: %v", name, l+1, err)
				}
				var b svgBoard
				if err := json.Unmarshal(raw, &b); err != nil {
					t.Fatalf("%s:%d: %v", name, l+1, err)
				}
				checkHooks(t, fmt.Sprintf("%s:%d", name, l+1), &b, seen)
			}
		}
	}
	// Every hook was met somewhere: the cases cover them.
	for _, hook := range []string{"last", "pushed", "add", "remove", "illegal", "straight", "path", "onemove",
		"slot.wins", "slot.loses", "slot.repeats", "cell.repeats", "data-off", "earlier", "arrow", "off", "bad",
		"straight-line", "path-line", "slot.last"} {
		if seen[hook] == 0 {
			t.Errorf("no drawing has %s", hook)
		}
	}
}

// checkHooks checks the drawing of board b against its fields, counting
// the hooks met in seen.
func checkHooks(t *testing.T, where string, b *svgBoard, seen map[string]int) {
	t.Helper()
	els := parseDrawing(t, b.SVG)
	root := els[0]
	if !root.has("gamels-board", b.Kind) || root.attrs["data-n"] != fmt.Sprint(b.N) || root.attrs["data-game"] != fmt.Sprint(b.Game) ||
		root.attrs["data-move"] != fmt.Sprint(b.Move) {
		t.Errorf("%s: root %v", where, root.attrs)
	}
	if strings.Contains(b.SVG, "<style") || strings.Contains(b.SVG, "#") || strings.Contains(b.SVG, "stroke=") ||
		strings.Count(b.SVG, "fill=") != strings.Count(b.SVG, "fill='none'") {
		t.Errorf("%s: the drawing has colours of its own", where)
	}
	cells := map[string]svgElement{}
	marks := map[string]string{}
	var slots []svgElement
	var earlier, arrows int
	var offs, lines []svgElement
	inEarlier := false
	for _, e := range els[1:] {
		if e.depth == 1 {
			inEarlier = e.name == "g" && e.has("earlier")
		}
		switch {
		case inEarlier:
			if e.name == "g" {
				earlier++
				if e.attrs["data-move"] != fmt.Sprint(b.Earlier) || e.attrs["data-rotation"] != fmt.Sprint(b.Rotation) {
					t.Errorf("%s: earlier board %v, want move %d rotation %d", where, e.attrs, b.Earlier, b.Rotation)
				}
			}
		case e.depth != 1:
			t.Errorf("%s: <%s class=%q> is not a child of the root", where, e.name, e.attrs["class"])
		case e.name == "rect" && e.has("cell"):
			if _, dup := cells[e.at()]; dup {
				t.Errorf("%s: two squares at %s", where, e.at())
			}
			cells[e.at()] = e
		case e.has("mark", "off"):
			offs = append(offs, e)
		case e.has("mark"):
			marks[e.at()] = e.name + "." + strings.Join(e.classes(), ".") + ":" + e.text
		case e.name == "rect" && e.has("slot"):
			slots = append(slots, e)
		case e.has("arrow"):
			arrows++
			if e.attrs["pointer-events"] != "none" {
				t.Errorf("%s: the arrow takes the pointer", where)
			}
		case e.has("straight-line"), e.has("path-line"):
			lines = append(lines, e)
		}
	}
	n := b.N
	if len(cells) != n*n {
		t.Errorf("%s: %d squares, want %d", where, len(cells), n*n)
	}
	at := func(r, c int) byte {
		if r-1 < len(b.Rows) && c-1 < len(b.Rows[r-1]) {
			return b.Rows[r-1][c-1]
		}
		return '?'
	}
	// The markers, each of its shape.
	want := map[string]string{}
	for r := 1; r <= n; r++ {
		for c := 1; c <= n; c++ {
			k := fmt.Sprintf("%d,%d", r, c)
			if _, ok := cells[k]; !ok {
				t.Errorf("%s: no square %s", where, k)
			}
			switch at(r, c) {
			case 'X':
				want[k] = "text.mark.x:X"
			case 'O':
				want[k] = "text.mark.o:O"
			case '*':
				want[k] = "circle.mark.spot:"
			case 'W':
				want[k] = "circle.mark.w:"
			case 'B':
				want[k] = "circle.mark.b:"
			case '?':
				want[k] = "text.mark.bad:?"
				seen["bad"]++
			}
		}
	}
	if diff := cmpMaps(want, marks); diff != "" {
		t.Errorf("%s: markers: %s", where, diff)
	}
	// The classes of each square, from the answer.
	wantClass := map[string][]string{}
	add := func(c boardCell, cls ...string) {
		k := fmt.Sprintf("%d,%d", c.Row, c.Col)
		wantClass[k] = append(wantClass[k], cls...)
	}
	if l := b.Last; l != nil {
		switch {
		case b.Kind == "pousse":
			add(l.Cells[0], "last")
			for _, c := range l.Cells {
				add(c, "pushed")
			}
		case l.Illegal:
			add(l.Cells[0], "last", "illegal")
		case l.Add:
			add(l.Cells[0], "last", "add")
		default:
			add(l.Cells[0], "last", "remove")
		}
	}
	if s := b.Straights; s != nil {
		for _, l := range s.Lines {
			for i := 1; i <= n; i++ {
				c := boardCell{l.Index, i}
				if l.Line == "column" {
					c = boardCell{i, l.Index}
				}
				add(c, "straight", strings.ToLower(l.Who))
			}
		}
	}
	for _, c := range b.Path {
		add(c, "path")
	}
	for _, c := range b.OneMove {
		add(c, "onemove")
	}
	slotMarks := map[string]string{}
	for _, mk := range b.Marks {
		if mk.Cell != nil {
			add(*mk.Cell, mk.Mark)
			seen["cell."+mk.Mark]++
		} else {
			slotMarks[mk.Slot] = mk.Mark
		}
	}
	for k, e := range cells {
		for _, cls := range wantClass[k] {
			if !e.has(cls) {
				t.Errorf("%s: square %s is %q, want %s", where, k, e.attrs["class"], cls)
			}
			seen[cls]++
		}
		for _, cls := range e.classes() {
			if cls != "cell" && cls != "bad" && !slices.Contains(wantClass[k], cls) {
				t.Errorf("%s: square %s is %q: %s is not in the answer", where, k, e.attrs["class"], cls)
			}
		}
	}
	for _, e := range lines {
		seen[e.classes()[0]]++
		if e.attrs["pointer-events"] != "none" {
			t.Errorf("%s: %s takes the pointer", where, e.attrs["class"])
		}
	}
	if b.Straights != nil && len(lines) != len(b.Straights.Lines) {
		t.Errorf("%s: %d lines for %d straights", where, len(lines), len(b.Straights.Lines))
	}
	// The Pousse edge slots, and the push each would make.
	if b.Kind != "pousse" {
		if len(slots)+arrows+len(offs) > 0 {
			t.Errorf("%s: %d slots, %d arrows, %d markers off on a %s board", where, len(slots), arrows, len(offs), b.Kind)
		}
	} else {
		if len(slots) != 4*n {
			t.Errorf("%s: %d slots, want %d", where, len(slots), 4*n)
		}
		lastSlot := ""
		if b.Last != nil && b.Move >= 1 {
			for _, mv := range b.Moves {
				if mv.Move == b.Move {
					lastSlot = mv.Text
				}
			}
		}
		names := map[string]bool{}
		for _, e := range slots {
			name := e.attrs["data-slot"]
			names[name] = true
			run, off := previewPush(n, name, at)
			if e.attrs["data-run"] != run || e.attrs["data-off"] != off {
				t.Errorf("%s: slot %s: run %q off %q, want %q %q", where, name, e.attrs["data-run"], e.attrs["data-off"], run, off)
			}
			if off != "" {
				seen["data-off"]++
			}
			if mk := slotMarks[name]; mk != "" {
				seen["slot."+mk]++
				if !e.has(mk) || !strings.Contains(e.attrs["aria-label"], "at once") && mk != "repeats" {
					t.Errorf("%s: slot %s of mark %s: %v", where, name, mk, e.attrs)
				}
			} else if e.has("wins") || e.has("loses") || e.has("repeats") {
				t.Errorf("%s: slot %s is %q, no mark in the answer", where, name, e.attrs["class"])
			}
			if e.has("last") != (name == lastSlot) {
				t.Errorf("%s: slot %s is %q; the last move is %q", where, name, e.attrs["class"], lastSlot)
			} else if name == lastSlot {
				seen["slot.last"]++
			}
		}
		if len(names) != 4*n {
			t.Errorf("%s: %d distinct slots", where, len(names))
		}
		wantArrows := 0
		if b.Last != nil {
			wantArrows = 2 // its shaft and head
			seen["arrow"]++
		}
		if arrows != wantArrows {
			t.Errorf("%s: %d arrow shapes, want %d", where, arrows, wantArrows)
		}
		var wantOff []string
		if b.Last != nil && b.Last.Off != nil {
			wantOff = []string{fmt.Sprintf("%d,%d:%s", b.Last.Off.Row, b.Last.Off.Col, b.Last.OffWho)}
			seen["off"]++
		}
		var gotOff []string
		for _, e := range offs {
			gotOff = append(gotOff, e.at()+":"+e.text)
			if !e.has(strings.ToLower(e.text)) || e.attrs["pointer-events"] != "none" {
				t.Errorf("%s: the marker off is %v", where, e.attrs)
			}
		}
		if !slices.Equal(wantOff, gotOff) {
			t.Errorf("%s: markers off %v, want %v", where, gotOff, wantOff)
		}
	}
	// The earlier board of a repetition, at the end of its game.
	wantEarlier := 0
	if b.Earlier > 0 && b.End > 0 && min(b.Move, b.Played) >= b.End {
		wantEarlier = 1
		seen["earlier"]++
	}
	if earlier != wantEarlier {
		t.Errorf("%s: %d earlier boards, want %d (move %d, end %d, earlier %d)", where, earlier, wantEarlier, b.Move, b.End, b.Earlier)
	}
}

// previewPush is the push of the Pousse slot name ("T3") on a board of n
// squares a side: the squares whose markers move ("r,c r,c"), from the
// entry to the first empty one, and on a full line the square whose
// marker falls off.
func previewPush(n int, name string, at func(r, c int) byte) (run, off string) {
	var line int
	fmt.Sscanf(name[1:], "%d", &line)
	var cells []string
	for x := range n {
		r, c := line, x+1
		switch name[0] {
		case 'R':
			c = n - x
		case 'T':
			r, c = x+1, line
		case 'B':
			r, c = n-x, line
		}
		cells = append(cells, fmt.Sprintf("%d,%d", r, c))
		if ch := at(r, c); ch != 'X' && ch != 'O' {
			return strings.Join(cells, " "), ""
		}
	}
	return strings.Join(cells, " "), cells[n-1]
}

// cmpMaps describes how got differs from want, or "".
func cmpMaps(want, got map[string]string) string {
	var b bytes.Buffer
	for k, w := range want {
		if got[k] != w {
			fmt.Fprintf(&b, "%s: got %q, want %q; ", k, got[k], w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			fmt.Fprintf(&b, "%s: got %q, want none; ", k, g)
		}
	}
	return b.String()
}

// TestBoardSVGNearest: a position outside every game asked with nearest
// and svg draws the nearest game at move 0.
func TestBoardSVGNearest(t *testing.T) {
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = "file:///n.spot"
	c.open(u, 1, "# a comment\n2\n1 1 +\n0\n")
	c.waitVersion(u, 1)
	var b svgBoard
	if _, err := c.conn.Call(context.Background(), BoardMethod, map[string]any{
		"textDocument": map[string]any{"uri": u}, "position": pos(0, 0), "nearest": true, "svg": true, "movesAround": 5}, &b); err != nil {
		t.Fatal(err)
	}
	els := parseDrawing(t, b.SVG)
	if b.Game != 1 || b.Move != 0 || els[0].attrs["data-game"] != "1" || els[0].attrs["data-move"] != "0" || strings.Contains(b.SVG, "circle") {
		t.Errorf("game %d move %d, root %v: want the empty board of game 1", b.Game, b.Move, els[0].attrs)
	}
}
