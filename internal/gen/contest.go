package gen

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"strconv"
)

// Options shape an input written by Contest, as gamels gen's flags do.
type Options struct {
	Games int
	MaxN  int // the largest board; sizes are drawn from the game's smallest up to it
	// Counted chooses the UVa 844 layout of Pousse (a count line
	// first); otherwise games follow each other (Waterloo/ZOJ).
	Counted bool
	// ICFP biases Pousse games toward what the icfp rules judge: with
	// Edge, games that repeat a state.
	ICFP bool
	// Edge biases every game toward the cases solutions get wrong:
	// markers pushed off the board, straights for both sides at once,
	// icfp repetitions; Spot patterns that repeat only under rotation;
	// PATH wins in one move at a corner, boards of size 1.
	Edge bool
	// MinN is the smallest board drawn, when above the game's own (0:
	// the game's smallest); Edge's small boards are then no smaller.
	MinN int
	// Noise writes the same games with what the format lets a reader
	// meet besides tokens: trailing blanks, CRLF line ends, blank lines,
	// tabs and runs of blanks between tokens (see noise.go). It draws
	// from its own random source: the games are those of the same seed
	// without Noise.
	Noise bool
}

// Kinds of input Contest writes: strings, as gen cannot import parse
// (parse's tests import gen).
const (
	KindPousse = "pousse"
	KindSpot   = "spot"
	KindPath   = "path"
)

// Contest returns a contest input of the named kind: the same bytes for
// the same seed and options. It panics on an unknown kind.
func Contest(kind string, seed uint64, o Options) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	WriteContest(w, kind, seed, o)
	w.Flush()
	return b.Bytes()
}

// WriteContest writes what Contest returns to w, as it goes: its memory
// does not grow with the input's size. The error is w's first.
func WriteContest(w *bufio.Writer, kind string, seed uint64, o Options) error {
	o.Games = max(o.Games, 0)
	g := &contestGen{r: rand.New(rand.NewPCG(seed, 0x94d049bb133111eb)), o: o, b: w}
	if o.Noise {
		g.b = bufio.NewWriterSize(newNoise(w, seed), 4096)
	}
	switch kind {
	case KindPousse:
		g.pousse()
	case KindSpot:
		g.spot()
	case KindPath:
		g.path()
	default:
		panic("gen: unknown kind " + kind)
	}
	if err := g.b.Flush(); err != nil {
		return err
	}
	return w.Flush()
}

type contestGen struct {
	r *rand.Rand
	o Options
	b *bufio.Writer
}

// size draws a board size in [lo, max(lo, MaxN)], lo raised to MinN.
func (g *contestGen) size(lo int) int {
	lo = max(lo, g.o.MinN)
	hi := max(lo, g.o.MaxN)
	if g.o.Edge && g.r.IntN(4) == 0 {
		return lo + g.r.IntN(min(hi-lo+1, 3)) // small boards hold the corner cases
	}
	return lo + g.r.IntN(hi-lo+1)
}

func (g *contestGen) num(n int) {
	g.b.WriteString(strconv.Itoa(n))
}

func (g *contestGen) pousse() {
	if g.o.Counted {
		g.num(g.o.Games)
		g.b.WriteString("\n\n")
	}
	for i := 0; i < g.o.Games && !g.failed(); i++ {
		if i > 0 && g.o.Counted {
			g.b.WriteByte('\n')
		}
		n := g.size(1)
		g.num(n)
		g.b.WriteByte('\n')
		moves := 1 + g.r.IntN(2*n*n+2)
		// The moves so far: an edge game repeats or undoes them.
		var dirs []byte
		var lines []int
		for k := 0; k < moves; k++ {
			d, ln := "LRTB"[g.r.IntN(4)], 1+g.r.IntN(n)
			if g.o.Edge && k >= 2 {
				switch x := g.r.IntN(10); {
				case x < 3 && (g.o.ICFP || x == 0):
					// Push back along the line pushed two plies ago: the
					// mover may recreate its own earlier state.
					d, ln = opposite(dirs[k-2]), lines[k-2]
				case x < 6:
					// The same line again: it fills, then pushes off.
					d, ln = dirs[k-1], lines[k-1]
				case x < 7:
					// Across the last line: straights for both at once.
					d, ln = cross(dirs[k-1]), lines[k-1]
				}
			}
			dirs, lines = append(dirs, d), append(lines, ln)
			g.b.WriteByte(d)
			g.num(ln)
			g.b.WriteByte('\n')
		}
		g.b.WriteString("QUIT\n")
	}
}

func opposite(d byte) byte {
	switch d {
	case 'L':
		return 'R'
	case 'R':
		return 'L'
	case 'T':
		return 'B'
	}
	return 'T'
}

func cross(d byte) byte {
	switch d {
	case 'L', 'R':
		return 'T'
	}
	return 'L'
}

