package lsp

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/parse"
	"gamels/render"
)

func init() {
	register(protocol.MethodTextDocumentHover,
		docRequest(protocol.MethodTextDocumentHover,
			func(p *protocol.HoverParams) uri.URI { return p.TextDocument.URI },
			(*Server).hover),
		func(c *protocol.ServerCapabilities) { c.HoverProvider = protocol.Boolean(true) })
}

// hover answers textDocument/hover:
//   - on a Pousse or Spot move, the board after it with what the move did;
//   - on a game's N line, the game's summary and final board;
//   - on a PATH cell, the cell and its part in the verdict;
//   - elsewhere, nothing (null).
func (s *Server) hover(ctx context.Context, snap *snapshot, p *protocol.HoverParams) (any, error) {
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	off := m.Offset(p.Position)
	ga := fa.gameAt(off)
	if ga == nil {
		return nil, nil
	}
	md, sp, ok := hoverText(snap.text, snap.kind, fa.rules, ga, off)
	if !ok {
		return nil, nil
	}
	return encodeHover(md, m.Range(sp)), nil
}

// hoverText returns the markdown for offset off in game ga and the span
// it describes.
func hoverText(text []byte, kind parse.Kind, rules parse.Rules, ga *gameAnalysis, off int) (string, parse.Span, bool) {
	g := ga.game
	if inSpan(g.N.Span, off) {
		return gameHover(text, kind, rules, ga), g.N.Span, true
	}
	switch kind {
	case parse.Pousse, parse.Spot:
		if i := moveAt(g.Moves, off); i >= 0 {
			return moveHover(kind, ga, i), g.Moves[i].Span, true
		}
	case parse.Path:
		if i := rowAt(g.Rows, off); i >= 0 {
			c := analyze.Cell{Row: i + 1, Col: cellAt(text, g.Rows[i], off)}
			sp, _ := cellSpan(text, g, c)
			return cellHover(ga, c), sp, true
		}
	}
	return "", parse.Span{}, false
}

// gameHover is the summary of a game: kind, size, moves, verdict, and the
// final board.
func gameHover(text []byte, kind parse.Kind, rules parse.Rules, ga *gameAnalysis) string {
	g := ga.game
	sm := summarize(text, kind, rules, ga)
	var b strings.Builder
	label := map[parse.Kind]string{parse.Pousse: "Pousse", parse.Spot: "Spot", parse.Path: "PATH"}[kind]
	fmt.Fprintf(&b, "**%s %s**", label, sm.name)
	if g.Size > 0 {
		fmt.Fprintf(&b, " · %d×%d", g.Size, g.Size)
	}
	if kind != parse.Path {
		fmt.Fprintf(&b, " · %s", plural(len(g.Moves), "move"))
		if kind == parse.Pousse {
			fmt.Fprintf(&b, " · %s rules", rules)
		}
	}
	fmt.Fprintf(&b, "\n\n%s\n", sm.detail())
	switch {
	case ga.pousse != nil:
		if st := ga.pousse.Board(ga.pousse.Played()); st != nil {
			fmt.Fprintf(&b, "\n```text\n%s```\n", render.Pousse(st))
		}
	case ga.spot != nil && g.Size > 0:
		st := ga.spot.Board(ga.spot.Played())
		fmt.Fprintf(&b, "\n```text\n%s```\n", render.Spot(st))
	case ga.path != nil && g.Size > 0 && ga.path.Verdict != "":
		fmt.Fprintf(&b, "\n```text\n%s```\n", render.Path(g, ga.path))
		switch ga.path.Class {
		case analyze.PathWhiteWins, analyze.PathBlackWins:
			b.WriteString("\nlower case: the winning path\n")
		case analyze.PathWhiteInOne, analyze.PathBlackInOne:
			b.WriteString("\n`*`: a winning move\n")
		}
	}
	return b.String()
}

// moveHover shows the board after move i.
func moveHover(kind parse.Kind, ga *gameAnalysis, i int) string {
	g, r := ga.game, ga.result()
	mv := g.Moves[i]
	var b strings.Builder
	fmt.Fprintf(&b, "**move %d**: %s", i+1, describeMove(kind, i, mv))
	if r == nil || g.Size == 0 {
		return b.String()
	}
	k := i + 1
	if r.End >= 0 && i > r.End {
		fmt.Fprintf(&b, "\n\nnot played: the game ended at move %d (%s). The board after move %d:", r.End+1, r.Verdict, r.End+1)
		k = r.End + 1
	}
	var board string
	switch {
	case ga.pousse != nil:
		prev, _ := hoverBoards.Get().(*analyze.PousseState)
		st := ga.pousse.BoardInto(prev, k)
		if st == nil {
			return b.String()
		}
		x, o := st.Straights()
		fmt.Fprintf(&b, "\n\nstraights: X %d, O %d", x, o)
		board = render.Pousse(st)
		hoverBoards.Put(st)
	case ga.spot != nil:
		st := ga.spot.Board(k)
		if ga.spot.IllegalAt(i) {
			b.WriteString("\n\nillegal: played as a move that changes nothing")
		}
		fmt.Fprintf(&b, "\n\nspots: %d", st.Spots())
		board = render.Spot(st)
	}
	if r.End == i {
		fmt.Fprintf(&b, " · **%s**", r.Verdict)
		if r.Earlier >= 0 {
			fmt.Fprintf(&b, " (%s)", earlierMessage(kind, r))
		}
	}
	b.Grow(len(board) + 16)
	b.WriteString("\n\n```text\n")
	b.WriteString(board)
	b.WriteString("```\n")
	return b.String()
}

// hoverBoards keeps Pousse states for moveHover to restore positions
// into: a 100 x 100 state is 22 KB, and hovers come one after another.
var hoverBoards sync.Pool

// cellHover describes PATH cell c.
func cellHover(ga *gameAnalysis, c analyze.Cell) string {
	g, res := ga.game, ga.path
	var ch byte = parse.CellBad
	if c.Row <= len(g.Rows) && c.Col <= len(g.Rows[c.Row-1].Cells) {
		ch = g.Rows[c.Row-1].Cells[c.Col-1]
	}
	colour := map[byte]string{parse.CellWhite: "W (White)", parse.CellBlack: "B (Black)", parse.CellEmpty: "U (unfilled)"}[ch]
	if colour == "" {
		colour = "not a cell (W, B or U expected)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**row %d, column %d**: %s", c.Row, c.Col, colour)
	if res == nil || res.Verdict == "" || c.Row > g.Size || c.Col > g.Size {
		return b.String()
	}
	if res.OnPath(c) {
		who := colourName(res.Class == analyze.PathWhiteWins)
		fmt.Fprintf(&b, "\n\non %s's winning path", who)
	}
	for _, x := range res.WhiteInOne {
		if x == c {
			b.WriteString("\n\na W here makes a White path")
		}
	}
	for _, x := range res.BlackInOne {
		if x == c {
			b.WriteString("\n\na B here makes a Black path (if White did not move)")
		}
	}
	fmt.Fprintf(&b, "\n\nboard %d: %s", g.Index+1, res.Verdict)
	return b.String()
}
