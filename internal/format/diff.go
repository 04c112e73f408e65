package format

import (
	"github.com/aymanbagabas/go-udiff/lcs"

	"gamels/parse"
)

// lineDiff diffs two lists of lines (each with its line end) with Myers'
// algorithm, as gopls does (go-udiff is a public copy of its diff), and
// returns the edits that turn a into b, the first line of a starting at
// byte offset. Time O((len(a)+len(b))·D) for D differing lines, and the
// search is bounded: past its limit the diff stays correct but may not
// be the shortest. Space O(len(a)+len(b)).
func lineDiff(a, b [][]byte, offset int) []Edit {
	as, bs := strings2(a), strings2(b)
	starts := make([]int, len(a)+1)
	starts[0] = offset
	for i, l := range a {
		starts[i+1] = starts[i] + len(l)
	}
	diffs := lcs.DiffLines(as, bs)
	edits := make([]Edit, 0, len(diffs))
	for _, d := range diffs {
		e := Edit{Span: parse.Span{Start: starts[d.Start], End: starts[d.End]}}
		for _, l := range b[d.ReplStart:d.ReplEnd] {
			e.New = append(e.New, l...)
		}
		edits = append(edits, e)
	}
	return edits
}

func strings2(lines [][]byte) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = string(l)
	}
	return out
}
