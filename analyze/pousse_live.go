package analyze

import "gamels/parse"

// PousseLive is a Pousse game played one move at a time, as a referee
// plays it: each move is judged when it is made, under the same rules
// and by the same detectors as Pousse's replay of a whole game, at the
// cost of one move of that replay.
type PousseLive struct {
	pg   PousseGame
	s    *PousseState
	seen *pousseSeen // the icfp states so far; nil under the contest rules
}

// NewPousseLive returns the empty n x n game under rules (RulesDefault
// means contest), X to move; nil when n is not in 1..parse.PousseMaxN.
func NewPousseLive(n int, rules parse.Rules) *PousseLive {
	if n < 1 || n > parse.PousseMaxN {
		return nil
	}
	l := &PousseLive{pg: *newPousseGame(&parse.Game{Size: n}, rules)}
	l.pg.Verdict = "TIE GAME"
	l.s = newPousseState(n, l.pg.icfp)
	if l.pg.icfp {
		l.seen = new(pousseSeen)
		l.seen.init(64)
	}
	return l
}

// Play plays mv (a Pousse move, its line in 1..N) for the player to
// move and returns the result so far: End is the index of the move that
// ended the game, or -1 while it goes on. A move after the end is not
// played. Cost: PousseState.Apply, plus under the icfp rules an O(1)
// expected lookup of the state (O(N² + K·N) to confirm a hash hit, as
// Pousse does) and a checkpoint every K moves (pousseEvery).
func (l *PousseLive) Play(mv parse.Move) *Result {
	pg := &l.pg
	if pg.End >= 0 {
		return &pg.Result
	}
	i := len(pg.moves)
	if l.seen != nil && i > 0 && i%pg.every == 0 {
		pg.cps = l.s.appendPacked(pg.cps) // the repetitions are confirmed on them
	}
	pg.moves = append(pg.moves, mv)
	pg.played = i + 1
	l.s.Apply(mv.Dir(), mv.Line())
	if w := l.s.Winner(); w != None {
		pg.end(i, w, ReasonStraights)
	} else if l.seen != nil {
		if j := l.seen.find(pg, l.s); j >= 0 {
			pg.end(i, 3-l.s.lastMover(), ReasonRepetition)
			pg.Earlier = j
		} else {
			l.seen.add(l.s.Hash())
		}
	}
	return &pg.Result
}

// Moves returns the number of moves played.
func (l *PousseLive) Moves() int { return len(l.pg.moves) }
