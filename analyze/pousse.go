package analyze

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
)

// PousseMaxN is the largest Pousse board size the rules allow.
const PousseMaxN = 100

// PousseState is a Pousse position being played. It keeps the cells
// twice, row by row and column by column, so that the squares of any line
// are contiguous, together with the number of X and of O in every row and
// column and the number of straights of each colour. A move then costs
// O(length of the pushed run), worked eight squares at a time (SWAR on
// 64-bit words), and never O(N²). Cells hold 0 (empty), 1 (X) or 2 (O):
// the values of Player.
//
// A PousseState for an N x N board holds about 2·N² + 4·N bytes; it
// allocates nothing per move.
type PousseState struct {
	n     int
	plies int
	// cells[i*n+j] and tcells[j*n+i] hold square (i, j), 0-based; both
	// have pousseWord rows of padding and pousseWord bytes more, for word
	// loads past the last line and for Apply's stores past a line's end.
	// The padding holds no meaning: only cells[:n*n] is compared.
	cells, tcells []byte
	// rowX[i], rowO[i] (colX[j], colO[j]) count the X and O in row i
	// (column j); each has pousseWord bytes of padding.
	rowX, rowO, colX, colO []byte
	// straights[c] is the number of rows and columns made of N cells of
	// colour c (index 0 unused).
	straights [3]int32

	// hashing is true when h is kept up to date; h is the Zobrist hash of
	// the cells alone.
	hashing bool
	h       uint64

	// stale is true when tcells is out of date (after recount): the next
	// Apply rebuilds it, so that a position restored only to be looked
	// at (PousseGame.Board) never pays for the transposition.
	stale bool
}

// pousseWord is the number of squares handled at once by Apply.
const pousseWord = 8

// PousseLine is a row or column of the board, for highlighting straights.
type PousseLine struct {
	Col   bool   // a column; otherwise a row
	Index int    // 1-based
	Who   Player // the colour of the straight
}

// NewPousseState returns the empty n x n board, X to move, with the
// Zobrist hash maintained. n must be in 1..PousseMaxN. O(N²).
func NewPousseState(n int) *PousseState {
	return newPousseState(n, true)
}

// newPousseState is NewPousseState with Zobrist hashing optional: the
// contest rules do not need the hash.
func newPousseState(n int, hashing bool) *PousseState {
	if n < 1 || n > PousseMaxN {
		panic("analyze: Pousse board size out of range")
	}
	s := &PousseState{
		n:       n,
		cells:   make([]byte, n*n+pousseWord*n+pousseWord),
		tcells:  make([]byte, n*n+pousseWord*n+pousseWord),
		rowX:    make([]byte, n+pousseWord),
		rowO:    make([]byte, n+pousseWord),
		colX:    make([]byte, n+pousseWord),
		colO:    make([]byte, n+pousseWord),
		hashing: hashing,
	}
	return s
}

// N returns the board size. O(1).
func (s *PousseState) N() int { return s.n }

// At returns the cell at the 1-based row and column: 0 when empty, 'X' or
// 'O'. Out-of-range positions are empty. O(1).
func (s *PousseState) At(row, col int) byte {
	if row < 1 || row > s.n || col < 1 || col > s.n {
		return 0
	}
	return "\x00XO"[s.cells[(row-1)*s.n+col-1]]
}

