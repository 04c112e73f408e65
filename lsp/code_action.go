package lsp

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/internal/format"
	"gamels/internal/textpos"
	"gamels/parse"
)

// A quickFix is one code action: its edits (byte spans of the snapshot's
// text, in order, not overlapping) and the published diagnostics it
// fixes.
type quickFix struct {
	title     string
	diags     []protocol.Diagnostic
	edits     []format.Edit
	preferred bool
	verify    bool // a parse-error fix: offered only if it removes an error
}

// maxVerified bounds the parse-error fixes checked (by parsing the fixed
// text) in one request, so that a request over a whole file of errors
// costs O(maxVerified * len(text)) at most.
const maxVerified = 64

// codeActions answers textDocument/codeAction with the quick fixes for
// the diagnostics in the requested range:
//   - a missing QUIT (Pousse) or terminating 0 (Spot, PATH): insert it;
//   - a count line that disagrees with the games: write the real count;
//   - an out-of-range move: the nearest legal one (L5 on a 4x4 board
//     becomes L4; Spot row 7 on a 4x4 board becomes row 4); a move
//     written in lower case: in capitals; "quit": QUIT;
//   - an illegal Spot move (placing on a spot, removing from an empty
//     square): the move with the other sign;
//   - Pousse moves after the end ("not played"): delete them, in one edit
//     from the line after the ending move to the last of them;
//   - PATH "White can win in one move.": for each winning cell, put the W
//     there.
//
// Every action names the diagnostics it fixes, exactly as published.
// The answer is always a list, never null.
func codeActions(ctx context.Context, snap *snapshot, p *protocol.CodeActionParams) (any, error) {
	if err := snap.editable(); err != nil {
		return nil, err
	}
	out := []protocol.CommandOrCodeAction{}
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, func(k protocol.CodeActionKind) bool {
		return k == protocol.CodeActionKindQuickFix || strings.HasPrefix(string(protocol.CodeActionKindQuickFix), string(k)+".")
	}) {
		return out, nil
	}
	if err := checkRange(p.Range); err != nil {
		return nil, err
	}
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	kind := protocol.CodeActionKindQuickFix
	for _, fx := range quickFixes(snap, fa, m.Span(p.Range), newSpanSet(m, p.Context.Diagnostics)) {
		edits := make([]protocol.TextEdit, len(fx.edits))
		for i, e := range fx.edits {
			edits[i] = protocol.TextEdit{Range: m.Range(e.Span), NewText: string(e.New)}
		}
		a := &protocol.CodeAction{
			Title:       fx.title,
			Kind:        &kind,
			Diagnostics: fx.diags,
			Edit:        &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{snap.uri: edits}},
		}
		if fx.preferred {
			t := true
			a.IsPreferred = &t
		}
		out = append(out, a)
	}
	return out, nil
}

// A spanSet is the spans of the diagnostics a client names in a
// codeAction's context: the fixes answered are those of the games and
// parse errors they touch, so that a client that asks for the fixes of
// its diagnostics over a whole large document (the web page does, after
// each publication) costs the diagnostics named, not the document's
// every game. A nil *spanSet, for a context without diagnostics, holds
// every span.
type spanSet struct {
	spans  []parse.Span // by start
	maxEnd []int        // maxEnd[i]: the largest end of spans[:i+1]
}

// newSpanSet returns the set of the spans of ds, or nil when there are
// none. O(d log d).
func newSpanSet(m *Mapper, ds []protocol.Diagnostic) *spanSet {
	if len(ds) == 0 {
		return nil
	}
	set := &spanSet{spans: make([]parse.Span, len(ds)), maxEnd: make([]int, len(ds))}
	for i, d := range ds {
		set.spans[i] = m.Span(d.Range)
	}
	slices.SortFunc(set.spans, func(a, b parse.Span) int { return a.Start - b.Start })
	end := -1
	for i, sp := range set.spans {
		end = max(end, sp.End)
		set.maxEnd[i] = end
	}
	return set
}

// touches reports whether a span of the set overlaps or touches sp
// (always, for a nil set). O(log d).
func (set *spanSet) touches(sp parse.Span) bool {
	if set == nil {
		return true
	}
	// The spans that start at or before sp's end: does one of them end
	// at or after its start?
	n := sort.Search(len(set.spans), func(i int) bool { return set.spans[i].Start > sp.End })
	return n > 0 && set.maxEnd[n-1] >= sp.Start
}

