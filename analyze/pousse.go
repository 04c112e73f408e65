package analyze

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"gamels/parse"
)

// PousseState is a Pousse position being played, kept as bitboards. The
// occupied squares are kept twice, every row and every column as a
// 128-bit line (two words, N <= 100), bit j for square j: a move fills at
// most one square, one bit in each copy, and the line of the push tells
// where its run ends in O(1). The O squares are kept once, in 8 x 8 tiles
// (see pousse_tiles.go), so that a push along a row or a column moves
// them with O(N/8) word operations, with no bit moved on its own.
//
// Straights are counted lazily. A row's X and O counts change by at most
// one on a column push (one square of the row moves) and on a push of
// that row, and not otherwise; the same holds for columns. So when the
// fullest row holds Mr < N markers of one colour, no row is a straight
// until the column pushes since plus the pushes of the most pushed row
// reach N-Mr, and the same for columns. The counts of an axis are redone
// (countAxis, O(N²/64) word operations on the tiles) only when its bound
// is used up and someone asks (Straights, Winner, StraightLines). On
// random play, with lines about half X and half O, that is once every N/2
// moves or so for each axis (every 52 moves on the reference input).
//
// A PousseState holds 6.5 KiB whatever N; it allocates nothing per move.
// It is not safe for concurrent use, even by readers only: Straights and
// Winner may recount.
type PousseState struct {
	n     int
	plies int
	// b holds the lines; full has the low N bits set.
	b    *pousseBoard
	full pousseLine

	// straights[c] is the number of rows and columns made of N cells of
	// colour c (index 0 unused), as of plies countedAt. slack[0] is N-1
	// less the most markers of one colour in a row then, less the column
	// pushes since and the pushes of the most pushed row since; slack[1]
	// the same for columns. Both are -1 when a straight exists then. A
	// count is due when one is negative. maxHits[0] is the most pushes
	// of one row since, maxHits[1] of one column (the lines' own counts
	// are in b.hits).
	straights     [3]int32
	axisStraights [2][3]int32 // those of the rows, of the columns
	win           Player      // the colour with more straights then, or None
	countedAt     int
	slack         [2]int
	maxHits       [2]int

	// hashing is true when h is kept up to date; h is the Zobrist hash of
	// the cells alone.
	hashing bool
	h       uint64
}

// pousseLine is a row or a column: bit j of the pair (word j/64, bit
// j%64) is square j.
type pousseLine [2]uint64

// pousseBoard holds the cells of a position. occ[0][i] has the occupied
// squares of row i and occN[0][i] their number; [1][j] the same for
// column j. o holds the O squares in tiles (pousse_tiles.go). Bits
// N..127 and lines N..127 are always zero, and an O bit is set only on an
// occupied square. The arrays have 128 lines (256 tiles) so that an index
// masked with 127 (255) needs no bounds check.
type pousseBoard struct {
	occ  [2][128]pousseLine
	occN [2][128]uint8
	hits [2][128]uint8 // pushes of each line since the last count
	o    [256]uint64
}

// PousseLine is a row or column of the board, for highlighting straights.
type PousseLine struct {
	Col   bool   // a column; otherwise a row
	Index int    // 1-based
	Who   Player // the colour of the straight
}

// NewPousseState returns the empty n x n board, X to move, with the
// Zobrist hash maintained. n must be in 1..parse.PousseMaxN. O(N).
func NewPousseState(n int) *PousseState {
	return newPousseState(n, true)
}

// newPousseState is NewPousseState with Zobrist hashing optional: the
// contest rules do not need the hash.
func newPousseState(n int, hashing bool) *PousseState {
	if n < 1 || n > parse.PousseMaxN {
		panic("analyze: Pousse board size out of range")
	}
	return &PousseState{
		n:       n,
		b:       new(pousseBoard),
		full:    pousseLow(n),
		slack:   [2]int{n - 1, n - 1}, // the empty board
		hashing: hashing,
	}
}

// pousseLow returns the line with bits 0..b-1 set, b in 0..128.
func pousseLow(b int) pousseLine {
	return pousseLine{uint64(1)<<uint(b) - 1, uint64(1)<<uint(max(b-64, 0)) - 1}
}

// rowOcc returns the occupied squares of the 0-based row i.
func (s *PousseState) rowOcc(i int) *pousseLine { return &s.b.occ[0][i&127] }

