package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/parse"
)

// PlayMethod is the gamels extension request that writes a move made on
// the board into the transcript: the server answers with the edit, the
// client applies it (docs/protocol.md).
const PlayMethod = "gamels/play"

// playParams are the params of gamels/play.
type playParams struct {
	TextDocument protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	Game         int                                      `json:"game"` // 1-based, as in the board
	Move         int                                      `json:"move"` // the move shown: the new move follows the first Move moves
	Slot         string                                   `json:"slot,omitempty"`
	Cell         *boardCell                               `json:"cell,omitempty"`
	ReplaceRest  bool                                     `json:"replaceRest,omitempty"`
}

// playResult is the answer of gamels/play.
type playResult struct {
	Edit     versionedEdit     `json:"edit"`
	Text     string            `json:"text"`           // the move (PATH: the cell) as written
	Move     int               `json:"move"`           // 1-based index of the move written; 0 for PATH
	Replaced int               `json:"replaced"`       // moves the edit removes
	Position protocol.Position `json:"position"`       // where the move written starts once the edit is applied
	Moves    int               `json:"moves,omitzero"` // the moves written, when more than one (the engine's to the end)
	Stop     string            `json:"stop,omitempty"` // the engine's moves to the end: why they stopped, "end", "cycle" or "cap"
}

// versionedEdit is a WorkspaceEdit of one document at one version, as
// documentChanges: a client that has another version refuses it.
type versionedEdit struct {
	DocumentChanges []documentEdit `json:"documentChanges"`
}

type documentEdit struct {
	TextDocument protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []protocol.TextEdit                      `json:"edits"`
}

// The protocol's error codes of a request that could not be served.
const (
	codeContentModified jsonrpc2.Code = -32801
	codeRequestFailed   jsonrpc2.Code = -32803
)

// Codes of the refusals of gamels/play besides analyze's (game-over,
// game-full, bad-target), carried in the error's data.
const (
	codeStale        parse.Code = "stale-version"
	codeWouldReplace parse.Code = "would-replace"
	codeMalformed    parse.Code = "malformed-before"
	codeNoGame       parse.Code = "no-game"
	codeNotWritten   parse.Code = "not-written"
)

// refusal is the error of a request that writes nothing: message for
// people, code in data ({"code": ..., "replaced": n}) for clients.
func refusal(rpc jsonrpc2.Code, code parse.Code, extra map[string]any, format string, args ...any) error {
	e := jsonrpc2.Errorf(rpc, "gamels: "+format, args...)
	data := map[string]any{"code": string(code)}
	for k, v := range extra {
		data[k] = v
	}
	e.Data, _ = json.Marshal(data)
	return e
}

// play answers gamels/play: the edit that writes the move as move k+1 of
// the game (k = p.Move), replacing the moves after k when p.ReplaceRest,
// in the document's line ends, each move on its own line as `gamels fmt`
// writes it. PATH: the cell's next value (W, B, U, W ...). Every refusal
// writes nothing.
//
// Cost: O(k) to reach the position (a Spot replay; a Pousse check is
// O(1)), O(errors) for the malformed moves before it, and a parse of the
// game's text with the edit applied, which checks that the edit writes
// the moves it means to: O(size of the game). Nothing is in proportion
// to the rest of the document.
func play(ctx context.Context, snap *snapshot, p *playParams) (any, error) {
	ga, err := playGame(snap, p.TextDocument.Version, p.Game)
	if err != nil {
		return nil, err
	}
	if snap.kind == parse.Path {
		return playPath(snap, ga, p)
	}
	g := ga.game
	k := p.Move
	if k < 0 || k > len(g.Moves) {
		return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil,
			"move %d is not a position of game %d: it has %s", k, p.Game, parse.Plural(len(g.Moves), "move"))
	}
	var mv parse.Move
	switch {
	case ga.pousse != nil:
		if p.Slot == "" {
			return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "a Pousse move is an edge slot: params.slot is missing")
		}
		mv, err = ga.pousse.PlayAt(k, p.Slot)
	case ga.spot != nil:
		if p.Cell == nil {
			return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "a Spot move is a cell: params.cell is missing")
		}
		mv, err = ga.spot.PlayAt(k, p.Cell.Row, p.Cell.Col)
	default:
		return nil, refusal(codeRequestFailed, codeNoGame, nil, "game %d has no analysis", p.Game)
	}
	if r := (*analyze.Refusal)(nil); errors.As(err, &r) {
		return nil, refusal(codeRequestFailed, r.Code, nil, "%s", r.Msg)
	} else if err != nil {
		return nil, err
	}
	return writeMove(snap, ga, k, mv, p.ReplaceRest)
}

