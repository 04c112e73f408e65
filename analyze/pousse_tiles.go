package analyze

import "gamels/parse"

// The O squares of a Pousse position are kept in 8 x 8 tiles, one word
// each: tile (ti, tj) holds rows 8ti..8ti+7 and columns 8tj..8tj+7, square
// (i, j) being bit 8*(i%8) + j%8 of word ti*16 + tj. A row is one byte of
// each of the N/8 tiles of its tile row, a column one bit of each byte of
// the tiles of its tile column, so that a push along either moves its
// markers with O(N/8) word operations (a shift of each tile under a mask,
// and one bit carried from tile to tile) and no bit moves on its own.
//
// Bits off the board are always zero.

const (
	tileCol0   = 0x0101010101010101 // column 0 of a tile
	tileNotC0  = 0xfefefefefefefefe // all but column 0
	tileNotC7  = 0x7f7f7f7f7f7f7f7f // all but column 7
	tileColGet = 0x0102040810204080 // gathers column 0 into the top byte

	pousseTiles = (parse.PousseMaxN + 7) / 8 // tiles across the largest board
)

// tileAt returns the index of the tile and the bit of the 0-based square
// (i, j).
func tileAt(i, j int) (int, uint) {
	return (i>>3)<<4 | j>>3, uint(i&7)<<3 | uint(j&7)
}

// rowO returns the O squares of the 0-based row i as a line. O(N/8).
func (b *pousseBoard) rowO(i int) pousseLine {
	var ln pousseLine
	sh := uint(i&7) << 3
	base := (i >> 3 & 15) << 4
	for tj := range pousseTiles {
		ln[tj>>3] |= (b.o[base|tj] >> sh & 0xff) << (uint(tj&7) << 3)
	}
	return ln
}

// colO returns the O squares of the 0-based column j as a line. O(N/8).
func (b *pousseBoard) colO(j int) pousseLine {
	var ln pousseLine
	c := uint(j & 7)
	tj := j >> 3 & 15
	for ti := range pousseTiles {
		byt := (b.o[ti<<4|tj] >> c & tileCol0) * tileColGet >> 56
		ln[ti>>3] |= byt << (uint(ti&7) << 3)
	}
	return ln
}

// setRowO sets the O squares of the 0-based row i from a line. O(N/8).
func (b *pousseBoard) setRowO(i int, ln pousseLine) {
	sh := uint(i&7) << 3
	base := (i >> 3 & 15) << 4
	for tj := range 16 {
		t := &b.o[base|tj]
		*t = *t&^(0xff<<sh) | (ln[tj>>3]>>(uint(tj&7)<<3)&0xff)<<sh
	}
}

// The push functions move the O squares of one line by one square and
// put isO on the square of entry, within the run lo..hi (0-based squares
// of the line): pushL and pushT move them from lo = 0 towards hi, pushR
// and pushB from hi = N-1 towards lo. O(tiles the run crosses): per tile
// a shift and a mask, and the bit that crosses into the next tile (taken
// from the tile before it changed, so the tiles do not wait on each
// other). There are four functions, not one loop with the shifts and
// masks chosen by the direction: that loop's set-up costs more than the
// branch it saves (see playUntilWin).

// pushL pushes row i from the left: squares 0..hi move to higher columns.
func (b *pousseBoard) pushL(i, hi int, isO uint64) {
	sh := uint(i&7) << 3
	row := (*[16]uint64)(b.o[(i>>3&15)<<4:])
	keep := ^(uint64(0xff) << sh)
	one := uint64(1) << sh
	carry := isO << sh
	last := hi >> 3 & 15
	for tj := 0; tj < last; tj++ {
		t := row[tj]
		row[tj] = t&keep | (t<<1&tileNotC0|carry)&^keep
		carry = t >> 7 & one
	}
	t := row[last]
	m := (uint64(2)<<uint(hi&7) - 1) << sh
	row[last] = t&^m | (t<<1&tileNotC0|carry)&m
}

// pushR pushes row i from the right: squares lo..N-1 (hi = N-1) move to
// lower columns.
func (b *pousseBoard) pushR(i, lo, hi int, isO uint64) {
	sh := uint(i&7) << 3
	row := (*[16]uint64)(b.o[(i>>3&15)<<4:])
	top := uint64(0x80) << sh
	first, last := hi>>3&15, lo>>3&15
	m := (uint64(2)<<uint(hi&7) - 1) << sh
	carry := isO << (sh + uint(hi&7))
	for tj := first; tj > last; tj-- {
		t := row[tj]
		row[tj] = t&^m | (t>>1&tileNotC7|carry)&m
		carry = t << 7 & top
		m = uint64(0xff) << sh
	}
	m &^= (uint64(1)<<uint(lo&7) - 1) << sh
	t := row[last]
	row[last] = t&^m | (t>>1&tileNotC7|carry)&m
}