// N returns the board size. O(1).
func (s *PousseState) N() int { return s.n }

// cell returns the 0-based square (i, j): 0 (empty), 1 (X) or 2 (O).
func (s *PousseState) cell(i, j int) byte {
	occ := s.rowOcc(i)[j>>6] >> (j & 63) & 1
	t, bit := tileAt(i, j)
	o := s.b.o[t&255] >> bit & 1
	return byte(occ + o)
}

// At returns the cell at the 1-based row and column: 0 when empty, 'X' or
// 'O'. Out-of-range positions are empty. O(1).
func (s *PousseState) At(row, col int) byte {
	if row < 1 || row > s.n || col < 1 || col > s.n {
		return 0
	}
	return "\x00XO"[s.cell(row-1, col-1)]
}

// AppendRow appends the cells of the 1-based row to dst: 'X', 'O', and
// empty for an empty square. Nothing is appended for a row out of range.
// O(N).
func (s *PousseState) AppendRow(dst []byte, row int, empty byte) []byte {
	if row < 1 || row > s.n {
		return dst
	}
	occ, o := *s.rowOcc(row - 1), s.b.rowO(row-1)
	for j := 0; j < s.n; j++ {
		c := empty
		if occ[j>>6]>>(j&63)&1 != 0 {
			c = "XO"[o[j>>6]>>(j&63)&1]
		}
		dst = append(dst, c)
	}
	return dst
}

// ToMove returns the player whose turn it is: First (X) after an even
// number of moves, Second (O) after an odd number. O(1).
func (s *PousseState) ToMove() Player { return Player(1 + s.plies&1) }

// lastMover returns the player who made the last move, None before the
// first move.
func (s *PousseState) lastMover() Player {
	if s.plies == 0 {
		return None
	}
	return Player(2 - s.plies&1)
}

// Plies returns the number of moves applied so far. O(1).
func (s *PousseState) Plies() int { return s.plies }

// Straights returns the number of straights of X and of O. O(1) while
// the slack of the last count lasts, else O(N²/64) to recount an axis.
func (s *PousseState) Straights() (x, o int) {
	s.counted()
	return int(s.straights[First]), int(s.straights[Second])
}

// Winner returns the colour with more straights now, or None when the
// counts are equal (including equal non-zero counts). Costs what
// Straights costs.
func (s *PousseState) Winner() Player {
	if (s.slack[0]|s.slack[1]) < 0 && s.plies != s.countedAt {
		s.count() // inlined test: Winner is asked after every move
	}
	return s.win
}

// counted makes the straights current: O(1) while the bounds of the last
// count hold (see PousseState), else O(N²/64) per axis recounted.
func (s *PousseState) counted() {
	if (s.slack[0]|s.slack[1]) < 0 && s.plies != s.countedAt {
		s.count()
	}
}

// count recounts the straights of the rows when their slack is used up,
// and those of the columns when theirs is, and sets the winner.
func (s *PousseState) count() {
	for k := range 2 {
		if s.slack[k] < 0 {
			s.countAxis(k)
		}
	}
	st := s.axisStraights
	x, o := st[0][First]+st[1][First], st[0][Second]+st[1][Second]
	s.straights = [3]int32{0, x, o}
	s.win = None
	if x > o {
		s.win = First
	} else if o > x {
		s.win = Second
	}
	s.countedAt = s.plies
}

