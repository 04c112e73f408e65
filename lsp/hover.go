package lsp

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/render"
	"gamels/internal/textpos"
	"gamels/lsp/wire"
	"gamels/parse"
)

// hover answers textDocument/hover:
//   - on a Pousse or Spot move, the board after it with what the move did,
//     and, once the engine's annotations of this version are ready, what
//     the search found before and after the move (annotations.go);
//   - on a game's N line, the game's summary and final board;
//   - on a PATH cell, the cell and its part in the verdict;
//   - elsewhere, nothing (null).
func hover(ctx context.Context, snap *snapshot, p *protocol.HoverParams) (any, error) {
	fa, m, off, err := snap.at(p.Position)
	if err != nil {
		return nil, err
	}
	ga := fa.gameAt(off)
	if ga == nil {
		return nil, nil
	}
	buf := hoverBufs.Get().(*[]byte)
	defer hoverBufs.Put(buf)
	md, sp, ok := appendHover((*buf)[:0], snap.text, snap.kind, fa.rules, ga, off)
	if !ok {
		*buf = md
		return nil, nil
	}
	if i := moveAt(ga.game, off); i >= 0 && (snap.kind == parse.Pousse || snap.kind == parse.Spot) && !inSpan(ga.game.N.Span, off) {
		if as := snap.annotations(); as != nil {
			md = appendEngineHover(md, snap.kind, as, ga.game.Index, i)
		}
	}
	*buf = md
	return wire.EncodeHover(md, m.Range(sp)), nil
}

// hoverBufs holds the buffers hovers write their markdown into (10.7 KB
// for a 100 x 100 board), so that a hover does not grow one from nothing.
var hoverBufs = sync.Pool{New: func() any { return new([]byte) }}

// appendHover appends to dst the markdown for offset off in game ga and
// returns the span it describes; ok is false when off is on nothing
// described.
func appendHover(dst []byte, text *textpos.Text, kind parse.Kind, rules parse.Rules, ga *gameAnalysis, off int) ([]byte, parse.Span, bool) {
	g := ga.game
	if inSpan(g.N.Span, off) {
		return append(dst, gameHover(text, kind, rules, ga)...), g.N.Span, true
	}
	switch kind {
	case parse.Pousse, parse.Spot:
		if i := moveAt(g, off); i >= 0 {
			return appendMoveHover(dst, kind, ga, i), g.MoveSpan(i), true
		}
	case parse.Path:
		if i := rowAt(g.Rows, off); i >= 0 {
			c := analyze.Cell{Row: i + 1, Col: cellAt(text, g.Rows[i], off)}
			sp, _ := cellSpan(text, g, c)
			return append(dst, cellHover(ga, c)...), sp, true
		}
	}
	return dst, parse.Span{}, false
}

// gameHover is the summary of a game: kind, size, moves, verdict, and the
// final board.
func gameHover(text *textpos.Text, kind parse.Kind, rules parse.Rules, ga *gameAnalysis) string {
	g := ga.game
	sm := summarize(text, kind, rules, ga)
	var b strings.Builder
	label := map[parse.Kind]string{parse.Pousse: "Pousse", parse.Spot: "Spot", parse.Path: "PATH"}[kind]
	fmt.Fprintf(&b, "**%s %s**", label, sm.name)
	if g.Size > 0 {
		fmt.Fprintf(&b, " · %d×%d", g.Size, g.Size)
	}
	if kind != parse.Path {
		fmt.Fprintf(&b, " · %s", parse.Plural(len(g.Moves), "move"))
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

// appendMoveHover appends the description of move i and the board after
// it. A Pousse board is drawn straight into b.
func appendMoveHover(b []byte, kind parse.Kind, ga *gameAnalysis, i int) []byte {
	g, r := ga.game, ga.result()
	mv := g.Moves[i]
	b = fmt.Appendf(b, "**move %d**: %s", i+1, describeMove(kind, i, mv))
	if r == nil || g.Size == 0 {
		return b
	}
	k := i + 1
	if r.End >= 0 && i > r.End {
		b = fmt.Appendf(b, "\n\nnot played: the game ended at move %d (%s). The board after move %d:", r.End+1, r.Verdict, r.End+1)
		k = r.End + 1
	}
	var pousse *analyze.PousseState
	var spot string
	switch {
	case ga.pousse != nil:
		if pousse = ga.pousse.Board(k); pousse == nil {
			return b
		}
		x, o := pousse.Straights()
		b = fmt.Appendf(b, "\n\nstraights: X %d, O %d", x, o)
	case ga.spot != nil:
		st := ga.spot.Board(k)
		if ga.spot.IllegalAt(i) && k == i+1 { // played
			b = append(b, "\n\nillegal: played as a move that changes nothing"...)
		}
		b = fmt.Appendf(b, "\n\nspots: %d", st.Spots())
		spot = render.Spot(st)
	}
	if r.End == i {
		b = fmt.Appendf(b, " · **%s**", r.Verdict)
		if r.Earlier >= 0 {
			if kind == parse.Spot {
				b = fmt.Appendf(b, " (it repeats %s)", earlierMessage(kind, r))
			} else {
				b = fmt.Appendf(b, " (%s)", earlierMessage(kind, r))
			}
		}
	}
	b = append(b, "\n\n```text\n"...)
	if pousse != nil {
		b = render.AppendPousse(b, pousse)
	} else {
		b = append(b, spot...)
	}
	return append(b, "```\n"...)
}

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
