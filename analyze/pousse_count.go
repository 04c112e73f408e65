package analyze

// lineCounts writes in cnt[t], for t < tiles, the number of O squares of
// each of the eight rows (k = 0) or columns (k = 1) of tile row or
// column t, one byte a line (byte r: line 8t+r). With AVX2 (amd64) one
// call counts a whole axis, 32 bytes at a time (pousse_count_amd64.s);
// otherwise tileRowCounts and tileColCounts count it a word at a time.
// O(N²/64) word operations either way.
func (b *pousseBoard) lineCounts(k, tiles int, cnt *[16]uint64) {
	if countAVX2 {
		if k == 0 {
			rowCountsAVX2(&b.o, tiles, cnt)
		} else {
			colCountsAVX2(&b.o, tiles, cnt)
		}
		return
	}
	for t := 0; t < tiles; t++ {
		if k == 0 {
			cnt[t] = b.tileRowCounts(t, tiles)
		} else {
			cnt[t] = b.tileColCounts(t, tiles)
		}
	}
}
