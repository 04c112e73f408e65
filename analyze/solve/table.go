package solve

// The transposition table. An entry holds the whole position (two words:
// a Pousse board of up to 8 x 8 fits them exactly), so a hit is never a
// hash collision: the table can only make the search faster, not wrong.

// Bound kinds of a stored score.
const (
	boundExact = iota + 1
	boundLower
	boundUpper
)

// tentry is one slot: the position, and meta packing the side to move
// (bit 0), the bound kind (bits 1-2), the move (bits 8-15), the depth
// (bits 16-23) and the node-relative score (bits 32-63, signed).
type tentry struct {
	x, o uint64
	meta uint64
}

// table is a direct-mapped transposition table of a power-of-two size.
// Probe and store are O(1); it holds 24 bytes per slot.
type table struct {
	slots []tentry
	mask  uint64
}

func newTable(bits int) *table {
	return &table{slots: make([]tentry, 1<<bits), mask: 1<<bits - 1}
}

// probe returns the slot's data for position b with side to move side.
func (t *table) probe(b pousseBoard, side int) (move pousseMove, depth int, bound int, v score, ok bool) {
	e := &t.slots[b.hash(side)&t.mask]
	if e.meta == 0 || e.x != b.x || e.o != b.o || int(e.meta&1) != side&1 {
		return 0, 0, 0, 0, false
	}
	m := e.meta
	return pousseMove(m >> 8), int(m >> 16 & 0xff), int(m >> 1 & 3), score(int32(m >> 32)), true
}

// store records a result for b (always replacing the slot's content).
func (t *table) store(b pousseBoard, side int, move pousseMove, depth int, bound int, v score) {
	e := &t.slots[b.hash(side)&t.mask]
	e.x, e.o = b.x, b.o
	e.meta = uint64(side&1) | uint64(bound)<<1 | uint64(move)<<8 | uint64(min(depth, 255))<<16 | uint64(uint32(int32(v)))<<32
}

// reset empties the table, so that a search's node count does not
// depend on what was searched before. O(slots).
func (t *table) reset() { clear(t.slots) }
