package analyze

import (
	"math/bits"
	"sync"
	"unsafe"
)

// PousseMaxN is the largest Pousse board size the rules allow.
const PousseMaxN = 100

// PousseState is a Pousse position being played, kept as bitboards: every
// row and every column is a 128-bit line (two words, N <= 100) of which
// squares are occupied and of which hold an O, bit j for square j. The
// rows and the columns are two copies of the same cells, so that a push
// along either is a shift of one line: O(1) word operations. The push
// changes one square in each crossing line it moves; only the squares
// whose colour changes are written to the other copy, one bit each.
//
// Straights are counted lazily. A row's X and O counts change by at most
// one on a column push (one square of the row moves) and on a push of
// that row, and not otherwise; the same holds for columns. So when the
// fullest row holds Mr < N markers of one colour, no row is a straight
// until the column pushes since plus the pushes of the most pushed row
// reach N-Mr, and the same for columns. The counts are redone (O(N)
// popcounts) only when one of those bounds is used up and someone asks
// (Straights, Winner, StraightLines). On random play, with lines about
// half X and half O, that is once every 2N/3 moves or so.
//
// A PousseState holds 8.8 KB whatever N; it allocates nothing per move.
// It is not safe for concurrent use, even by readers only: Straights and
// Winner may recount.
type PousseState struct {
	n     int
	plies int
	// b holds the lines; full has the low N bits set.
	b    *pousseBoard
	full pousseLine

	// straights[c] is the number of rows and columns made of N cells of
	// colour c (index 0 unused), as of plies countedAt. room[0] is N-1
	// less the most markers of one colour in a row then, room[1] the same
	// for columns; both are -1 when a straight exists then. axisPushes[ax]
	// counts the pushes along rows (0) and columns (1) since, and
	// maxHits[ax] the most pushes of one row or column since (the lines'
	// own counts are in b.hits).
	straights  [3]int32
	win        Player // the colour with more straights then, or None
	countedAt  int
	room       [2]int
	axisPushes [2]int
	maxHits    [2]int

	// hashing is true when h is kept up to date; h is the Zobrist hash of
	// the cells alone.
	hashing bool
	h       uint64
}

// pousseLine is a row or a column: bit j of the pair (word j/64, bit
// j%64) is square j.
type pousseLine [2]uint64

// pousseBoard holds the lines of a position, index 0 for the rows and 1
// for the columns: occ[0][i] has the occupied squares of row i, o[0][i]
// those holding an O, occN[0][i] the number of occupied squares; [1][j]
// the same for column j. Bits N..127 and lines N..127 are always zero,
// and an O bit is set only on an occupied square. The arrays have 128
// lines so that a line number masked with 127 needs no bounds check.
type pousseBoard struct {
	occ, o [2][128]pousseLine
	occN   [2][128]uint8
	hits   [2][128]uint8 // pushes of each line since the last count
}

// PousseLine is a row or column of the board, for highlighting straights.
type PousseLine struct {
	Col   bool   // a column; otherwise a row
	Index int    // 1-based
	Who   Player // the colour of the straight
}

// NewPousseState returns the empty n x n board, X to move, with the
// Zobrist hash maintained. n must be in 1..PousseMaxN. O(N).
func NewPousseState(n int) *PousseState {
	return newPousseState(n, true)
}

// newPousseState is NewPousseState with Zobrist hashing optional: the
// contest rules do not need the hash.
func newPousseState(n int, hashing bool) *PousseState {
	if n < 1 || n > PousseMaxN {
		panic("analyze: Pousse board size out of range")
	}
	return &PousseState{
		n:       n,
		b:       new(pousseBoard),
		full:    pousseLow(n),
		room:    [2]int{n - 1, n - 1}, // the empty board
		hashing: hashing,
	}
}

// pousseLow returns the line with bits 0..b-1 set, b in 0..128.
func pousseLow(b int) pousseLine {
	return pousseLine{uint64(1)<<uint(b) - 1, uint64(1)<<uint(max(b-64, 0)) - 1}
}

// rowOcc, rowO, colOcc and colO return the lines of the 0-based row or
// column i.
func (s *PousseState) rowOcc(i int) *pousseLine { return &s.b.occ[0][i&127] }
func (s *PousseState) rowO(i int) *pousseLine   { return &s.b.o[0][i&127] }

// N returns the board size. O(1).
func (s *PousseState) N() int { return s.n }

