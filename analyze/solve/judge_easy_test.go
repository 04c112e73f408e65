package solve

import (
	"context"
	"testing"

	"gamels/analyze"
	"gamels/parse"
)

// TestEasyOverlooksThreats: the easy level now and then leaves the
// opponent a win at once that it could have parried (a casual player
// beats it by such threats); normal never does. Over the positions of a
// real 5x5 game where some move leaves the opponent a win at once and
// some move does not, easy must leak in at least one and at most a
// quarter of them (one position in easyCareless is careless, and a
// careless move may still parry by chance).
func TestEasyOverlooksThreats(t *testing.T) {
	_, g := greedyGame(t)
	p, _ := NewPousse(g.Size, parse.RulesContest)
	ctx := context.Background()
	var open, easyLeaks, normalLeaks int
	careless := 0 // easy's judgments of depth 1: its careless positions
	for i, mv := range g.Moves {
		if w, _ := p.Winner(); w != analyze.None {
			break
		}
		leaks, holds := 0, 0
		for _, m := range pousseTokens(g.Size) {
			if leaves(p, m) {
				leaks++
			} else {
				holds++
			}
		}
		if leaks > 0 && holds > 0 {
			open++
			for _, c := range []struct {
				opts  JudgeOptions
				count *int
			}{
				{JudgeOptions{Level: LevelEasy}, &easyLeaks},
				{JudgeOptions{Depth: 2}, &normalLeaks},
			} {
				j, err := p.Judge(ctx, c.opts)
				if err != nil {
					t.Fatal(err)
				}
				if c.count == &easyLeaks && j.Depth == 1 {
					careless++
				}
				if leaves(p, j.Best) {
					*c.count++
					if c.count == &easyLeaks && j.Depth > 1 {
						t.Errorf("easy left a win at once before move %d with a judgment of depth %d: only a careless position (depth 1) may", i+1, j.Depth)
					}
				}
			}
		}
		p.Play(mv.Dir(), mv.Line())
	}
	t.Logf("%d positions with a threat to parry: easy left it in %d (careless in %d), normal in %d", open, easyLeaks, careless, normalLeaks)
	if open < 20 {
		t.Fatalf("only %d positions with a threat to parry: the game no longer tests this", open)
	}
	if easyLeaks == 0 || easyLeaks > open/4 {
		t.Errorf("easy left a win at once in %d of %d positions, want 1 to %d", easyLeaks, open, open/4)
	}
	if normalLeaks != 0 {
		t.Errorf("normal left a win at once in %d of %d positions, want 0", normalLeaks, open)
	}
}

// leaves reports whether the move tok in p lets the opponent win at once
// (and does not win itself).
func leaves(p *Pousse, tok string) bool {
	q := p.Clone()
	me := q.ToMove()
	playTokens(q, tok)
	if w, _ := q.Winner(); w != analyze.None {
		return w != me
	}
	for _, r := range pousseTokens(p.N()) {
		qq := q.Clone()
		playTokens(qq, r)
		if w, _ := qq.Winner(); w != analyze.None && w != me {
			return true
		}
	}
	return false
}

// pousseTokens are the tokens of the 4N moves of an NxN board.
func pousseTokens(n int) []string {
	var toks []string
	for m := pousseMove(0); m < 32; m++ {
		if m.line() <= n {
			toks = append(toks, m.String())
		}
	}
	return toks
}
