package analyze

import (
	"bytes"
	"testing"

	"gamels/parse"
)

// FuzzPath feeds arbitrary boards (any size, ragged or missing rows, any
// bytes) to Path and checks the result against the brute-force
// reference when the board is small.
func FuzzPath(f *testing.F) {
	f.Add(3, []byte("WWB\nBUB\nBWW"))
	f.Add(1, []byte("W"))
	f.Add(4, []byte("WU\n\nBBBB\nUU?U"))
	f.Add(0, []byte("W"))
	f.Fuzz(func(t *testing.T, n int, board []byte) {
		if n > 100 {
			n %= 100
		}
		g := &parse.Game{Size: n}
		for line := range bytes.SplitSeq(board, []byte("\n")) {
			cells := bytes.Clone(line)
			for j, b := range cells {
				if b != 'W' && b != 'B' && b != 'U' {
					cells[j] = parse.CellBad
				}
			}
			g.Rows = append(g.Rows, parse.Row{Cells: cells})
		}
		res := Path(g)
		if n <= 0 {
			if res.Verdict != "" || res.Class != 0 {
				t.Fatalf("size %d: verdict %q", n, res.Verdict)
			}
			return
		}
		if n <= 12 {
			pathCheck(t, g, res)
		} else if res.Verdict != res.Class.String() || res.Class == 0 {
			t.Fatalf("verdict %q class %d", res.Verdict, res.Class)
		}
	})
}
