package format

import (
	"bytes"
	"fmt"

	"gamels/parse"
)

// Edit replaces the source bytes of Span by New.
type Edit struct {
	Span parse.Span
	New  []byte
}

// maxDiffCells bounds the table of the line diff: beyond it the changed
// middle of the file becomes one edit.
const maxDiffCells = 1 << 22

// Edits returns line edits that turn src into out, in order and not
// overlapping: the common first and last lines are skipped, and the
// middle is diffed line by line (longest common subsequence) when it is
// small enough, replaced whole otherwise. An editor applies these instead
// of the whole text so that the cursor and folds stay where they were.
func Edits(src, out []byte) []Edit {
	a, b := splitLines(src), splitLines(out)
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	offset := 0
	for _, l := range a[:pre] {
		offset += len(l)
	}
	if len(am) == 0 && len(bm) == 0 {
		return nil
	}
	if (len(am)+1)*(len(bm)+1) > maxDiffCells {
		return []Edit{{Span: parse.Span{Start: offset, End: offset + total(am)}, New: bytes.Join(bm, nil)}}
	}
	return lcsEdits(am, bm, offset)
}

func total(lines [][]byte) (n int) {
	for _, l := range lines {
		n += len(l)
	}
	return n
}

// lcsEdits diffs two line lists with a longest-common-subsequence table.
// O(len(a) * len(b)) time and space, bounded by maxDiffCells.
func lcsEdits(a, b [][]byte, offset int) []Edit {
	n, m := len(a), len(b)
	// t[i][j]: LCS length of a[i:] and b[j:].
	t := make([]int32, (n+1)*(m+1))
	at := func(i, j int) *int32 { return &t[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if bytes.Equal(a[i], b[j]) {
				*at(i, j) = *at(i+1, j+1) + 1
			} else {
				*at(i, j) = max(*at(i+1, j), *at(i, j+1))
			}
		}
	}
	var edits []Edit
	var cur *Edit
	pos := offset
	flush := func() {
		if cur != nil {
			edits = append(edits, *cur)
			cur = nil
		}
	}
	open := func() *Edit {
		if cur == nil {
			cur = &Edit{Span: parse.Span{Start: pos, End: pos}}
		}
		return cur
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && bytes.Equal(a[i], b[j]):
			flush()
			pos += len(a[i])
			i, j = i+1, j+1
		case j < m && (i == n || *at(i, j+1) >= *at(i+1, j)):
			e := open()
			e.New = append(e.New, b[j]...)
			j++
		default:
			e := open()
			pos += len(a[i])
			e.Span.End = pos
			i++
		}
	}
	flush()
	return edits
}

// splitLines splits after each line end, keeping it ("\n", "\r\n", "\r").
func splitLines(s []byte) [][]byte {
	var lines [][]byte
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			lines = append(lines, s[start:i+1])
			start = i + 1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			lines = append(lines, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// Apply applies ordered, non-overlapping edits to src.
func Apply(src []byte, edits []Edit) []byte {
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.Span.Start])
		b.Write(e.New)
		last = e.Span.End
	}
	b.Write(src[last:])
	return b.Bytes()
}

// Unified writes a unified diff of src and out, as `diff -u` would, with
// three lines of context.
func Unified(name string, src, out []byte) []byte {
	edits := Edits(src, out)
	if len(edits) == 0 {
		return nil
	}
	a := splitLines(src)
	starts := make([]int, len(a)+1)
	for i, l := range a {
		starts[i+1] = starts[i] + len(l)
	}
	lineOf := func(off int) int { // index of the line starting at off
		lo, hi := 0, len(a)
		for lo < hi {
			mid := (lo + hi) / 2
			if starts[mid] < off {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return lo
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "--- %s\n+++ %s (formatted)\n", name, name)
	const ctx = 3
	delta := 0 // lines added minus removed before the hunk
	for k := 0; k < len(edits); {
		// Group edits whose contexts touch into one hunk.
		first := k
		for k+1 < len(edits) && lineOf(edits[k+1].Span.Start)-lineOf(edits[k].Span.End) <= 2*ctx {
			k++
		}
		last := k
		k++
		from := max(0, lineOf(edits[first].Span.Start)-ctx)
		to := min(len(a), lineOf(edits[last].Span.End)+ctx)
		var body bytes.Buffer
		oldN, newN := 0, 0
		line := from
		for _, e := range edits[first : last+1] {
			for ; line < lineOf(e.Span.Start); line++ {
				writeLine(&body, ' ', a[line])
				oldN, newN = oldN+1, newN+1
			}
			for ; line < lineOf(e.Span.End); line++ {
				writeLine(&body, '-', a[line])
				oldN++
			}
			for _, l := range splitLines(e.New) {
				writeLine(&body, '+', l)
				newN++
			}
		}
		for ; line < to; line++ {
			writeLine(&body, ' ', a[line])
			oldN, newN = oldN+1, newN+1
		}
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", from+1, oldN, from+1+delta, newN)
		b.Write(body.Bytes())
		delta += newN - oldN
	}
	return b.Bytes()
}

func writeLine(b *bytes.Buffer, mark byte, l []byte) {
	b.WriteByte(mark)
	l = bytes.TrimRight(l, "\r\n")
	b.Write(l)
	b.WriteByte('\n')
}