// writeMove returns the answer that writes mv as move k+1 of game ga,
// replacing the moves after k when replace (else refusing to), or the
// refusal: a malformed move in the game that the edit would keep.
func writeMove(snap *snapshot, ga *gameAnalysis, k int, mv parse.Move, replace bool) (*playResult, error) {
	return writeMoves(snap, ga, k, []parse.Move{mv}, replace)
}

// writeMoves is writeMove for the moves mvs, one a line, as moves k+1
// on (the engine's moves to the end of a game). The answer's Text is
// the moves' tokens joined by spaces, Moves their number when more than
// one. O(size of the game + len(mvs)).
func writeMoves(snap *snapshot, ga *gameAnalysis, k int, mvs []parse.Move, replace bool) (*playResult, error) {
	g := ga.game
	rest := len(g.Moves) - k
	if rest > 0 && !replace {
		return nil, refusal(codeRequestFailed, codeWouldReplace, map[string]any{"replaced": rest},
			"playing at move %d would replace the %s after it; ask again with replaceRest to replace them",
			k+1, parse.Plural(rest, "move"))
	}
	fa, _ := snap.Analysis()
	m := snap.Mapper()
	span := insertionSpan(snap, positionEnd(g, k), positionEnd(g, len(g.Moves)), rest > 0)
	if e := malformedIn(fa.file, g, span); e != nil {
		return nil, refusal(codeRequestFailed, codeMalformed, map[string]any{"line": m.Line(e.Span.Start)},
			"line %d: %s: fix it before playing in this game", m.Line(e.Span.Start)+1, e.Msg)
	}
	eol := string(snap.eol())
	var repl, text strings.Builder
	for i, mv := range mvs {
		tok := moveToken(mv)
		repl.WriteString(eol)
		repl.WriteString(tok)
		if i > 0 {
			text.WriteByte(' ')
		}
		text.WriteString(tok)
	}
	if err := checkPlayed(snap, g, span, repl.String(), mvs, k); err != nil {
		return nil, refusal(jsonrpc2.InternalError, codeNotWritten, nil, "%v", err)
	}
	res := &playResult{
		Edit:     snap.edit(span, repl.String()),
		Text:     text.String(),
		Move:     k + 1,
		Replaced: rest,
		Position: protocol.Position{Line: uint32(m.Line(span.Start) + 1)},
	}
	if len(mvs) > 1 {
		res.Moves = len(mvs)
	}
	return res, nil
}

// playGame is how a request that writes into a game starts: the
// snapshot may be edited, is at the version the client drew from, and
// holds game i (1-based) with a usable size.
func playGame(snap *snapshot, version int32, i int) (*gameAnalysis, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	if version != snap.version {
		return nil, refusal(codeContentModified, codeStale, nil,
			"the document changed (version %d, the board was drawn at version %d): redraw and play again", snap.version, version)
	}
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	if fa.tooLarge {
		return nil, refusal(codeRequestFailed, codeNoGame, nil, "the document is too large to analyse")
	}
	if i < 1 || i > len(fa.games) {
		return nil, refusal(codeRequestFailed, codeNoGame, nil, "there is no game %d: the document has %s", i, parse.Plural(len(fa.games), "game"))
	}
	ga := fa.games[i-1]
	if ga.game.Size == 0 {
		return nil, refusal(codeRequestFailed, parse.CodeBadSize, map[string]any{"line": snap.Mapper().Line(ga.game.N.Span.Start)},
			"game %d's board size is out of range (line %d): fix it before playing", i, snap.Mapper().Line(ga.game.N.Span.Start)+1)
	}
	return ga, nil
}

// playPath answers gamels/play on a PATH board: the cell takes its next
// value, one byte replaced. A cell that is not W, B or U as written (or
// missing from a short row) is refused.
func playPath(snap *snapshot, ga *gameAnalysis, p *playParams) (any, error) {
	g := ga.game
	c := p.Cell
	if c == nil {
		return nil, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "a PATH move is a cell: params.cell is missing")
	}
	n := g.Size
	if c.Row < 1 || c.Row > n || c.Col < 1 || c.Col > n {
		return nil, refusal(codeRequestFailed, analyze.CodeBadTarget, nil, "cell %d %d is outside the %dx%d board", c.Row, c.Col, n, n)
	}
	m := snap.Mapper()
	if c.Row > len(g.Rows) {
		return nil, refusal(codeRequestFailed, codeMalformed, nil, "row %d of board %d is missing: write it first", c.Row, p.Game)
	}
	row := g.Rows[c.Row-1]
	next := byte(0)
	if c.Col <= len(row.Cells) {
		next = analyze.NextPathCell(row.Cells[c.Col-1])
	}
	if next == 0 {
		return nil, refusal(codeRequestFailed, codeMalformed, map[string]any{"line": m.Line(row.Span.Start)},
			"line %d: cell %d %d is not W, B or U: fix the row first", m.Line(row.Span.Start)+1, c.Row, c.Col)
	}
	at := row.Span.Start + c.Col - 1
	span := parse.Span{Start: at, End: at + 1}
	return &playResult{Edit: snap.edit(span, string(next)), Text: string(next), Position: m.Position(at)}, nil
}

