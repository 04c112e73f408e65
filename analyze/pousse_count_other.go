//go:build !amd64 || purego

package analyze

// countAVX2 is false: lineCounts counts a word at a time.
const countAVX2 = false

func rowCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64) { panic("unreachable") }
func colCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64) { panic("unreachable") }
