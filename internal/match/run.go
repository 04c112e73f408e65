package match

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"gamels/internal/solution"
	"gamels/parse"
)

// Config is a match.
type Config struct {
	Kind    parse.Kind // Pousse or Spot
	Rules   parse.Rules
	Players []Spec // two or more, their names unique (Label)
	// Games is the number of games of each pair of players at each
	// size.
	Games int
	Sizes []int
	// Limits bound each move of a program: its wall time, its memory,
	// its output. The time limit bounds the engine's moves too.
	Limits solution.Limits
	// MaxMoves: a Pousse game without a winner after this many moves is
	// a draw (TIE GAME). Spot games end after their 2N moves.
	MaxMoves int
	Openings int    // the random moves that open each game
	Seed     uint64 // the openings' seed
	Jobs     int    // games played side by side
	// Gauntlet pairs the first player with each of the others only;
	// otherwise every pair plays (a round robin).
	Gauntlet bool
	// SPRT, when not nil, tests the first player against the second
	// (a match of two) and stops the match at its decision.
	SPRT *SPRT
}

// Check says why the match cannot be played, beyond what each setting
// allows on its own: an engine on a board it does not play, or with a
// time a move over the limit; openings that no game can have; a test
// with more than two players.
func (c *Config) Check() error {
	if c.Kind != parse.Pousse && c.Kind != parse.Spot {
		return fmt.Errorf("a match is of pousse or spot, not %v", c.Kind)
	}
	if len(c.Players) < 2 {
		return errors.New("a match needs two players or more")
	}
	if c.SPRT != nil && len(c.Players) != 2 {
		return errors.New("--sprt tests two players: give two")
	}
	for _, sp := range c.Players {
		if sp.Engine == nil {
			continue
		}
		for _, n := range c.Sizes {
			if err := sp.Engine.check(c.Kind, n, c.Limits.Time); err != nil {
				return fmt.Errorf("player %s: %v", sp.Name, err)
			}
		}
	}
	for _, n := range c.Sizes {
		if _, err := opening(c.Kind, c.Rules, n, c.Openings, c.Seed, 0); err != nil {
			return err
		}
	}
	return nil
}

// Summary is what a match did.
type Summary struct {
	Tally       *Tally
	Scheduled   int  // the games the schedule had
	Interrupted bool // ctx was done before the schedule was played
	// LLR and Decision are the test's state at its decision, or at the
	// end (SPRT only).
	LLR      float64
	Decision Decision
}

// Events are what Run reports as the match goes on. They are called
// one at a time, from the goroutine that called Run; nil ones are
// skipped.
type Events struct {
	// Game is called with each game as it ends, numbered in that order
	// (Record.Game), after the tally has counted it. An error (the
	// transcript could not be written) stops the match.
	Game func(r *Record, t *Tally) error
	// CannotStart is called once for a program that could not be
	// started; its turns are then forfeited.
	CannotStart func(name string, err error)
}

// Run plays the match: the games of the schedule, Config.Jobs at a
// time, until they are played, the test decides, or ctx is done (a
// game then in progress is abandoned: its programs are killed and it is
// not counted). It returns the summary, and the error that stopped the
// match: an event's, or an opening that could not be found.
func Run(ctx context.Context, c Config, ev Events) (*Summary, error) {
	names := make([]string, len(c.Players))
	rf := &referee{kind: c.Kind, rules: c.Rules, maxMoves: c.MaxMoves, openings: c.Openings, seed: c.Seed}
	for i, sp := range c.Players {
		names[i] = sp.Name
		rf.players = append(rf.players, &player{spec: sp, lim: c.Limits})
	}
	sched := schedule(len(c.Players), c.Games, c.Sizes, c.Gauntlet)
	sum := &Summary{Tally: NewTally(names), Scheduled: len(sched)}

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	jobs := make(chan gameSpec)
	results := make(chan *Record)
	failed := make(chan error, 1)
	var wg sync.WaitGroup
	for range max(1, min(c.Jobs, len(sched))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gs := range jobs {
				rec, ok, err := rf.play(runCtx, gs)
				if err != nil {
					select {
					case failed <- err:
					default:
					}
					stop()
				}
				if ok {
					select {
					case results <- rec:
					case <-runCtx.Done():
					}
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, gs := range sched {
			select {
			case jobs <- gs:
			case <-runCtx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	reported := make([]bool, len(rf.players))
	var evErr error
	for rec := range results {
		if runCtx.Err() != nil {
			continue // decided or interrupted: a game that ended meanwhile is not counted
		}
		rec.Game = sum.Tally.Games() + 1
		if err := sum.Tally.Add(rec); err != nil {
			panic(err) // the referee wrote a result it does not know
		}
		for i, p := range rf.players {
			if err := p.startFailure(); err != nil && !reported[i] {
				reported[i] = true
				if ev.CannotStart != nil {
					ev.CannotStart(p.spec.Name, err)
				}
			}
		}
		if ev.Game != nil {
			if evErr = ev.Game(rec, sum.Tally); evErr != nil {
				stop()
				continue
			}
		}
		if c.SPRT != nil {
			s := sum.Tally.Pair(names[0], names[1])
			sum.LLR = c.SPRT.LLR(s.Wins, s.Losses, s.Draws)
			if sum.Decision = c.SPRT.Decide(sum.LLR); sum.Decision != Continue {
				stop()
			}
		}
	}
	sum.Interrupted = ctx.Err() != nil
	select {
	case err := <-failed:
		return sum, err
	default:
	}
	return sum, evErr
}

// schedule returns the games of a match of players players: each pair
// (every pair, or in a gauntlet the first player with each other)
// plays games games at each size. Games go two by two, the second with
// the colours swapped and the same opening; the pairs and sizes take
// turns, opening after opening, so that a match cut short has played
// them evenly.
func schedule(players, games int, sizes []int, gauntlet bool) []gameSpec {
	var pairs [][2]int
	for a := range players {
		for b := a + 1; b < players; b++ {
			if !gauntlet || a == 0 {
				pairs = append(pairs, [2]int{a, b})
			}
		}
	}
	var out []gameSpec
	for op := 0; 2*op < games; op++ {
		for _, n := range sizes {
			for _, pr := range pairs {
				for c := 0; c < 2 && 2*op+c < games; c++ {
					x, o := pr[0], pr[1]
					if c == 1 {
						x, o = o, x
					}
					out = append(out, gameSpec{x: x, o: o, size: n, opening: op})
				}
			}
		}
	}
	return out
}