// positionEnd returns where the position after the first k moves of g
// ends in the text: the end of move k, or of the size line for k = 0.
func positionEnd(g *parse.Game, k int) int {
	if k == 0 {
		return g.N.Span.End
	}
	return g.MoveSpan(k - 1).End
}

// malformedIn returns the first parse error inside g, outside the span
// the edit replaces, or nil: a malformed move before the position, or
// one that the move would be written before. The errors of an
// unfinished game (a missing QUIT, a Spot game short of its 2N moves)
// are not malformed moves. O(log errors + errors in g).
func malformedIn(f *parse.File, g *parse.Game, replaced parse.Span) *parse.Error {
	errs := f.Errors
	lo, hi := 0, len(errs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if errs[mid].Span.Start < g.Span.Start {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for _, e := range errs[lo:] {
		switch {
		case e.Span.Start >= g.Span.End:
			return nil
		case e.Code == parse.CodeMissingQuit, e.Code == parse.CodeMissingMoves, e.Code == parse.CodeCountMismatch:
		case e.Span.Start >= replaced.Start && e.Span.End <= replaced.End:
		default:
			return e
		}
	}
	return nil
}

// insertionSpan returns the span a move written after offset from
// replaces: empty at the end of from's line when only blanks and a
// comment follow it there (a trailing comment stays with its move), else
// right at from. With replace, the span runs on to the end of the last
// move (at to), or of its line on the same terms: the moves and the
// comments between them go.
func insertionSpan(snap *snapshot, from, to int, replace bool) parse.Span {
	a := lineRestEnd(snap, from)
	b := a
	if replace {
		b = lineRestEnd(snap, to)
	}
	return parse.Span{Start: a, End: b}
}

// lineRestEnd returns the end of off's line when only blanks or a
// comment follow off on it, else off.
func lineRestEnd(snap *snapshot, off int) int {
	m := snap.Mapper()
	end := m.LineSpan(m.Line(off)).End
	rest := bytes.TrimLeft(snap.text.Slice(off, end), " \t\v\f")
	if len(rest) == 0 || rest[0] == '#' {
		return end
	}
	return off
}

// moveToken is a move as `gamels fmt` writes it: "T3", "1 2 +".
func moveToken(mv parse.Move) string {
	if mv.Dir() != 0 {
		return string(mv.Dir()) + strconv.Itoa(mv.Line())
	}
	sign := "-"
	if mv.Add() {
		sign = "+"
	}
	return fmt.Sprintf("%d %d %s", mv.Row(), mv.Col(), sign)
}

// checkPlayed parses game g's text with span replaced by repl and
// checks that it holds the first k moves of g, then mvs, and no more: an
// edit that would mean anything else is not sent. O(size of the game).
func checkPlayed(snap *snapshot, g *parse.Game, span parse.Span, repl string, mvs []parse.Move, k int) error {
	start, end := g.Span.Start, max(g.Span.End, span.End)
	var src []byte
	src = append(src, snap.text.Slice(start, span.Start)...)
	src = append(src, repl...)
	src = append(src, snap.text.Slice(span.End, end)...)
	f := parse.Parse(snap.kind, src)
	if len(f.Games) == 0 {
		return errors.New("the game would not parse after the move")
	}
	h := f.Games[0]
	ok := len(h.Moves) == k+len(mvs)
	for i := 0; ok && i < k; i++ {
		ok = h.Moves[i].Same(g.Moves[i])
	}
	for i := 0; ok && i < len(mvs); i++ {
		ok = h.Moves[k+i].Same(mvs[i])
	}
	if !ok {
		return fmt.Errorf("the move %s cannot be written after move %d as the game is laid out", moveToken(mvs[0]), k)
	}
	return nil
}

// eol returns the line end of the document: that of its first line, as
// `gamels fmt` keeps it; "\n" when it has none.
func (s *snapshot) eol() []byte {
	if s.text.Lines() < 2 {
		return []byte("\n")
	}
	m := s.Mapper()
	return s.text.Slice(m.LineSpan(0).End, s.text.LineStart(1))
}

// edit returns the edit of the snapshot's document, at its version, that
// replaces span by repl.
func (s *snapshot) edit(span parse.Span, repl string) versionedEdit {
	return versionedEdit{DocumentChanges: []documentEdit{{
		TextDocument: protocol.VersionedTextDocumentIdentifier{
			TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: s.uri},
			Version:                s.version,
		},
		Edits: []protocol.TextEdit{{Range: s.Mapper().Range(span), NewText: repl}},
	}}}
}
