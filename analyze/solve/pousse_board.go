package solve

import "math/bits"

// pousseBoard is a Pousse position of up to 8 x 8: one bit per square and
// colour, square (r, c) (0-based) at bit 8r+c whatever the board size,
// so that a row is a byte and a column a stride-8 comb. A move is a few
// word operations, and a position is copied rather than undone.
type pousseBoard struct {
	x, o uint64
}

// pousseGeom is what depends on the board size only: the masks of the rows
// and columns.
type pousseGeom struct {
	n          int
	rows, cols [8]uint64
	all        uint64
	// rowLSB has bit 0 of each row's byte, colLSB bit c of row 0 for
	// each column c.
	rowLSB, colLSB uint64
}

// pousseMaxN is the largest board the search takes: 8 rows of 8 bits
// in a uint64.
const pousseMaxN = MaxN

func newPousseGeom(n int) *pousseGeom {
	g := &pousseGeom{n: n}
	for i := range n {
		g.rows[i] = (1<<n - 1) << (8 * i)
		for r := range n {
			g.cols[i] |= 1 << (8*r + i)
		}
		g.all |= g.rows[i]
		g.rowLSB |= 1 << (8 * i)
		g.colLSB |= 1 << i
	}
	return g
}

// pousseMove is a Pousse move: dir<<3 | line, dir 0..3 for L, R, T, B and
// line 0-based.
type pousseMove uint8

const pousseDirs = "LRTB"

func newPousseMove(dir byte, line int) pousseMove {
	for d := range 4 {
		if pousseDirs[d] == dir {
			return pousseMove(d<<3 | (line - 1))
		}
	}
	panic("solve: bad Pousse direction")
}

func (m pousseMove) dir() byte { return pousseDirs[m>>3] }
func (m pousseMove) line() int { return int(m&7) + 1 }

// String is the move's token, such as "R3".
func (m pousseMove) String() string {
	return string([]byte{m.dir(), byte('0' + m.line())})
}

// apply returns the position after mover (1 for X, 2 for O) plays m. The
// run pushed is found with one bit scan of the line's empty squares; the
// run then moves with one shift per colour. O(1).
func (g *pousseGeom) apply(b pousseBoard, m pousseMove, mover int) pousseBoard {
	i := int(m & 7)
	occ := b.x | b.o
	var seg, moving, put uint64
	var sh int // the run moves by 1 (along a row) or 8 (down a column)
	switch m >> 3 {
	case 0: // L: the run is from column 0 to the first empty square
		line := g.rows[i]
		k := 8*i + g.n - 1 // full line: the last square falls off
		if e := line &^ occ; e != 0 {
			k = bits.TrailingZeros64(e)
		}
		seg = line & (2<<k - 1)
		moving, put, sh = seg&^(1<<k), 1<<(8*i), 1
	case 1: // R
		line := g.rows[i]
		k := 8 * i
		if e := line &^ occ; e != 0 {
			k = 63 - bits.LeadingZeros64(e)
		}
		seg = line &^ (1<<k - 1)
		moving, put, sh = seg&^(1<<k), 1<<(8*i+g.n-1), -1
	case 2: // T
		line := g.cols[i]
		k := 8*(g.n-1) + i
		if e := line &^ occ; e != 0 {
			k = bits.TrailingZeros64(e)
		}
		seg = line & (2<<k - 1)
		moving, put, sh = seg&^(1<<k), 1<<i, 8
	default: // B
		line := g.cols[i]
		k := i
		if e := line &^ occ; e != 0 {
			k = 63 - bits.LeadingZeros64(e)
		}
		seg = line &^ (1<<k - 1)
		moving, put, sh = seg&^(1<<k), 1<<(8*(g.n-1)+i), -8
	}
	if sh > 0 {
		b.x = b.x&^seg | (b.x&moving)<<sh
		b.o = b.o&^seg | (b.o&moving)<<sh
	} else {
		b.x = b.x&^seg | (b.x&moving)>>-sh
		b.o = b.o&^seg | (b.o&moving)>>-sh
	}
	if mover == 1 {
		b.x |= put
	} else {
		b.o |= put
	}
	return b
}

// straights counts the rows and columns full of each colour, with word
// operations: the squares off the board are set, then each row (byte)
// is folded onto its bit 0 and each column onto row 0 by three
// shift-ANDs, so that bit 0 of a row's byte, or bit c of the first
// byte, is set exactly when the line is full. O(1).
func (g *pousseGeom) straights(b pousseBoard) (x, o int) {
	return g.full(b.x), g.full(b.o)
}

