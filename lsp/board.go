package lsp

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/picture"
	"gamels/internal/render"
	"gamels/internal/textpos"
	"gamels/lsp/wire"
	"gamels/parse"
)

// BoardMethod is the gamels extension request that returns the board of
// the game under the cursor, at the move under the cursor, for a client
// to draw and step through (docs/protocol.md).
const BoardMethod = "gamels/board"

// The answer of gamels/board (docs/protocol.md gives it as a TypeScript
// interface) is written from a boardView by appendBoard, with the moves
// list after it (appendMoves): one encoder for the whole answer.

// A boardView is one board of a game: its position as internal/picture
// draws it, which is the server's one model of a board (the gamels/board
// answer is written from it; its svg, and gamels/picture, are drawn from
// it), with the analysis of the game it came from.
type boardView struct {
	// Position is the board after the move under the cursor: its Move
	// may be past the moves played (a move after the game ended: the
	// board is that at the end, and Last is nil).
	*picture.Position
	ga     *gameAnalysis
	played int // the moves played
}

type boardCell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// The moves list of a gamels/board answer is bounded (docs/protocol.md):
//
//   - version 1, asked without movesAround, lists every move of the game,
//     for games of at most MaxBoardMoves moves; a longer game's answer is
//     an InvalidRequest error telling the client to ask with movesAround;
//   - version 2, asked with movesAround, lists the moves within
//     min(movesAround, MaxMovesAround) of the move shown, with the count
//     and the first, last, ending and earlier moves, so that a step costs
//     the window, not the game.
const (
	MaxBoardMoves  = MaxItems
	MaxMovesAround = 500
)

// boardParams are the params of gamels/board: a position, and from
// version 2 the half-width of the moves window. Position is a pointer so
// that a request without one is refused rather than read as 0:0.
type boardParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     *protocol.Position              `json:"position"`
	MovesAround  *int                            `json:"movesAround"`
	// Nearest asks, for a position outside every game, for the nearest
	// game at move 0 rather than null (nearestGame).
	Nearest bool `json:"nearest"`
	// SVG asks for the board drawn too, as the embeddable SVG of
	// internal/picture (boardSVG).
	SVG bool `json:"svg"`
	// Text asks for the board drawn as text too, with its highlight
	// spans (internal/render's Board), for a view TextWidth columns wide
	// (0 or absent: any width).
	Text      bool `json:"text"`
	TextWidth int  `json:"textWidth"`
	// Moves is a scratch line played after the position (explored): the
	// board drawn is the explored one, the moves listed the game's.
	Moves []string `json:"moves"`
}

