package analyze

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// pathReadContest is a minimal reader of well-formed UVa 601 inputs (the
// real parser lives in package parse): N, then the next N non-blank lines
// are the rows; a line `0` ends the input.
func pathReadContest(t testing.TB, src []byte) []*parse.Game {
	t.Helper()
	type line struct {
		text  string
		start int
	}
	var lines []line
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		raw := string(src[off : off+end])
		trimmed := strings.TrimLeft(raw, " \t\r")
		lead := len(raw) - len(trimmed)
		trimmed = strings.TrimRight(trimmed, " \t\r")
		if trimmed != "" {
			lines = append(lines, line{trimmed, off + lead})
		}
		off += end + 1
	}
	var games []*parse.Game
	for k := 0; k < len(lines); {
		n, err := strconv.Atoi(lines[k].text)
		if err != nil {
			t.Fatalf("line %q: %v", lines[k].text, err)
		}
		if n == 0 {
			break
		}
		if k+n >= len(lines) {
			t.Fatalf("data set %d: input ends inside the board", len(games))
		}
		g := &parse.Game{Index: len(games), Size: n, N: parse.Number{Value: n, OK: true}}
		for _, l := range lines[k+1 : k+1+n] {
			cells := []byte(l.text)
			for j, b := range cells {
				if b != 'W' && b != 'B' && b != 'U' {
					cells[j] = parse.CellBad
				}
			}
			g.Rows = append(g.Rows, parse.Row{Span: parse.Span{Start: l.start, End: l.start + len(l.text)}, Cells: cells})
		}
		games = append(games, g)
		k += n + 1
	}
	return games
}

func TestPathContest(t *testing.T) {
	for _, name := range []string{
		"samples/uva601_sample",
		"samples/uva601_extra",
		"edge/uva601_edge",
		"random/uva601_random400",
	} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, want := readContest(t, name)
			var out bytes.Buffer
			for _, g := range pathReadContest(t, src) {
				res := Path(g)
				pathCheck(t, g, res)
				fmt.Fprintln(&out, res.Verdict)
			}
			if diff := cmp.Diff(strings.TrimRight(string(want), "\n"), strings.TrimRight(out.String(), "\n")); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
		})
	}
}

// pathRefCell returns the cell at (r, c), 0-based, as the rules see it.
func pathRefCell(g *parse.Game, r, c int) byte {
	if r < len(g.Rows) && c < len(g.Rows[r].Cells) {
		return g.Rows[r].Cells[c]
	}
	return parse.CellBad
}

// pathRefDist is the reference: a flood fill of colour col over board b
// (n x n, row-major) from its start edge. It returns the number of cells
// of a shortest path to the goal edge, or 0 when there is none.
func pathRefDist(b []byte, n int, col byte) int {
	dist := make([]int, n*n)
	var queue []int
	for k := range n {
		r, c := 0, k
		if col == 'W' {
			r, c = k, 0
		}
		if b[r*n+c] == col {
			dist[r*n+c] = 1
			queue = append(queue, r*n+c)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		r, c := i/n, i%n
		if (col == 'W' && c == n-1) || (col == 'B' && r == n-1) {
			return dist[i] // BFS order: the first goal cell dequeued is nearest
		}
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], c+d[1]
			if rr >= 0 && rr < n && cc >= 0 && cc < n && b[rr*n+cc] == col && dist[rr*n+cc] == 0 {
				dist[rr*n+cc] = dist[i] + 1
				queue = append(queue, rr*n+cc)
			}
		}
	}
	return 0
}

// pathRefThrough reports whether the cell i lies on a path of its colour:
// whether its component (a flood fill from it) touches both goal edges.
func pathRefThrough(b []byte, n, i int) bool {
	col := b[i]
	seen := map[int]bool{i: true}
	stack := []int{i}
	start, goal := false, false
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := j/n, j%n
		if col == 'W' {
			r = c
		}
		start = start || r == 0
		goal = goal || r == n-1
		for _, nb := range []int{j - n, j + n, j - 1, j + 1} {
			if nb < 0 || nb >= n*n || (nb/n != j/n && nb%n != j%n) || b[nb] != col || seen[nb] {
				continue
			}
			seen[nb] = true
			stack = append(stack, nb)
		}
	}
	return start && goal
}