// spansTouch reports whether span a and span r overlap or touch.
func spansTouch(a, r parse.Span) bool {
	return a.Start <= r.End && r.Start <= a.End
}

// quickFixes returns the fixes for the diagnostics touching span sp, of
// the parse errors and games that touch a span of asked when asked is
// not nil.
func quickFixes(snap *snapshot, fa *fileAnalysis, sp parse.Span, asked *spanSet) []quickFix {
	text, m, f := snap.text, snap.Mapper(), fa.file
	var fixes []quickFix
	for _, e := range f.Errors {
		if e.Span.Start > sp.End {
			break
		}
		if !spansTouch(e.Span, sp) || !asked.touches(e.Span) {
			continue
		}
		d := diag(m, e.Span, protocol.DiagnosticSeverityError, e.Code, e.Msg)
		for _, fx := range parseErrorFixes(text, snap.kind, fa, m, e) {
			fx.diags = []protocol.Diagnostic{d}
			fx.verify = true
			fixes = append(fixes, fx)
		}
	}
	for _, ga := range fa.games {
		g := ga.game
		if g.Span.Start > sp.End {
			break
		}
		if !spansTouch(g.Span, sp) || !asked.touches(g.Span) {
			continue
		}
		for _, is := range ga.issues() {
			if spansTouch(is.Span, sp) {
				if fx, ok := illegalSpotFix(text, m, g, is); ok {
					fixes = append(fixes, fx)
				}
			}
		}
		switch snap.kind {
		case parse.Pousse:
			if fx, ok := unplayedFix(snap, fa, ga, sp); ok {
				fixes = append(fixes, fx)
			}
		case parse.Path:
			fixes = append(fixes, whiteInOneFixes(snap, ga, sp)...)
		}
	}
	// Keep the parse-error fixes that do remove an error.
	out := fixes[:0]
	verified := 0
	for _, fx := range fixes {
		if fx.verify {
			if verified == maxVerified {
				continue
			}
			verified++
			// The whole text, parsed again: O(len(text)).
			after := parse.Parse(snap.kind, format.Apply(text.Bytes(), fx.edits))
			if len(after.Errors) >= len(f.Errors) {
				continue
			}
		}
		out = append(out, fx)
	}
	return out
}

// lineEnding returns the line end to write after the line holding off:
// that line's own ("\n", "\r\n" or a lone "\r"), or, on the last line,
// which has none, the previous line's; "\n" for a text of one line.
// O(log chunks + lineStep).
func lineEnding(text *textpos.Text, off int) string {
	n := text.LineOf(off)
	for _, l := range []int{n, n - 1} {
		if l < 0 || l+1 >= text.Lines() {
			continue
		}
		if e := text.Slice(text.LineEnd(l), text.LineStart(l+1)); len(e) > 0 {
			return string(e)
		}
	}
	return "\n"
}

// blankOrComment reports whether b holds only blanks and, optionally, a
// comment.
func blankOrComment(b []byte) bool {
	s := strings.TrimLeft(string(b), " \t\v\f")
	return s == "" || s[0] == '#'
}

