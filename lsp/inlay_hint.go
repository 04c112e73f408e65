package lsp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.lsp.dev/protocol"

	"gamels/analyze/solve"
	"gamels/parse"
)

// inlayHints answers textDocument/inlayHint for the requested range only:
// a move number before every Pousse and Spot move ("7."), and the outcome
// after the move where a game ends or, when the moves run out, after the
// last one ("⟵ X WINS", "⟵ TIE GAME"); none for PATH, whose verdict
// is the code lens on the N line; once the engine's annotations of this version are ready
// (annotations.go), each annotation's hint after its move ("?? missed
// R3: wins at once"); what follows one move is one hint, its parts
// joined by " · ". Cost: O(log games + hints in range), plus the
// analysis.
func inlayHints(ctx context.Context, snap *snapshot, p *protocol.InlayHintParams) (any, error) {
	if err := checkRange(p.Range); err != nil {
		return nil, err
	}
	fa, err := snap.Analysis()
	if err != nil {
		return nil, errAnalysis(err)
	}
	m := snap.Mapper()
	want := m.Span(p.Range)
	snap.noteVisible(want)
	out := []protocol.InlayHint{}
	yes := true
	add := func(off int, label string, left bool) {
		if off < want.Start || off > want.End || len(out) > MaxItems {
			return
		}
		if len(out) == MaxItems {
			// The notice, where the hints stop; the client asks again
			// for a smaller range as the user scrolls.
			label, left = "… more hints not shown: at most 10000 a request (MaxItems)", true
		}
		h := protocol.InlayHint{Position: m.Position(off), Label: protocol.String(label)}
		if left {
			h.PaddingLeft = &yes
		} else {
			h.PaddingRight = &yes
		}
		out = append(out, h)
	}
	as := snap.annotations()
	// From the first game that ends at or after the range's start.
	first := sort.Search(len(fa.games), func(i int) bool { return fa.games[i].game.Span.End >= want.Start })
	for k, ga := range fa.games[first:] {
		g := ga.game
		if g.Span.Start > want.End || len(out) > MaxItems {
			break
		}
		if stopped(ctx, k) {
			return nil, ctx.Err()
		}
		if snap.kind == parse.Path {
			// A board's verdict is its code lens, on this same line:
			// no hint repeats it.
			continue
		}
		sm := summarize(snap.text, snap.kind, fa.rules, ga)
		r := ga.result()
		from := max(0, moveAt(g, want.Start))
		var notes []solve.Annotation
		if as.game(g.Index) != nil {
			notes = as.notes(g.Index)
			for len(notes) > 0 && notes[0].Move < from {
				notes = notes[1:]
			}
		}
		for i := from; i < len(g.Moves); i++ {
			span := g.MoveSpan(i)
			if span.Start > want.End || len(out) > MaxItems {
				break
			}
			if stopped(ctx, i) {
				return nil, ctx.Err()
			}
			add(span.Start, fmt.Sprintf("%d.", i+1), false)
			// What follows the move is one hint, its parts joined by
			// " · ": two hints at one position run together in some
			// clients (Neovim draws them with no space between).
			var after []string
			for len(notes) > 0 && notes[0].Move == i {
				after = append(after, notes[0].Hint())
				notes = notes[1:]
			}
			if r != nil && g.Size != 0 && sm.verdict != "" && (i == r.End || (r.End < 0 && i == len(g.Moves)-1)) {
				after = append(after, "⟵ "+sm.verdict)
			}
			if len(after) > 0 {
				add(span.End, strings.Join(after, " · "), true)
			}
		}
	}
	return out, nil
}
