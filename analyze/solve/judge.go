package solve

import (
	"fmt"
	"math"
	"time"
)

// The judgment: beside the proofs (Solve), a heuristic search that
// values every position. It is negamax with alpha-beta, a principal
// variation search, iterative deepening under a time budget, a
// transposition table, killers and a history table, whose leaves are a
// static evaluation of the position (judge_pousse.go, judge_spot.go).
// A node's expansion and the move order are those of the proofs
// (pousseTree, spotTree, moveOrder).
// Proofs stay exact and apart: a result is Win or Loss only when every
// line of the searched tree reaches the end of the game by the rules
// (the evaluation is bounded below the scores of a proof, so it never
// makes one); everything else is an estimate.

// Level is how well the judgment plays.
type Level uint8

// The levels. Easy searches two plies, adds noise to its root moves'
// values and now and then overlooks the reply, so that a casual player
// beats it; Normal and Strong search as deep as their time allows
// (Strong's default time is longer).
const (
	LevelNormal Level = iota
	LevelEasy
	LevelStrong
)

// Levels are the levels' names, in the order the views list them.
var Levels = []string{"easy", "normal", "strong"}

// ParseLevel reads a level's name.
func ParseLevel(name string) (Level, bool) {
	switch name {
	case "easy":
		return LevelEasy, true
	case "normal", "":
		return LevelNormal, true
	case "strong":
		return LevelStrong, true
	}
	return 0, false
}

func (l Level) String() string {
	switch l {
	case LevelEasy:
		return "easy"
	case LevelStrong:
		return "strong"
	}
	return "normal"
}

// Time is the level's default thinking time a move.
func (l Level) Time() time.Duration {
	switch l {
	case LevelEasy:
		return 100 * time.Millisecond
	case LevelStrong:
		return 3 * time.Second
	}
	return time.Second
}

// easyDepth, easyNoise and easyCareless make the easy level: a two-ply
// search whose root values get uniform noise of up to easyNoise
// evaluation units (about a line of N-1 markers), seeded by the
// position; and in one Pousse position in easyCareless (by the same
// seed) a careless move, valued as the position looks after it, the
// reply unseen, so that a threat now and then goes unanswered.
const (
	easyDepth    = 2
	easyNoise    = 160
	easyCareless = 10
)

// JudgeOptions bound a judgment. Either Deadline or Nodes (or Depth)
// should be set: with none, the search deepens to MaxDepth.
type JudgeOptions struct {
	Level    Level
	Deadline time.Time // zero: none
	Nodes    int64     // node budget; 0: none
	// Depth caps the iterative deepening; 0 means MaxDepth.
	Depth int
	// TableBits is log2 of the table's slots; 0 means 18.
	TableBits int
}

func (o JudgeOptions) maxDepth() int {
	d := MaxDepth
	if o.Depth > 0 {
		d = min(o.Depth, MaxDepth)
	}
	if o.Level == LevelEasy {
		d = min(d, easyDepth)
	}
	return d
}

// Judgment is what the judgment says of a position.
type Judgment struct {
	// Proof and Plies, for the side to move: Win or Loss within Plies
	// plies when the searched tree proves it, else Unknown.
	Proof Proof
	Plies int
	// Best is the move the judgment plays, as a token; empty when the
	// game is over.
	Best string
	// Eval is the searched value for the side to move, in evaluation
	// units (Estimate's logistic); a proof gives ±EvalMate.
	Eval int
	// Estimate is X's expected score, from 0 (O wins) to 1 (X wins):
	// 1 or 0 when proven, else a logistic of the value (EstimateOf).
	Estimate float64
	// Depth is the deepest iteration completed; Nodes the positions
	// visited; PV the principal variation from the table, as tokens.
	Depth int
	Nodes int64
	PV    []string
}

// EvalMate is Judgment.Eval for a proven win (its negation a loss).
const EvalMate = int(mate)

// evalScale is the evaluation difference that moves the estimate from
// 50% to 73% (one unit of the logistic). Evaluations are clamped to
// ±evalMax, well below the scores of a proof.
const (
	evalScale = 250
	evalMax   = 4000
)

// EstimateOf returns X's expected score for a value v for the side to
// move, X when xToMove: 1/(1+e^(-v/evalScale)) for X. O(1).
func EstimateOf(v int, xToMove bool) float64 {
	if !xToMove {
		v = -v
	}
	if v >= EvalMate-maxPlies {
		return 1
	}
	if v <= -(EvalMate - maxPlies) {
		return 0
	}
	return 1 / (1 + math.Exp(-float64(v)/evalScale))
}

// FormatEstimate returns the estimate as people read it: "X 64%" when X
// is the likelier winner, "O 71%" when O is, with the side names of the
// game (X and O, or first and second). A proof reads as the proof does.
func FormatEstimate(e float64, x, o string) string {
	if e >= 0.5 {
		return fmt.Sprintf("%s %d%%", x, int(math.Round(e*100)))
	}
	return fmt.Sprintf("%s %d%%", o, int(math.Round((1-e)*100)))
}

// judgment fills a Judgment from a root value v for the side to move.
func judgment(v score, xToMove bool) Judgment {
	j := Judgment{Eval: int(v)}
	j.Proof, j.Plies = v.proof()
	j.Estimate = EstimateOf(int(v), xToMove)
	return j
}

// mix is a 64-bit mixer (splitmix64's finaliser), for the easy level's
// noise. O(1).
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// noise returns the easy level's noise for move m at a root of hash h,
// in [-easyNoise, easyNoise]. O(1).
func noise(h uint64, m int) score {
	return score(mix(h+uint64(m)*0x9e3779b97f4a7c15)%(2*easyNoise+1)) - easyNoise
}
