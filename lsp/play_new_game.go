package lsp

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"gamels/parse"
)

// NewGameMethod is the gamels extension request that writes a new,
// empty game at the end of a transcript, in the file's layout
// (docs/protocol.md).
const NewGameMethod = "gamels/newGame"

// newGameParams are the params of gamels/newGame.
type newGameParams struct {
	TextDocument protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	Size         int                                      `json:"size"`
}

// newGameResult is the answer of gamels/newGame.
type newGameResult struct {
	Edit     versionedEdit     `json:"edit"`
	Game     int               `json:"game"`     // 1-based index of the new game
	Position protocol.Position `json:"position"` // its size line, once the edit is applied
}

// newGame answers gamels/newGame: the edit that adds an empty game of
// the given size after the last one, as `gamels fmt` lays games out (a
// blank line between two games): a Pousse game is `N` and `QUIT`, and in
// the UVa layout the count line is raised by one; a Spot game is `N`
// alone and a PATH board `N` and N rows of U, both before the
// terminating 0. The size must be in the format's range.
//
// Cost: O(1) edits and positions, plus the parse of the new game's text.
func newGame(ctx context.Context, snap *snapshot, p *newGameParams) (any, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	if p.TextDocument.Version != snap.version {
		return nil, refusal(codeContentModified, codeStale, nil,
			"the document changed (version %d, asked at version %d): ask again", snap.version, p.TextDocument.Version)
	}
	lo, hi := sizeRange(snap.kind)
	if hi == 0 {
		return nil, refusal(codeRequestFailed, codeNoGame, nil, "the document is not a transcript (.pousse, .spot, .path)")
	}
	if p.Size < lo || p.Size > hi {
		return nil, refusal(codeRequestFailed, parse.CodeBadSize, map[string]any{"min": lo, "max": hi}, "a %s board is %d to %d, not %d", snap.kind, lo, hi, p.Size)
	}
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	if fa.tooLarge {
		return nil, refusal(codeRequestFailed, codeNoGame, nil, "the document is too large to analyse")
	}
	f := fa.file
	eol := string(snap.eol())
	game := newGameText(snap.kind, p.Size, eol)
	check := game
	if snap.kind != parse.Pousse {
		check += "0" + eol
	}
	g := parse.Parse(snap.kind, []byte(check))
	if len(g.Games) != 1 || g.Games[0].Size != p.Size || slices.ContainsFunc(g.Errors, func(e *parse.Error) bool {
		return e.Code != parse.CodeMissingMoves // a Spot game has no moves yet
	}) {
		return nil, refusal(jsonrpc2.InternalError, codeNotWritten, nil, "the new game would not parse")
	}

	m := snap.Mapper()
	var at, end int
	var prefix, suffix string
	if snap.kind != parse.Pousse && f.End.End > 0 {
		// Before the terminating 0, at the start of its line, with a
		// blank line on either side.
		at = m.LineSpan(m.Line(f.End.Start)).Start
		end, suffix = at, eol
		if !blankBefore(snap, at) {
			prefix = eol
		}
	} else {
		// After the last line that is not blank, in place of the blank
		// lines after it: a blank line between two games (none before
		// the first of a file without a count line, as `gamels fmt`
		// writes it). The edit ends before the text's final line end,
		// so that a client whose buffer holds that line end apart (as
		// Neovim's does) adds no line.
		at, end = contentEnd(snap), finalEOL(snap)
		if at > 0 {
			prefix = eol
			if len(fa.games) > 0 || f.Layout == parse.LayoutCounted {
				prefix += eol
			}
		}
		game = strings.TrimSuffix(game, eol)
		if snap.kind != parse.Pousse && at == 0 {
			suffix = eol + eol + "0" // a new file gets its terminating 0
		}
		if end == snap.text.Len() {
			suffix += eol // the text had no final line end: it gets one
		}
	}
	edits := []protocol.TextEdit{{Range: m.Range(parse.Span{Start: at, End: end}), NewText: prefix + game + suffix}}
	if f.Layout == parse.LayoutCounted && f.Count.OK {
		// The count line stays true.
		edits = append([]protocol.TextEdit{{Range: m.Range(f.Count.Span), NewText: strconv.Itoa(f.Count.Value + 1)}}, edits...)
	}
	line := m.Line(at) + strings.Count(prefix, eol)
	return &newGameResult{
		Edit: versionedEdit{DocumentChanges: []documentEdit{{
			TextDocument: protocol.VersionedTextDocumentIdentifier{
				TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: snap.uri}, Version: snap.version},
			Edits: edits,
		}}},
		Game:     len(fa.games) + 1,
		Position: protocol.Position{Line: uint32(line)},
	}, nil
}

// sizeRange returns the board sizes of a format; 0, 0 for none.
func sizeRange(k parse.Kind) (lo, hi int) {
	switch k {
	case parse.Pousse:
		return parse.PousseMinN, parse.PousseMaxN
	case parse.Spot:
		return parse.SpotMinN, parse.SpotMaxN
	case parse.Path:
		return parse.PathMinN, parse.PathMaxN
	}
	return 0, 0
}

// defaultSize is the size a client offers for a new game of a format:
// the statements' sample boards are 4 x 4 (Pousse, Spot) and 5 x 5 (PATH).
func defaultSize(k parse.Kind) int {
	if k == parse.Path {
		return 5
	}
	return 4
}

// newGameSizes is the experimental capability gamelsNewGame: by kind, the
// sizes a new game may have and the one to offer (docs/protocol.md), so
// that no client keeps a table of its own.
func newGameSizes() string {
	b := []byte(`"gamelsNewGame":{`)
	for i, k := range []parse.Kind{parse.Pousse, parse.Spot, parse.Path} {
		lo, hi := sizeRange(k)
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `%q:{"min":%d,"max":%d,"default":%d}`, k.String(), lo, hi, defaultSize(k))
	}
	return string(append(b, '}'))
}

// newGameText returns an empty game of size n as `gamels fmt` writes
// it, ending with a line end, with no blank line before or after.
func newGameText(k parse.Kind, n int, eol string) string {
	var b bytes.Buffer
	b.WriteString(strconv.Itoa(n) + eol)
	switch k {
	case parse.Pousse:
		b.WriteString("QUIT" + eol)
	case parse.Path:
		b.WriteString(eol)
		row := string(bytes.Repeat([]byte{parse.CellEmpty}, n))
		for range n {
			b.WriteString(row + eol)
		}
	}
	return b.String()
}

// blankBefore reports whether the line before offset at (the start of
// a line) is blank.
func blankBefore(snap *snapshot, at int) bool {
	m := snap.Mapper()
	l := m.Line(at)
	if l == 0 {
		return true
	}
	return len(bytes.TrimSpace(snap.text.Line(l-1))) == 0
}

// contentEnd returns the end of the last line that is not blank,
// without its line end; 0 for a blank document. O(trailing blank lines).
func contentEnd(snap *snapshot) int {
	m := snap.Mapper()
	for l := m.Lines() - 1; l >= 0; l-- {
		if len(bytes.TrimSpace(snap.text.Line(l))) > 0 {
			return m.LineSpan(l).End
		}
	}
	return 0
}

// finalEOL returns where the text's final line end starts, or its
// length when it has none.
func finalEOL(snap *snapshot) int {
	n := snap.text.Len()
	m := snap.Mapper()
	if l := m.Lines(); l > 1 && m.LineSpan(l-1).Start == n {
		return m.LineSpan(l - 2).End
	}
	return n
}