// board answers gamels/board: the game holding the cursor, drawn after
// the move under it (the number of its moves that start at or before the
// cursor: 0 on the N line), or null outside any game.
//
// Cost: the board at move k from the analysis (a Pousse replay from the
// nearest checkpoint, a Spot replay of k moves), O(N²) to write its rows
// (and to draw them, with svg), and O(listed · log lines) for the moves
// listed with their ranges: at most 2·MaxMovesAround+5 in version 2,
// MaxBoardMoves in version 1.
func board(ctx context.Context, snap *snapshot, p *boardParams) (any, error) {
	if p.Position == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "gamels: gamels/board needs a position")
	}
	if p.MovesAround != nil && *p.MovesAround < 0 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "gamels: movesAround is %d: it must be 0 or more", *p.MovesAround)
	}
	fa, m, off, err := snap.at(*p.Position)
	if err != nil {
		return nil, err
	}
	ga, off, outside := gameOrNearest(fa, off, p.Nearest)
	if ga == nil {
		return nil, nil
	}
	var g *parse.Game // the game whose moves are listed: none for PATH
	var count int
	if snap.kind != parse.Path {
		g, count = ga.game, len(ga.game.Moves)
	}
	base := -1 // the moves before the scratch line, when exploring
	if p.Moves != nil {
		base = movesStarted(ga.game, off)
		if ga, err = explored(snap.kind, fa.rules, ga, base, p.Moves); err != nil {
			return nil, err
		}
		off = math.MaxInt
	}
	v := boardAt(snap.kind, ga, off)
	if v == nil {
		return nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if p.MovesAround == nil && count > MaxBoardMoves {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest,
			"gamels: game %d has %d moves, more than the %d a gamels/board answer lists whole: ask with movesAround (docs/protocol.md, version 2)",
			v.Game, count, MaxBoardMoves)
	}
	b := appendBoard(make([]byte, 0, 256+4*v.N*v.N), v, outside)
	if base >= 0 {
		b = appendScratch(b, ga.game, base)
	}
	if p.SVG {
		b = append(b, `,"svg":`...)
		b = wire.AppendJSONString(b, boardSVG(v))
	}
	if p.Text {
		b = appendText(append(b, `,"text":`...), render.Board(v.Position, v.earlier(), max(p.TextWidth, 0)))
	}
	if p.MovesAround == nil {
		b, err = appendMoves(ctx, b, snap.text, g, m, 1, count)
		if err != nil {
			return nil, err
		}
		return jsonrpc2.RawMessage(append(b, '}')), nil
	}
	around := min(*p.MovesAround, MaxMovesAround)
	cur := min(v.Move, count)
	if base >= 0 {
		cur = base
	}
	from, to := max(1, cur-around), min(count, cur+around)
	b = append(b, `,"version":2,"moveCount":`...)
	b = strconv.AppendInt(b, int64(count), 10)
	b, err = appendMoves(ctx, b, snap.text, g, m, from, to)
	if err != nil {
		return nil, err
	}
	for _, mark := range []struct {
		name string
		k    int
	}{{"firstMove", 1}, {"lastMove", count}, {"endMove", v.End}, {"earlierMove", v.Earlier}} {
		if mark.k < 1 || mark.k > count || (base >= 0 && mark.k > base && mark.name != "firstMove" && mark.name != "lastMove") {
			continue // an end or earlier board of the scratch line is no move of the transcript
		}
		b = append(b, `,"`...)
		b = append(b, mark.name...)
		b = append(b, `":`...)
		b = appendMove(b, snap.text, g, m, mark.k)
	}
	return jsonrpc2.RawMessage(append(b, '}')), nil
}

// gameOrNearest returns the game with a usable size at offset off and
// off; else, with nearest, the nearest game (nearestGame) and the offset
// of its move 0, outside set; else nil.
func gameOrNearest(fa *fileAnalysis, off int, nearest bool) (ga *gameAnalysis, at int, outside bool) {
	ga = fa.gameAt(off)
	if ga != nil && ga.game.Size > 0 {
		return ga, off, false
	}
	if !nearest {
		return nil, off, true
	}
	if ga = nearestGame(fa, off); ga == nil {
		return nil, off, true
	}
	return ga, ga.game.Span.Start, true
}

// nearestGame returns the game a position outside every game stands
// for: the first game with a usable size that starts after off, else
// the last one that ends before it; nil when the file has none.
// O(log games), plus the games of unusable size skipped.
func nearestGame(fa *fileAnalysis, off int) *gameAnalysis {
	games := fa.games
	i := sort.Search(len(games), func(i int) bool { return games[i].game.Span.Start > off })
	for j := i; j < len(games); j++ {
		if games[j].game.Size > 0 {
			return games[j]
		}
	}
	for j := i - 1; j >= 0; j-- {
		if games[j].game.Size > 0 {
			return games[j]
		}
	}
	return nil
}

// appendMoves appends the moves list, moves from to to (1-based, none
// when to < from): each move as {"move":k,"text":"L2","range":{...}},
// written straight into b with wire's JSON writers rather than through a
// value for encoding/json: the list is the answer's bulk. It looks at
// ctx every checkEvery moves. O(moves · log lines).
func appendMoves(ctx context.Context, b []byte, text *textpos.Text, g *parse.Game, m *Mapper, from, to int) ([]byte, error) {
	b = append(b, `,"moves":[`...)
	for k := from; k <= to; k++ {
		if stopped(ctx, k) {
			return nil, ctx.Err()
		}
		if k > from {
			b = append(b, ',')
		}
		b = appendMove(b, text, g, m, k)
	}
	return append(b, ']'), nil
}

