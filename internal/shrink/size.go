package shrink

import (
	"bytes"
	"strconv"

	"gamels/parse"
)

// project makes a smaller board of game g: it keeps the rows and the
// columns whose 0-based numbers are listed in keep (the same for both),
// numbered again from 1. A Pousse move along a line dropped goes, and so
// does a Spot move on a square dropped; a Spot game then keeps its first
// 2N moves, made up to 2N with toggles of square (1,1) when fewer are
// left. A PATH
// board keeps the cells of the rows and columns kept.
func project(kind parse.Kind, g game, keep []int) game {
	index := make([]int, g.n+1) // old 1-based number to new, 0 when dropped
	for i, k := range keep {
		index[k+1] = i + 1
	}
	ng := game{n: len(keep)}
	switch kind {
	case parse.Pousse:
		for _, m := range g.toks {
			line, err := strconv.Atoi(string(m[1:]))
			if err != nil || line < 1 || line > g.n || index[line] == 0 {
				continue
			}
			ng.toks = append(ng.toks, append([]byte{m[0]}, strconv.Itoa(index[line])...))
		}
	case parse.Spot:
		for _, m := range g.toks {
			f := bytes.Fields(m)
			if len(f) != 3 {
				continue
			}
			r, err1 := strconv.Atoi(string(f[0]))
			c, err2 := strconv.Atoi(string(f[1]))
			if err1 != nil || err2 != nil || r < 1 || r > g.n || c < 1 || c > g.n || index[r] == 0 || index[c] == 0 {
				continue
			}
			ng.toks = append(ng.toks, []byte(strconv.Itoa(index[r])+" "+strconv.Itoa(index[c])+" "+string(f[2])))
		}
		ng.toks = ng.toks[:min(len(ng.toks), 2*ng.n)]
		// Moves on the lines dropped go, and a game needs 2N: the rest
		// is made up of toggles of square (1,1), which a game that has
		// ended never plays.
		on := false
		for _, m := range ng.toks {
			if bytes.HasPrefix(m, []byte("1 1 ")) {
				on = m[len(m)-1] == '+'
			}
		}
		for len(ng.toks) < 2*ng.n && ng.n > 0 {
			on = !on
			ng.toks = append(ng.toks, []byte(map[bool]string{true: "1 1 +", false: "1 1 -"}[on]))
		}
	case parse.Path:
		for _, k := range keep {
			if k >= len(g.toks) {
				continue
			}
			row := make([]byte, 0, len(keep))
			for _, c := range keep {
				if c < len(g.toks[k]) {
					row = append(row, g.toks[k][c])
				}
			}
			ng.toks = append(ng.toks, row)
		}
	}
	return ng
}
