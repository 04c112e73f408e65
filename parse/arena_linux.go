package parse

import (
	"syscall"
	"unsafe"
)

// newBlock returns an empty block of n moves. A block of 4 MiB or more
// (512 Ki moves) starts at a 2 MiB boundary and Linux is asked to back
// it with transparent huge pages (when they are enabled, "always" or
// "madvise"): it is then faulted in 2 MiB at a time instead of 4 KiB,
// with a fraction of the page faults and of the system time. The spare
// 2 MiB before the boundary costs address space, and zeroing only when
// the allocator reuses memory. The advice is a hint: when it fails,
// nothing changes.
func newBlock(n int) []Move {
	const huge = 2 << 20
	size := uintptr(n) * unsafe.Sizeof(Move{})
	if size < 2*huge {
		return make([]Move, 0, n)
	}
	// Allocate a huge page more and start at the first move at or after
	// a 2 MiB boundary; the pages before it are never touched.
	spare := int(huge/unsafe.Sizeof(Move{})) + 1
	b := make([]Move, 0, n+spare)
	base := unsafe.Pointer(unsafe.SliceData(b))
	p := uintptr(base)
	skip := (-p & (huge - 1)) // bytes to the boundary
	first := int((skip + unsafe.Sizeof(Move{}) - 1) / unsafe.Sizeof(Move{}))
	b = b[first:first:cap(b)]
	start := p + skip
	end := (p + uintptr(cap(b)+first)*unsafe.Sizeof(Move{})) &^ (huge - 1)
	if start < end {
		syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, skip)), end-start), syscall.MADV_HUGEPAGE)
	}
	return b
}
