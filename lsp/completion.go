package lsp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"gamels/analyze"
	"gamels/internal/render"
	"gamels/internal/textpos"
	"gamels/parse"
)

// completion answers textDocument/completion with what is legal at the
// cursor, in the position reached by the moves written before it:
//   - Pousse: the 4N moves of the game's size, each saying what it does
//     (straights made, who wins, an icfp repetition), then QUIT; after
//     the game's end, only QUIT;
//   - Spot: `r c +` for every empty square and `r c -` for every spot,
//     saying when the move repeats a pattern and loses; `0` after the
//     last game;
//   - PATH: W, B and U for the cell at the cursor, saying whether a W (or
//     B) there wins or lies on the winning path; `0` after the last board.
//
// Outside a game (before the first size, after QUIT, in a comment) the
// list is empty. The answer is always a list, never null.
func completion(ctx context.Context, snap *snapshot, p *protocol.CompletionParams) (any, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	fa, m, off, err := snap.at(p.Position)
	if err != nil {
		return nil, err
	}
	items := completeAt(snap.text, snap.kind, fa, m, off)
	if items == nil {
		items = []protocol.CompletionItem{}
	}
	return &protocol.CompletionList{Items: items}, nil
}

// completeAt returns the completion items at byte offset off.
func completeAt(text *textpos.Text, kind parse.Kind, fa *fileAnalysis, m *Mapper, off int) []protocol.CompletionItem {
	f := fa.file
	if inComment(f.Comments, off) {
		return nil
	}
	gi := gameBefore(fa, off)
	switch kind {
	case parse.Pousse:
		if gi < 0 {
			return nil
		}
		return pousseCompletions(text, fa, fa.games[gi], m, off)
	case parse.Spot:
		if gi < 0 {
			return nil
		}
		return spotCompletions(text, fa, gi, m, off)
	case parse.Path:
		if gi < 0 {
			return nil
		}
		return pathCompletions(text, fa, gi, m, off)
	}
	return nil
}

// inComment reports whether off lies inside a comment (after its '#').
func inComment(comments []parse.Span, off int) bool {
	i := sort.Search(len(comments), func(i int) bool { return comments[i].End >= off })
	return i < len(comments) && comments[i].Start < off
}

// gameBefore returns the index of the last game whose size token ends at
// or before off, or -1.
func gameBefore(fa *fileAnalysis, off int) int {
	games := fa.games
	i := sort.Search(len(games), func(i int) bool { return games[i].game.N.Span.End > off })
	return i - 1
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// wordAt returns the span of the run of letters and digits around off.
// A word never spans a line end: only off's line is read.
func wordAt(text *textpos.Text, off int) parse.Span {
	line, col := text.Position(off)
	ln, start := text.Line(line), off-col
	if col > len(ln) { // inside a "\r\n"
		return parse.Span{Start: off, End: off}
	}
	a, b := col, col
	for a > 0 && isWordByte(ln[a-1]) {
		a--
	}
	for b < len(ln) && isWordByte(ln[b]) {
		b++
	}
	return parse.Span{Start: start + a, End: start + b}
}

// movesBefore returns the number of moves of g that end at or before
// off. O(log moves).
func movesBefore(g *parse.Game, off int) int {
	return sort.Search(len(g.Moves), func(i int) bool { return g.MoveSpan(i).End > off })
}

// sortKey orders items: group first, then the order they were made in.
func sortKey(group, i int) protocol.Optional[string] {
	return protocol.NewOptional(fmt.Sprintf("%d%05d", group, i))
}

// Item groups, in the order a player wants them.
const (
	groupWin   = iota // the mover wins
	groupPlain        // play goes on
	groupLose         // the mover loses or hands the win over
	groupEnd          // QUIT, 0
)

// pousseCompletions offers the moves of a Pousse game at off: the
// engine's candidates (analyze.PousseGame.Candidates, O(k + N³)),
// presented.
func pousseCompletions(text *textpos.Text, fa *fileAnalysis, ga *gameAnalysis, m *Mapper, off int) []protocol.CompletionItem {
	g, pg := ga.game, ga.pousse
	if g.Size == 0 || pg == nil {
		return nil
	}
	w := wordAt(text, off)
	if w.Start < g.N.Span.End || (g.Quit.End > 0 && w.Start >= g.Quit.End) {
		return nil
	}
	wr := m.Range(w)
	edit := func(label string) *protocol.TextEdit {
		return &protocol.TextEdit{Range: wr, NewText: label}
	}
	k := movesBefore(g, w.Start)
	r := &pg.Result
	quit := protocol.CompletionItem{Label: "QUIT", Kind: protocol.CompletionItemKindKeyword,
		SortText: sortKey(groupEnd, 0), TextEdit: edit("QUIT")}
	if r.End >= 0 && k > r.End {
		quit.Detail = protocol.NewOptional(fmt.Sprintf("end the game: it ended at move %d, %s", r.End+1, r.Verdict))
		quit.Preselect = protocol.NewOptional(true)
		return []protocol.CompletionItem{quit}
	}
	pc := pg.Candidates(k)
	if pc == nil {
		return nil
	}
	n := g.Size
	mover := player(parse.Pousse, k)
	other := player(parse.Pousse, k+1)
	items := make([]protocol.CompletionItem, 0, len(pc.Moves)+1)
	for i, c := range pc.Moves {
		label := c.Token()
		desc := describeMove(parse.Pousse, k, parse.PousseMove(c.Dir, c.Line))
		var effect string
		group := groupPlain
		switch {
		case c.Reason == analyze.ReasonStraights && c.Winner == pc.Mover:
			effect = fmt.Sprintf("%s, %s WINS", straightsChange(pc.X, pc.O, c.X, c.O, k), mover)
			group = groupWin
		case c.Reason == analyze.ReasonStraights:
			effect = fmt.Sprintf("%s, %s WINS", straightsChange(pc.X, pc.O, c.X, c.O, k), other)
			group = groupLose
		case c.Reason == analyze.ReasonRepetition:
			effect = fmt.Sprintf("repeats the position %s made after move %d: %s loses, %s WINS", mover, c.Earlier+1, mover, other)
			group = groupLose
		case c.X != pc.X || c.O != pc.O:
			effect = fmt.Sprintf("straights X %d, O %d: play goes on", c.X, c.O)
		}
		detail := desc
		if effect != "" {
			detail += ": " + effect
		}
		doc := fmt.Sprintf("move %d: %s", k+1, detail)
		if n <= 8 {
			doc += "\n\n```text\n" + render.Pousse(pc.After(i)) + "```\n"
		}
		items = append(items, protocol.CompletionItem{
			Label:         label,
			Kind:          protocol.CompletionItemKindValue,
			Detail:        protocol.NewOptional(detail),
			Documentation: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc},
			SortText:      sortKey(group, i+1), // L1..LN, R1..RN, T1..TN, B1..BN
			FilterText:    protocol.NewOptional(label),
			TextEdit:      edit(label),
		})
	}
	verdict := "TIE GAME"
	if fa.rules == parse.RulesICFP {
		verdict = "no result yet (the judge prints TIE GAME)"
	}
	quit.Detail = protocol.NewOptional(fmt.Sprintf("end the game after %s: %s", parse.Plural(k, "move"), verdict))
	return append(items, quit)
}