// appendMove appends move k (1-based) of g as a moves entry.
func appendMove(b []byte, text *textpos.Text, g *parse.Game, m *Mapper, k int) []byte {
	span := g.MoveSpan(k - 1)
	b = append(b, `{"move":`...)
	b = strconv.AppendInt(b, int64(k), 10)
	b = append(b, `,"text":`...)
	b = wire.AppendJSONString(b, moveText(text, span))
	b = append(b, `,"range":`...)
	b = wire.AppendRange(b, m.Range(span))
	return append(b, '}')
}

// boardAt returns the board of game ga with the moves that start at or
// before offset off played (all of a PATH board), or nil when the game
// has no analysis. Cost: the position from the analysis (a Pousse replay
// from the nearest checkpoint, a Spot replay of k moves), O(N²), and the
// marks of the moves from it (playMarks).
func boardAt(kind parse.Kind, ga *gameAnalysis, off int) *boardView {
	g := ga.game
	v := &boardView{ga: ga}
	if kind == parse.Path {
		v.Position = picture.PathPosition(g, ga.path)
	} else if ga.result() != nil {
		k := movesStarted(g, off)
		switch {
		case ga.pousse != nil:
			v.played = ga.pousse.Played()
			v.Position = picture.PoussePosition(g, ga.pousse, k)
		case ga.spot != nil:
			v.played = ga.spot.Played()
			v.Position = picture.SpotPosition(g, ga.spot, k)
		}
		if v.Position != nil && k != v.Move { // a move after the end: the board at the end
			v.Move, v.Last = k, nil
		}
	}
	if v.Position == nil {
		return nil
	}
	v.Game = g.Index + 1
	v.Marks = playMarks(ga, v.Move)
	return v
}

// movesStarted returns the number of g's moves that start at or before
// offset off. O(log moves).
func movesStarted(g *parse.Game, off int) int {
	return sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).Start > off })
}

// appendScratch appends the answer's scratch member for an explored
// board (explored): {"from":k,"moves":["L2",...]}, the scratch moves as
// the transcript would hold them, after the first k moves of line.
func appendScratch(b []byte, line *parse.Game, k int) []byte {
	b = strconv.AppendInt(append(b, `,"scratch":{"from":`...), int64(k), 10)
	b = append(b, `,"moves":[`...)
	for i, mv := range line.Moves[k:] {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendJSONString(b, moveToken(mv))
	}
	return append(b, "]}"...)
}

// boardSVG draws v as the embeddable SVG of internal/picture (its hooks:
// picture's embed.go; docs/protocol.md), with the earlier board of a
// repetition beside when v shows one. O(N²) (the earlier board: a
// replay from the nearest checkpoint).
func boardSVG(v *boardView) []byte {
	return picture.SVG(v.Position, &picture.Options{Embed: true, Earlier: v.earlier()})
}

// earlier returns the earlier board of the repetition v shows (see
// picture.Position.ShowsRepeat), or nil.
func (v *boardView) earlier() *picture.Position {
	if !v.ShowsRepeat() {
		return nil
	}
	var e *picture.Position
	switch g := v.ga.game; {
	case v.ga.pousse != nil:
		e = picture.PoussePosition(g, v.ga.pousse, v.Earlier)
	case v.ga.spot != nil:
		e = picture.SpotPosition(g, v.ga.spot, v.Earlier)
	}
	if e != nil {
		e.Game = v.Game
	}
	return e
}