// pathReference decides a board by brute force: flood fills for the
// paths, and for each U cell, place the stone and flood fill from it.
// When the colour has no path yet, "the new stone lies on a path" is
// "placing it makes a path"; when it has one, only the cells that join a
// path count (every cell would "make" one).
func pathReference(g *parse.Game) (verdict PathVerdict, whiteInOne, blackInOne []Cell, whiteDist, blackDist int) {
	n := g.Size
	b := make([]byte, n*n)
	for r := range n {
		for c := range n {
			b[r*n+c] = pathRefCell(g, r, c)
		}
	}
	whiteDist, blackDist = pathRefDist(b, n, 'W'), pathRefDist(b, n, 'B')
	for i, x := range b {
		if x != 'U' {
			continue
		}
		for _, col := range []byte{'W', 'B'} {
			b[i] = col
			if pathRefThrough(b, n, i) {
				if col == 'W' {
					whiteInOne = append(whiteInOne, Cell{i/n + 1, i%n + 1})
				} else {
					blackInOne = append(blackInOne, Cell{i/n + 1, i%n + 1})
				}
			}
		}
		b[i] = 'U'
	}
	switch {
	case whiteDist > 0:
		verdict = PathWhiteWins
	case blackDist > 0:
		verdict = PathBlackWins
	case whiteInOne != nil:
		verdict = PathWhiteInOne
	case blackInOne != nil:
		verdict = PathBlackInOne
	default:
		verdict = PathNone
	}
	return
}

// pathCheck checks res against the brute-force reference: verdict,
// one-move wins, and that Path is a shortest valid path.
func pathCheck(t *testing.T, g *parse.Game, res *PathGame) {
	t.Helper()
	verdict, wIn, bIn, wDist, bDist := pathReference(g)
	if res.Class != verdict || res.Verdict != verdict.String() {
		t.Fatalf("data set %d: got %v %q, want %v %q", g.Index, res.Class, res.Verdict, verdict, verdict.String())
	}
	if diff := cmp.Diff(wIn, res.WhiteInOne); diff != "" {
		t.Fatalf("data set %d: WhiteInOne (-want +got)\n%s", g.Index, diff)
	}
	if diff := cmp.Diff(bIn, res.BlackInOne); diff != "" {
		t.Fatalf("data set %d: BlackInOne (-want +got)\n%s", g.Index, diff)
	}
	if res.Partial != g.HasErrors {
		t.Fatalf("Partial = %v", res.Partial)
	}
	n := g.Size
	var col byte
	var dist int
	switch verdict {
	case PathWhiteWins:
		col, dist = 'W', wDist
	case PathBlackWins:
		col, dist = 'B', bDist
	default:
		if res.Path != nil {
			t.Fatalf("data set %d: Path %v for verdict %v", g.Index, res.Path, verdict)
		}
		for r := 1; r <= n; r++ {
			for c := 1; c <= n; c++ {
				if res.OnPath(Cell{r, c}) {
					t.Fatalf("OnPath(%d,%d) with no path", r, c)
				}
			}
		}
		return
	}
	p := res.Path
	if len(p) != dist {
		t.Fatalf("data set %d: path of %d cells, shortest has %d: %v", g.Index, len(p), dist, p)
	}
	seen := map[Cell]bool{}
	for i, c := range p {
		if c.Row < 1 || c.Row > n || c.Col < 1 || c.Col > n || pathRefCell(g, c.Row-1, c.Col-1) != col {
			t.Fatalf("data set %d: path cell %v is not %c", g.Index, c, col)
		}
		if seen[c] {
			t.Fatalf("data set %d: path visits %v twice", g.Index, c)
		}
		seen[c] = true
		if i > 0 {
			d := pathAbs(c.Row-p[i-1].Row) + pathAbs(c.Col-p[i-1].Col)
			if d != 1 {
				t.Fatalf("data set %d: path steps from %v to %v", g.Index, p[i-1], c)
			}
		}
	}
	first, last := p[0], p[len(p)-1]
	if col == 'W' && (first.Col != 1 || last.Col != n) || col == 'B' && (first.Row != 1 || last.Row != n) {
		t.Fatalf("data set %d: %c path runs from %v to %v", g.Index, col, first, last)
	}
	for r := 1; r <= n; r++ {
		for c := 1; c <= n; c++ {
			if res.OnPath(Cell{r, c}) != seen[Cell{r, c}] {
				t.Fatalf("OnPath(%d,%d) = %v", r, c, !seen[Cell{r, c}])
			}
		}
	}
	if res.OnPath(Cell{0, 1}) || res.OnPath(Cell{1, n + 1}) {
		t.Fatal("OnPath off the board")
	}
}

func pathAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pathRandomBoard returns a random n x n board where each cell is U with
// probability pu and W or B otherwise, each equally likely.
func pathRandomBoard(rng *rand.Rand, n int, pu float64) *parse.Game {
	return pathRandomBoardW(rng, n, pu, (1-pu)/2)
}

// pathRandomBoardW is pathRandomBoard with W probability pw.
func pathRandomBoardW(rng *rand.Rand, n int, pu, pw float64) *parse.Game {
	g := &parse.Game{Size: n}
	for r := range n {
		cells := make([]byte, n)
		for c := range cells {
			switch x := rng.Float64(); {
			case x < pu:
				cells[c] = 'U'
			case x < pu+pw:
				cells[c] = 'W'
			default:
				cells[c] = 'B'
			}
		}
		g.Rows = append(g.Rows, parse.Row{Span: parse.Span{Start: r * (n + 1), End: r*(n+1) + n}, Cells: cells})
	}
	return g
}

func TestPathAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(601, 1))
	classes := map[PathVerdict]int{}
	for iter := range 10000 {
		n := 1 + rng.IntN(8)
		g := pathRandomBoard(rng, n, []float64{0.1, 0.3, 0.5, 0.7}[iter%4])
		g.Index = iter
		// Damage some boards the way a recovering parser may leave them.
		switch iter % 13 {
		case 1: // a short row
			r := rng.IntN(n)
			g.Rows[r].Cells = g.Rows[r].Cells[:rng.IntN(n)]
		case 2: // a missing row
			g.Rows = g.Rows[:rng.IntN(n)]
			g.HasErrors = true
		case 3: // a bad character
			g.Rows[rng.IntN(n)].Cells[rng.IntN(n)] = parse.CellBad
		case 4: // a long row
			g.Rows[rng.IntN(n)].Cells = append(g.Rows[rng.IntN(n)].Cells, 'W', 'B', 'U')
		}
		res := Path(g)
		pathCheck(t, g, res)
		classes[res.Class]++
	}
	for v := PathWhiteWins; v <= PathNone; v++ {
		if classes[v] < 250 {
			t.Errorf("only %d boards with verdict %q: %v", classes[v], v, classes)
		}
	}
}

func TestPathUnusable(t *testing.T) {
	for _, g := range []*parse.Game{
		{Size: 0, HasErrors: true, Rows: []parse.Row{{Cells: []byte("W")}}},
		{Size: -5},
	} {
		res := Path(g)
		want := &PathGame{Partial: g.HasErrors}
		if diff := cmp.Diff(want, res, cmp.AllowUnexported(PathGame{})); diff != "" {
			t.Errorf("Size %d: (-want +got)\n%s", g.Size, diff)
		}
		if res.OnPath(Cell{1, 1}) {
			t.Error("OnPath on an unusable board")
		}
	}
	// A size far beyond the rows written: nobody can connect, and the
	// engine must not allocate N*N.
	g := &parse.Game{Size: 1 << 40, HasErrors: true, Rows: []parse.Row{{Cells: []byte("WWW")}}}
	if res := Path(g); res.Class != PathNone || res.Verdict != "There is no winning path." || res.WhiteInOne != nil {
		t.Errorf("huge size: %+v", res)
	}
}

func TestPathVerdictString(t *testing.T) {
	want := []string{"", "White has a winning path.", "Black has a winning path.",
		"White can win in one move.", "Black can win in one move.", "There is no winning path.", ""}
	for v := range PathVerdict(len(want)) {
		if got := v.String(); got != want[v] {
			t.Errorf("PathVerdict(%d) = %q, want %q", v, got, want[v])
		}
	}
}
