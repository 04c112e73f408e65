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

// pathFill returns the squares of m in a run (a maximal stretch of
// adjacent squares of m) that holds a square of x, x a subset of m. Away
// from column 0 the fill is one addition: the carry of m + x runs from
// each square of x to the end of its run. Towards column 0 it is a
// Kogge-Stone fill, doubling its reach each step while m has runs that
// long: log2 of the longest run's length steps. O(log N) word
// operations.
func pathFill(x, m pathBits) pathBits {
	f := pathFillUp(x, m)
	// Steps of 1, 2 and 4 squares unrolled (most runs are short), then
	// longer ones while runs that long remain.
	f0, f1, p0, p1 := f[0], f[1], m[0], m[1]
	f0 |= p0 & (f0>>1 | f1<<63)
	f1 |= p1 & (f1 >> 1)
	p0 &= p0>>1 | p1<<63
	p1 &= p1 >> 1
	f0 |= p0 & (f0>>2 | f1<<62)
	f1 |= p1 & (f1 >> 2)
	p0 &= p0>>2 | p1<<62
	p1 &= p1 >> 2
	f0 |= p0 & (f0>>4 | f1<<60)
	f1 |= p1 & (f1 >> 4)
	p0 &= p0>>4 | p1<<60
	p1 &= p1 >> 4
	f = pathBits{f0, f1}
	p := pathBits{p0, p1}
	for k := uint(8); k <= 64 && !p.zero(); k <<= 1 {
		f = f.or(p.and(f.shr(k)))
		p = p.and(p.shr(k))
	}
	return f
}

// pathFillUp is the part of pathFill away from column 0. O(1).
func pathFillUp(x, m pathBits) pathBits {
	lo, c := bits.Add64(m[0], x[0], 0)
	hi, _ := bits.Add64(m[1], x[1], c)
	return pathBits{(lo^m[0])&m[0] | x[0], (hi^m[1])&m[1] | x[1]}
}

// pathTopRun returns the run of m that holds square top, or nothing when
// m does not. full has the squares of the row. O(1).
func pathTopRun(m, full pathBits, top int) pathBits {
	if m[top>>6]>>(top&63)&1 == 0 {
		return pathBits{}
	}
	walls := full.andNot(m)
	h := -1 // the last square not in m
	if walls[1] != 0 {
		h = 127 - bits.LeadingZeros64(walls[1])
	} else if walls[0] != 0 {
		h = 63 - bits.LeadingZeros64(walls[0])
	}
	b := h + 1 // the run is squares b..top
	return m.andNot(pathBits{uint64(1)<<uint(b) - 1, uint64(1)<<uint(max(b-64, 0)) - 1})
}

// pathReach grows s, each row already closed under pathFill, to every
// square of m connected to it: sweeps down and up the board, each row
// taking the squares of m below (or above) the row before it, filled
// along the row when that adds any. It stops after a sweep that changes
// nothing and follows another. O(N) word operations per sweep; a sweep
// more for each time a path must turn back up or down.
func pathReach(s, m []pathBits) {
	n := len(s)
	for sweep := 0; ; sweep++ {
		changed := false
		if sweep%2 == 0 {
			for r := 1; r < n; r++ {
				if x := s[r-1].and(m[r]).andNot(s[r]); !x.zero() {
					s[r] = pathFill(s[r].or(x), m[r])
					changed = true
				}
			}
		} else {
			for r := n - 2; r >= 0; r-- {
				if x := s[r+1].and(m[r]).andNot(s[r]); !x.zero() {
					s[r] = pathFill(s[r].or(x), m[r])
					changed = true
				}
			}
		}
		if !changed && sweep > 0 {
			return
		}
	}
}

// pathNear returns the squares in row a or next to one of its squares,
// given the rows above and below: squares past the board's edge may be
// set, but the callers mask with U squares, which are on the board.
// O(1).
func pathNear(a, above, below pathBits) pathBits {
	return pathBits{
		a[0] | a[0]<<1 | a[0]>>1 | a[1]<<63 | above[0] | below[0],
		a[1] | a[1]<<1 | a[0]>>63 | a[1]>>1 | above[1] | below[1],
	}
}

// pathRows sets the white, black and empty masks of the n x n board g
// (n <= pathBitsMax). Cells are W, B, U or
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
		left[r] = pathFillUp(white[r].and(first), white[r])
		right[r] = pathTopRun(white[r], full, n-1)
	}
	top[0], bottom[n-1] = black[0], black[n-1]
	pathReach(left, white)
	pathReach(right, white)
	pathReach(top, black)
	pathReach(bottom, black)
	for r := range n {
		whiteWins = whiteWins || !left[r].and(last).zero()
	}
	blackWins = !top[n-1].zero()

	// One-move wins, in row-major order: U squares on or next to both
	// edge sets of a colour (or on the edge itself).
	for r := range n {
		u := sc.empty[r]
		if u.zero() {
			continue
		}
		var above, below [4]pathBits
		if r > 0 {
			above = [4]pathBits{left[r-1], right[r-1], top[r-1], bottom[r-1]}
		}
		if r+1 < n {
			below = [4]pathBits{left[r+1], right[r+1], top[r+1], bottom[r+1]}
		}
		l := pathNear(left[r], above[0], below[0]).or(first)
		rt := pathNear(right[r], above[1], below[1]).or(last)
		wi := u.and(l).and(rt)
		t := pathNear(top[r], above[2], below[2])
		if r == 0 {
			t = full
		}
		bt := pathNear(bottom[r], above[3], below[3])
		if r == n-1 {
			bt = full
		}
		res.WhiteInOne = pathAppendCells(res.WhiteInOne, wi, r)
		res.BlackInOne = pathAppendCells(res.BlackInOne, u.and(t).and(bt), r)
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