// straightsChange says what a Pousse move did to the straights.
func straightsChange(x0, o0, x, o, k int) string {
	mine, theirs := x-x0, o-o0
	if k%2 == 1 {
		mine, theirs = theirs, mine
	}
	switch {
	case theirs > 0 && mine <= 0:
		return "completes a straight for the opponent"
	case mine > 0:
		if mine == 1 {
			return "completes a straight"
		}
		return fmt.Sprintf("completes %d straights", mine)
	}
	return "breaks a straight"
}

// spotLine returns the span a Spot completion replaces: from the first
// character of the move being written on the cursor's line to the end of
// what is written of it; ok is false when the line before the cursor
// holds anything but digits, blanks and signs.
func spotLine(text *textpos.Text, m *Mapper, off int) (parse.Span, bool) {
	ls := m.LineSpan(m.Line(off))
	ln := text.Slice(ls.Start, max(ls.End, off)) // one line: no copy
	at := func(i int) byte { return ln[i-ls.Start] }
	a := ls.Start
	for a < off && (at(a) == ' ' || at(a) == '\t') {
		a++
	}
	for i := a; i < off; i++ {
		if !strings.ContainsRune("0123456789 \t+-", rune(at(i))) {
			return parse.Span{}, false
		}
	}
	b := off
	for b < ls.End && strings.ContainsRune("0123456789 \t+-", rune(at(b))) {
		b++
	}
	for b > off && (at(b-1) == ' ' || at(b-1) == '\t') {
		b--
	}
	return parse.Span{Start: a, End: b}, true
}

