package match

import (
	"fmt"

	"gamels/analyze"
)

// Score is a player's games: against the field, or against one
// opponent.
type Score struct {
	Wins, Losses, Draws int
}

// Games returns the number of games.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Points returns the points: one a win, a half a draw.
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Elo returns the Elo difference the score implies, with its interval.
func (s Score) Elo() Elo { return EloOf(s.Wins, s.Losses, s.Draws) }

func (s *Score) add(w analyze.Player, side analyze.Player) {
	switch w {
	case analyze.None:
		s.Draws++
	case side:
		s.Wins++
	default:
		s.Losses++
	}
}

// Tally is the scores of a match so far. Adding games is all it does,
// so that two batches of a match tally as one (Merge).
type Tally struct {
	// Names are the players, in the order of the command line (or of
	// their first appearance, for a merge).
	Names []string

	players  map[string]*Score
	pairs    map[[2]string]*Score // the first named player's score against the second
	forfeits map[string]map[string]int
	games    int
}

// NewTally returns the empty tally of the players names.
func NewTally(names []string) *Tally {
	t := &Tally{players: map[string]*Score{}, pairs: map[[2]string]*Score{}, forfeits: map[string]map[string]int{}}
	for _, n := range names {
		t.player(n)
	}
	return t
}

func (t *Tally) player(name string) *Score {
	s, ok := t.players[name]
	if !ok {
		s = new(Score)
		t.players[name] = s
		t.Names = append(t.Names, name)
	}
	return s
}

// Add counts a game. O(1).
func (t *Tally) Add(r *Record) error {
	w, ok := r.Winner()
	if !ok {
		return fmt.Errorf("game %d: unknown result %q", r.Game, r.Result)
	}
	if r.X == r.O {
		return fmt.Errorf("game %d: %s plays itself", r.Game, r.X)
	}
	t.player(r.X).add(w, analyze.First)
	t.player(r.O).add(w, analyze.Second)
	t.pair(r.X, r.O).add(w, analyze.First)
	if f := r.Forfeit; f != nil {
		who := r.X
		if f.Player == "o" {
			who = r.O
		}
		if t.forfeits[who] == nil {
			t.forfeits[who] = map[string]int{}
		}
		t.forfeits[who][r.Reason]++
	}
	t.games++
	return nil
}

// pair returns the score of a against b, recorded under the pair in the
// order of Names.
func (t *Tally) pair(a, b string) *pairScore {
	key, flip := [2]string{a, b}, false
	if t.index(a) > t.index(b) {
		key, flip = [2]string{b, a}, true
	}
	s, ok := t.pairs[key]
	if !ok {
		s = new(Score)
		t.pairs[key] = s
	}
	return &pairScore{s, flip}
}

// pairScore is a pair's score seen from one of its players.
type pairScore struct {
	s    *Score
	flip bool
}

func (p *pairScore) add(w, side analyze.Player) {
	if p.flip {
		side = 3 - side
	}
	p.s.add(w, side)
}

func (t *Tally) index(name string) int {
	for i, n := range t.Names {
		if n == name {
			return i
		}
	}
	return len(t.Names)
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.games }

// Player returns a player's score against the field.
func (t *Tally) Player(name string) Score {
	if s, ok := t.players[name]; ok {
		return *s
	}
	return Score{}
}

// Pair returns a's score against b.
func (t *Tally) Pair(a, b string) Score {
	if t.index(a) > t.index(b) {
		s := t.Pair(b, a)
		return Score{Wins: s.Losses, Losses: s.Wins, Draws: s.Draws}
	}
	if s, ok := t.pairs[[2]string{a, b}]; ok {
		return *s
	}
	return Score{}
}

// Forfeits returns how many games a player lost by forfeit, by reason.
func (t *Tally) Forfeits(name string) map[string]int { return t.forfeits[name] }
