package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// pousse is a Pousse position, kept as plainly as the rules read: an
// N x N grid of 0, 'X' and 'O'.
type pousse struct {
	n     int
	cells []byte // row-major
	plies int
	icfp  bool
	// seen[c] holds the states (cells) that colour c produced, for the
	// icfp repetition rule.
	seen map[byte]map[string]bool
}

func newPousse(n int, moves []string, icfp bool) *pousse {
	p := &pousse{n: n, cells: make([]byte, n*n), icfp: icfp, seen: map[byte]map[string]bool{'X': {}, 'O': {}}}
	for _, m := range moves {
		p.play(m)
	}
	return p
}

func (p *pousse) toMove() byte {
	if p.plies%2 == 0 {
		return 'X'
	}
	return 'O'
}

func other(c byte) byte { return 'X' + 'O' - c }

func (p *pousse) ownMoves() int { return p.plies / 2 }

func (p *pousse) clone() *pousse {
	c := *p
	c.cells = append([]byte(nil), p.cells...)
	return &c
}

// moves returns the 4N moves.
func (p *pousse) moves() []string {
	var out []string
	for _, d := range "LRTB" {
		for i := 1; i <= p.n; i++ {
			out = append(out, string(d)+strconv.Itoa(i))
		}
	}
	return out
}

// square returns the index in cells of square k (from 0) of the line
// of move m, counted from the side it enters.
func (p *pousse) square(dir byte, line, k int) int {
	n, i := p.n, line-1
	switch dir {
	case 'L':
		return i*n + k
	case 'R':
		return i*n + n - 1 - k
	case 'T':
		return k*n + i
	}
	return (n-1-k)*n + i
}

// play plays the move m for the player to move and records the state
// it made.
func (p *pousse) play(m string) {
	dir := m[0]
	line, err := strconv.Atoi(m[1:])
	if err != nil || line < 1 || line > p.n {
		fatal(fmt.Errorf("bad move %q", m))
	}
	who := p.toMove()
	end := p.n - 1 // the first empty square, or the last one, whose marker falls off
	for k := 0; k < p.n; k++ {
		if p.cells[p.square(dir, line, k)] == 0 {
			end = k
			break
		}
	}
	for k := end; k > 0; k-- {
		p.cells[p.square(dir, line, k)] = p.cells[p.square(dir, line, k-1)]
	}
	p.cells[p.square(dir, line, 0)] = who
	p.plies++
	p.seen[who][string(p.cells)] = true
}

// straights counts the rows and columns of one colour.
func (p *pousse) straights() (x, o int) {
	n := p.n
	for i := range n {
		for _, col := range []bool{false, true} {
			first := p.cells[i*n]
			if col {
				first = p.cells[i]
			}
			same := first != 0
			for k := 1; k < n && same; k++ {
				c := p.cells[i*n+k]
				if col {
					c = p.cells[k*n+i]
				}
				same = c == first
			}
			if same && first == 'X' {
				x++
			} else if same {
				o++
			}
		}
	}
	return x, o
}

// after returns the winner when the player to move plays m (0 when the
// game goes on), and the position then.
func (p *pousse) after(m string) (byte, *pousse) {
	q := p.clone()
	who := q.toMove()
	repeat := q.icfp && q.seen[who][string(q.next(m))]
	q.seen = map[byte]map[string]bool{who: {}, other(who): p.seen[other(who)]} // only the opponent's, for its reply
	q.play(m)
	x, o := q.straights()
	switch {
	case x > o:
		return 'X', q
	case o > x:
		return 'O', q
	case repeat:
		return other(who), q
	}
	return 0, q
}

// next returns the cells after m, without playing it.
func (p *pousse) next(m string) []byte {
	q := p.clone()
	q.seen = map[byte]map[string]bool{'X': {}, 'O': {}}
	q.play(m)
	return q.cells
}

func (p *pousse) random(rng *rand.Rand) string {
	ms := p.moves()
	return ms[rng.IntN(len(ms))]
}

// nearly counts the rows and columns holding N-1 markers of colour c.
func (p *pousse) nearly(c byte) int {
	n, count := p.n, 0
	for i := range n {
		r, k := 0, 0
		for j := range n {
			if p.cells[i*n+j] == c {
				r++
			}
			if p.cells[j*n+i] == c {
				k++
			}
		}
		if r == n-1 {
			count++
		}
		if k == n-1 {
			count++
		}
	}
	return count
}

func (p *pousse) greedy(rng *rand.Rand, lookahead bool) string {
	me := p.toMove()
	var wins, safe, alive []string
	near := map[string]int{}
	for _, m := range p.moves() {
		w, q := p.after(m)
		if w == me {
			wins = append(wins, m)
			continue
		}
		if w != 0 {
			continue // hands the opponent the win
		}
		alive = append(alive, m)
		near[m] = q.nearly(me)
		lost := false
		for _, r := range q.moves() {
			if w, _ := q.after(r); w == other(me) {
				lost = true
				break
			}
		}
		if !lost {
			safe = append(safe, m)
		}
	}
	pool := wins
	switch {
	case len(pool) > 0:
	case len(safe) > 0:
		pool = safe
	case len(alive) > 0:
		pool = alive
	default:
		return p.random(rng)
	}
	if lookahead && len(wins) == 0 {
		best := -1
		var top []string
		for _, m := range pool {
			switch {
			case near[m] > best:
				best, top = near[m], []string{m}
			case near[m] == best:
				top = append(top, m)
			}
		}
		pool = top
	}
	return pool[rng.IntN(len(pool))]
}
