package textpos

import (
	"math"
	"slices"
	"sort"
)

// Edited returns the Index of text, which is x's text with the bytes
// [start, oldEnd) replaced by text[start:newEnd] (what parse.Diff
// reports), and the lines [lo, hi) of the result that were scanned again:
// the lines before lo are x's, those from hi on are x's shifted by the
// change in length.
//
// Only the lines from the one before the edit to the first line end after
// it are scanned; the line starts after them are copied and shifted.
// O(bytes rescanned + lines after the edit), against O(len(text)) for
// New. When the edit keeps the length, every line start and every line's
// flags, the result is x itself (indexes are never changed, so they can be
// shared) and the cost is O(bytes rescanned): typing a move over another.
// Arguments that do not describe such an edit get New(text), all of it
// reported as scanned.
func (x *Index) Edited(text []byte, start, oldEnd, newEnd int) (y *Index, lo, hi int) {
	if x.big != nil || uint64(len(text)) > math.MaxUint32 || start < 0 || start > oldEnd ||
		start > newEnd || oldEnd > x.size || newEnd > len(text) || x.size-oldEnd != len(text)-newEnd {
		y := New(text)
		return y, 0, y.Count()
	}
	delta := newEnd - oldEnd
	// Keep the lines that start strictly before the edit (a line start at
	// the edit may merge with what is inserted, e.g. "\r" + "\n"); the
	// last of them is scanned again.
	k := sort.Search(len(x.starts), func(i int) bool { return int(x.starts[i]) >= start }) // lines kept: [0, k)
	k = max(k, 1)
	if delta == 0 && x.sameLines(text, k-1, newEnd) {
		return x, k - 1, k - 1
	}
	// The lines scanned again, from line k-1 to the first line end after
	// the edit (usually a few), then one allocation of each slice of the
	// result: x's prefix is copied, the scanned lines added, x's suffix
	// copied and shifted in the same pass.
	var mid []uint32 // the starts of lines k, k+1, ...
	var midFlags []uint8
	for i := int(x.starts[k-1]); ; {
		next, f, ok := line(text, i)
		midFlags = append(midFlags, f)
		if !ok {
			y = &Index{size: len(text), starts: concat(x.starts[:k], mid, nil, 0), flags: concat(x.flags[:k-1], midFlags, nil, 0)}
			return y, k - 1, len(y.flags)
		}
		mid = append(mid, uint32(next))
		if next > newEnd {
			// A line end after the edit: from here on the lines are x's,
			// shifted.
			j, found := slices.BinarySearch(x.starts, uint32(next-delta))
			if !found {
				y := New(text)
				return y, 0, y.Count()
			}
			d := uint32(delta) // wraps for a negative delta: the sum is right
			y = &Index{size: len(text), starts: concat(x.starts[:k], mid, x.starts[j+1:], d), flags: concat(x.flags[:k-1], midFlags, x.flags[j:], 0)}
			return y, k - 1, k - 1 + len(midFlags)
		}
		i = next
	}
}

// concat returns a new slice holding a, b, then c with d added to each
// element, allocated once at its exact length. O(len(a)+len(b)+len(c)),
// one pass over each.
func concat[E uint32 | uint8](a, b, c []E, d E) []E {
	// append(a[:n:n], make(...)...) allocates once and clears only the
	// part it adds, which is then overwritten.
	n := len(a)
	out := append(a[:n:n], make([]E, len(b)+len(c))...)
	n += copy(out[n:], b)
	rest := out[n:]
	for i, v := range c {
		rest[i] = v + d
	}
	return out
}

// sameLines reports whether text, from the start of x's line n through
// the line holding offset end, has the same line starts and line flags as
// x's text. O(bytes scanned).
func (x *Index) sameLines(text []byte, n, end int) bool {
	for i := n; ; i++ {
		next, f, ok := line(text, int(x.starts[i]))
		if f != x.flags[i] || ok != (i+1 < len(x.starts)) {
			return false
		}
		if !ok {
			return true
		}
		if next != int(x.starts[i+1]) {
			return false
		}
		if next > end {
			return true
		}
	}
}