// countAxis counts the straights of the rows (k = 0) or of the columns (k
// = 1), and their slack. The O squares of each line are counted from the
// tiles, eight lines at a time, one byte per line (lineCounts: with AVX2
// the whole axis in one call, 32 bytes at a time; else tileRowCounts and
// tileColCounts); a line's X are its occupied squares less its O, and the
// most of one colour and the straights are found on the eight bytes at
// once (pousseMost). O(N²/64) word operations: about 170 tiles for N =
// 100.
func (s *PousseState) countAxis(k int) {
	n := s.n
	b := s.b
	tiles := (n + 7) >> 3
	nn := uint64(n) * pousseBytes
	var most uint64 // bytewise, the most markers of one colour in a line
	var st [3]int32
	var cnt [16]uint64
	b.lineCounts(k, tiles, &cnt)
	for t := 0; t < tiles; t++ {
		o := cnt[t&15] // byte r: the O squares of line 8t+r
		occ := binary.LittleEndian.Uint64(b.occN[k][(t<<3)&127:])
		x := occ - o // no byte borrows: a line's O are among its markers
		most = pousseMax(most, pousseMax(o, x))
		if pousseHasByte(o, nn)|pousseHasByte(x, nn) != 0 { // a straight: rare
			for r := range 8 {
				switch uint64(n) {
				case o >> (8 * r) & 0xff:
					st[Second]++
				case x >> (8 * r) & 0xff:
					st[First]++
				}
			}
		}
	}
	m := pousseMax(most, most>>32)
	m = pousseMax(m, m>>16)
	m = pousseMax(m, m>>8)
	s.slack[k] = n - 1 - int(m&0xff)
	if st[First]+st[Second] > 0 {
		s.slack[k] = -1
	}
	clear(b.hits[k][:n])
	s.maxHits[k] = 0
	s.axisStraights[k] = st
}

// pousseBytes has 1 in every byte.
const pousseBytes = 0x0101010101010101

// pousseMax returns the bytewise maximum of a and b, whose bytes are all
// below 128. O(1).
func pousseMax(a, b uint64) uint64 {
	ge := ((a | 0x80*pousseBytes) - b) >> 7 & pousseBytes // 1 where a >= b
	return b ^ (a^b)&(ge*0xff)
}

// pousseHasByte returns non-zero when some byte of a equals that of b
// (bytes all below 128). O(1).
func pousseHasByte(a, b uint64) uint64 {
	z := a ^ b
	return (z - pousseBytes) &^ z & (0x80 * pousseBytes)
}

// Hash returns the Zobrist hash of the cells and of who made the last
// move. Keys come from a fixed seed, so hashes are the same in every run.
// O(1) when the state maintains its hash (states from NewPousseState,
// Clone of those, and PousseGame.Board); O(N²) otherwise.
func (s *PousseState) Hash() uint64 {
	h := s.h
	if !s.hashing {
		h = s.fullHash()
	}
	return h ^ pousseSideKeys[s.lastMover()]
}

// fullHash computes the Zobrist hash of the cells from scratch: O(N +
// markers), one step per occupied square.
func (s *PousseState) fullHash() uint64 {
	keys := pousseKeys()
	n := s.n
	var h uint64
	for i := 0; i < n; i++ {
		occ, o := *s.rowOcc(i), s.b.rowO(i)
		for q := 0; q < 2; q++ {
			for w := occ[q]; w != 0; w &= w - 1 {
				j := q<<6 | bits.TrailingZeros64(w)
				h ^= pousseKey(keys[i*n+j], byte(1+o[q]>>(j&63)&1))
			}
		}
	}
	return h
}

// Clone returns an independent copy of s. O(N).
func (s *PousseState) Clone() *PousseState {
	t := *s
	b := *s.b
	t.b = &b
	return &t
}

// sameCells reports whether s and t (of the same size) have the same
// cells. O(N) lines and 256 tiles.
func (s *PousseState) sameCells(t *PousseState) bool {
	for i := 0; i < s.n; i++ {
		if s.b.occ[0][i] != t.b.occ[0][i] {
			return false
		}
	}
	return s.b.o == t.b.o
}

// StraightLines returns the rows, then the columns, that are straights
// now, in increasing order. O(N), plus O(N/8) to read out each full line.
func (s *PousseState) StraightLines() []PousseLine {
	if x, o := s.Straights(); x == 0 && o == 0 {
		return nil
	}
	var out []PousseLine
	n := s.n
	for k := 0; k < 2; k++ {
		for i := 0; i < n; i++ {
			a := s.b.occ[k][i]
			if a != s.full {
				continue
			}
			o := s.b.rowO(i)
			if k == 1 {
				o = s.b.colO(i)
			}
			if o == (pousseLine{}) {
				out = append(out, PousseLine{Col: k == 1, Index: i + 1, Who: First})
			} else if o == s.full {
				out = append(out, PousseLine{Col: k == 1, Index: i + 1, Who: Second})
			}
		}
	}
	return out
}

