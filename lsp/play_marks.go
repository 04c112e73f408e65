package lsp

import "gamels/analyze"

// boardMark is what one move from the position shown does at once, for
// the board to show before the click: a Pousse slot or a Spot cell, and
// analyze's mark ("wins", "loses", "repeats").
type boardMark struct {
	Slot string     `json:"slot,omitempty"` // Pousse: the edge slot, "T3"
	Cell *boardCell `json:"cell,omitempty"` // Spot: the cell
	Mark string     `json:"mark"`
}

// playMarks returns the marks of the moves from the position after the
// first k moves of game ga: only the moves that end the game (a Pousse
// win or loss at once, an icfp or Spot repetition), from analyze's
// candidates, the same that completion lists; none once the game is
// over, and none for PATH.
//
// Cost: that of the candidates: O(N³) for Pousse (4N moves, each an
// O(N²) copy of the position), O(k + N²) for Spot.
func playMarks(ga *gameAnalysis, k int) []boardMark {
	var out []boardMark
	switch {
	case ga.pousse != nil:
		pc := ga.pousse.Candidates(k)
		if pc == nil || k > ga.pousse.Played() {
			return nil
		}
		for _, c := range pc.Moves {
			if mk := c.Mark(pc.Mover); mk != analyze.MarkNone {
				out = append(out, boardMark{Slot: c.Token(), Mark: string(mk)})
			}
		}
	case ga.spot != nil:
		if r := ga.spot.Result; r.End >= 0 && k > r.End {
			return nil
		}
		for _, c := range ga.spot.Candidates(k) {
			if mk := c.Mark(); mk != analyze.MarkNone {
				out = append(out, boardMark{Cell: &boardCell{c.Row, c.Col}, Mark: string(mk)})
			}
		}
	}
	return out
}