func (g *pousseGeom) full(c uint64) int {
	c |= ^g.all
	r := c & (c >> 4)
	r &= r >> 2
	r &= r >> 1
	k := c & (c >> 32)
	k &= k >> 16
	k &= k >> 8
	return bits.OnesCount64(r&g.rowLSB) + bits.OnesCount64(k&g.colLSB)
}

// winner returns 1 (X) or 2 (O) when that colour has more straights,
// else 0. O(N).
func (g *pousseGeom) winner(b pousseBoard) int {
	x, o := g.straights(b)
	switch {
	case x > o:
		return 1
	case o > x:
		return 2
	}
	return 0
}

// reach reports whether some row or column holds at least t markers of
// c: each row's count is summed in its byte, and each column's in the
// byte of the transposed board. O(1).
func (g *pousseGeom) reach(c uint64, t int) bool {
	if t <= 0 {
		return true
	}
	if t > g.n {
		return false
	}
	// Adding 128-t to a byte's count sets its top bit exactly when the
	// count is at least t.
	add := uint64(128-t) * rowLSBs
	return (byteCounts(c)+add)&(rowLSBs<<7) != 0 || (byteCounts(transpose(c))+add)&(rowLSBs<<7) != 0
}

// byteCounts returns the number of set bits of each byte of c, in that
// byte.
func byteCounts(c uint64) uint64 {
	c -= c >> 1 & 0x5555555555555555
	c = c&0x3333333333333333 + c>>2&0x3333333333333333
	return (c + c>>4) & 0x0f0f0f0f0f0f0f0f
}

// transpose returns c with square (r, c) moved to (c, r), by three
// swaps of blocks across the diagonal.
func transpose(c uint64) uint64 {
	t := 0x0f0f0f0f00000000 & (c ^ c<<28)
	c ^= t ^ t>>28
	t = 0x3333000033330000 & (c ^ c<<14)
	c ^= t ^ t>>14
	t = 0x5500550055005500 & (c ^ c<<7)
	return c ^ t ^ t>>7
}

// count returns the number of markers on the board. O(1).
func (b pousseBoard) count() int { return bits.OnesCount64(b.x | b.o) }

// hash mixes the position and a side bit into a table index. O(1).
func (b pousseBoard) hash(side int) uint64 {
	h := b.x*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(b.o*0xbf58476d1ce4e5b9, 29) ^ uint64(side)*0x94d049bb133111eb
	h ^= h >> 31
	h *= 0xd6e8feb86659fd93
	return h ^ h>>32
}

// near returns the lines that hold at least N-1 squares of one colour
// (straights included): rows as bit 8r, columns as bit c. Only such a
// line can be a straight after a move, since a move changes one square
// of each line it crosses and shifts its own line by one (the pushed
// line keeps N-1 of its old squares). A line with at most one square
// not of the colour is found as full is, by folding: a holds "all set"
// and m "at most one clear" for each half, and two halves combine as
// a = a1&a2, m = a1&m2 | m1&a2. O(1).
func (g *pousseGeom) near(b pousseBoard) (rows, cols uint64) {
	x, o := b.x|^g.all, b.o|^g.all
	return (nearRows(x) | nearRows(o)) & g.rowLSB, (nearCols(x) | nearCols(o)) & g.colLSB
}

func nearRows(a uint64) uint64 {
	m := a | a>>4
	a &= a >> 4
	m = a&(m>>2) | m&(a>>2)
	a &= a >> 2
	m = a&(m>>1) | m&(a>>1)
	return m & rowLSBs
}

func nearCols(a uint64) uint64 {
	m := a | a>>32
	a &= a >> 32
	m = a&(m>>16) | m&(a>>16)
	a &= a >> 16
	m = a&(m>>8) | m&(a>>8)
	return m & 0xff
}

// rowLSBs has bit 0 of every byte.
const rowLSBs = 0x0101010101010101

// mayWin reports whether move m can change the straights, given the
// near-full lines of the position: a row move when its row, or any
// column, is near full; a column move likewise. O(1).
func mayWin(m pousseMove, rows, cols uint64) bool {
	i := uint(m & 7)
	if m>>3 < 2 {
		return rows>>(8*i)&1 != 0 || cols != 0
	}
	return cols>>i&1 != 0 || rows != 0
}
