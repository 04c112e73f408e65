package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"sort"
	"strconv"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/textpos"
	"gamels/lsp/wire"
	"gamels/parse"
)

// BoardMethod is the gamels extension request that returns the board of
// the game under the cursor, at the move under the cursor, for a client
// to draw and step through (docs/protocol.md).
const BoardMethod = "gamels/board"

// boardResult is the answer of gamels/board; docs/protocol.md gives it
// as a TypeScript interface.
type boardResult struct {
	Kind    string   `json:"kind"` // "pousse", "spot", "path"
	N       int      `json:"n"`
	Game    int      `json:"game"`   // 1-based
	Move    int      `json:"move"`   // 1-based; 0 before the first move and for PATH
	Played  int      `json:"played"` // moves played: the board is after min(move, played)
	Rows    []string `json:"rows"`
	Verdict string   `json:"verdict"`
	End     int      `json:"end"`     // 1-based ending move, 0 when none
	Earlier int      `json:"earlier"` // 1-based earlier move of a repetition, 0 when none
	// Rotation is, for a Spot pattern repeat, the quarter turns clockwise
	// carrying the earlier pattern onto this one.
	Rotation  int            `json:"rotation"`
	Last      *boardMove     `json:"last,omitempty"`
	Straights *boardStraight `json:"straights,omitempty"`
	Path      []boardCell    `json:"winningPath,omitempty"`
	OneMove   []boardCell    `json:"oneMoveWins,omitempty"`
	Marks     []boardMark    `json:"marks,omitempty"` // the moves from here that end the game (play_marks.go)
	// Outside is set when the position was outside every game and the
	// answer is the nearest game at move 0 (params.nearest).
	Outside bool `json:"outside,omitempty"`
	// The game's moves are written by appendMoves, after the rest (none
	// for PATH: nil).
	game *parse.Game
}

// boardMove is what the move shown did.
type boardMove struct {
	Cells   []boardCell `json:"cells"`             // Pousse: the pushed run; Spot: the square toggled
	Off     *boardCell  `json:"off,omitempty"`     // Pousse: the square whose marker fell off
	OffWho  string      `json:"offWho,omitempty"`  // "X" or "O"
	Add     bool        `json:"add,omitempty"`     // Spot: a spot placed (else removed)
	Illegal bool        `json:"illegal,omitempty"` // Spot: a move that changes nothing
}

type boardStraight struct {
	X     int         `json:"x"`
	O     int         `json:"o"`
	Lines []boardLine `json:"lines"`
}

type boardLine struct {
	Line  string `json:"line"` // "row" or "column"
	Index int    `json:"index"`
	Who   string `json:"who"` // "X" or "O"
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
	// internal/picture (board_svg.go).
	SVG bool `json:"svg"`
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
	res := boardAt(snap.kind, ga, off)
	if res == nil {
		return nil, nil
	}
	res.Outside = outside
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var count int
	if res.game != nil {
		count = len(res.game.Moves)
	}
	if p.MovesAround == nil && count > MaxBoardMoves {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest,
			"gamels: game %d has %d moves, more than the %d a gamels/board answer lists whole: ask with movesAround (docs/protocol.md, version 2)",
			res.Game, count, MaxBoardMoves)
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1]
	if p.SVG {
		b = append(b, `,"svg":`...)
		b = wire.AppendJSONString(b, boardSVG(snap.kind, ga, res))
	}
	if p.MovesAround == nil {
		b, err = appendMoves(ctx, b, snap.text, res.game, m, 1, count)
		if err != nil {
			return nil, err
		}
		return jsonrpc2.RawMessage(append(b, '}')), nil
	}
	around := min(*p.MovesAround, MaxMovesAround)
	cur := min(res.Move, count)
	from, to := max(1, cur-around), min(count, cur+around)
	b = append(b, `,"version":2,"moveCount":`...)
	b = strconv.AppendInt(b, int64(count), 10)
	b, err = appendMoves(ctx, b, snap.text, res.game, m, from, to)
	if err != nil {
		return nil, err
	}
	for _, mark := range []struct {
		name string
		k    int
	}{{"firstMove", 1}, {"lastMove", count}, {"endMove", res.End}, {"earlierMove", res.Earlier}} {
		if mark.k < 1 || mark.k > count {
			continue
		}
		b = append(b, `,"`...)
		b = append(b, mark.name...)
		b = append(b, `":`...)
		b = appendMove(b, snap.text, res.game, m, mark.k)
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

// boardAt builds the board of game ga at offset off, or nil when the
// game has no analysis.
func boardAt(kind parse.Kind, ga *gameAnalysis, off int) *boardResult {
	g := ga.game
	res := &boardResult{N: g.Size, Game: g.Index + 1}
	if kind == parse.Path {
		return pathBoard(res, g, ga.path)
	}
	r := ga.result()
	if r == nil {
		return nil
	}
	res.Verdict = r.Verdict
	if r.End >= 0 {
		res.End = r.End + 1
	}
	if r.Earlier >= 0 {
		res.Earlier, res.Rotation = r.Earlier+1, r.Rotation
	}
	res.Move = sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).Start > off })
	res.game = g
	switch {
	case ga.pousse != nil:
		res.Kind = "pousse"
		pousseBoard(res, g, ga.pousse)
	case ga.spot != nil:
		res.Kind = "spot"
		spotBoard(res, g, ga.spot)
	}
	res.Marks = playMarks(ga, res.Move)
	return res
}

