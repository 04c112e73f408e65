package textpos

// Diff returns where the texts a and b differ: a's bytes [start, aEnd)
// were replaced by b's [start, bEnd), the bytes before start and from
// aEnd (bEnd in b) on being the same. Equal texts give start == aEnd ==
// bEnd == a.Len().
//
// When b was made from a by Edits (or a from b), the two share every
// chunk no edit touched: the chunks the same at both ends are skipped by
// identity, O(chunks), and only the bytes of the others are compared,
// O(their length). So the edits between two versions of a document are
// found at the price of the edits, however large the document, without
// keeping them. Texts that share nothing (a whole-document change) cost
// O(len) at memory speed.
func Diff(a, b *Text) (start, aEnd, bEnd int) {
	a.ready()
	b.ready()
	na, nb, la, lb := len(a.chunks), len(b.chunks), a.Len(), b.Len()
	// Chunks shared at the start begin at the same offset in both texts;
	// chunks shared at the end end the same distance from both ends.
	i := 0
	for i < na && i < nb && a.chunks[i] == b.chunks[i] {
		i++
	}
	j := 0
	for j < na-i && j < nb-i && a.chunks[na-1-j] == b.chunks[nb-1-j] {
		j++
	}
	// The common prefix: the shared chunks, then byte by byte.
	start = a.offs[i]
	for start < la && start < lb {
		n := min(diffPiece, la-start, lb-start)
		x, y := a.Slice(start, start+n), b.Slice(start, start+n)
		k := commonPrefix(x, y)
		start += k
		if k < n {
			break
		}
	}
	// The common suffix of what remains: the shared chunks, then byte by
	// byte, never reaching back before start in either text.
	limit := min(la, lb) - start
	k := min(la-a.offs[na-j], limit)
	for k < limit {
		n := min(diffPiece, limit-k)
		x, y := a.Slice(la-k-n, la-k), b.Slice(lb-k-n, lb-k)
		m := commonSuffix(x, y)
		k += m
		if m < n {
			break
		}
	}
	return start, la - k, lb - k
}

// diffPiece is how many bytes Diff compares at a time.
const diffPiece = 4 << 10

func commonPrefix(x, y []byte) int {
	n := min(len(x), len(y))
	i := 0
	for i+8 <= n && string(x[i:i+8]) == string(y[i:i+8]) {
		i += 8
	}
	for i < n && x[i] == y[i] {
		i++
	}
	return i
}

func commonSuffix(x, y []byte) int {
	i, j := len(x), len(y)
	for i > 0 && j > 0 && x[i-1] == y[j-1] {
		i--
		j--
	}
	return len(x) - i
}
