package analyze

import (
	"math/rand/v2"
	"testing"

	"gamels/parse"
)

// TestPousseLiveAgainstPousse plays random games one move at a time and
// checks, after every move, that the live result is the replay's of the
// moves so far: the same end, winner, reason and earlier state, under
// both rule sets, on boards small (many repetitions from few distinct
// moves) and large (checkpoints confirm the repetitions).
func TestPousseLiveAgainstPousse(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1998))
	ended := map[Reason]int{}
	for round := range 200 {
		n := []int{1, 2, 3, 4, 5, 6, 8, 13, 40, 100}[round%10]
		few := 0
		if round%3 == 0 {
			few = 3
		}
		moves := randomPousseMoves(rng, n, rng.IntN(600)+1, few)
		for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
			live := NewPousseLive(n, rules)
			for i, mv := range moves {
				got := *live.Play(mv)
				want := Pousse(&parse.Game{Size: n, Moves: moves[:i+1]}, rules).Result
				if !sameResult(got, want) {
					t.Fatalf("n=%d %v, after move %d: live %+v, replay %+v", n, rules, i+1, got, want)
				}
				if got.End >= 0 {
					ended[got.Reason]++
					if again := *live.Play(mv); again.End != got.End || live.Moves() != i+1 {
						t.Fatalf("a move after the end was played: %+v, %d moves", again, live.Moves())
					}
					break
				}
			}
		}
	}
	if ended[ReasonStraights] == 0 || ended[ReasonRepetition] < 20 {
		t.Errorf("the random games ended too rarely to test much: %v", ended)
	}
	if NewPousseLive(0, parse.RulesContest) != nil || NewPousseLive(parse.PousseMaxN+1, parse.RulesICFP) != nil {
		t.Error("NewPousseLive took a size out of range")
	}
}

func sameResult(a, b Result) bool {
	return a.Verdict == b.Verdict && a.Finished == b.Finished && a.End == b.End && a.Winner == b.Winner &&
		a.Reason == b.Reason && a.Earlier == b.Earlier && a.Rotation == b.Rotation && len(a.Issues) == len(b.Issues)
}