// pousseBoard fills res with the Pousse board after move res.Move (at
// most the moves played), what that move pushed, and the straights.
func pousseBoard(res *boardResult, g *parse.Game, pg *analyze.PousseGame) {
	res.Played = pg.Played()
	k := min(res.Move, res.Played)
	prev, _ := pousseStates.Get().(*analyze.PousseState)
	st := pg.BoardInto(prev, max(k-1, 0))
	if st == nil {
		return
	}
	defer pousseStates.Put(st)
	if k > 0 && k == res.Move {
		mv := g.Moves[k-1]
		sh := st.PushRun(mv.Dir(), mv.Line())
		last := &boardMove{Cells: cells(sh.Run)}
		if sh.OffWho != analyze.None {
			last.Off, last.OffWho = &boardCell{sh.Off.Row, sh.Off.Col}, marker(sh.OffWho)
		}
		res.Last = last
		st = pg.BoardInto(st, k)
	}
	for r := 1; r <= st.N(); r++ {
		res.Rows = append(res.Rows, string(st.AppendRow(nil, r, '.')))
	}
	x, o := st.Straights()
	res.Straights = &boardStraight{X: x, O: o, Lines: []boardLine{}}
	for _, l := range st.StraightLines() {
		line := "row"
		if l.Col {
			line = "column"
		}
		res.Straights.Lines = append(res.Straights.Lines, boardLine{line, l.Index, marker(l.Who)})
	}
}

// spotBoard fills res with the Spot pattern after move res.Move (at
// most the moves played) and the square that move toggled.
func spotBoard(res *boardResult, g *parse.Game, sg *analyze.SpotGame) {
	res.Played = sg.Played()
	k := min(res.Move, res.Played)
	st := sg.Board(k)
	if k > 0 && k == res.Move {
		mv := g.Moves[k-1]
		res.Last = &boardMove{Cells: []boardCell{{mv.Row(), mv.Col()}}, Add: mv.Add(), Illegal: sg.IllegalAt(k - 1)}
	}
	row := make([]byte, 0, st.N())
	for r := 1; r <= st.N(); r++ {
		res.Rows = append(res.Rows, string(st.AppendRow(row[:0], r, '*', '.')))
	}
}

// pathBoard fills res with a PATH board as written ('?' for a character
// that is not a cell or a missing one), its verdict, the winning path
// and the one-move winning cells of the side that has them.
func pathBoard(res *boardResult, g *parse.Game, pr *analyze.PathGame) *boardResult {
	if pr == nil {
		return nil
	}
	res.Kind = "path"
	res.Verdict = pr.Verdict
	n := g.Size
	for i := range n {
		row := bytes.Repeat([]byte{'?'}, n)
		if i < len(g.Rows) {
			for j, c := range g.Rows[i].Cells[:min(n, len(g.Rows[i].Cells))] {
				if c != parse.CellBad {
					row[j] = c
				}
			}
		}
		res.Rows = append(res.Rows, string(row))
	}
	res.Path = cells(pr.Path)
	if in1 := pr.OneMoveWins(); in1 != nil {
		res.OneMove = cells(in1)
	}
	return res
}

func cells(cs []analyze.Cell) []boardCell {
	out := make([]boardCell, len(cs))
	for i, c := range cs {
		out[i] = boardCell{c.Row, c.Col}
	}
	return out
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
