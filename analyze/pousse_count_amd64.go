//go:build amd64 && !purego

package analyze

import "golang.org/x/sys/cpu"

// countAVX2 is true when lineCounts uses the AVX2 counts.
var countAVX2 = cpu.X86.HasAVX2

// rowCountsAVX2 is lineCounts for the rows: cnt[t] for t < tiles. All
// 16 tiles of each tile row are read (those off the board are zero).
//
//go:noescape
func rowCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64)

// colCountsAVX2 is lineCounts for the columns: all 16 entries of cnt,
// from tile rows 0..tiles-1 (tiles <= 15: a lane sums at most 15).
//
//go:noescape
func colCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64)
