package lsp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/internal/gen"
	"gamels/internal/textpos"
	"gamels/parse"
)

// TestAnalyzeFileEdits makes random edits of moves (one move changed, a
// move inserted or deleted, a QUIT deleted) in Pousse files of one long
// game and of many games, and checks that the analysis made from the
// previous one (reused games, replays resumed by PousseFrom) is the
// analysis made from scratch: every game's result, and hovers on random
// moves.
func TestAnalyzeFileEdits(t *testing.T) {
	files := map[string][]byte{
		"long": gen.Pousse(11, gen.PousseOptions{Games: 1, MinN: 7, MaxN: 7, MinMoves: 3000, MaxMoves: 3000}),
		"many": gen.Pousse(12, gen.PousseOptions{Games: 30, MinN: 3, MaxN: 12, MinMoves: 10, MaxMoves: 400}),
	}
	for name, text := range files {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, uint64(len(text))))
			for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
				cache := newGameCache()
				curT := textpos.FromBytes(text)
				analyzeFile(parse.Pousse, curT, rules, cache, nil)
				cur := text
				for edit := range 60 {
					next := editMoves(rng, cur)
					// The edited text as the server makes it: an Edit
					// of the previous one, sharing its untouched chunks.
					nextT := textpos.FromBytes(next)
					start, oldEnd, newEnd := textpos.Diff(curT, nextT)
					cur, curT = next, curT.Edit(start, oldEnd, next[start:newEnd])
					got := analyzeFile(parse.Pousse, curT, rules, cache, nil)
					want := analyzeFile(parse.Pousse, textpos.FromBytes(cur), rules, nil, nil)
					if len(got.games) != len(want.games) {
						t.Fatalf("edit %d: %d games, want %d", edit, len(got.games), len(want.games))
					}
					for i, wg := range want.games {
						gg := got.games[i]
						if diff := cmp.Diff(wg.result(), gg.result()); diff != "" {
							t.Fatalf("rules %v, edit %d, game %d: result (-fresh +edited):\n%s", rules, edit, i+1, diff)
						}
						for range 2 {
							if len(wg.game.Moves) == 0 {
								break
							}
							off := wg.game.MoveSpan(rng.IntN(len(wg.game.Moves))).Start
							a, _, _ := hoverText(textpos.FromBytes(cur), parse.Pousse, rules, gg, off)
							b, _, _ := hoverText(textpos.FromBytes(cur), parse.Pousse, rules, wg, off)
							if a != b {
								t.Fatalf("rules %v, edit %d, game %d: hover at %d:\n%s\nwant\n%s", rules, edit, i+1, off, a, b)
							}
						}
					}
				}
			}
		})
	}
}

// editMoves changes one move line of text: another move, a move inserted
// before it, the line deleted; now and then a QUIT is deleted.
func editMoves(rng *rand.Rand, text []byte) []byte {
	lines := bytes.SplitAfter(text, []byte("\n"))
	for {
		i := rng.IntN(len(lines))
		l := lines[i]
		if len(l) < 2 {
			continue
		}
		move := []byte{"LRTB"[rng.IntN(4)], byte('1' + rng.IntN(3)), '\n'}
		switch {
		case bytes.HasPrefix(l, []byte("QUIT")):
			if rng.IntN(10) != 0 {
				continue
			}
			lines = slices.Delete(lines, i, i+1)
		case !bytes.ContainsAny(l[:1], "LRTB"):
			continue
		default:
			switch rng.IntN(3) {
			case 0:
				lines[i] = move
			case 1:
				lines = slices.Insert(lines, i, move)
			case 2:
				lines = slices.Delete(lines, i, i+1)
			}
		}
		return bytes.Join(lines, nil)
	}
}

// TestWorkerPanicStack makes the engine panic in the analysis workers
// (a nil game) and checks that the panic reaches the waiting goroutine
// with the worker's stack, and that the snapshot's error keeps it and
// says what the panic said.
func TestWorkerPanicStack(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	games := []*parse.Game{nil, nil, nil}
	r := func() (r any) {
		defer func() { r = recover() }()
		analyzeGames(parse.Pousse, parse.RulesContest, games, make([]*gameAnalysis, len(games)), []int{0, 1, 2}, nil, nil)
		return nil
	}()
	wp, ok := r.(*workerPanic)
	if !ok {
		t.Fatalf("recovered %T %v, want a *workerPanic", r, r)
	}
	// The worker ran the engine; the goroutine that waited did not.
	if !strings.Contains(string(wp.stack), "lsp.runEngine") {
		t.Errorf("the stack is not the worker's:\n%s", wp.stack)
	}
	err := analysisPanic("file:///x.pousse", r)
	if want := fmt.Sprintf("internal error while analysing file:///x.pousse: %v", wp.value); err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if string(panicStack(err)) != string(wp.stack) {
		t.Errorf("the error's stack is not the worker's:\n%s", panicStack(err))
	}
}