// parseErrorFixes returns the fixes of one parse error, chosen by its
// code (never by its message, which may be reworded), with the tokens at
// its span and the parse tree.
func parseErrorFixes(text *textpos.Text, kind parse.Kind, fa *fileAnalysis, m *Mapper, e *parse.Error) []quickFix {
	f := fa.file
	tok := string(text.Slice(e.Span.Start, e.Span.End))
	switch {
	case kind == parse.Pousse && e.Code == parse.CodeMissingQuit:
		ga := fa.gameAt(e.Span.End)
		if ga == nil || ga.game.Quit.End > 0 {
			return nil
		}
		at := e.Span.End
		ls := m.LineSpan(m.Line(at))
		ins := " QUIT"
		if blankOrComment(text.Slice(at, ls.End)) {
			at, ins = ls.End, lineEnding(text, at)+"QUIT"
		}
		return []quickFix{{title: fmt.Sprintf("Insert QUIT to end game %d", ga.game.Index+1), preferred: true,
			edits: []format.Edit{{Span: parse.Span{Start: at, End: at}, New: []byte(ins)}}}}

	case kind != parse.Pousse && e.Code == parse.CodeMissingEnd:
		if f.End.End > 0 {
			return nil
		}
		ins := "0\n"
		n := text.Len()
		if last := text.Slice(n-1, n); n > 0 && last[0] != '\n' && last[0] != '\r' {
			ins = "\n0\n"
		}
		return []quickFix{{title: "Insert the terminating 0", preferred: true,
			edits: []format.Edit{{Span: parse.Span{Start: n, End: n}, New: []byte(ins)}}}}

	case kind == parse.Pousse && f.Layout == parse.LayoutCounted && e.Span == f.Count.Span && e.Code == parse.CodeCountMismatch:
		n := strconv.Itoa(len(f.Games))
		return []quickFix{{title: fmt.Sprintf("Change the count to %s, the number of games", n), preferred: true,
			edits: []format.Edit{{Span: e.Span, New: []byte(n)}}}}

	case e.Code == parse.CodeLowercaseQuit:
		return []quickFix{{title: "Write QUIT in capitals", preferred: true,
			edits: []format.Edit{{Span: e.Span, New: []byte("QUIT")}}}}

	case kind == parse.Pousse && e.Code == parse.CodeLowercaseMove && len(tok) >= 2 && strings.ContainsRune("lrtb", rune(tok[0])) && isDigits(tok[1:]):
		up := strings.ToUpper(tok[:1]) + tok[1:]
		return []quickFix{{title: fmt.Sprintf("Write %s in capitals: %s", tok, up), preferred: true,
			edits: []format.Edit{{Span: e.Span, New: []byte(up)}}}}

	case kind == parse.Pousse && e.Code == parse.CodeUnknownMove && len(tok) >= 2 &&
		!strings.ContainsRune("LRTBlrtb", rune(tok[0])) && isDigits(tok[1:]):
		// An unknown side letter before a number (X9): each side with
		// that number, or the nearest in range, and none preferred:
		// which side was meant cannot be told.
		ga := fa.gameAt(e.Span.Start)
		if ga == nil || ga.game.Size == 0 {
			return nil
		}
		k := nearestInRange(tok[1:], ga.game.Size)
		var out []quickFix
		for _, side := range []string{"L", "R", "T", "B"} {
			to := side + strconv.Itoa(k)
			out = append(out, quickFix{title: fmt.Sprintf("Change %s to %s", tok, to),
				edits: []format.Edit{{Span: e.Span, New: []byte(to)}}})
		}
		return out

	case e.Code == parse.CodeRowOutOfRange || e.Code == parse.CodeColumnOutOfRange:
		ga := fa.gameAt(e.Span.Start)
		if ga == nil || ga.game.Size == 0 {
			return nil
		}
		n := ga.game.Size
		switch {
		case kind == parse.Pousse && len(tok) >= 2 && strings.ContainsRune("LRTB", rune(tok[0])) && isDigits(tok[1:]):
			to := fmt.Sprintf("%c%d", tok[0], nearestInRange(tok[1:], n))
			return []quickFix{{title: fmt.Sprintf("Change %s to %s, the nearest legal move", tok, to), preferred: true,
				edits: []format.Edit{{Span: e.Span, New: []byte(to)}}}}
		case kind == parse.Spot && isDigits(tok):
			return spotRangeFixes(text, ga.game, e)
		}
	}
	return nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// nearestInRange returns the number in 1..n nearest to the decimal digits s,
// however long they are.
func nearestInRange(s string, n int) int {
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return 1
	}
	if len(s) > 9 {
		return n
	}
	v, _ := strconv.Atoi(s)
	return max(1, min(v, n))
}

