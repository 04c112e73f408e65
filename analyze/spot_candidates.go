package analyze

import "strconv"

// This file answers "what does each move do here" for Spot: every legal
// move from the pattern before a given move, and whether it repeats an
// earlier pattern (and so loses).

// SpotCandidate is one legal Spot move and what it does.
type SpotCandidate struct {
	Row, Col int  // 1-based
	Add      bool // `r c +` on an empty square; else `r c -` on a spot
	// Judged is false when the game ended before this move: the move is
	// not played, and Earlier is -1.
	Judged bool
	// Earlier is the index in Game.Moves of the earliest move whose
	// pattern the move recreates, turned Rotation quarter turns
	// clockwise (the smallest such), or -1. The mover then loses:
	// Winner is the other player; None when Earlier is -1.
	Earlier  int
	Rotation int
	Winner   Player
}

// Token returns the move as written in a transcript, e.g. "1 2 +".
func (c SpotCandidate) Token() string {
	sign := " -"
	if c.Add {
		sign = " +"
	}
	return strconv.Itoa(c.Row) + " " + strconv.Itoa(c.Col) + sign
}

// Candidates returns the N*N legal moves from the pattern the first k
// moves make (k clamped to 0..len(Game.Moves); an illegal move changes
// nothing, as in the replay), in row-major order: `r c +` on every empty
// square, `r c -` on every spot, each with whether it repeats an earlier
// pattern. When the game ended before move k the moves are listed but not
// judged. nil when the game's size is unusable.
//
// The repeats are found by the engine's own detector (spotSeen, the table
// of rotation hashes Spot fills while replaying): the k moves are
// replayed once, recording the pattern after each; each candidate then
// toggles its square (O(1), the four rotation hashes updated), looks the
// pattern up, and toggles it back.
//
// Cost: O(k + N*N) expected, plus O(j + N*N/64) to confirm each hash hit
// on the pattern after move j.
func (sg *SpotGame) Candidates(k int) []SpotCandidate {
	g := sg.game
	n := g.Size
	if n <= 0 {
		return nil
	}
	k = min(max(k, 0), len(g.Moves))
	judged := sg.End < 0 || k <= sg.End
	sc := spotPool.Get().(*spotScratch)
	defer spotPool.Put(sc)
	seen := newSpotSeen(sc, g, n, k)
	cur := &sc.cur
	for i, mv := range g.Moves[:k] {
		if spotLegal(cur, mv) {
			cur.toggle(mv.Row()-1, mv.Col()-1)
		}
		if judged {
			seen.add(i)
		}
	}
	out := make([]SpotCandidate, 0, n*n)
	for r := range n {
		for c := range n {
			cand := SpotCandidate{Row: r + 1, Col: c + 1, Add: !cur.has(r, c), Judged: judged, Earlier: -1}
			if judged {
				cur.toggle(r, c)
				if j, rot := seen.find(); j >= 0 {
					cand.Earlier, cand.Rotation = j, rot
					cand.Winner = Player(2 - k%2) // the mover's opponent
				}
				cur.toggle(r, c)
			}
			out = append(out, cand)
		}
	}
	return out
}
