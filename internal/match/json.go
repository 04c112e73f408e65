package match

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// The JSON of a match is one object:
//
//	{"kind": "pousse", "rules": "contest", "seed": 7,
//	 "games": [Record, ...],
//	 "players": [PlayerJSON, ...], "pairs": [PairJSON, ...],
//	 "sprt": SPRTJSON, "interrupted": false}
//
// written as the match goes: the games as they end, then what they add
// up to. The games are what counts: two batches' JSON merge into one
// (ReadJSON each, the games added to one Tally) and everything else is
// computed again from them.

// PlayerJSON is a player's line of the results.
type PlayerJSON struct {
	Name     string         `json:"name"`
	Command  string         `json:"command,omitempty"`
	Games    int            `json:"games"`
	Wins     int            `json:"wins"`
	Losses   int            `json:"losses"`
	Draws    int            `json:"draws"`
	Score    float64        `json:"score"`     // points: a win 1, a draw ½
	Elo      *float64       `json:"elo"`       // against its opponents, from its score; null when infinite
	EloError *float64       `json:"elo_error"` // the 95% interval's half width; null when infinite
	EloLow   *float64       `json:"elo_low"`   // the 95% interval's ends; null when infinite or without games
	EloHigh  *float64       `json:"elo_high"`
	Forfeits map[string]int `json:"forfeits,omitempty"`
}

// PairJSON is the result of one pair of players, from A's side.
type PairJSON struct {
	A        string   `json:"a"`
	B        string   `json:"b"`
	Games    int      `json:"games"`
	Wins     int      `json:"wins"`
	Losses   int      `json:"losses"`
	Draws    int      `json:"draws"`
	Score    float64  `json:"score"`
	Elo      *float64 `json:"elo"`
	EloError *float64 `json:"elo_error"`
	EloLow   *float64 `json:"elo_low"`
	EloHigh  *float64 `json:"elo_high"`
}

// SPRTJSON is the test's state.
type SPRTJSON struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"` // "H0", "H1" or "continue"
}

// Header is what a match's JSON says before its games.
type Header struct {
	Kind  string `json:"kind"`
	Rules string `json:"rules,omitempty"` // Pousse only
	Seed  uint64 `json:"seed"`
}

// JSONWriter writes a match's JSON as it goes.
type JSONWriter struct {
	w     *bufio.Writer
	games int
	err   error
}

// NewJSONWriter starts the object on w.
func NewJSONWriter(w io.Writer, h Header) *JSONWriter {
	j := &JSONWriter{w: bufio.NewWriter(w)}
	b, err := json.Marshal(h)
	if err != nil {
		panic(err)
	}
	j.w.Write(b[:len(b)-1]) // the header's fields, the object left open
	j.w.WriteString(`,"games":[`)
	return j
}

// Game writes a game, flushed.
func (j *JSONWriter) Game(r *Record) error {
	if j.err != nil {
		return j.err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if j.games > 0 {
		j.w.WriteByte(',')
	}
	j.games++
	j.w.WriteByte('\n')
	j.w.Write(b)
	j.err = j.w.Flush()
	return j.err
}

// End writes what the games add up to and closes the object. commands
// are the players' command lines by name; test, when not nil, is the
// test with its state.
func (j *JSONWriter) End(t *Tally, commands map[string]string, test *SPRTJSON, interrupted bool) error {
	if j.err != nil {
		return j.err
	}
	tail := struct {
		Players     []PlayerJSON `json:"players"`
		Pairs       []PairJSON   `json:"pairs"`
		SPRT        *SPRTJSON    `json:"sprt,omitempty"`
		Interrupted bool         `json:"interrupted,omitempty"`
	}{Players: []PlayerJSON{}, Pairs: []PairJSON{}, SPRT: test, Interrupted: interrupted}
	for _, name := range t.Names {
		s := t.Player(name)
		p := PlayerJSON{Name: name, Command: commands[name], Games: s.Games(), Wins: s.Wins, Losses: s.Losses, Draws: s.Draws, Score: s.Points(), Forfeits: t.Forfeits(name)}
		p.Elo, p.EloError, p.EloLow, p.EloHigh = eloJSON(s.Elo())
		tail.Players = append(tail.Players, p)
	}
	for i, a := range t.Names {
		for _, b := range t.Names[i+1:] {
			s := t.Pair(a, b)
			if s.Games() == 0 {
				continue
			}
			p := PairJSON{A: a, B: b, Games: s.Games(), Wins: s.Wins, Losses: s.Losses, Draws: s.Draws, Score: s.Points()}
			p.Elo, p.EloError, p.EloLow, p.EloHigh = eloJSON(s.Elo())
			tail.Pairs = append(tail.Pairs, p)
		}
	}
	b, err := json.Marshal(tail)
	if err != nil {
		return err
	}
	if j.games > 0 {
		j.w.WriteByte('\n')
	}
	j.w.WriteString("],")
	j.w.Write(b[1:])
	j.w.WriteByte('\n')
	j.err = j.w.Flush()
	return j.err
}

// eloJSON returns an Elo's figures as JSON numbers, nil where they are
// not finite.
func eloJSON(e Elo) (diff, err, low, high *float64) {
	return finite(e.Diff), finite(e.Error), finite(e.Low), finite(e.High)
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	r := round2(x)
	return &r
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// SPRTState returns the test's JSON at llr.
func (t SPRT) State(llr float64) *SPRTJSON {
	lo, hi := t.Bounds()
	d := map[Decision]string{Continue: "continue", AcceptH0: "H0", AcceptH1: "H1"}[t.Decide(llr)]
	return &SPRTJSON{Elo0: t.Elo0, Elo1: t.Elo1, Alpha: sprtAlpha, Beta: sprtBeta, LLR: round2(llr), Lower: round2(lo), Upper: round2(hi), Decision: d}
}

// Batch is a match's JSON read back.
type Batch struct {
	Header
	Games   []Record     `json:"games"`
	Players []PlayerJSON `json:"players"`
}

// ReadJSON reads a match's JSON, and checks that each game's result is
// one a match writes.
func ReadJSON(r io.Reader) (*Batch, error) {
	var b Batch
	dec := json.NewDecoder(r)
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("not the JSON of a match: %v", err)
	}
	if b.Kind != "pousse" && b.Kind != "spot" {
		return nil, errors.New(`not the JSON of a match: no "kind" pousse or spot`)
	}
	for i := range b.Games {
		g := &b.Games[i]
		if _, ok := g.Winner(); !ok || g.X == "" || g.O == "" || g.X == g.O {
			return nil, fmt.Errorf("game %d: not a game of a match (players %q and %q, result %q)", g.Game, g.X, g.O, g.Result)
		}
	}
	return &b, nil
}