// appendBoard appends the members of the gamels/board answer that v
// holds, after the opening brace, in the order and with the omissions
// docs/protocol.md gives: kind, n, game, move, played, rows, verdict,
// end, earlier, rotation, then last, straights, winningPath,
// oneMoveWins, marks and outside when they say something. O(N²).
func appendBoard(b []byte, v *boardView, outside bool) []byte {
	num := func(b []byte, name string, n int) []byte {
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":`...)
		return strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, `{"kind":`...)
	b = wire.AppendJSONString(b, v.Kind.String())
	b = num(b, "n", v.N)
	b = num(b, "game", v.Game)
	b = num(b, "move", v.Move)
	b = num(b, "played", v.played)
	b = append(b, `,"rows":[`...)
	for r := range v.N {
		if r > 0 {
			b = append(b, ',')
		}
		b = wire.AppendJSONString(b, v.Squares[r*v.N:(r+1)*v.N])
	}
	b = append(b, `],"verdict":`...)
	b = wire.AppendJSONString(b, v.Verdict)
	b = num(b, "end", v.End)
	b = num(b, "earlier", v.Earlier)
	rotation := 0
	if v.Earlier > 0 {
		rotation = v.Rotation
	}
	b = num(b, "rotation", rotation)
	if l := v.Last; l != nil {
		b = append(b, `,"last":{"cells":`...)
		b = appendCells(b, l.Run)
		if l.OffWho != analyze.None {
			b = append(b, `,"off":`...)
			b = appendCell(b, l.Off)
			b = append(b, `,"offWho":"`...)
			b = append(b, marker(l.OffWho)...)
			b = append(b, '"')
		}
		if l.Add {
			b = append(b, `,"add":true`...)
		}
		if l.Illegal {
			b = append(b, `,"illegal":true`...)
		}
		b = append(b, `,"words":`...)
		b = wire.AppendJSONString(b, lastWords(v))
		b = append(b, '}')
	}
	if v.Kind == parse.Pousse {
		var x, o int
		for _, l := range v.Straights {
			if l.Who == analyze.Second {
				o++
			} else {
				x++
			}
		}
		b = append(b, `,"straights":{"x":`...)
		b = strconv.AppendInt(b, int64(x), 10)
		b = num(b, "o", o)
		b = append(b, `,"lines":[`...)
		for i, l := range v.Straights {
			if i > 0 {
				b = append(b, ',')
			}
			line := "row"
			if l.Col {
				line = "column"
			}
			b = append(b, `{"line":"`...)
			b = append(b, line...)
			b = append(b, '"')
			b = num(b, "index", l.Index)
			b = append(b, `,"who":"`...)
			b = append(b, marker(l.Who)...)
			b = append(b, `"}`...)
		}
		b = append(b, "]}"...)
	}
	if len(v.Path) > 0 {
		b = appendCells(append(b, `,"winningPath":`...), v.Path)
	}
	if len(v.OneMove) > 0 {
		b = appendCells(append(b, `,"oneMoveWins":`...), v.OneMove)
	}
	if len(v.Marks) > 0 {
		b = append(b, `,"marks":[`...)
		for i, m := range v.Marks {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if m.Slot != "" {
				b = append(b, `"slot":`...)
				b = wire.AppendJSONString(b, m.Slot)
			} else {
				b = appendCell(append(b, `"cell":`...), m.Cell)
			}
			b = append(b, `,"mark":`...)
			b = wire.AppendJSONString(b, m.Mark)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if outside {
		b = append(b, `,"outside":true`...)
	}
	return b
}

// lastWords says in words what v's last move did (analyze's wording, as
// gamels show prints it): "O enters at (1,3), pushing 2 markers to (3,3)",
// "a spot added at (2,3)". v.Last is not nil. O(1).
func lastWords(v *boardView) string {
	l := v.Last
	if v.Kind == parse.Spot {
		if len(l.Run) == 0 {
			return ""
		}
		return analyze.SpotMoveWords(l.Run[0].Row, l.Run[0].Col, l.Add, l.Illegal)
	}
	who := analyze.First
	if v.Move%2 == 0 {
		who = analyze.Second
	}
	return analyze.PousseMoveWords(who, analyze.PousseShift{Run: l.Run, Off: l.Off, OffWho: l.OffWho})
}

// appendCells appends cs as a JSON array of {"row":r,"col":c}.
func appendCells(b []byte, cs []analyze.Cell) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCell(b, c)
	}
	return append(b, ']')
}

