package lsp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/internal/render"
	"gamels/parse"
)

func init() {
	register(protocol.MethodTextDocumentCompletion,
		docRequest(protocol.MethodTextDocumentCompletion,
			func(p *protocol.CompletionParams) uri.URI { return p.TextDocument.URI },
			(*Server).completion),
		func(c *protocol.ServerCapabilities) {
			c.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{" "}}
		})
}

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
func (s *Server) completion(ctx context.Context, snap *snapshot, p *protocol.CompletionParams) (any, error) {
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
func completeAt(text []byte, kind parse.Kind, fa *fileAnalysis, m *Mapper, off int) []protocol.CompletionItem {
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
func wordAt(text []byte, off int) parse.Span {
	a, b := off, off
	for a > 0 && isWordByte(text[a-1]) {
		a--
	}
	for b < len(text) && isWordByte(text[b]) {
		b++
	}
	return parse.Span{Start: a, End: b}
}

// movesBefore returns the number of moves that end at or before off.
func movesBefore(moves []parse.Move, off int) int {
	return sort.Search(len(moves), func(i int) bool { return moves[i].Span.End > off })
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

// pousseCompletions offers the moves of a Pousse game at off.
//
// Cost: O(k) to reach the position after the k moves before the cursor
// (from the engine's checkpoints; under icfp rules a full replay that
// also collects the k state hashes), then O(N*N) per candidate for the
// clone: O(k*N + N^3) in all.
func pousseCompletions(text []byte, fa *fileAnalysis, ga *gameAnalysis, m *Mapper, off int) []protocol.CompletionItem {
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
	k := movesBefore(g.Moves, w.Start)
	r := &pg.Result
	quit := protocol.CompletionItem{Label: "QUIT", Kind: protocol.CompletionItemKindKeyword,
		SortText: sortKey(groupEnd, 0), TextEdit: edit("QUIT")}
	if r.End >= 0 && k > r.End {
		quit.Detail = protocol.NewOptional(fmt.Sprintf("end the game: it ended at move %d, %s", r.End+1, r.Verdict))
		quit.Preselect = protocol.NewOptional(true)
		return []protocol.CompletionItem{quit}
	}
	n := g.Size
	icfp := fa.rules == parse.RulesICFP
	var st *analyze.PousseState
	var hashes []uint64 // icfp: the hash of the state after each move
	if icfp {
		st = analyze.NewPousseState(n)
		hashes = make([]uint64, k)
		for j, mv := range g.Moves[:k] {
			st.Apply(mv.Dir, int(mv.Line))
			hashes[j] = st.Hash()
		}
	} else {
		st = pg.Board(k)
	}
	x0, o0 := st.Straights()
	mover := player(parse.Pousse, k)
	other := player(parse.Pousse, k+1)
	var items []protocol.CompletionItem
	for di, dir := range []byte("LRTB") {
		for line := 1; line <= n; line++ {
			mv := parse.Move{Dir: dir, Line: uint8(line)}
			label := fmt.Sprintf("%c%d", dir, line)
			c := st.Clone()
			c.Apply(dir, line)
			x, o := c.Straights()
			desc := describeMove(parse.Pousse, k, mv)
			var effect string
			group := groupPlain
			switch win := c.Winner(); {
			case win != analyze.None && int(win) == 1+k%2:
				effect = fmt.Sprintf("%s, %s WINS", straightsChange(x0, o0, x, o, k), mover)
				group = groupWin
			case win != analyze.None:
				effect = fmt.Sprintf("%s, %s WINS", straightsChange(x0, o0, x, o, k), other)
				group = groupLose
			default:
				if x != x0 || o != o0 {
					effect = fmt.Sprintf("straights X %d, O %d: play goes on", x, o)
				}
				if icfp {
					if j := pousseRepeat(pg, hashes, c, k); j >= 0 {
						effect = fmt.Sprintf("repeats the position %s made after move %d: %s loses, %s WINS", mover, j+1, mover, other)
						group = groupLose
					}
				}
			}
			detail := desc
			if effect != "" {
				detail += ": " + effect
			}
			doc := fmt.Sprintf("move %d: %s", k+1, detail)
			if n <= 8 {
				doc += "\n\n```text\n" + render.Pousse(c) + "```\n"
			}
			items = append(items, protocol.CompletionItem{
				Label:         label,
				Kind:          protocol.CompletionItemKindValue,
				Detail:        protocol.NewOptional(detail),
				Documentation: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc},
				SortText:      sortKey(group, di*n+line),
				FilterText:    protocol.NewOptional(label),
				TextEdit:      edit(label),
			})
		}
	}
	verdict := "TIE GAME"
	if icfp {
		verdict = "no result yet (the judge prints TIE GAME)"
	}
	quit.Detail = protocol.NewOptional(fmt.Sprintf("end the game after %s: %s", plural(k, "move"), verdict))
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

// pousseRepeat returns the index of the earlier move after which the
// state c (reached by move k) stood with the same player to have moved
// last, or -1. A hash match is confirmed cell by cell. O(k) plus O(N*N)
// per match.
func pousseRepeat(pg *analyze.PousseGame, hashes []uint64, c *analyze.PousseState, k int) int {
	h := c.Hash()
	n := c.N()
	for j := k % 2; j < k; j += 2 { // the same player made move j
		if hashes[j] != h {
			continue
		}
		b := pg.Board(j + 1)
		same := b != nil
		for r := 1; same && r <= n; r++ {
			for col := 1; col <= n; col++ {
				if b.At(r, col) != c.At(r, col) {
					same = false
					break
				}
			}
		}
		if same {
			return j
		}
	}
	return -1
}

// spotLine returns the span a Spot completion replaces: from the first
// character of the move being written on the cursor's line to the end of
// what is written of it; ok is false when the line before the cursor
// holds anything but digits, blanks and signs.
func spotLine(text []byte, m *Mapper, off int) (parse.Span, bool) {
	ls := m.LineSpan(m.Line(off))
	a := ls.Start
	for a < off && (text[a] == ' ' || text[a] == '\t') {
		a++
	}
	for i := a; i < off; i++ {
		if !strings.ContainsRune("0123456789 \t+-", rune(text[i])) {
			return parse.Span{}, false
		}
	}
	b := off
	for b < ls.End && strings.ContainsRune("0123456789 \t+-", rune(text[b])) {
		b++
	}
	for b > off && (text[b-1] == ' ' || text[b-1] == '\t') {
		b--
	}
	return parse.Span{Start: a, End: b}, true
}

// spotCompletions offers the moves of a Spot game at off.
//
// Cost: the k moves before the cursor are replayed once, keeping for
// each earlier pattern the hashes of its four rotations (each move
// updates them in O(1)); each of the N*N candidates is then one hash
// probe, confirmed square by square on a match: O(k + N*N) in all.
func spotCompletions(text []byte, fa *fileAnalysis, gi int, m *Mapper, off int) []protocol.CompletionItem {
	ga := fa.games[gi]
	g, sg := ga.game, ga.spot
	if g.Size == 0 || sg == nil {
		return nil
	}
	sp, ok := spotLine(text, m, off)
	if !ok || sp.Start < g.N.Span.End {
		return nil
	}
	k := movesBefore(g.Moves, sp.Start)
	n := g.Size
	if k >= 2*n {
		if gi == len(fa.games)-1 && fa.file.End.End == 0 {
			return []protocol.CompletionItem{endItem(m, sp, "end the file")}
		}
		return nil
	}
	hist := newSpotHistory(n)
	for _, mv := range g.Moves[:k] {
		hist.play(mv)
	}
	r := &sg.Result
	ended := r.End >= 0 && k > r.End
	items := make([]protocol.CompletionItem, 0, n*n)
	sr := m.Range(sp)
	for row := 1; row <= n; row++ {
		for col := 1; col <= n; col++ {
			add := !hist.grid[(row-1)*n+col-1]
			mv := parse.Move{Row: uint8(row), Col: uint8(col), Add: add}
			sign := "-"
			if add {
				sign = "+"
			}
			label := fmt.Sprintf("%d %d %s", row, col, sign)
			detail := describeMove(parse.Spot, k, mv)
			group := groupPlain
			switch {
			case ended:
				detail += fmt.Sprintf(" (not judged: the game ended at move %d, %s)", r.End+1, r.Verdict)
			default:
				if j, rot := hist.repeats(row, col); j >= 0 {
					what := fmt.Sprintf("the pattern after move %d", j)
					if rot > 0 {
						what += fmt.Sprintf(", rotated %d°", 90*rot)
					}
					winner := "Player 2"
					if k%2 == 1 {
						winner = "Player 1"
					}
					detail += fmt.Sprintf(": repeats %s, %s wins on move %d", what, winner, k+1)
					group = groupLose
				}
			}
			items = append(items, protocol.CompletionItem{
				Label:      label,
				Kind:       protocol.CompletionItemKindValue,
				Detail:     protocol.NewOptional(detail),
				SortText:   sortKey(group, (row-1)*n+col),
				FilterText: protocol.NewOptional(label),
				TextEdit:   &protocol.TextEdit{Range: sr, NewText: label},
			})
		}
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

// spotHistory replays a Spot game as the engine does (an illegal move
// changes nothing) and remembers the patterns after each move by the
// hashes of their four rotations.
type spotHistory struct {
	n     int
	grid  []bool
	h     [4]uint64             // hash of the current pattern turned 0..3 quarter turns
	seen  map[uint64]spotOrigin // hash of a turned earlier pattern -> where it came from
	moves int
	turns [][]bool // the earlier patterns, for confirming a match
}

type spotOrigin struct {
	move int // 1-based move after which the pattern stood
	rot  int // quarter turns (clockwise) carrying it onto the hashed one
}

func newSpotHistory(n int) *spotHistory {
	return &spotHistory{n: n, grid: make([]bool, n*n), seen: map[uint64]spotOrigin{}}
}

// spotZobrist returns the key of square i.
func spotZobrist(i int) uint64 {
	z := uint64(i+1) * 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// turn returns square (r, c) (0-based) after q clockwise quarter turns.
func (h *spotHistory) turn(r, c, q int) (int, int) {
	for range q {
		r, c = c, h.n-1-r
	}
	return r, c
}

// toggle flips square (r, c), 0-based, and updates the rotated hashes.
func (h *spotHistory) toggle(r, c int) {
	h.grid[r*h.n+c] = !h.grid[r*h.n+c]
	for q := range 4 {
		tr, tc := h.turn(r, c, q)
		h.h[q] ^= spotZobrist(tr*h.n + tc)
	}
}

// play plays one move and records the pattern after it.
func (h *spotHistory) play(mv parse.Move) {
	r, c := int(mv.Row)-1, int(mv.Col)-1
	if r >= 0 && r < h.n && c >= 0 && c < h.n && mv.Add != h.grid[r*h.n+c] {
		h.toggle(r, c)
	}
	h.moves++
	h.turns = append(h.turns, append([]bool(nil), h.grid...))
	for q := range 4 {
		if _, ok := h.seen[h.h[q]]; !ok {
			h.seen[h.h[q]] = spotOrigin{move: h.moves, rot: q}
		}
	}
}

// repeats reports whether toggling square (row, col), 1-based, makes a
// pattern seen after an earlier move, possibly rotated: the earliest
// such move and the quarter turns carrying it onto the new pattern, or
// -1.
func (h *spotHistory) repeats(row, col int) (int, int) {
	r, c := row-1, col-1
	key := h.h[0] ^ spotZobrist(r*h.n+c)
	o, ok := h.seen[key]
	if !ok {
		return -1, 0
	}
	// Confirm square by square: the new pattern P equals the earlier
	// one turned o.rot times, P[turn(i, j)] == old[i][j] everywhere.
	old := h.turns[o.move-1]
	n := h.n
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			ti, tj := h.turn(i, j, o.rot)
			now := h.grid[ti*n+tj] != (ti == r && tj == c)
			if now != old[i*n+j] {
				return -1, 0
			}
		}
	}
	return o.move, o.rot
}

// pathCompletions offers W, B and U for the PATH cell at off, or the
// terminating 0 after the last complete board.
func pathCompletions(text []byte, fa *fileAnalysis, gi int, m *Mapper, off int) []protocol.CompletionItem {
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
		if strings.TrimSpace(string(text[ls.Start:off])) != "" {
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
	in := func(cells []analyze.Cell) bool {
		for _, c := range cells {
			if c == cell {
				return true
			}
		}
		return false
	}
	var items []protocol.CompletionItem
	for i, ch := range []byte{parse.CellWhite, parse.CellBlack, parse.CellEmpty} {
		var detail string
		switch ch {
		case parse.CellWhite:
			detail = "a White cell at " + where
		case parse.CellBlack:
			detail = "a Black cell at " + where
		default:
			detail = "an unfilled cell at " + where
		}
		group := groupPlain
		if res != nil && res.Verdict != "" && cur != 0 {
			switch {
			case ch == cur && res.OnPath(cell):
				detail += fmt.Sprintf(": on %s's winning path", colourName(res.Class == analyze.PathWhiteWins))
			case cur == parse.CellEmpty && ch == parse.CellWhite && in(res.WhiteInOne):
				detail += ": a W here makes a White path, White wins"
				group = groupWin
			case cur == parse.CellEmpty && ch == parse.CellBlack && in(res.BlackInOne):
				detail += ": a B here makes a Black path"
			case cur != ch && res.OnPath(cell):
				detail += fmt.Sprintf(": breaks %s's winning path here", colourName(res.Class == analyze.PathWhiteWins))
			}
		}
		items = append(items, protocol.CompletionItem{
			Label:    string(ch),
			Kind:     protocol.CompletionItemKindEnumMember,
			Detail:   protocol.NewOptional(detail),
			SortText: sortKey(group, i),
			TextEdit: &protocol.TextEdit{Range: m.Range(sp), NewText: string(ch)},
		})
	}
	return items
}
