package lsp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/uri"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/internal/format"
	"gamels/parse"
)

// TestPlayRandomGames plays 1000 random games (a seeded generator) from
// a new game through gamels/play, the edit of each move applied as a
// client would and sent back as a change, sometimes going back to an
// earlier move and replacing the rest. Each text written is canonical
// (format finds nothing to change), and each game is judged as the
// moves played say: its winner is that of the same moves replayed by
// the search's own engine (analyze/solve), which shares no code with
// the replay the server judges by.
func TestPlayRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	rng := rand.New(rand.NewPCG(24, 1998))
	c := startServer(t, nil)
	c.initialize(nil, "")
	ended, replaced := 0, 0
	defer func() {
		// The generator must reach the refusals and the replacements.
		if !t.Failed() && (ended < games/10 || replaced < games/10) {
			t.Errorf("%d games ended, %d moves replaced the rest: too few to test them", ended, replaced)
		}
	}()
	for i := range games {
		kind := []parse.Kind{parse.Pousse, parse.Spot}[i%2]
		eol := []string{"\n", "\r\n"}[rng.IntN(2)]
		var n int
		var text string
		if kind == parse.Pousse {
			n = 1 + rng.IntN(5)
			text = fmt.Sprintf("%d%sQUIT%s", n, eol, eol)
		} else {
			n = 2 + rng.IntN(3)
			text = fmt.Sprintf("%d%s%s0%s", n, eol, eol, eol)
		}
		u := uri.URI(fmt.Sprintf("file:///random%d.%s", i, kind))
		c.open(u, 1, text)
		v := int32(1)
		var played []parse.Move
		for step := 0; step < 4*n; step++ {
			k := len(played)
			replace := false
			if k > 0 && rng.IntN(6) == 0 {
				k, replace = rng.IntN(k), true
			}
			params := map[string]any{"textDocument": map[string]any{"uri": u, "version": v}, "game": 1, "move": k, "replaceRest": replace}
			var mv parse.Move
			if kind == parse.Pousse {
				mv = parse.PousseMove("LRTB"[rng.IntN(4)], 1+rng.IntN(n))
				params["slot"] = moveToken(mv)
			} else {
				params["cell"] = map[string]int{"row": 1 + rng.IntN(n), "col": 1 + rng.IntN(n)}
			}
			var res playResult
			err := c.playCall(PlayMethod, params, &res)
			var je *jsonrpc2.Error
			if errors.As(err, &je) && (strings.Contains(je.Message, "the game ended") || strings.Contains(je.Message, "has all its")) {
				ended++
				break
			}
			if err != nil {
				t.Fatalf("game %d, move %d after %d: %v\n%s", i, step, k, err, text)
			}
			text = applyPlay(t, text, u, v, res.Edit)
			dc := res.Edit.DocumentChanges[0].Edits[0]
			v++
			c.change(u, v, partial(dc.Range, dc.NewText))
			mv = parseOne(t, kind, res.Text)
			if replace {
				replaced++
			}
			played = append(played[:k], mv)
		}
		c.closeDoc(u)

		if out, err := format.Source(kind, []byte(text)); err != nil || string(out) != text {
			t.Fatalf("game %d is not canonical (%v):\n%q\nfmt:\n%q", i, err, text, out)
		}
		f := parse.Parse(kind, []byte(text))
		if len(f.Games) != 1 || len(f.Games[0].Moves) != len(played) {
			t.Fatalf("game %d: %d games, want 1 with the %d moves played:\n%s", i, len(f.Games), len(played), text)
		}
		for j, mv := range played {
			if !f.Games[0].Moves[j].Same(mv) {
				t.Fatalf("game %d: move %d is %s, played %s", i, j+1, moveToken(f.Games[0].Moves[j]), moveToken(mv))
			}
		}
		want := referenceWinner(t, kind, n, played)
		var got analyze.Player
		if kind == parse.Pousse {
			got = analyze.Pousse(f.Games[0], parse.RulesContest).Winner
		} else {
			got = analyze.Spot(f.Games[0]).Winner
		}
		if got != want {
			t.Fatalf("game %d judged %v, the moves say %v:\n%s", i, got, want, text)
		}
	}
}

// parseOne reads one move as written by gamels/play.
func parseOne(t *testing.T, kind parse.Kind, tok string) parse.Move {
	t.Helper()
	src := "100\n" + tok + "\nQUIT\n"
	if kind == parse.Spot {
		src = "9\n" + tok + "\n0\n"
	}
	f := parse.Parse(kind, []byte(src))
	if len(f.Games) != 1 || len(f.Games[0].Moves) != 1 {
		t.Fatalf("move %q does not parse", tok)
	}
	return f.Games[0].Moves[0]
}

// referenceWinner replays moves with the search's engine.
func referenceWinner(t *testing.T, kind parse.Kind, n int, moves []parse.Move) analyze.Player {
	t.Helper()
	if kind == parse.Pousse {
		p, err := solve.NewPousse(n, parse.RulesContest)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range moves {
			p.Play(mv.Dir(), mv.Line())
		}
		w, _ := p.Winner()
		return w
	}
	s, err := solve.NewSpot(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		s.Play(mv.Row(), mv.Col(), mv.Add())
	}
	return s.Winner()
}