// pushT pushes column j from the top: squares 0..hi move to higher rows.
func (b *pousseBoard) pushT(j, hi int, isO uint64) {
	c := uint(j & 7)
	col := b.o[j>>3&15:]
	cm := uint64(tileCol0) << c
	one := uint64(1) << c
	carry := isO << c
	last := hi >> 3 & 15
	for ti := 0; ti < last; ti++ {
		p := &col[ti<<4&255]
		t := *p
		*p = t&^cm | (t<<8|carry)&cm
		carry = t >> 56 & one
	}
	p := &col[last<<4&255]
	t := *p
	m := cm & (uint64(1)<<(uint(hi&7+1)<<3) - 1)
	*p = t&^m | (t<<8|carry)&m
}

// pushB pushes column j from the bottom: squares lo..N-1 (hi = N-1) move
// to lower rows.
func (b *pousseBoard) pushB(j, lo, hi int, isO uint64) {
	c := uint(j & 7)
	col := b.o[j>>3&15:]
	cm := uint64(tileCol0) << c
	top := uint64(1) << (56 + c)
	first, last := hi>>3&15, lo>>3&15
	m := cm & (uint64(1)<<(uint(hi&7+1)<<3) - 1)
	carry := isO << (uint(hi&7)<<3 + c)
	for ti := first; ti > last; ti-- {
		p := &col[ti<<4&255]
		t := *p
		*p = t&^m | (t>>8|carry)&m
		carry = t << 56 & top
		m = cm
	}
	m &^= uint64(1)<<(uint(lo&7)<<3) - 1
	p := &col[last<<4&255]
	t := *p
	*p = t&^m | (t>>8|carry)&m
}

// tileRowCounts returns the number of O squares of row 8ti+r in byte r,
// over tiles tile columns. Three tiles at a time go through a carry-save
// adder (per bit, x+y+z = s + 2c), s and c through a bytewise popcount to
// 4-bit lanes, and the lanes are summed into bytes: about 9 word
// operations a tile, against 11 for a bytewise popcount of each tile.
// O(N/8) word operations for 8 rows.
func (b *pousseBoard) tileRowCounts(ti, tiles int) uint64 {
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	var acc uint64
	row := (*[16]uint64)(b.o[(ti&15)<<4:])
	tj := 0
	for ; tj+3 <= tiles; tj += 3 {
		x, y, z := row[tj&15], row[(tj+1)&15], row[(tj+2)&15]
		t := x ^ y
		s, c := t^z, x&y|t&z // per bit: x+y+z = s + 2c
		s -= s >> 1 & m1
		s = s&m2 + s>>2&m2
		c -= c >> 1 & m1
		c = c&m2 + c>>2&m2
		s += c << 1 // nibbles: at most 12
		acc += s&m4 + s>>4&m4
	}
	for ; tj < tiles; tj++ {
		x := row[tj&15]
		x -= x >> 1 & m1
		x = x&m2 + x>>2&m2
		acc += (x + x>>4) & m4
	}
	return acc
}

// tileColCounts returns the number of O squares of column 8tj+c in byte
// c, over tiles tile rows: four 4-bit-lane sums of the tiles (at most 13
// in a lane), then each lane's bytes summed by one multiplication. O(N/8)
// word operations for 8 columns.
func (b *pousseBoard) tileColCounts(tj, tiles int) uint64 {
	var a0, a1, a2, a3 uint64
	const l = 0x1111111111111111
	for ti := 0; ti < tiles; ti++ {
		x := b.o[(ti<<4|tj)&255]
		a0 += x & l
		a1 += x >> 1 & l
		a2 += x >> 2 & l
		a3 += x >> 3 & l
	}
	const nib, sum = 0x0f0f0f0f0f0f0f0f, 0x0101010101010101
	return (a0&nib)*sum>>56 | (a1&nib)*sum>>56<<8 | (a2&nib)*sum>>56<<16 | (a3&nib)*sum>>56<<24 |
		(a0>>4&nib)*sum>>56<<32 | (a1>>4&nib)*sum>>56<<40 | (a2>>4&nib)*sum>>56<<48 | (a3>>4&nib)*sum>>56<<56
}

// line returns the O squares of row i (ax 0) or column i (ax 1). O(N/8).
func (b *pousseBoard) line(ax, i int) pousseLine {
	if ax == 0 {
		return b.rowO(i)
	}
	return b.colO(i)
}
