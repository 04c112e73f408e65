package analyze

import (
	"encoding/binary"
	"math/bits"

	"gamels/parse"
)

// This file holds the bit-parallel PATH engine: rows as bitmasks, flood
// fills a row at a time.

// pathBits is a row of squares, bit c (word c/64) for column c.
type pathBits [2]uint64

// pathBitsMax is the largest board the bitmasks hold.
const pathBitsMax = 128

// pathProp holds the propagators of a row's downward fill (towards
// column 0): p[k] has bit c set when squares c..c+2^(k+1)-1 are all in
// the row's mask, and steps is the number of them that are not zero.
type pathProp struct {
	p     [7]pathBits
	steps int
}

func (a pathBits) and(b pathBits) pathBits    { return pathBits{a[0] & b[0], a[1] & b[1]} }
func (a pathBits) or(b pathBits) pathBits     { return pathBits{a[0] | b[0], a[1] | b[1]} }
func (a pathBits) andNot(b pathBits) pathBits { return pathBits{a[0] &^ b[0], a[1] &^ b[1]} }
func (a pathBits) zero() bool                 { return a[0]|a[1] == 0 }

// shr shifts a towards column 0 by k, 0 < k < 64 or k == 64.
func (a pathBits) shr(k uint) pathBits {
	if k == 64 {
		return pathBits{a[1], 0}
	}
	return pathBits{a[0]>>k | a[1]<<(64-k), a[1] >> k}
}

// shl1 shifts a away from column 0 by one.
func (a pathBits) shl1() pathBits { return pathBits{a[0] << 1, a[1]<<1 | a[0]>>63} }

// newPathProp computes the propagators of mask m. O(log N).
func newPathProp(m pathBits) pathProp {
	var pp pathProp
	p := m
	for k := 0; k < len(pp.p) && !p.zero(); k++ {
		pp.p[k] = p
		pp.steps = k + 1
		p = p.and(p.shr(1 << k))
	}
	return pp
}

// pathFill returns the squares of m in a run (a maximal stretch of
// adjacent squares of m) that holds a square of x, x a subset of m. Away
// from column 0 the fill is one addition: the carry of m + x runs from
// each square of x to the end of its run. Towards column 0 it is a
// Kogge-Stone fill, doubling its reach each step, with as many steps as
// the longest run of m needs (pp.steps: log2 of its length). O(log N)
// word operations.
func pathFill(x, m pathBits, pp *pathProp) pathBits {
	lo, c := bits.Add64(m[0], x[0], 0)
	hi, _ := bits.Add64(m[1], x[1], c)
	f := pathBits{(lo^m[0])&m[0] | x[0], (hi^m[1])&m[1] | x[1]}
	for k := 0; k < pp.steps; k++ {
		f = f.or(pp.p[k].and(f.shr(1 << k)))
	}
	return f
}

// pathReach grows s, each row already closed under pathFill, to every
// square of m connected to it: sweeps down and up the board, each row
// taking the squares of m below (or above) the row before it, filled
// along the row when that adds any. It stops after a sweep that changes
// nothing and follows another. O(N) word operations per sweep; a sweep
// more for each time a path must turn back up or down.
func pathReach(s, m []pathBits, pp []pathProp) {
	n := len(s)
	for sweep := 0; ; sweep++ {
		changed := false
		if sweep%2 == 0 {
			for r := 1; r < n; r++ {
				if x := s[r-1].and(m[r]).andNot(s[r]); !x.zero() {
					s[r] = pathFill(s[r].or(x), m[r], &pp[r])
					changed = true
				}
			}
		} else {
			for r := n - 2; r >= 0; r-- {
				if x := s[r+1].and(m[r]).andNot(s[r]); !x.zero() {
					s[r] = pathFill(s[r].or(x), m[r], &pp[r])
					changed = true
				}
			}
		}
		if !changed && sweep > 0 {
			return
		}
	}
}

// pathNear returns the squares of row r that are in s or next to a
// square of s, within the low n columns. O(1).
func pathNear(s []pathBits, r int, full pathBits) pathBits {
	a := s[r]
	near := a.or(a.shl1()).or(a.shr(1))
	if r > 0 {
		near = near.or(s[r-1])
	}
	if r+1 < len(s) {
		near = near.or(s[r+1])
	}
	return near.and(full)
}