// spotRangeFixes offers, for a Spot move whose row (or column) is out of
// range, the two legal moves nearest to it that change only that number:
// legal in the position before it and making no later move illegal.
// O(N) candidates, each tried with an O(N) replay of the game.
func spotRangeFixes(text *textpos.Text, g *parse.Game, e *parse.Error) []quickFix {
	isRow := e.Code == parse.CodeRowOutOfRange
	var toks [3]parse.Span
	if isRow {
		toks[0] = e.Span
		toks[1] = nextToken(text, toks[0].End)
	} else {
		toks[1] = e.Span
		toks[0] = prevToken(text, toks[1].Start)
	}
	toks[2] = nextToken(text, toks[1].End)
	word := func(sp parse.Span) string { return string(text.Slice(sp.Start, sp.End)) }
	sign := word(toks[2])
	other := word(toks[1])
	if !isRow {
		other = word(toks[0])
	}
	n := g.Size
	ov := nearestInRange(other, n)
	if (sign != "+" && sign != "-") || !isDigits(other) || strconv.Itoa(ov) != strings.TrimLeft(other, "0") {
		return nil // the move has other problems: no single fix
	}
	k := movesBefore(g, e.Span.Start)
	sg := analyze.Spot(g)
	what := "column"
	if isRow {
		what = "row"
	}
	var out []quickFix
	from := nearestInRange(word(e.Span), n)
	for d := 0; d < n && len(out) < 2; d++ {
		v := from - d
		if from == 1 {
			v = from + d
		}
		if v < 1 {
			continue // off the board: an illegal move
		}
		mv := parse.SpotMove(v, ov, sign == "+")
		if !isRow {
			mv = parse.SpotMove(ov, v, sign == "+")
		}
		h := *g
		h.Moves = slices.Concat(g.Moves[:k], []parse.Move{mv}, g.Moves[k:])
		if !noNewIllegal(sg, analyze.Spot(&h), k) {
			continue
		}
		to := strconv.Itoa(v)
		out = append(out, quickFix{
			title: fmt.Sprintf("Change %s %s to %s: %d %d %s, the nearest legal move", what, word(e.Span), to, mv.Row(), mv.Col(), sign),
			edits: []format.Edit{{Span: e.Span, New: []byte(to)}},
		})
	}
	if len(out) > 0 {
		out[0].preferred = true
	}
	return out
}

