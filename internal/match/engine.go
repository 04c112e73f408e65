package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gamels/analyze/solve"
	"gamels/parse"
)

// This file is the one place where a match meets the engine: the engine
// players as written on the command line, what they can play, and their
// moves.
//
//	engine               the engine at its default level and time
//	engine:time=200ms    the engine, thinking 200 ms a move
//	engine:level=easy    the engine at a level: easy, normal or strong
//	engine:proof         the proof-only search of analyze/solve, which
//	                     plays the first move of its best proven line
//	                     (or, with no result proven, the first move that
//	                     keeps it open), deepening until its time is up
//
// Options go together, separated by commas: engine:proof,time=50ms.
//
// engine, engine:time and engine:level play by the judgment of
// analyze/solve (Pousse.Judge, Spot.Judge): a heuristic search under
// the time a move, at the level given (normal by default).

// EngineSpec is an engine player.
type EngineSpec struct {
	Proof bool          // engine:proof
	Level string        // "", "easy", "normal" or "strong"
	Time  time.Duration // thinking time a move; 0 for the default
}

// engineLevels are the levels engine:level takes.
var engineLevels = []string{"easy", "normal", "strong"}

// defaultEngineTime is the proof engine's thinking time a move when
// time= gives none.
const defaultEngineTime = time.Second

// parseEngine reads "engine" or "engine:OPTION[,OPTION...]".
func parseEngine(text string) (EngineSpec, error) {
	var e EngineSpec
	opts, ok := strings.CutPrefix(text, "engine:")
	if !ok {
		return e, nil // "engine"
	}
	seen := map[string]bool{}
	for _, opt := range strings.Split(opts, ",") {
		key, val, hasVal := strings.Cut(opt, "=")
		if seen[key] {
			return e, fmt.Errorf("player %s: %s is given twice", text, key)
		}
		seen[key] = true
		switch {
		case key == "proof" && !hasVal:
			e.Proof = true
		case key == "time" && hasVal:
			d, err := time.ParseDuration(val)
			if err != nil || d <= 0 {
				return e, fmt.Errorf("player %s: time=%s is not a positive duration such as 200ms or 2s", text, val)
			}
			e.Time = d
		case key == "level" && hasVal:
			if !slices.Contains(engineLevels, val) {
				return e, fmt.Errorf("player %s: level=%s is not a level: the levels are %s", text, val, strings.Join(engineLevels, ", "))
			}
			e.Level = val
		default:
			return e, fmt.Errorf("player %s: unknown engine option %q: the options are proof, time=DURATION and level=%s", text, opt, strings.Join(engineLevels, "|"))
		}
	}
	if e.Proof && e.Level != "" {
		return e, fmt.Errorf("player %s: the proof-only engine has no levels", text)
	}
	return e, nil
}

// thinking returns the engine's time a move: time=, else the level's
// (the proof engine: defaultEngineTime).
func (e *EngineSpec) thinking() time.Duration {
	if e.Time > 0 {
		return e.Time
	}
	if !e.Proof {
		l, _ := solve.ParseLevel(e.Level)
		return l.Time()
	}
	return defaultEngineTime
}

// check says why the engine cannot play a match of kind on an n x n
// board with limit as the time a move, or returns nil.
func (e *EngineSpec) check(kind parse.Kind, n int, limit time.Duration) error {
	if n > solve.MaxN {
		return fmt.Errorf("the engine plays boards up to %dx%d, not %dx%d", solve.MaxN, solve.MaxN, n, n)
	}
	if limit > 0 && e.thinking() >= limit {
		return fmt.Errorf("the engine's time a move, %v, is not under the time limit, %v: it would lose on time", e.thinking(), limit)
	}
	return nil
}

// shortThinking is the most thinking time a move for which the proof
// search gets a transposition table of 2^16 entries (1.5 MiB) instead of
// its default 2^18: allocated afresh each move, the larger one costs
// more than it saves in a short search.
const shortThinking = 100 * time.Millisecond

// errNoEngineMove is the engine's answer in a position where its search
// found no move.
var errNoEngineMove = errors.New("the engine found no move")

// move returns the engine's move in the position of t, as a player
// prints it.
func (e *EngineSpec) move(ctx context.Context, t *turn) (string, error) {
	if e.Proof {
		return e.proofMove(ctx, t)
	}
	l, _ := solve.ParseLevel(e.Level)
	opts := solve.JudgeOptions{Level: l, Deadline: time.Now().Add(e.thinking())}
	if e.thinking() <= shortThinking {
		opts.TableBits = 16
	}
	j, err := JudgeTurn(ctx, t.kind, t.rules, t.size, t.moves, opts)
	if err != nil {
		return "", err
	}
	if j.Best == "" {
		return "", errNoEngineMove
	}
	return j.Best, nil
}

// JudgeTurn returns the judgment of the position after moves on an n x n
// board of kind (Pousse under rules). The moves are not checked: a
// caller judges them first (ReadPosition). O(moves) to replay, then the
// search opts bound.
func JudgeTurn(ctx context.Context, kind parse.Kind, rules parse.Rules, n int, moves []parse.Move, opts solve.JudgeOptions) (solve.Judgment, error) {
	switch kind {
	case parse.Pousse:
		p, err := solve.NewPousse(n, rules)
		if err != nil {
			return solve.Judgment{}, err
		}
		for _, mv := range moves {
			p.Play(mv.Dir(), mv.Line())
		}
		return p.Judge(ctx, opts)
	case parse.Spot:
		s, err := solve.NewSpot(n)
		if err != nil {
			return solve.Judgment{}, err
		}
		for _, mv := range moves {
			s.Play(mv.Row(), mv.Col(), mv.Add())
		}
		return s.Judge(ctx, opts)
	}
	return solve.Judgment{}, fmt.Errorf("the engine does not play %v", kind)
}

// proofMove is engine:proof's move: the proof search's best move,
// deepening until its time is up.
func (e *EngineSpec) proofMove(ctx context.Context, t *turn) (string, error) {
	opts := solve.Options{Depth: solve.MaxDepth, Deadline: time.Now().Add(e.thinking())}
	if e.thinking() <= shortThinking {
		opts.TableBits = 16 // a table each move: a short search fills a small one
	}
	var r solve.Result
	var err error
	switch t.kind {
	case parse.Pousse:
		var p *solve.Pousse
		if p, err = solve.NewPousse(t.size, t.rules); err != nil {
			return "", err
		}
		for _, mv := range t.moves {
			p.Play(mv.Dir(), mv.Line())
		}
		r, err = p.Solve(ctx, opts)
	case parse.Spot:
		var s *solve.Spot
		if s, err = solve.NewSpot(t.size); err != nil {
			return "", err
		}
		for _, mv := range t.moves {
			s.Play(mv.Row(), mv.Col(), mv.Add())
		}
		r, err = s.Solve(ctx, opts)
	default:
		return "", fmt.Errorf("the engine does not play %v", t.kind)
	}
	if err != nil {
		return "", err
	}
	if r.Best == "" {
		return "", errNoEngineMove
	}
	return r.Best, nil
}
