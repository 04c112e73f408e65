package analyze

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

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

// pathBothEngines runs the bit-parallel engine and the square-by-square
// one (pathLabels) on g and fails on any difference in the wins or the
// one-move lists.
func pathBothEngines(t *testing.T, g *parse.Game) {
	t.Helper()
	n := g.Size
	var a, b PathGame
	sc := new(pathScratch)
	aw, ab := a.bitParallel(sc, g, n)
	pathGrid(sc, g, n)
	bw, bb := b.pathLabels(sc, n)
	if aw != bw || ab != bb {
		t.Fatalf("n=%d: bit-parallel wins %v, %v; labels %v, %v", n, aw, ab, bw, bb)
	}
	if diff := cmp.Diff(b.WhiteInOne, a.WhiteInOne); diff != "" {
		t.Fatalf("n=%d: WhiteInOne (-labels +bits):\n%s", n, diff)
	}
	if diff := cmp.Diff(b.BlackInOne, a.BlackInOne); diff != "" {
		t.Fatalf("n=%d: BlackInOne (-labels +bits):\n%s", n, diff)
	}
}

// FuzzPathBits compares the bit-parallel engine with the labelling one
// on arbitrary boards of up to 128 squares a side: the first byte is N,
// then each byte is a square, row by row (its low two bits choose W, B,
// U or a bad square), repeated to fill the board; ragged, missing and
// overlong rows come from the second byte.
func FuzzPathBits(f *testing.F) {
	f.Add([]byte{3, 0, 0, 1, 2, 0, 1, 2, 3, 0})
	f.Add([]byte{64, 7, 1, 1, 0, 2, 0, 0, 1})
	f.Add([]byte{127, 0, 0, 0, 0, 1, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		n := 1 + int(data[0])%pathBitsMax
		shape, cells := data[1], data[2:]
		g := &parse.Game{Size: n}
		k := 0
		for r := 0; r < n; r++ {
			width := n
			switch {
			case shape&1 != 0 && r%3 == 1:
				width = n / 2 // a short row
			case shape&2 != 0 && r%5 == 2:
				width = n + 3 // an overlong row
			case shape&4 != 0 && r == n-1:
				continue // a missing last row
			}
			row := make([]byte, width)
			for c := range row {
				row[c] = []byte{parse.CellWhite, parse.CellBlack, parse.CellEmpty, parse.CellBad}[cells[k%len(cells)]&3]
				k++
			}
			g.Rows = append(g.Rows, parse.Row{Cells: row})
		}
		pathBothEngines(t, g)
	})
}

// pathMaze returns an n x n board whose White squares are the corridors
// of a random maze (depth-first carving on the even squares), Black the
// walls, with some U squares: White's paths wind, turning up and down
// many times, which makes the fills sweep the board many times.
func pathMaze(rng *rand.Rand, n int, pu float64) *parse.Game {
	b := make([][]byte, n)
	for r := range b {
		b[r] = bytes.Repeat([]byte{parse.CellBlack}, n)
	}
	type sq struct{ r, c int }
	stack := []sq{{0, 0}}
	b[0][0] = parse.CellWhite
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		var next []sq
		for _, d := range []sq{{0, 2}, {2, 0}, {0, -2}, {-2, 0}} {
			r, c := cur.r+d.r, cur.c+d.c
			if r >= 0 && r < n && c >= 0 && c < n && b[r][c] != parse.CellWhite {
				next = append(next, sq{r, c})
			}
		}
		if len(next) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		nx := next[rng.IntN(len(next))]
		b[(cur.r+nx.r)/2][(cur.c+nx.c)/2] = parse.CellWhite
		b[nx.r][nx.c] = parse.CellWhite
		stack = append(stack, nx)
	}
	g := &parse.Game{Size: n}
	for _, row := range b {
		for c := range row {
			if rng.Float64() < pu {
				row[c] = parse.CellEmpty
			}
		}
		g.Rows = append(g.Rows, parse.Row{Cells: row})
	}
	return g
}

// TestPathBitsAgainstLabels compares the two engines on random boards
// of many sizes (one and two words a row, the word boundary, the largest
// the bitmasks hold) and densities, below and above the percolation
// threshold, and on mazes, as they are and transposed (so that Black's
// fills wind too).
func TestPathBitsAgainstLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(601, 128))
	for _, n := range []int{1, 2, 3, 7, 8, 9, 31, 63, 64, 65, 80, 100, 127, 128} {
		for _, d := range []struct{ pu, pw float64 }{{0.05, 0.475}, {0.2, 0.4}, {0.5, 0.25}, {0.1, 0.6}, {0.1, 0.3}, {0.02, 0.7}} {
			pathBothEngines(t, pathRandomBoardW(rng, n, d.pu, d.pw))
		}
		for _, pu := range []float64{0, 0.01, 0.05} {
			g := pathMaze(rng, n, pu)
			pathBothEngines(t, g)
			tr := &parse.Game{Size: n}
			for c := range n {
				row := make([]byte, n)
				for r := range n {
					row[r] = g.Rows[r].Cells[c]
					if row[r] == parse.CellWhite {
						row[r] = parse.CellBlack
					} else if row[r] == parse.CellBlack {
						row[r] = parse.CellWhite
					}
				}
				tr.Rows = append(tr.Rows, parse.Row{Cells: row})
			}
			pathBothEngines(t, tr)
		}
	}
}