// noNewIllegal reports whether game after, which is game before with a
// move inserted at index k, has no illegal move that before did not have.
func noNewIllegal(before, after *analyze.SpotGame, k int) bool {
	for j := range after.Moves() {
		if !after.IllegalAt(j) {
			continue
		}
		if j == k || !before.IllegalAt(j-boolInt(j > k)) {
			return false
		}
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nextToken returns the span of the first token at or after off on the
// same line, or an empty span. Only off's line is read.
func nextToken(text *textpos.Text, off int) parse.Span {
	line, col := text.Position(off)
	ln, start := text.Line(line), off-col
	if col > len(ln) { // inside a "\r\n"
		return parse.Span{Start: off, End: off}
	}
	i := col
	for i < len(ln) && (ln[i] == ' ' || ln[i] == '\t') {
		i++
	}
	j := i
	for j < len(ln) && !isTokenSpace(ln[j]) && ln[j] != '#' {
		j++
	}
	return parse.Span{Start: start + i, End: start + j}
}

// prevToken returns the span of the last token before off on the same
// line, or an empty span. Only off's line is read.
func prevToken(text *textpos.Text, off int) parse.Span {
	line, col := text.Position(off)
	ln, start := text.Line(line), off-col
	if col > len(ln) { // inside a "\r\n"
		return parse.Span{Start: off, End: off}
	}
	j := col
	for j > 0 && (ln[j-1] == ' ' || ln[j-1] == '\t') {
		j--
	}
	i := j
	for i > 0 && !isTokenSpace(ln[i-1]) && ln[i-1] != '#' {
		i--
	}
	return parse.Span{Start: start + i, End: start + j}
}

// illegalSpotFix turns an illegal Spot move (placing a spot on a spot,
// removing one from an empty square) into the legal move on that square,
// by changing its sign, when that leaves the game with fewer illegal
// moves (the change can make a later move illegal). O(N) for the
// replay of the game's 2N moves.
func illegalSpotFix(text *textpos.Text, m *Mapper, g *parse.Game, is analyze.Issue) (quickFix, bool) {
	sp := is.Span
	i := moveAt(g, sp.Start)
	if i < 0 || g.MoveSpan(i) != sp || sp.End > text.Len() || sp.End < 1 || (is.Code != analyze.CodeIllegalPlace && is.Code != analyze.CodeIllegalRemove) {
		return quickFix{}, false
	}
	before := analyze.Spot(g)
	h := *g
	h.Moves = slices.Clone(g.Moves)
	mv := h.Moves[i]
	h.Moves[i] = mv.With(parse.SpotMove(mv.Row(), mv.Col(), !mv.Add()))
	after := analyze.Spot(&h)
	if after.IllegalAt(i) {
		return quickFix{}, false
	}
	for j := range after.Moves() {
		if after.IllegalAt(j) && !before.IllegalAt(j) {
			return quickFix{}, false
		}
	}
	sign := text.Slice(sp.End-1, sp.End)[0]
	var to, what string
	switch {
	case sign == '+' && is.Code == analyze.CodeIllegalPlace:
		to, what = "-", "remove the spot"
	case sign == '-' && is.Code == analyze.CodeIllegalRemove:
		to, what = "+", "place a spot"
	default:
		return quickFix{}, false
	}
	return quickFix{
		title: fmt.Sprintf("Change the sign to %s (%s)", to, what),
		diags: []protocol.Diagnostic{diag(m, sp, protocol.DiagnosticSeverityError, is.Code, is.Msg)},
		edits: []format.Edit{{Span: parse.Span{Start: sp.End - 1, End: sp.End}, New: []byte(to)}},
	}, true
}

// unplayedFix deletes the moves of a Pousse game after its end, when the
// "not played" hint touches sp. The edit runs from the line after the
// ending move (or right after it, when more moves share its line) to the
// end of the last move not played, and its line when nothing else is on
// it; comments on the ending move's line stay.
func unplayedFix(snap *snapshot, fa *fileAnalysis, ga *gameAnalysis, sp parse.Span) (quickFix, bool) {
	g, r := ga.game, ga.result()
	if r == nil || r.End < 0 || r.End+1 >= len(g.Moves) {
		return quickFix{}, false
	}
	text, m := snap.text, snap.Mapper()
	first, last := g.MoveSpan(r.End+1), g.MoveSpan(len(g.Moves)-1)
	if !spansTouch(parse.Span{Start: first.Start, End: last.End}, sp) {
		return quickFix{}, false
	}
	var hint []protocol.Diagnostic
	for _, d := range outcomeDiagnostics(snap, fa, ga) {
		if d.Severity == protocol.DiagnosticSeverityHint {
			hint = append(hint, d)
		}
	}
	if len(hint) == 0 {
		return quickFix{}, false
	}
	a, b := g.MoveSpan(r.End).End, last.End
	endLine := m.Line(a)
	if blankOrComment(text.Slice(a, m.LineSpan(endLine).End)) {
		a = m.LineSpan(endLine + 1).Start
		lastLine := m.Line(b)
		if rest := text.Slice(b, m.LineSpan(lastLine).End); strings.TrimSpace(string(rest)) == "" {
			if lastLine+1 < m.Lines() {
				b = m.LineSpan(lastLine + 1).Start
			} else {
				b = text.Len()
			}
		}
	}
	// Malformed moves among those deleted go too: their errors are fixed.
	diags, bad := hint, 0
	for _, e := range fa.file.Errors {
		if e.Span.Start >= a && e.Span.End <= b && e.Code != parse.CodeMissingQuit {
			diags = append(diags, diag(m, e.Span, protocol.DiagnosticSeverityError, e.Code, e.Msg))
			bad++
		}
	}
	n := len(g.Moves) - r.End - 1
	title := fmt.Sprintf("Delete the %s not played (the game ended at move %d)", parse.Plural(n, "move"), r.End+1)
	if bad > 0 {
		title = fmt.Sprintf("Delete the %s not played and %s (the game ended at move %d)", parse.Plural(n, "move"), parse.Plural(bad, "malformed move"), r.End+1)
	}
	return quickFix{
		title:     title,
		diags:     diags,
		edits:     []format.Edit{{Span: parse.Span{Start: a, End: b}}},
		preferred: true,
	}, true
}

// whiteInOneFixes puts a W on each cell where it wins, for a PATH board
// whose verdict is "White can win in one move.", when sp touches the
// board's size line or the cell.
func whiteInOneFixes(snap *snapshot, ga *gameAnalysis, sp parse.Span) []quickFix {
	g, res := ga.game, ga.path
	if res == nil || res.Class != analyze.PathWhiteInOne {
		return nil
	}
	diags := pathDiagnostics(snap, ga)
	if len(diags) == 0 {
		return nil
	}
	m := snap.Mapper()
	verdict := diags[0]
	onN := spansTouch(g.N.Span, sp)
	var out []quickFix
	for _, c := range res.WhiteInOne {
		cs, ok := cellSpan(snap.text, g, c)
		if !ok || !(onN || spansTouch(cs, sp)) {
			continue
		}
		ds := []protocol.Diagnostic{verdict}
		r := m.Range(cs)
		for _, d := range diags[1:] {
			if d.Range == r {
				ds = append(ds, d)
			}
		}
		out = append(out, quickFix{
			title: fmt.Sprintf("Put the W at row %d, column %d: White wins", c.Row, c.Col),
			diags: ds,
			edits: []format.Edit{{Span: cs, New: []byte("W")}},
		})
	}
	if len(out) == 1 {
		out[0].preferred = true
	}
	return out
}
