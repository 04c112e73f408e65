package match

import (
	"context"
	"errors"
	"sync"
	"time"

	"gamels/internal/solution"
	"gamels/parse"
)

// A turn is a position a player is asked to move in.
type turn struct {
	kind  parse.Kind
	rules parse.Rules
	size  int
	moves []parse.Move // the moves so far
	// input is the position on the ICFP 1998 player interface: N on the
	// first line, then the moves so far, one a line.
	input []byte
}

// An answer is what a player did when asked for a move.
type answer struct {
	out []byte           // what it printed (an engine: its move and a newline)
	run *solution.Result // how the program's run ended; nil for an engine
	// err is set when there was no run to judge: the program could not
	// be started, or the engine failed.
	err  error
	time time.Duration // from the question to the answer
	late bool          // an engine past the time limit
}

// A player is one side of the games of a match, shared by the games
// played side by side.
type player struct {
	spec Spec
	lim  solution.Limits

	mu sync.Mutex
	// cannot is why the program cannot be started; set by its first
	// failed start, after which its turns are forfeited without trying.
	cannot error
}

// move asks the player for its move in the position t. The answer is
// not judged here (see judgeAnswer). When ctx is done the program is
// killed and the answer says Interrupted.
func (p *player) move(ctx context.Context, t *turn) answer {
	if p.spec.Engine != nil {
		return p.engineMove(ctx, t)
	}
	p.mu.Lock()
	cannot := p.cannot
	p.mu.Unlock()
	if cannot != nil {
		return answer{err: cannot}
	}
	r, err := solution.Run(ctx, p.spec.Argv, t.input, p.lim)
	if err != nil {
		var se *solution.StartError
		if errors.As(err, &se) {
			p.mu.Lock()
			if p.cannot == nil {
				p.cannot = err
			}
			p.mu.Unlock()
		}
		return answer{err: err}
	}
	return answer{out: r.Stdout, run: r, time: r.Time}
}

// startFailure returns why the program could not be started, or nil.
func (p *player) startFailure() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cannot
}

// engineMove asks the engine, under the time limit a move.
func (p *player) engineMove(ctx context.Context, t *turn) answer {
	runCtx := ctx
	if p.lim.Time > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, p.lim.Time)
		defer cancel()
	}
	start := time.Now()
	tok, err := p.spec.Engine.move(runCtx, t)
	a := answer{time: time.Since(start)}
	switch {
	case ctx.Err() != nil:
		a.err = ctx.Err()
	case runCtx.Err() != nil || (p.lim.Time > 0 && a.time > p.lim.Time):
		a.late = true
	case err != nil:
		a.err = err
	default:
		a.out = append([]byte(tok), '\n')
	}
	return a
}