// pathRows sets the white, black and empty masks of the n x n board g
// (n <= pathBitsMax), and the propagators. Cells are W, B, U or
// parse.CellBad (0), as parse.Row promises: W is 0x57, B 0x42, U 0x55,
// so bit 0 of a cell is set for W and U, bit 1 for W and B. Eight cells
// are read at a time and each bit gathered from its byte by one
// multiplication. O(N²/8).
func (sc *pathScratch) pathRows(g *parse.Game, n int) {
	sc.white = pathGrow(sc.white, n)
	sc.black = pathGrow(sc.black, n)
	sc.empty = pathGrow(sc.empty, n)
	const ones, gather = 0x0101010101010101, 0x0102040810204080
	var buf [pathBitsMax + 8]byte
	for r := range n {
		var w, b, u pathBits
		if r < len(g.Rows) {
			cells := g.Rows[r].Cells
			if len(cells) > n {
				cells = cells[:n]
			}
			if len(cells)%8 != 0 {
				copy(buf[:], cells)
				clear(buf[len(cells) : len(cells)+8])
				cells = buf[:len(cells)+8-len(cells)%8]
			}
			for c := 0; c < len(cells); c += 8 {
				v := binary.LittleEndian.Uint64(cells[c:])
				b0 := (v & ones) * gather >> 56
				b1 := (v >> 1 & ones) * gather >> 56
				q, sh := c>>6, uint(c&63)
				w[q] |= (b0 & b1) << sh
				b[q] |= (b1 &^ b0) << sh
				u[q] |= (b0 &^ b1) << sh
			}
		}
		sc.white[r], sc.black[r], sc.empty[r] = w, b, u
	}
	for k, m := range [2][]pathBits{sc.white, sc.black} {
		sc.ks[k] = pathGrow(sc.ks[k], n)
		for r, row := range m {
			sc.ks[k][r] = newPathProp(row)
		}
	}
}

// bitParallel is the engine for boards of up to pathBitsMax squares a
// side: it sets the one-move lists and reports whether White or Black
// has a path. O(N) word operations per sweep of each of the four fills.
func (res *PathGame) bitParallel(sc *pathScratch, g *parse.Game, n int) (whiteWins, blackWins bool) {
	sc.pathRows(g, n)
	var full, first, last pathBits
	full = pathBits{uint64(1)<<uint(n) - 1, uint64(1)<<uint(max(n-64, 0)) - 1}
	first[0] = 1
	last[(n-1)>>6] = 1 << ((n - 1) & 63)
	for k := range sc.reach {
		sc.reach[k] = pathGrow(sc.reach[k], n)
		clear(sc.reach[k])
	}
	left, right, top, bottom := sc.reach[0], sc.reach[1], sc.reach[2], sc.reach[3]
	white, black := sc.white, sc.black
	for r := range n {
		left[r] = pathFill(white[r].and(first), white[r], &sc.ks[0][r])
		right[r] = pathFill(white[r].and(last), white[r], &sc.ks[0][r])
	}
	top[0], bottom[n-1] = black[0], black[n-1]
	pathReach(left, white, sc.ks[0])
	pathReach(right, white, sc.ks[0])
	pathReach(top, black, sc.ks[1])
	pathReach(bottom, black, sc.ks[1])
	for r := range n {
		whiteWins = whiteWins || !left[r].and(last).zero()
	}
	blackWins = !top[n-1].zero()

	// One-move wins, in row-major order.
	for r := range n {
		u := sc.empty[r]
		if u.zero() {
			continue
		}
		wi := u.and(pathNear(left, r, full).or(first)).and(pathNear(right, r, full).or(last))
		bl := pathNear(top, r, full)
		if r == 0 {
			bl = full
		}
		bb := pathNear(bottom, r, full)
		if r == n-1 {
			bb = full
		}
		bi := u.and(bl).and(bb)
		res.WhiteInOne = pathAppendCells(res.WhiteInOne, wi, r)
		res.BlackInOne = pathAppendCells(res.BlackInOne, bi, r)
	}
	return whiteWins, blackWins
}

// pathAppendCells appends the squares of row r (0-based) set in m, in
// column order.
func pathAppendCells(dst []Cell, m pathBits, r int) []Cell {
	for q, w := range m {
		for ; w != 0; w &= w - 1 {
			dst = append(dst, Cell{r + 1, q<<6 | bits.TrailingZeros64(w) + 1})
		}
	}
	return dst
}