// Apply plays the move dir line for the player to move: dir is 'L', 'R',
// 'T' or 'B' and line is in 1..N. The caller guarantees validity; an
// invalid move is ignored (no ply is counted).
//
// Cost: O(1) word operations to find the run (the first empty square
// from the side of entry is a count of trailing or leading zeros of the
// line's free squares) and to fill its empty square, if any, in both
// copies of the occupied squares; O(r/8) to move the O squares, r the
// length of the run (pushL and the others: a masked shift of each tile
// the run crosses). When hashing, one key per square whose colour
// changed. No counts are kept (see PousseState).
func (s *PousseState) Apply(dir byte, line int) {
	n := s.n
	if line < 1 || line > n {
		return
	}
	i := line - 1
	// ax is the axis of the pushed line (0 a row, 1 a column), 1-ax that
	// of the crossing lines.
	var ax int
	fromLo := false
	switch dir {
	case 'L':
		ax, fromLo = 0, true
	case 'R':
		ax = 0
	case 'T':
		ax, fromLo = 1, true
	case 'B':
		ax = 1
	default:
		return
	}
	b := s.b
	isO := uint64(s.plies & 1) // the mover: 0 for X, 1 for O
	s.plies++
	s.hit(ax, i)
	k := -1 // the empty square that gets filled, or -1 when the line is full
	lo, hi := 0, n-1
	if fromLo {
		if k = s.firstFree(ax, i); k >= 0 {
			hi = k
		}
	} else {
		if k = s.lastFree(ax, i); k >= 0 {
			lo = k
		}
	}
	if k >= 0 {
		s.fill(ax, i, k)
	}
	var was pousseLine
	if s.hashing {
		was = b.line(ax, i)
	}
	switch dir {
	case 'L':
		b.pushL(i, hi, isO)
	case 'R':
		b.pushR(i, lo, hi, isO)
	case 'T':
		b.pushT(i, hi, isO)
	default:
		b.pushB(i, lo, hi, isO)
	}
	if s.hashing {
		// Square j of the pushed line is the row-major square pb+j*ps.
		pb, ps := i*n, 1
		if ax == 1 {
			pb, ps = i, n
		}
		now := b.line(ax, i)
		s.hashMove(pousseLine{was[0] ^ now[0], was[1] ^ now[1]}, k, now, pb, ps)
	}
}

// hashMove XORs into the hash the change of a move on one line: the
// squares j of d changed between X and O, except the square k (when k >=
// 0), which was empty and now holds the colour nc says. O(changed
// squares).
func (s *PousseState) hashMove(d pousseLine, k int, nc pousseLine, pb, ps int) {
	keys := pousseKeys()
	h := s.h
	if k >= 0 {
		d[k>>6] &^= 1 << (k & 63)
		h ^= pousseKey(keys[pb+k*ps], byte(1+nc[k>>6]>>(k&63)&1))
	}
	for q := 0; q < 2; q++ {
		for w := d[q]; w != 0; w &= w - 1 {
			j := q<<6 | bits.TrailingZeros64(w)
			h ^= pousseKey(keys[pb+j*ps], 3)
		}
	}
	s.h = h
}

// pousseCheckpointSize is the size of a packed n x n position: the
// occupied squares then the O squares, row-major, one bit each, each
// stream in whole 64-bit words.
func pousseCheckpointSize(n int) int {
	return 2 * 8 * ((n*n + 63) / 64)
}

// appendPacked appends the cells of s to dst, packed as
// pousseCheckpointSize says. O(N²/64) word operations (the O squares are
// read out of the tiles row by row).
func (s *PousseState) appendPacked(dst []byte) []byte {
	n := s.n
	for k := 0; k < 2; k++ {
		var acc uint64
		var nb int // bits in acc
		for r := 0; r < n; r++ {
			ln := s.b.occ[0][r&127]
			if k == 1 {
				ln = s.b.rowO(r)
			}
			for q, left := 0, n; left > 0; q, left = q+1, left-64 {
				c := min(left, 64)
				v := ln[q]
				acc |= v << uint(nb)
				if nb+c >= 64 {
					dst = appendWord(dst, acc)
					acc = v >> uint(64-nb) // 0 when nb is 0
					nb += c - 64
				} else {
					nb += c
				}
			}
		}
		if nb > 0 {
			dst = appendWord(dst, acc)
		}
	}
	return dst
}