// AppendRow appends the cells of the 1-based row to dst: 'X', 'O', and
// empty for an empty square. Nothing is appended for a row out of range.
// O(N), eight squares per step.
func (s *PousseState) AppendRow(dst []byte, row int, empty byte) []byte {
	if row < 1 || row > s.n {
		return dst
	}
	n := s.n
	cells := s.cells[(row-1)*n:]
	for j := 0; j < n; j += pousseWord {
		w := binary.LittleEndian.Uint64(cells[j:]) // the padding covers the end
		x := w &^ (w >> 1) & pousseOnes
		o := w >> 1 & pousseOnes
		e := ^(w | w>>1) & pousseOnes
		dst = binary.LittleEndian.AppendUint64(dst, x*'X'|o*'O'|e*uint64(empty))
	}
	return dst[:len(dst)-(-n&(pousseWord-1))]
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

// Straights returns the number of straights of X and of O. O(1).
func (s *PousseState) Straights() (x, o int) {
	return int(s.straights[First]), int(s.straights[Second])
}

// Winner returns the colour with more straights now, or None when the
// counts are equal (including equal non-zero counts). O(1).
func (s *PousseState) Winner() Player {
	switch x, o := s.straights[First], s.straights[Second]; {
	case x > o:
		return First
	case o > x:
		return Second
	}
	return None
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

// fullHash computes the Zobrist hash of the cells from scratch. O(N²).
func (s *PousseState) fullHash() uint64 {
	keys := pousseKeys()
	var h uint64
	for p, c := range s.cells[:s.n*s.n] {
		h ^= pousseKey(keys[p], c)
	}
	return h
}

// Clone returns an independent copy of s. O(N²).
func (s *PousseState) Clone() *PousseState {
	t := *s
	t.cells = bytes.Clone(s.cells)
	t.tcells = bytes.Clone(s.tcells)
	t.rowX = bytes.Clone(s.rowX)
	t.rowO = bytes.Clone(s.rowO)
	t.colX = bytes.Clone(s.colX)
	t.colO = bytes.Clone(s.colO)
	return &t
}

// StraightLines returns the rows, then the columns, that are straights
// now, in increasing order. O(N).
func (s *PousseState) StraightLines() []PousseLine {
	if s.straights[First] == 0 && s.straights[Second] == 0 {
		return nil
	}
	var out []PousseLine
	n := byte(s.n)
	for k, counts := range [2][2][]byte{{s.rowX, s.rowO}, {s.colX, s.colO}} {
		for i := 0; i < s.n; i++ {
			for c, cnt := range counts {
				if cnt[i] == n {
					out = append(out, PousseLine{Col: k == 1, Index: i + 1, Who: Player(c + 1)})
				}
			}
		}
	}
	return out
}

// Apply plays the move dir line for the player to move: dir is 'L', 'R',
// 'T' or 'B' and line is in 1..N. The caller guarantees validity; an
// invalid move is ignored (no ply is counted).
//
// Cost: O(r), where r is the length of the pushed run (the squares from
// the insertion square up to the first empty one, or the whole line when
// it is full). Finding the run's end is O(1) on a full line (the line's
// counts say so) and otherwise a byte search of the line's contiguous
// copy. The pushed line itself only gains the mover's marker and loses
// the empty square or the marker that falls off: O(1). Every square of
// the run changes colour in its crossing line: shift runs eight squares
// at a time, updating the crossing lines' counts and straights by word
// arithmetic, and writes each square to the other copy (and, when
// hashing, XORs its change into the hash): O(1) per square, no branch on
// the cells.
func (s *PousseState) Apply(dir byte, line int) {
	n := s.n
	if line < 1 || line > n {
		return
	}
	if s.stale {
		s.transpose()
		s.stale = false
	}
	i := line - 1
	var arr, other []byte
	var alongX, alongO, perpX, perpO []byte
	// Square x of the line is other[x*n+i] in the other copy, and
	// cells[pb+x*ps] (for the hash).
	var pb, ps int
	switch dir {
	case 'L', 'R':
		arr, other = s.cells, s.tcells
		alongX, alongO, perpX, perpO = s.rowX, s.rowO, s.colX, s.colO
		pb, ps = i*n, 1
	case 'T', 'B':
		arr, other = s.tcells, s.cells
		alongX, alongO, perpX, perpO = s.colX, s.colO, s.rowX, s.rowO
		pb, ps = i, n
	default:
		return
	}
	m := byte(1 + s.plies&1)
	s.plies++
	ln := arr[i*n:] // the line, then the following ones and the padding
	full := int(alongX[i])+int(alongO[i]) == n
	fromLo := dir == 'L' || dir == 'T'
	lo, hi, out := 0, n-1, 0 // the run is ln[lo..hi]; ln[out] is overwritten
	if fromLo {
		if !full {
			hi = bytes.IndexByte(ln[:n], 0)
		}
		out = hi
	} else {
		if !full {
			lo = bytes.LastIndexByte(ln[:n], 0)
		}
		out = lo
	}

	// The pushed line: the square out (empty, or the marker falling off)
	// goes, the mover's marker comes.
	s.countLine(alongX, alongO, i, ln[out], m)

	s.shift(ln, lo, hi, fromLo, m, perpX, perpO, other, i, pb, ps)
}

// countLine updates the counts of line i for a square of colour out
// replaced by one of colour in, keeping the straight counts. O(1).
func (s *PousseState) countLine(cx, co []byte, i int, out, in byte) {
	n := byte(s.n)
	if out != 0 {
		cnt := cx
		if out == 2 {
			cnt = co
		}
		if cnt[i] == n {
			s.straights[out]--
		}
		cnt[i]--
	}
	cnt := cx
	if in == 2 {
		cnt = co
	}
	cnt[i]++
	if cnt[i] == n {
		s.straights[in]++
	}
}

const (
	pousseOnes = 0x0101010101010101
	pousseHigh = 0x8080808080808080
)

// shift moves the run ln[lo..hi] one square away from the side of entry
// and puts m on the entry square (lo when fromLo, else hi), updating the
// counts px, po of the crossing lines (indexed like ln) and the
// straights. It works on eight squares per step: with cells 0, 1, 2, a
// byte is X when bit 0 is set and O when bit 1 is, so the changes of the
// eight counts are word additions, and a count reaching or leaving N is
// caught by a word test for bytes >= N before any byte is looked at.
// Each square x of the run is also written to the other copy, at
// other[x*n+i], and when hashing its change is XORed into the hash (the
// square is cells[pb+x*ps]). O(hi-lo+1).
func (s *PousseState) shift(ln []byte, lo, hi int, fromLo bool, m byte, px, po, other []byte, i, pb, ps int) {
	n := s.n
	ge := uint64(128-n) * pousseOnes // adding it sets bit 7 of bytes >= n
	carry := uint64(m)               // fromLo: the square entering each word
	var keys []uint64
	if s.hashing {
		keys = pousseKeys()
	}
	h := s.h
	for x := lo; x <= hi; x += pousseWord {
		old := binary.LittleEndian.Uint64(ln[x:])
		var nw uint64
		last := x+pousseWord > hi
		if fromLo {
			nw = old<<8 | carry
			carry = old >> 56
		} else {
			var next uint64
			if !last {
				next = uint64(ln[x+pousseWord])
			}
			nw = old>>8 | next<<56
		}
		if last {
			k := uint(hi-x) * 8 // the run's last byte in the word
			if !fromLo {
				nw = nw&^(0xff<<k) | uint64(m)<<k
			}
			keep := ^uint64(0) << k << 8 // bytes past the run
			nw = nw&^keep | old&keep
		}
		binary.LittleEndian.PutUint64(ln[x:], nw)

		cx := binary.LittleEndian.Uint64(px[x:])
		co := binary.LittleEndian.Uint64(po[x:])
		cx2 := cx + nw&^(nw>>1)&pousseOnes - old&^(old>>1)&pousseOnes
		co2 := co + (nw>>1)&pousseOnes - (old>>1)&pousseOnes
		if ((cx+ge)|(cx2+ge)|(co+ge)|(co2+ge))&pousseHigh != 0 {
			s.straights[First] += pousseCountN(cx2, n) - pousseCountN(cx, n)
			s.straights[Second] += pousseCountN(co2, n) - pousseCountN(co, n)
		}
		binary.LittleEndian.PutUint64(px[x:], cx2)
		binary.LittleEndian.PutUint64(po[x:], co2)

		// All eight squares go to the other copy, even past the run: a
		// byte of nw past the run holds what the square already has, and
		// past the line's end the stores land in the padding rows.
		o := other[x*n+i:]
		_ = o[7*n]
		o[0] = byte(nw)
		o[n] = byte(nw >> 8)
		o[2*n] = byte(nw >> 16)
		o[3*n] = byte(nw >> 24)
		o[4*n] = byte(nw >> 32)
		o[5*n] = byte(nw >> 40)
		o[6*n] = byte(nw >> 48)
		o[7*n] = byte(nw >> 56)
		if keys != nil {
			d := old ^ nw
			for k := 0; k < pousseWord && x+k <= hi; k++ {
				h ^= pousseKey(keys[pb+(x+k)*ps], byte(d>>(8*k)))
			}
		}
	}
	s.h = h
}

// pousseCountN returns the number of bytes of w equal to n.
func pousseCountN(w uint64, n int) int32 {
	var c int32
	for k := 0; k < 64; k += 8 {
		if byte(w>>k) == byte(n) {
			c++
		}
	}
	return c
}

// pushCells plays the move dir line on the row-major cells only, as
// Apply would for the player to move, and counts the ply; the
// column-major copy, the counts, the straights and the hash are left
// stale until recount. For replays that only want the position at their
// end, such as PousseGame.Board. An invalid move is ignored, as by Apply.
//
// Cost: O(r), r the length of the pushed run: a memmove along a row, a
// strided loop down a column; no counts, no second copy.
func (s *PousseState) pushCells(dir byte, line int) {
	n := s.n
	if line < 1 || line > n {
		return
	}
	i := line - 1
	m := byte(1 + s.plies&1)
	cells := s.cells
	switch dir {
	case 'L':
		row := cells[i*n : i*n+n]
		hi := bytes.IndexByte(row, 0)
		if hi < 0 {
			hi = n - 1 // full: the last square falls off
		}
		copy(row[1:hi+1], row[:hi])
		row[0] = m
	case 'R':
		row := cells[i*n : i*n+n]
		lo := max(bytes.LastIndexByte(row, 0), 0)
		copy(row[lo:n-1], row[lo+1:])
		row[n-1] = m
	case 'T':
		hi := n - 1
		for r := 0; r < n; r++ {
			if cells[r*n+i] == 0 {
				hi = r
				break
			}
		}
		for p := hi*n + i; p >= n; p -= n {
			cells[p] = cells[p-n]
		}
		cells[i] = m
	case 'B':
		lo := 0
		for r := n - 1; r >= 0; r-- {
			if cells[r*n+i] == 0 {
				lo = r
				break
			}
		}
		for p := lo*n + i; p < (n-1)*n; p += n {
			cells[p] = cells[p+n]
		}
		cells[(n-1)*n+i] = m
	default:
		return
	}
	s.plies++
}

// pousseCheckpointSize is the size of a packed n x n position: two bits
// per cell, in 16-bit groups of eight cells.
func pousseCheckpointSize(n int) int {
	return (n*n + 7) / 8 * 2
}

// appendPacked appends the cells of s to dst, packed two bits per cell
// (pousseCheckpointSize bytes). O(N²), eight cells per step.
func (s *PousseState) appendPacked(dst []byte) []byte {
	nn := s.n * s.n
	for p := 0; p < nn; p += pousseWord {
		w := binary.LittleEndian.Uint64(s.cells[p:]) // the padding covers the end
		if nn-p < pousseWord {
			w &= 1<<(8*(nn-p)) - 1
		}
		w = (w | w>>6) & 0x000f000f000f000f
		w = (w | w>>12) & 0x000000ff000000ff
		w = (w | w>>24) & 0xffff
		dst = binary.LittleEndian.AppendUint16(dst, uint16(w))
	}
	return dst
}

// setPacked makes s the position packed in p (by appendPacked) after the
// given number of plies, recounting lines and straights (and the hash
// when s keeps one). O(N²).
func (s *PousseState) setPacked(p []byte, plies int) {
	s.unpack(p, plies)
	s.recount()
}

// unpack sets the row-major cells and the ply count only, from p (see
// setPacked). O(N²), eight cells per step.
func (s *PousseState) unpack(p []byte, plies int) {
	nn := s.n * s.n
	for q := 0; q < nn; q += pousseWord {
		w := uint64(binary.LittleEndian.Uint16(p[q/4:]))
		w = (w | w<<24) & 0x000000ff000000ff
		w = (w | w<<12) & 0x000f000f000f000f
		w = (w | w<<6) & 0x0303030303030303
		binary.LittleEndian.PutUint64(s.cells[q:], w) // zeros past nn: the padding
	}
	s.plies = plies
}

// recount sets the line counts, the straights and (when s keeps one) the
// hash from the row-major cells, and marks the column-major copy stale.
// O(N²): the counts are summed eight cells at a time.
func (s *PousseState) recount() {
	n := s.n
	clear(s.colX)
	clear(s.colO)
	s.straights = [3]int32{}
	for i := 0; i < n; i++ {
		row := s.cells[i*n:]
		var rx, ro uint64
		for j := 0; j < n; j += pousseWord {
			w := binary.LittleEndian.Uint64(row[j:])
			if n-j < pousseWord {
				w &= 1<<(8*(n-j)) - 1 // the next row's cells, or padding
			}
			x := w &^ (w >> 1) & pousseOnes
			o := w >> 1 & pousseOnes
			rx += x * pousseOnes >> 56
			ro += o * pousseOnes >> 56
			binary.LittleEndian.PutUint64(s.colX[j:], binary.LittleEndian.Uint64(s.colX[j:])+x)
			binary.LittleEndian.PutUint64(s.colO[j:], binary.LittleEndian.Uint64(s.colO[j:])+o)
		}
		s.rowX[i], s.rowO[i] = byte(rx), byte(ro)
	}
	clear(s.colX[n:])
	clear(s.colO[n:])
	s.stale = true // the column-major copy is rebuilt by the next Apply
	for k, cnt := range [4][]byte{s.rowX, s.rowO, s.colX, s.colO} {
		for _, c := range cnt[:n] {
			if int(c) == n {
				s.straights[1+k%2]++
			}
		}
	}
	if s.hashing {
		s.h = s.fullHash()
	}
}

// transpose sets the column-major copy from the row-major cells: 8 x 8
// blocks are transposed in registers, the squares of the ragged edge one
// by one. O(N²), with a store per eight squares instead of one per
// square.
func (s *PousseState) transpose() {
	n := s.n
	n8 := n &^ (pousseWord - 1)
	cells, t := s.cells, s.tcells
	var r [pousseWord]uint64
	for i0 := 0; i0 < n8; i0 += pousseWord {
		for j0 := 0; j0 < n8; j0 += pousseWord {
			for k := range r {
				r[k] = binary.LittleEndian.Uint64(cells[(i0+k)*n+j0:])
			}
			transpose8(&r)
			for k := range r {
				binary.LittleEndian.PutUint64(t[(j0+k)*n+i0:], r[k])
			}
		}
	}
	for i := 0; i < n; i++ {
		j := n8
		if i >= n8 {
			j = 0
		}
		for ; j < n; j++ {
			t[j*n+i] = cells[i*n+j]
		}
	}
}

// transpose8 transposes the 8 x 8 bytes of r: byte c of r[k] becomes
// byte k of r[c]. Three rounds swap ever larger blocks: bytes, then
// pairs, then quads.
func transpose8(r *[pousseWord]uint64) {
	swap := func(a, b *uint64, sh uint, mask uint64) {
		t := (*a>>sh ^ *b) & mask
		*b ^= t
		*a ^= t << sh
	}
	const m1, m2, m4 = 0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff
	swap(&r[0], &r[1], 8, m1)
	swap(&r[2], &r[3], 8, m1)
	swap(&r[4], &r[5], 8, m1)
	swap(&r[6], &r[7], 8, m1)
	swap(&r[0], &r[2], 16, m2)
	swap(&r[1], &r[3], 16, m2)
	swap(&r[4], &r[6], 16, m2)
	swap(&r[5], &r[7], 16, m2)
	swap(&r[0], &r[4], 32, m4)
	swap(&r[1], &r[5], 32, m4)
	swap(&r[2], &r[6], 32, m4)
	swap(&r[3], &r[7], 32, m4)
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