// cell returns the 0-based square (i, j): 0 (empty), 1 (X) or 2 (O).
func (s *PousseState) cell(i, j int) byte {
	occ := s.rowOcc(i)[j>>6] >> (j & 63) & 1
	o := s.rowO(i)[j>>6] >> (j & 63) & 1
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
	occ, o := *s.rowOcc(row - 1), *s.rowO(row - 1)
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
// the slack of the last count lasts, else O(N) to recount.
func (s *PousseState) Straights() (x, o int) {
	s.counted()
	return int(s.straights[First]), int(s.straights[Second])
}

// Winner returns the colour with more straights now, or None when the
// counts are equal (including equal non-zero counts). Costs what
// Straights costs.
func (s *PousseState) Winner() Player {
	s.counted()
	return s.win
}

// counted makes the straights current: O(1) while the bounds of the last
// count hold (see PousseState), else O(N).
func (s *PousseState) counted() {
	if s.plies != s.countedAt &&
		(s.axisPushes[1]+s.maxHits[0] > s.room[0] || s.axisPushes[0]+s.maxHits[1] > s.room[1]) {
		s.count()
	}
}

// count counts the straights of every line and the slack: for each of
// the 2N lines, the popcount of its O bits (one word when N <= 64, else
// two); its X are its occupied squares less its O. O(N).
func (s *PousseState) count() {
	n := s.n
	b := s.b
	var st [3]int32
	for k := 0; k < 2; k++ { // rows, then columns
		os, occN := b.o[k][:n], b.occN[k][:n]
		most := 0
		for i, o := range os {
			no := bits.OnesCount64(o[0])
			if n > 64 {
				no += bits.OnesCount64(o[1])
			}
			nx := int(occN[i]) - no
			most = max(most, no, nx)
			if no == n {
				st[Second]++
			} else if nx == n {
				st[First]++
			}
		}
		s.room[k] = n - 1 - most
		clear(b.hits[k][:n])
	}
	if st[First]+st[Second] > 0 {
		s.room = [2]int{-1, -1}
	}
	s.axisPushes, s.maxHits = [2]int{}, [2]int{}
	s.straights = st
	s.win = None
	if st[First] > st[Second] {
		s.win = First
	} else if st[Second] > st[First] {
		s.win = Second
	}
	s.countedAt = s.plies
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
		occ, o := *s.rowOcc(i), *s.rowO(i)
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
// cells. O(N).
func (s *PousseState) sameCells(t *PousseState) bool {
	for i := 0; i < s.n; i++ {
		if s.b.occ[0][i] != t.b.occ[0][i] || s.b.o[0][i] != t.b.o[0][i] {
			return false
		}
	}
	return true
}

// StraightLines returns the rows, then the columns, that are straights
// now, in increasing order. O(N).
func (s *PousseState) StraightLines() []PousseLine {
	if x, o := s.Straights(); x == 0 && o == 0 {
		return nil
	}
	var out []PousseLine
	n := s.n
	for k := 0; k < 2; k++ {
		for i := 0; i < n; i++ {
			a, o := s.b.occ[k][i], s.b.o[k][i]
			if a != s.full {
				continue
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
// line's free squares) and to push it (a shift of the line's O bits under
// a mask of the run; only the square at the run's end can change from
// empty to occupied). Then O(c), c the number of squares of the run
// whose colour changed (about half the run on random play): one bit of
// the crossing line each, and, when hashing, one key each. No counts
// are kept (see PousseState).
func (s *PousseState) Apply(dir byte, line int) {
	n := s.n
	if line < 1 || line > n {
		return
	}
	i := line - 1
	// ax is the axis of the pushed line (0 a row, 1 a column), 1-ax that
	// of the crossing lines. Square j of the pushed line is the row-major
	// square pb+j*ps (for the hash). The lines' two words are kept in
	// scalars: the compiler keeps those in registers, not [2]uint64.
	var ax, pb, ps int
	fromLo := false
	switch dir {
	case 'L':
		ax, pb, ps, fromLo = 0, i*n, 1, true
	case 'R':
		ax, pb, ps = 0, i*n, 1
	case 'T':
		ax, pb, ps, fromLo = 1, i, n, true
	case 'B':
		ax, pb, ps = 1, i, n
	default:
		return
	}
	b := s.b
	occ := &b.occ[ax][i&127]
	col := &b.o[ax][i&127]
	isO := uint64(s.plies & 1) // the mover: 0 for X, 1 for O
	s.plies++
	s.axisPushes[ax]++
	h := b.hits[ax][i&127] + 1
	b.hits[ax][i&127] = h
	s.maxHits[ax] = max(s.maxHits[ax], int(h))
	c0, c1 := col[0], col[1]
	free0, free1 := s.full[0]&^occ[0], s.full[1]&^occ[1]
	k := -1 // the empty square that gets filled, or -1 when the line is full
	var run0, run1, sh0, sh1 uint64
	if fromLo {
		end := n - 1
		if free0 != 0 {
			k = bits.TrailingZeros64(free0)
			end = k
		} else if free1 != 0 {
			k = 64 + bits.TrailingZeros64(free1)
			end = k
		}
		run0 = uint64(1)<<uint(end+1) - 1 // squares 0..end
		run1 = uint64(1)<<uint(max(end-63, 0)) - 1
		sh0, sh1 = c0<<1|isO, c1<<1|c0>>63
	} else {
		start := 0
		if free1 != 0 {
			k = 127 - bits.LeadingZeros64(free1)
			start = k
		} else if free0 != 0 {
			k = 63 - bits.LeadingZeros64(free0)
			start = k
		}
		run0 = s.full[0] &^ (uint64(1)<<uint(start) - 1) // squares start..n-1
		run1 = s.full[1] &^ (uint64(1)<<uint(max(start-64, 0)) - 1)
		sh0, sh1 = c0>>1|c1<<63, c1>>1
		if n > 64 { // the mover's marker on the last square
			sh1 |= isO << uint(n-65)
		} else {
			sh0 |= isO << uint(n-1)
		}
	}
	nc0, nc1 := c0&^run0|sh0&run0, c1&^run1|sh1&run1
	col[0], col[1] = nc0, nc1
	d0, d1 := c0^nc0, c1^nc1
	// The crossing lines: square i of crossing line j changes colour for
	// every bit j of d; the filled square k becomes occupied.
	q, bit := i>>6&1, uint64(1)<<(i&63)
	if k >= 0 {
		occ[k>>6&1] |= 1 << (k & 63)
		b.occN[ax][i&127]++
		b.occ[1-ax][k&127][q] |= bit
		b.occN[1-ax][k&127]++
	}
	// The crossing lines' words are 16 bytes apart: stepping a pointer
	// saves the index arithmetic of the loop's one load and store (about
	// 8% of the engine's time on the reference input).
	cO := &b.o[1-ax]
	base := unsafe.Pointer(&cO[0][q])
	for w := d0; w != 0; w &= w - 1 {
		*(*uint64)(unsafe.Add(base, bits.TrailingZeros64(w)*16)) ^= bit
	}
	base = unsafe.Pointer(&cO[64][q])
	for w := d1; w != 0; w &= w - 1 {
		*(*uint64)(unsafe.Add(base, bits.TrailingZeros64(w)*16)) ^= bit
	}
	if s.hashing {
		s.hashMove(pousseLine{d0, d1}, k, pousseLine{nc0, nc1}, pb, ps)
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
// pousseCheckpointSize says. O(N) word operations.
func (s *PousseState) appendPacked(dst []byte) []byte {
	n := s.n
	for k := 0; k < 2; k++ {
		var acc uint64
		var nb int // bits in acc
		for _, ln := range [2][]pousseLine{s.b.occ[0][:n], s.b.o[0][:n]}[k] {
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
// given number of plies: the rows are read back, the columns transposed
// from them, the hash recomputed when s keeps one; the straights are
// recounted when next asked. O(N²/64) word operations for the
// transposition, plus O(markers) for the hash.
func (s *PousseState) setPacked(p []byte, plies int) {
	n := s.n
	half := pousseCheckpointSize(n) / 2
	for k := 0; k < 2; k++ {
		stream := p[k*half : k*half+half]
		var acc uint64
		nb := 0 // unread bits in acc
		rows := [2][]pousseLine{s.b.occ[0][:n], s.b.o[0][:n]}[k]
		for r := range rows {
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
			rows[r] = ln
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
	s.room = [2]int{-1, -1}
	if s.hashing {
		s.h = s.fullHash()
	}
}

// reset makes s the empty board before any move.
func (s *PousseState) reset() {
	*s.b = pousseBoard{}
	s.plies = 0
	s.h = 0
	s.straights, s.win = [3]int32{}, None
	s.countedAt, s.room = 0, [2]int{s.n - 1, s.n - 1}
	s.axisPushes, s.maxHits = [2]int{}, [2]int{}
}

// transpose sets the columns from the rows, both planes, by 64 x 64 bit
// blocks. O(N²/64) word operations per block row: about 2,500 for N =
// 100.
func (s *PousseState) transpose() {
	n := s.n
	var blk [64]uint64
	for k := 0; k < 2; k++ {
		rows := [2]*[128]pousseLine{&s.b.occ[0], &s.b.o[0]}[k]
		cols := [2]*[128]pousseLine{&s.b.occ[1], &s.b.o[1]}[k]
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
// pousseKey). Generated once from a fixed seed (splitmix64), PousseMaxN²
// words: one word per square keeps the table small enough for the cache.
var pousseKeys = sync.OnceValue(func() []uint64 {
	keys := make([]uint64, PousseMaxN*PousseMaxN)
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