// appendCell appends c as {"row":r,"col":c}.
func appendCell(b []byte, c analyze.Cell) []byte {
	b = append(b, `{"row":`...)
	b = strconv.AppendInt(b, int64(c.Row), 10)
	b = append(b, `,"col":`...)
	b = strconv.AppendInt(b, int64(c.Col), 10)
	return append(b, '}')
}
func marker(p analyze.Player) string {
	if p == analyze.Second {
		return "O"
	}
	return "X"
}

// moveText returns a move's text with its blanks (and any comment
// between a Spot move's tokens) reduced to single spaces.
func moveText(text *textpos.Text, sp parse.Span) string {
	t := text.Slice(sp.Start, sp.End)
	if sp.Len() <= 4 && !bytes.ContainsAny(t, " \t\r\n#") {
		return string(t)
	}
	var out []byte
	for _, line := range bytes.Split(t, []byte{'\n'}) {
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, f := range bytes.Fields(line) {
			if len(out) > 0 {
				out = append(out, ' ')
			}
			out = append(out, f...)
		}
	}
	return string(out)
}

// playMarks returns the marks of the moves from the position after the
// first k moves of game ga: only the moves that end the game (a Pousse
// win or loss at once, an icfp or Spot repetition), from analyze's
// candidates, the same that completion lists; none once the game is
// over, and none for PATH.
//
// Cost: that of the candidates: O(N³) for Pousse (4N moves, each an
// O(N²) copy of the position), O(k + N²) for Spot.
func playMarks(ga *gameAnalysis, k int) []picture.Mark {
	var out []picture.Mark
	switch {
	case ga.pousse != nil:
		pc := ga.pousse.Candidates(k)
		if pc == nil || k > ga.pousse.Played() {
			return nil
		}
		for _, c := range pc.Moves {
			if mk := c.Mark(pc.Mover); mk != analyze.MarkNone {
				out = append(out, picture.Mark{Slot: c.Token(), Mark: string(mk)})
			}
		}
	case ga.spot != nil:
		if r := ga.spot.Result; r.End >= 0 && k > r.End {
			return nil
		}
		for _, c := range ga.spot.Candidates(k) {
			if mk := c.Mark(); mk != analyze.MarkNone {
				out = append(out, picture.Mark{Cell: analyze.Cell{Row: c.Row, Col: c.Col}, Mark: string(mk)})
			}
		}
	}
	return out
}

// appendText appends the text drawing d as the answer's text member:
// {"lines":[...],"spans":[{"line","start","end","kind"}...],"grid":{...}}
// (docs/protocol.md). O(size of d).
func appendText(b []byte, d *render.Drawing) []byte {
	b = append(b, `{"lines":[`...)
	for i, l := range d.Lines {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendJSONString(b, l)
	}
	b = append(b, `],"spans":[`...)
	for i, sp := range d.Spans {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(append(b, `{"line":`...), int64(sp.Line), 10)
		b = strconv.AppendInt(append(b, `,"start":`...), int64(sp.Start), 10)
		b = strconv.AppendInt(append(b, `,"end":`...), int64(sp.End), 10)
		b = append(wire.AppendJSONString(append(b, `,"kind":`...), sp.Kind), '}')
	}
	g := d.Grid
	b = fmt.Appendf(b, `],"grid":{"line":%d,"col":%d,"lineStep":%d,"colStep":%d,"width":%d`, g.Line, g.Col, g.LineStep, g.ColStep, g.Width)
	if g.Top != 0 || g.Left != 0 {
		b = fmt.Appendf(b, `,"top":%d,"bottom":%d,"left":%d,"right":%d`, g.Top, g.Bottom, g.Left, g.Right)
	}
	return append(b, "}}"...)
}
