package parse

// pousseScanRef and spotScanRef are pousseScan and spotScan as they were
// before they read eight bytes at a time (issue 14): one byte at a time,
// through fastClass. They are kept as the references of the differential
// tests (TestPousseScanDiff, FuzzPousseScan, TestSpotScanDiff,
// FuzzSpotScan), which check that the current scanners return the same
// moves and the same end offset on any input.
func pousseScanRef(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	for ; limit > 0 && len(dst) < cap(dst); limit-- {
		k := i
		for k < len(src) && fastClass[src[k]]&classSkip != 0 {
			k++
		}
		if k+5 > len(src) {
			break
		}
		w := src[k : k+5 : k+5] // the move and its terminator, at most
		d := w[0]
		c := w[1] - '0'
		if fastClass[d]&classDir == 0 || c > 9 {
			break
		}
		n, end := int(c), 2
		if c := w[2] - '0'; c <= 9 {
			n, end = n*10+int(c), 3
			if c := w[3] - '0'; c <= 9 {
				n, end = n*10+int(c), 4
			}
		}
		if fastClass[w[end]]&classEnd == 0 || n < 1 || n > size {
			break
		}
		i = k + end
		dst = dst[:len(dst)+1]
		dst[len(dst)-1] = Move{off: uint32(k - base), n: uint16(end), mv: mvPousse | uint16(fastClass[d]>>classDirShift)<<mvDirShift | uint16(n)}
	}
	return dst, i
}

func spotScanRef(src []byte, i, base, size int, dst []Move, limit int) ([]Move, int) {
	for ; limit > 0 && len(dst) < cap(dst); limit-- {
		k := i
		for k < len(src) && fastClass[src[k]]&classSkip != 0 {
			k++
		}
		start := k
		var rc [2]int
		for x := range rc {
			n, j := 0, k
			for k < len(src) && k-j < 3 {
				c := src[k] - '0'
				if c > 9 {
					break
				}
				n = n*10 + int(c)
				k++
			}
			// The number ends at a blank or line end (not a fourth
			// digit), and blanks follow up to the next token.
			if k == j || n < 1 || n > size || k >= len(src) || fastClass[src[k]]&classSkip == 0 {
				return dst, i
			}
			for k < len(src) && fastClass[src[k]]&classSkip != 0 {
				k++
			}
			rc[x] = n
		}
		if k >= len(src) || (src[k] != '+' && src[k] != '-') {
			break
		}
		add := src[k] == '+'
		k++
		if k < len(src) && fastClass[src[k]]&classEnd == 0 || k-start >= longMove {
			break
		}
		i = k
		dst = dst[:len(dst)+1]
		dst[len(dst)-1] = Move{off: uint32(start - base), n: uint16(k - start), mv: spotBits(rc[0], rc[1], add)}
	}
	return dst, i
}