// spotCompletions offers the moves of a Spot game at off: the engine's
// candidates (analyze.SpotGame.Candidates, O(k + N*N) expected),
// presented.
func spotCompletions(text *textpos.Text, fa *fileAnalysis, gi int, m *Mapper, off int) []protocol.CompletionItem {
	ga := fa.games[gi]
	g, sg := ga.game, ga.spot
	if g.Size == 0 || sg == nil {
		return nil
	}
	sp, ok := spotLine(text, m, off)
	if !ok || sp.Start < g.N.Span.End {
		return nil
	}
	k := movesBefore(g, sp.Start)
	n := g.Size
	if k >= 2*n {
		if gi == len(fa.games)-1 && fa.file.End.End == 0 {
			return []protocol.CompletionItem{endItem(m, sp, "end the file")}
		}
		return nil
	}
	r := &sg.Result
	cands := sg.Candidates(k)
	items := make([]protocol.CompletionItem, 0, len(cands))
	sr := m.Range(sp)
	for _, c := range cands {
		label := c.Token()
		detail := describeMove(parse.Spot, k, parse.SpotMove(c.Row, c.Col, c.Add))
		group := groupPlain
		switch {
		case !c.Judged:
			detail += fmt.Sprintf(" (not judged: the game ended at move %d, %s)", r.End+1, r.Verdict)
		case c.Earlier >= 0:
			what := analyze.RepeatWords(parse.Spot, c.Earlier, c.Rotation)
			detail += fmt.Sprintf(": repeats %s, %s wins on move %d", what, player(parse.Spot, k+1), k+1)
			group = groupLose
		}
		items = append(items, protocol.CompletionItem{
			Label:      label,
			Kind:       protocol.CompletionItemKindValue,
			Detail:     protocol.NewOptional(detail),
			SortText:   sortKey(group, (c.Row-1)*n+c.Col),
			FilterText: protocol.NewOptional(label),
			TextEdit:   &protocol.TextEdit{Range: sr, NewText: label},
		})
	}
	return items
}

// endItem is the `0` that ends a Spot or PATH file.
func endItem(m *Mapper, sp parse.Span, detail string) protocol.CompletionItem {
	return protocol.CompletionItem{
		Label:     "0",
		Kind:      protocol.CompletionItemKindKeyword,
		Detail:    protocol.NewOptional(detail),
		SortText:  sortKey(groupEnd, 0),
		Preselect: protocol.NewOptional(true),
		TextEdit:  &protocol.TextEdit{Range: m.Range(sp), NewText: "0"},
	}
}

// pathCompletions offers W, B and U for the PATH cell at off, or the
// terminating 0 after the last complete board.
func pathCompletions(text *textpos.Text, fa *fileAnalysis, gi int, m *Mapper, off int) []protocol.CompletionItem {
	ga := fa.games[gi]
	g, res := ga.game, ga.path
	n := g.Size
	if n == 0 {
		return nil
	}
	var row, col int
	var sp parse.Span
	if i := rowAt(g.Rows, off); i >= 0 {
		rw := g.Rows[i]
		row = i + 1
		col = off - rw.Span.Start + 1
		if rw.Span.Len() != len(rw.Cells) {
			return nil // a row with non-ASCII text: an error anyway
		}
		sp = parse.Span{Start: off, End: off}
		if off < rw.Span.End {
			sp.End = off + 1
		}
	} else {
		ls := m.LineSpan(m.Line(off))
		if strings.TrimSpace(string(text.Slice(ls.Start, off))) != "" {
			return nil
		}
		// A blank place on its line: the next row, or the end of the file.
		row = sort.Search(len(g.Rows), func(i int) bool { return g.Rows[i].Span.Start >= off }) + 1
		col = 1
		sp = parse.Span{Start: off, End: off}
		if row > n {
			if gi == len(fa.games)-1 && fa.file.End.End == 0 {
				return []protocol.CompletionItem{endItem(m, sp, "end the file")}
			}
			return nil
		}
	}
	if row > n || col > n {
		return nil
	}
	cell := analyze.Cell{Row: row, Col: col}
	var cur byte
	if row <= len(g.Rows) && col <= len(g.Rows[row-1].Cells) {
		cur = g.Rows[row-1].Cells[col-1]
	}
	where := fmt.Sprintf("row %d, column %d", row, col)
	var items []protocol.CompletionItem
	for i, c := range res.Candidates(cell, cur) {
		var detail string
		switch c.Stone {
		case parse.CellWhite:
			detail = "a White cell at " + where
		case parse.CellBlack:
			detail = "a Black cell at " + where
		default:
			detail = "an unfilled cell at " + where
		}
		group := groupPlain
		switch c.Effect {
		case analyze.PathKeepsPath:
			detail += fmt.Sprintf(": on %s's winning path", colourName(res.Class == analyze.PathWhiteWins))
		case analyze.PathMakesWhite:
			detail += ": a W here makes a White path, White wins"
			group = groupWin
		case analyze.PathMakesBlack:
			detail += ": a B here makes a Black path"
		case analyze.PathBreaksPath:
			detail += fmt.Sprintf(": breaks %s's winning path here", colourName(res.Class == analyze.PathWhiteWins))
		}
		items = append(items, protocol.CompletionItem{
			Label:    string(c.Stone),
			Kind:     protocol.CompletionItemKindEnumMember,
			Detail:   protocol.NewOptional(detail),
			SortText: sortKey(group, i),
			TextEdit: &protocol.TextEdit{Range: m.Range(sp), NewText: string(c.Stone)},
		})
	}
	return items
}