func appendWord(dst []byte, w uint64) []byte {
	return append(dst, byte(w), byte(w>>8), byte(w>>16), byte(w>>24),
		byte(w>>32), byte(w>>40), byte(w>>48), byte(w>>56))
}

func readWord(p []byte) uint64 {
	_ = p[7]
	return uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
		uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56
}

// setPacked makes s the position packed in p (by appendPacked) after the
// given number of plies: the rows are read back, the O squares into the
// tiles, the occupied squares of the columns transposed from those of the
// rows; the hash is recomputed when s keeps one; the straights are
// recounted when next asked. O(N²/64) word operations for the
// transposition, plus O(markers) for the hash.
func (s *PousseState) setPacked(p []byte, plies int) {
	n := s.n
	half := pousseCheckpointSize(n) / 2
	for k := 0; k < 2; k++ {
		stream := p[k*half : k*half+half]
		var acc uint64
		nb := 0 // unread bits in acc
		for r := 0; r < n; r++ {
			var ln pousseLine
			for q, left := 0, n; left > 0; q, left = q+1, left-64 {
				c := min(left, 64)
				v := acc
				if nb < c {
					w := readWord(stream)
					stream = stream[8:]
					v |= w << uint(nb)
					acc = w >> uint(c-nb)
					if c-nb == 64 {
						acc = 0
					}
					nb += 64 - c
				} else {
					acc >>= uint(c)
					nb -= c
				}
				ln[q] = v & (uint64(1)<<uint(c) - 1)
			}
			if k == 0 {
				s.b.occ[0][r] = ln
			} else {
				s.b.setRowO(r, ln)
			}
		}
	}
	s.plies = plies
	s.transpose()
	for k := range s.b.occN {
		for i, a := range s.b.occ[k][:n] {
			s.b.occN[k][i] = uint8(bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]))
		}
	}
	s.countedAt = -1 // recount when asked
	s.slack = [2]int{-1, -1}
	if s.hashing {
		s.h = s.fullHash()
	}
}

// reset makes s the empty board before any move.
func (s *PousseState) reset() {
	*s.b = pousseBoard{}
	s.plies = 0
	s.h = 0
	s.straights, s.axisStraights, s.win = [3]int32{}, [2][3]int32{}, None
	s.countedAt, s.slack = 0, [2]int{s.n - 1, s.n - 1}
	s.maxHits = [2]int{}
}

// transpose sets the occupied squares of the columns from those of the
// rows, by 64 x 64 bit blocks. O(N²/64) word operations per block row:
// about 1,200 for N = 100.
func (s *PousseState) transpose() {
	n := s.n
	var blk [64]uint64
	{
		rows, cols := &s.b.occ[0], &s.b.occ[1]
		for bi := 0; bi*64 < n; bi++ { // block row: rows 64bi..
			for bj := 0; bj*64 < n; bj++ { // block column: squares 64bj..
				for r := range blk {
					blk[r] = 0
					if 64*bi+r < n {
						blk[r] = rows[64*bi+r][bj]
					}
				}
				transpose64(&blk)
				for c := 0; c < 64 && 64*bj+c < n; c++ {
					cols[64*bj+c][bi] = blk[c]
				}
			}
		}
	}
}

// transpose64 transposes the 64 x 64 bit matrix a in place: bit j of a[i]
// becomes bit i of a[j]. Six rounds swap ever smaller blocks
// (Hacker's Delight, 7-3).
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = ((k | j) + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[k|j]) & m
			a[k|j] ^= t
			a[k] ^= t << uint(j)
		}
		m ^= m << uint(j>>1)
	}
}

// pousseSideKeys are the Zobrist keys for who made the last move.
var pousseSideKeys = [3]uint64{0, 0x9e3779b97f4a7c15 ^ 0x1234567, 0xbf58476d1ce4e5b9 ^ 0x7654321}

// pousseKeys returns the Zobrist keys of the squares: with t = keys[p]
// for square p (row-major on the board being played), the key of an X
// there is t, of an O t rotated by 31 bits, of an empty square 0 (see
// pousseKey). Generated once from a fixed seed (splitmix64), parse.PousseMaxN²
// words: one word per square keeps the table small enough for the cache.
var pousseKeys = sync.OnceValue(func() []uint64 {
	keys := make([]uint64, parse.PousseMaxN*parse.PousseMaxN)
	x := uint64(0x5eed_9005_5e00_0001)
	for p := range keys {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		keys[p] = z ^ z>>31
	}
	return keys
})

