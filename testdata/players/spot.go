package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// spot is a Spot position: the N x N squares, and the patterns after
// every move so far, each under its smallest rotation.
type spot struct {
	n     int
	on    []bool // row-major
	plies int
	seen  map[string]bool
}

func newSpot(n int, words []string) *spot {
	s := &spot{n: n, on: make([]bool, n*n), seen: map[string]bool{}}
	if len(words)%3 != 0 {
		fatal(fmt.Errorf("the moves are not triples: %q", words))
	}
	for i := 0; i < len(words); i += 3 {
		r, err1 := strconv.Atoi(words[i])
		c, err2 := strconv.Atoi(words[i+1])
		if err1 != nil || err2 != nil || r < 1 || r > n || c < 1 || c > n {
			fatal(fmt.Errorf("bad move %q", words[i:i+3]))
		}
		s.toggle(r-1, c-1)
		s.seen[s.key()] = true
		s.plies++
	}
	return s
}

func (s *spot) ownMoves() int { return s.plies / 2 }

func (s *spot) toggle(r, c int) { s.on[r*s.n+c] = !s.on[r*s.n+c] }

// key returns the pattern under its smallest rotation.
func (s *spot) key() string {
	n := s.n
	best := ""
	for k := range 4 {
		b := make([]byte, n*n)
		for r := range n {
			for c := range n {
				// square (r, c) turned k quarter turns clockwise
				rr, cc := r, c
				for range k {
					rr, cc = cc, n-1-rr
				}
				if s.on[r*n+c] {
					b[rr*n+cc] = '1'
				} else {
					b[rr*n+cc] = '0'
				}
			}
		}
		if k == 0 || string(b) < best {
			best = string(b)
		}
	}
	return best
}

func (s *spot) move(r, c int) string {
	sign := "+"
	if s.on[r*s.n+c] {
		sign = "-"
	}
	return fmt.Sprintf("%d %d %s", r+1, c+1, sign)
}

func (s *spot) random(rng *rand.Rand) string {
	k := rng.IntN(s.n * s.n)
	return s.move(k/s.n, k%s.n)
}

// repeats reports whether toggling square k repeats a pattern.
func (s *spot) repeats(k int) bool {
	s.on[k] = !s.on[k]
	defer func() { s.on[k] = !s.on[k] }()
	return s.seen[s.key()]
}

func (s *spot) greedy(rng *rand.Rand, lookahead bool) string {
	var wins, alive []int
	last := s.plies+1 == 2*s.n
	for k := range s.n * s.n {
		if s.repeats(k) {
			continue
		}
		alive = append(alive, k)
		if last {
			continue
		}
		// Does every reply repeat a pattern?
		s.on[k] = !s.on[k]
		s.seen[s.key()] = true
		forced := true
		for j := range s.n * s.n {
			if !s.repeats(j) {
				forced = false
				break
			}
		}
		delete(s.seen, s.key())
		s.on[k] = !s.on[k]
		if forced {
			wins = append(wins, k)
		}
	}
	pool := wins
	if len(pool) == 0 {
		pool = alive
	}
	if len(pool) == 0 {
		return s.random(rng)
	}
	k := pool[rng.IntN(len(pool))]
	return s.move(k/s.n, k%s.n)
}