func (g *contestGen) spot() {
	for i := 0; i < g.o.Games && !g.failed(); i++ {
		n := g.size(2)
		g.num(n)
		g.b.WriteByte('\n')
		on := make([]bool, n*n)
		var spots []int
		add := func(c int) {
			on[c] = true
			spots = append(spots, c)
		}
		remove := func(k int) int {
			c := spots[k]
			on[c] = false
			spots[k] = spots[len(spots)-1]
			spots = spots[:len(spots)-1]
			return c
		}
		var rotated = -1 // an edge game's pending rotated image
		for k := 0; k < 2*n; k++ {
			var c int
			plus := true
			switch {
			case rotated >= 0 && !on[rotated]:
				c, rotated = rotated, -1
				add(c)
			case len(spots) > 0 && g.r.IntN(10) < 3:
				// Remove a spot; an edge game then adds its image
				// turned a quarter: the pattern may recur only rotated.
				c = remove(g.r.IntN(len(spots)))
				plus = false
				if g.o.Edge && g.r.IntN(2) == 0 {
					r, col := c/n, c%n
					rotated = col*n + (n - 1 - r)
				}
			default:
				rotated = -1
				for {
					c = g.r.IntN(n * n)
					if !on[c] {
						break
					}
				}
				add(c)
			}
			g.num(c/n + 1)
			g.b.WriteByte(' ')
			g.num(c%n + 1)
			if plus {
				g.b.WriteString(" +\n")
			} else {
				g.b.WriteString(" -\n")
			}
		}
	}
	g.b.WriteString("0\n")
}

func (g *contestGen) path() {
	for i := 0; i < g.o.Games && !g.failed(); i++ {
		if i > 0 {
			g.b.WriteByte('\n')
		}
		n := g.size(1)
		cells := make([]byte, n*n)
		pu := []float64{0.05, 0.2, 0.5}[g.r.IntN(3)]
		for k := range cells {
			switch x := g.r.Float64(); {
			case x < pu:
				cells[k] = 'U'
			case x < pu+(1-pu)/2:
				cells[k] = 'W'
			default:
				cells[k] = 'B'
			}
		}
		switch {
		case g.o.Edge && n > 1 && g.r.IntN(2) == 0:
			g.cornerInOne(cells, n)
		case n > 1 && g.r.IntN(4) != 0:
			g.planted(cells, n)
		}
		g.num(n)
		g.b.WriteString("\n\n")
		for r := 0; r < n; r++ {
			g.b.Write(cells[r*n : (r+1)*n])
			g.b.WriteByte('\n')
		}
	}
	g.b.WriteString("0\n")
}

// planted lays a path across the board, for White (left to right) or
// Black (top to bottom), over the random cells, and then may empty one
// or two of its cells: a random board of some size rarely holds a path
// or a win in one move, and the verdicts a solution must tell apart
// are those.
func (g *contestGen) planted(cells []byte, n int) {
	white := g.r.IntN(2) == 0
	c := byte('B')
	if white {
		c = 'W'
	}
	// at maps the path's (along, across) to a cell: along runs from one
	// side to the other.
	at := func(along, across int) int {
		if white {
			return across*n + along
		}
		return along*n + across
	}
	var path []int
	across := g.r.IntN(n)
	for along := 0; along < n; along++ {
		path = append(path, at(along, across))
		if along == n-1 {
			break
		}
		to := min(max(across+g.r.IntN(5)-2, 0), n-1)
		for across != to {
			if across < to {
				across++
			} else {
				across--
			}
			path = append(path, at(along, across))
		}
	}
	for _, k := range path {
		cells[k] = c
	}
	for range g.r.IntN(3) { // 0: a path; 1: a win in one, most often; 2: often neither
		cells[path[g.r.IntN(len(path))]] = 'U'
	}
}

// cornerInOne makes a board one of whose sides wins in one move, at a
// corner only. White: a top or bottom row of W but for an empty corner,
// no other W (Black, cut off by the row, has no path). Black: a left or
// right column of B but for an empty corner, every other cell empty (no
// single W joins the two sides).
func (g *contestGen) cornerInOne(cells []byte, n int) {
	white := g.r.IntN(2) == 0
	for k, c := range cells {
		switch {
		case !white:
			cells[k] = 'U'
		case c == 'W':
			cells[k] = 'B'
		}
	}
	edge := g.r.IntN(2) * (n - 1)   // which edge line
	corner := g.r.IntN(2) * (n - 1) // which end of it
	for j := 0; j < n; j++ {
		at, c := edge*n+j, byte('W') // a row, for White
		if !white {
			at, c = j*n+edge, 'B' // a column, for Black
		}
		cells[at] = c
		if j == corner {
			cells[at] = 'U'
		}
	}
}

// failed reports whether a write has failed: generating more is useless.
func (g *contestGen) failed() bool {
	_, err := g.b.Write(nil) // the writer's sticky error
	return err != nil
}
