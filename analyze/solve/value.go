package solve

import "fmt"

// Proof is what a search proved for the side to move: a win, a loss,
// or nothing within its horizon. (analyze.Outcome is another thing: how a
// game played out under the rules.)
type Proof uint8

// The proofs. Unknown means no forced result within the depth searched
// (for Spot at the end of the game's 2N moves, also a draw).
const (
	Unknown Proof = iota
	Win
	Loss
)

func (o Proof) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "unknown"
}

// score is a search value from the side to move's point of view: mate - k
// for a forced win within k plies of the node, -(mate - k) for a forced
// loss within k plies, 0 for no forced result within the depth searched.
type score int32

const (
	mate score = 10000
	// inf bounds every score.
	inf score = mate + 1
	// maxPlies bounds the length of a line the search can prove.
	maxPlies = 128
)

// winIn and lossIn build the scores of a win and of a loss within k
// plies.
func winIn(k int) score  { return mate - score(k) }
func lossIn(k int) score { return -(mate - score(k)) }

// proof returns what a score proves and the length of the forced line it
// claims (0 when it claims none).
func (s score) proof() (Proof, int) {
	switch {
	case s > mate-maxPlies:
		return Win, int(mate - s)
	case s < -(mate - maxPlies):
		return Loss, int(mate + s)
	}
	return Unknown, 0
}

// within maps a score proven with a horizon of D plies to the score the
// same position has with a horizon of d <= D plies: a win or loss longer
// than d becomes no result. The map is monotone, so it carries bounds as
// well as exact values. O(1).
func (s score) within(d int) score {
	if o, k := s.proof(); o != Unknown && k > d {
		return 0
	}
	return s
}

// toNode converts a score relative to the root (distances counted from
// the root) to one relative to a node ply plies below it, and fromNode
// back: the transposition table keeps node-relative scores.
func (s score) toNode(ply int) score {
	switch o, _ := s.proof(); o {
	case Win:
		return s + score(ply)
	case Loss:
		return s - score(ply)
	}
	return s
}

func (s score) fromNode(ply int) score {
	switch o, _ := s.proof(); o {
	case Win:
		return s - score(ply)
	case Loss:
		return s + score(ply)
	}
	return s
}

func (s score) String() string {
	o, k := s.proof()
	if o == Unknown {
		return "no result"
	}
	return fmt.Sprintf("%s in %d", o, k)
}
