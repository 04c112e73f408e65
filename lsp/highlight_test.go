package lsp

import (
	"context"
	"slices"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/parse"
)

// TestPathHighlightCoversPath asks, on the random PATH boards with a
// winning path, for the highlights of one path cell: they must cover
// exactly the path's cells.
func TestPathHighlightCoversPath(t *testing.T) {
	text := readContest(t, "random/uva601_random400.in")
	f := parse.Parse(parse.Path, text)
	c := startServer(t, nil)
	c.initialize(nil, "")
	const u = uri.URI("file:///h.path")
	c.open(u, 1, string(text))
	m := testMapper(text, UTF16)
	boards := 0
	for _, g := range f.Games {
		res := analyze.Path(g)
		if len(res.Path) == 0 {
			continue
		}
		boards++
		p := res.Path[len(res.Path)/2]
		at, _ := cellSpan(textpos.FromBytes(text), g, p)
		hs, err := c.server.DocumentHighlight(context.Background(), &protocol.DocumentHighlightParams{
			TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: m.Position(at.Start)}})
		if err != nil {
			t.Fatal(err)
		}
		covered := map[analyze.Cell]bool{}
		for _, h := range hs {
			sp := m.Span(h.Range)
			for off := sp.Start; off < sp.End; off++ {
				ri := rowAt(g.Rows, off)
				covered[analyze.Cell{Row: ri + 1, Col: off - g.Rows[ri].Span.Start + 1}] = true
			}
		}
		if len(covered) != len(res.Path) {
			t.Errorf("board %d: highlights cover %d cells, the path has %d", g.Index+1, len(covered), len(res.Path))
		}
		for _, cell := range res.Path {
			if !covered[cell] {
				t.Errorf("board %d: path cell %v not highlighted", g.Index+1, cell)
			}
		}
	}
	if boards == 0 {
		t.Fatal("no board with a path")
	}
}

// TestPousseHighlightStraights checks, on the random Pousse games, the
// highlights of each winning move: the move itself as Write, and as Read
// earlier moves only, each pushing along a line that holds a straight.
func TestPousseHighlightStraights(t *testing.T) {
	text := readContest(t, "random/uva844_random2000.in")
	f := parse.Parse(parse.Pousse, text)
	fa := analyzeFile(parse.Pousse, textpos.FromBytes(text), parse.RulesContest, nil, nil)
	wins := 0
	for gi, g := range f.Games[:300] {
		ga := fa.games[gi]
		r := ga.pousse.Result
		if r.End < 0 {
			continue
		}
		wins++
		hs := pousseHighlights(ga, g.MoveSpan(r.End).Start)
		lines := ga.pousse.Board(r.End + 1).StraightLines()
		if len(lines) == 0 {
			t.Fatalf("game %d: a win without straights", gi+1)
		}
		writes := 0
		for _, h := range hs {
			i := moveAt(g, h.span.Start)
			if i < 0 || i > r.End || g.MoveSpan(i) != h.span {
				t.Fatalf("game %d: highlight %v is not a played move", gi+1, h.span)
			}
			if h.kind == protocol.DocumentHighlightKindWrite {
				writes++
				if i != r.End {
					t.Errorf("game %d: move %d highlighted as Write", gi+1, i+1)
				}
				continue
			}
			mv := g.Moves[i]
			ok := false
			for _, l := range lines {
				ok = ok || l.Col == (mv.Dir() == 'T' || mv.Dir() == 'B') && l.Index == mv.Line()
			}
			if !ok {
				t.Errorf("game %d: move %d (%c%d) highlighted, not along a straight %v", gi+1, i+1, mv.Dir(), mv.Line(), lines)
			}
		}
		if writes != 1 {
			t.Errorf("game %d: %d Write highlights", gi+1, writes)
		}
	}
	if wins == 0 {
		t.Fatal("no win in the data")
	}
}

// TestPathHighlightOneMoveWin asks, on the random PATH boards where a
// side wins in one move, for the highlights of each winning cell: they
// must cover exactly the path the stone makes, the cell itself as the
// only Write highlight.
func TestPathHighlightOneMoveWin(t *testing.T) {
	text := readContest(t, "random/uva601_random400.in")
	fa := analyzeFile(parse.Path, textpos.FromBytes(text), parse.RulesDefault, nil, nil)
	checked := 0
	for _, ga := range fa.games {
		g, res := ga.game, ga.path
		cells, stone := res.WhiteInOne, byte(parse.CellWhite)
		switch res.Class {
		case analyze.PathWhiteInOne:
		case analyze.PathBlackInOne:
			cells, stone = res.BlackInOne, parse.CellBlack
		default:
			continue
		}
		for _, c := range cells[:min(len(cells), 3)] {
			checked++
			at, _ := cellSpan(textpos.FromBytes(text), g, c)
			h := *g
			h.Rows = slices.Clone(g.Rows)
			h.Rows[c.Row-1].Cells = slices.Clone(g.Rows[c.Row-1].Cells)
			h.Rows[c.Row-1].Cells[c.Col-1] = stone
			want := analyze.Path(&h).Path
			covered := map[analyze.Cell]protocol.DocumentHighlightKind{}
			for _, hl := range pathHighlights(textpos.FromBytes(text), ga, at.Start) {
				for off := hl.span.Start; off < hl.span.End; off++ {
					ri := rowAt(g.Rows, off)
					covered[analyze.Cell{Row: ri + 1, Col: off - g.Rows[ri].Span.Start + 1}] = hl.kind
				}
			}
			if len(covered) != len(want) {
				t.Errorf("board %d, cell %v: highlights cover %d cells, the path has %d", g.Index+1, c, len(covered), len(want))
			}
			for _, p := range want {
				kind, ok := covered[p]
				if wantKind := protocol.DocumentHighlightKindText; !ok || (p == c) != (kind == protocol.DocumentHighlightKindWrite) || (p != c && kind != wantKind) {
					t.Errorf("board %d, cell %v: path cell %v highlighted %v (%v)", g.Index+1, c, p, kind, ok)
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d one-move cells checked", checked)
	}
}