// pousseKey returns, for a square whose word in pousseKeys is t, the XOR
// of the keys of the colours set in d: bit 0 for X, bit 1 for O. With d
// the XOR of an old and a new colour (0, 1, 2), it is the change of the
// hash when the square goes from one to the other. O(1), no branch.
func pousseKey(t uint64, d byte) uint64 {
	return t&-uint64(d&1) ^ bits.RotateLeft64(t, 31)&-uint64(d>>1&1)
}

// playUntilWin applies moves in turn (see Apply) until one leaves a
// colour with more straights, and returns its index and that colour, or
// -1 and None when no move does. It is Apply then Winner after each move,
// without the hash, in one loop: the bookkeeping inlined, no call but the
// push. The switch on the direction is a branch that random moves
// mispredict about every other move; every branch-free form tried (masks
// and conditional moves, rotations from tables, a table of functions) ran
// slower, so it stays. s must not keep a hash. O(moves) plus what Apply
// and Winner cost.
func (s *PousseState) playUntilWin(moves []parse.Move) (int, Player) {
	n := s.n
	b := s.b
	for at, mv := range moves {
		line := mv.Line()
		if line < 1 || line > n {
			continue
		}
		i := line - 1
		isO := uint64(s.plies & 1) // the mover: 0 for X, 1 for O
		switch mv.Dir() {
		case 'L':
			s.hit(0, i)
			hi := n - 1
			if k := s.firstFree(0, i); k >= 0 {
				hi = k
				s.fill(0, i, k)
			}
			b.pushL(i, hi, isO)
		case 'R':
			s.hit(0, i)
			lo := 0
			if k := s.lastFree(0, i); k >= 0 {
				lo = k
				s.fill(0, i, k)
			}
			b.pushR(i, lo, n-1, isO)
		case 'T':
			s.hit(1, i)
			hi := n - 1
			if k := s.firstFree(1, i); k >= 0 {
				hi = k
				s.fill(1, i, k)
			}
			b.pushT(i, hi, isO)
		case 'B':
			s.hit(1, i)
			lo := 0
			if k := s.lastFree(1, i); k >= 0 {
				lo = k
				s.fill(1, i, k)
			}
			b.pushB(i, lo, n-1, isO)
		default:
			continue
		}
		s.plies++
		if w := s.Winner(); w != None {
			return at, w
		}
	}
	return -1, None
}

// firstFree returns the first empty square of line i of axis ax (0
// rows, 1 columns), or -1 when the line is full. O(1).
func (s *PousseState) firstFree(ax, i int) int {
	occ := &s.b.occ[ax][i&127]
	if free := s.full[0] &^ occ[0]; free != 0 {
		return bits.TrailingZeros64(free)
	}
	if free := s.full[1] &^ occ[1]; free != 0 {
		return 64 + bits.TrailingZeros64(free)
	}
	return -1
}

// lastFree returns the last empty square of line i of axis ax, or -1
// when the line is full. O(1).
func (s *PousseState) lastFree(ax, i int) int {
	occ := &s.b.occ[ax][i&127]
	if free := s.full[1] &^ occ[1]; free != 0 {
		return 127 - bits.LeadingZeros64(free)
	}
	if free := s.full[0] &^ occ[0]; free != 0 {
		return 63 - bits.LeadingZeros64(free)
	}
	return -1
}

// hit counts a push of line i of axis ax against the slacks: every
// crossing line may change, and the line itself. O(1).
func (s *PousseState) hit(ax, i int) {
	b := s.b
	s.slack[1-ax]--
	h := b.hits[ax][i&127] + 1
	b.hits[ax][i&127] = h
	if int(h) > s.maxHits[ax] {
		s.maxHits[ax] = int(h)
		s.slack[ax]--
	}
}

// fill occupies square k of line i of axis ax, in both copies. O(1).
func (s *PousseState) fill(ax, i, k int) {
	b := s.b
	b.occ[ax][i&127][k>>6&1] |= 1 << (k & 63)
	b.occN[ax][i&127]++
	b.occ[1-ax][k&127][i>>6&1] |= 1 << (i & 63)
	b.occN[1-ax][k&127]++
}
