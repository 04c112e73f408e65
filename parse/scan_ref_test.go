package parse

// pousseScanRef is pousseScan as it was before it read eight bytes at a
// time (issue 14): one byte at a time, through fastClass. It is kept as
// the reference of the differential tests (TestPousseScanDiff,
// FuzzPousseScan), which check that the current scanner returns the same
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
