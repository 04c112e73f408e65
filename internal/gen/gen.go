// Package gen writes reproducible random inputs: the same seed gives the
// same bytes. Contest (contest.go) writes the inputs of gamels gen, in
// every layout, with a bias toward the cases solutions get wrong when
// asked; Pousse, Spot and Path write the large inputs of the benchmarks
// and property tests, and Ref* are the reference inputs of
// BENCHMARKS.md (gamels gen --ref).
package gen

import (
	"bytes"
	"math/rand/v2"
	"strconv"
)

// PousseOptions shape a generated Pousse file.
type PousseOptions struct {
	Games              int
	MinN, MaxN         int // board sizes, uniform
	MinMoves, MaxMoves int // moves per game, uniform
	Counted            bool
}

// Pousse writes Pousse games of uniformly random moves.
func Pousse(seed uint64, o PousseOptions) []byte {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var b bytes.Buffer
	if o.Counted {
		b.WriteString(strconv.Itoa(o.Games))
		b.WriteString("\n\n")
	}
	for g := 0; g < o.Games; g++ {
		if g > 0 && o.Counted {
			b.WriteByte('\n')
		}
		n := o.MinN + r.IntN(o.MaxN-o.MinN+1)
		b.WriteString(strconv.Itoa(n))
		b.WriteByte('\n')
		moves := o.MinMoves + r.IntN(o.MaxMoves-o.MinMoves+1)
		for i := 0; i < moves; i++ {
			b.WriteByte("LRTB"[r.IntN(4)])
			b.WriteString(strconv.Itoa(1 + r.IntN(n)))
			b.WriteByte('\n')
		}
		b.WriteString("QUIT\n")
	}
	return b.Bytes()
}

// SpotOptions shape a generated Spot file.
type SpotOptions struct {
	Games      int
	MinN, MaxN int
	Removals   float64 // the share of moves that remove a spot, when one can
}

// Spot writes Spot games of 2N random legal moves.
func Spot(seed uint64, o SpotOptions) []byte {
	r := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	var b bytes.Buffer
	for g := 0; g < o.Games; g++ {
		n := o.MinN + r.IntN(o.MaxN-o.MinN+1)
		b.WriteString(strconv.Itoa(n))
		b.WriteByte('\n')
		board := make([]bool, n*n)
		var on []int
		for i := 0; i < 2*n; i++ {
			add := len(on) == 0 || r.Float64() >= o.Removals
			var cell int
			if add {
				for {
					cell = r.IntN(n * n)
					if !board[cell] {
						break
					}
				}
				on = append(on, cell)
			} else {
				k := r.IntN(len(on))
				cell = on[k]
				on[k] = on[len(on)-1]
				on = on[:len(on)-1]
			}
			board[cell] = add
			b.WriteString(strconv.Itoa(cell/n + 1))
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(cell%n + 1))
			if add {
				b.WriteString(" +\n")
			} else {
				b.WriteString(" -\n")
			}
		}
	}
	b.WriteString("0\n")
	return b.Bytes()
}

// PathOptions shape a generated PATH file.
type PathOptions struct {
	Boards     int
	MinN, MaxN int
	// Unfilled lists the chances of a U cell; each board draws one of
	// them, and the other cells are W or B evenly.
	Unfilled []float64
}

// Path writes PATH boards.
func Path(seed uint64, o PathOptions) []byte {
	r := rand.New(rand.NewPCG(seed, 0xbf58476d1ce4e5b9))
	var b bytes.Buffer
	for g := 0; g < o.Boards; g++ {
		n := o.MinN + r.IntN(o.MaxN-o.MinN+1)
		pu := o.Unfilled[r.IntN(len(o.Unfilled))]
		b.WriteString(strconv.Itoa(n))
		b.WriteString("\n\n")
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				switch x := r.Float64(); {
				case x < pu:
					b.WriteByte('U')
				case x < pu+(1-pu)/2:
					b.WriteByte('W')
				default:
					b.WriteByte('B')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	b.WriteString("0\n")
	return b.Bytes()
}

// Reference inputs of the speed goals (BENCHMARKS.md): about 2.7 MB of
// Pousse, 2 MB of Spot and 1.2 MB of PATH.
var (
	RefPousse = PousseOptions{Games: 40, MinN: 60, MaxN: 100, MinMoves: 5000, MaxMoves: 30000, Counted: true}
	RefSpot   = SpotOptions{Games: 3000, MinN: 40, MaxN: 50, Removals: 0.3}
	RefPath   = PathOptions{Boards: 200, MinN: 70, MaxN: 80, Unfilled: []float64{0.05, 0.2, 0.5}}
)
