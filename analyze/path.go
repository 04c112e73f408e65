package analyze

import (
	"sync"

	"gamels/parse"
)

// This file holds the PATH engine (UVa 601). White connects the left
// column to the right column, Black the top row to the bottom row, through
// 4-adjacent cells of their colour.
//
// Cost, for an N x N board with N <= 128 (the contest's N is at most 80):
// the rows are bitmasks, one per colour. Four bit-parallel flood fills
// find the squares that White reaches from the left edge and from the
// right edge, and Black from the top and from the bottom; a fill labels a
// row a word at a time (see pathReach), O(N) word operations per sweep
// over the board and a few sweeps on usual boards, O(N²) sweeps at worst
// on a winding maze. A U square wins in one move for a colour exactly
// when it is on or next to both of that colour's edge sets: O(N) word
// operations for the whole board. The shortest winning path, when
// there is one, is one multi-source breadth-first search from the start
// edge, O(N²). Larger boards use one flood fill that labels the
// components square by square (pathLabels), O(N²).

// Cell is a board square, 1-based.
type Cell struct{ Row, Col int }

// PathVerdict is the class of a PATH verdict, numbered in the order the
// contest tries them. The zero value means no verdict (unusable board).
type PathVerdict uint8

// The verdicts, in the contest's order.
const (
	PathWhiteWins PathVerdict = iota + 1
	PathBlackWins
	PathWhiteInOne
	PathBlackInOne
	PathNone
)

var pathVerdicts = [...]string{
	PathWhiteWins:  "White has a winning path.",
	PathBlackWins:  "Black has a winning path.",
	PathWhiteInOne: "White can win in one move.",
	PathBlackInOne: "Black can win in one move.",
	PathNone:       "There is no winning path.",
}

// String returns the verdict line exactly as the contest prints it, or ""
// for the zero value.
func (v PathVerdict) String() string {
	if int(v) < len(pathVerdicts) {
		return pathVerdicts[v]
	}
	return ""
}

// PathGame is the analysis of one PATH board.
type PathGame struct {
	// Verdict is the contest's line, with the period; "" when the board
	// size is unusable.
	Verdict string
	Class   PathVerdict
	// Path is, for PathWhiteWins and PathBlackWins, the cells of one
	// shortest winning path in order from the start edge (left column for
	// White, top row for Black); nil otherwise.
	Path []Cell
	// WhiteInOne lists, in row-major order, every U cell where a W
	// placed there would lie on a White path; BlackInOne likewise for a
	// B (White not moving). While a colour has no path these are exactly
	// its one-move wins; once it has one, they are the cells that would
	// join a path (not every U cell). Both are computed whatever the
	// verdict.
	WhiteInOne []Cell
	BlackInOne []Cell
	// Partial is true when the data set had parse errors.
	Partial bool

	n  int
	on []uint64 // bit (r-1)*n+c-1 is set for the cells of Path
}

// OnPath reports whether c is a cell of Path. O(1).
func (r *PathGame) OnPath(c Cell) bool {
	if r.on == nil || c.Row < 1 || c.Row > r.n || c.Col < 1 || c.Col > r.n {
		return false
	}
	i := (c.Row-1)*r.n + c.Col - 1
	return r.on[i>>6]&(1<<(i&63)) != 0
}

// OneMoveWins returns the one-move winning cells of the side the
// verdict names (WhiteInOne for PathWhiteInOne, BlackInOne for
// PathBlackInOne), or nil for any other verdict: the cells a drawing
// or an editor marks as "a winning move here".
func (r *PathGame) OneMoveWins() []Cell {
	switch r.Class {
	case PathWhiteInOne:
		return r.WhiteInOne
	case PathBlackInOne:
		return r.BlackInOne
	}
	return nil
}

// Edge bits of a square or component: White's left (start) and right
// (goal) columns in bits 0 and 1, Black's top (start) and bottom (goal)
// rows in bits 2 and 3. A component's bits are those of its own colour.
const (
	pathWhiteStart uint8 = 1 << iota
	pathWhiteGoal
	pathBlackStart
	pathBlackGoal

	pathWhiteBoth = pathWhiteStart | pathWhiteGoal
	pathBlackBoth = pathBlackStart | pathBlackGoal
)

// pathScratch is the working space of one analysis, pooled so that
// analysing many boards reuses it. The bitmasks have one entry per row;
// the other indices are into a board padded with one CellBad square all
// round: square (r, c), 0-based, is (r+1)*(n+2)+c+1.
type pathScratch struct {
	white, black, empty []pathBits // the squares of each kind, per row
	// reach holds White's squares connected to the left and to the right
	// edge, then Black's to the top and to the bottom.
	reach [4][]pathBits

	grid  []byte  // the padded board
	label []int32 // component number (from 1) of each W or B square, 0 else
	edges []uint8 // edge bits of each component number; edges[0] = 0
	queue []int32 // flood-fill stack, then BFS queue
	prev  []int32 // BFS predecessor, -1 for a source, -2 unseen
}

// pathCells maps a row byte to the board: W, B and U stay, anything else
// is CellBad.
var pathCells = func() (t [256]byte) {
	for _, b := range []byte{parse.CellWhite, parse.CellBlack, parse.CellEmpty} {
		t[b] = b
	}
	return t
}()

var pathPool = sync.Pool{New: func() any { return new(pathScratch) }}

func pathGrow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// pathBit is 1 for true and 0 for false; the compiler makes it branch
// free, which matters on random boards where every colour test is a coin
// toss.
func pathBit(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Path decides the verdict of one board, lists the one-move wins
// of both colours and finds a shortest winning path. Rows beyond
// g.Rows, squares beyond a short row and parse.CellBad squares belong to
// nobody. O(N*N).
func Path(g *parse.Game) *PathGame {
	res := &PathGame{Partial: g.HasErrors}
	n := g.Size
	if n <= 0 {
		return res
	}
	// A board wider than anything written has no square on the far edge
	// or bottom row: nobody can connect, and no N*N space is needed.
	written := len(g.Rows)
	for _, row := range g.Rows {
		written = max(written, len(row.Cells))
	}
	if n > written {
		res.Class = PathNone
		res.Verdict = res.Class.String()
		return res
	}

	sc := pathPool.Get().(*pathScratch)
	defer pathPool.Put(sc)
	var whiteWins, blackWins bool
	if n <= pathBitsMax {
		whiteWins, blackWins = res.bitParallel(sc, g, n)
	} else {
		pathGrid(sc, g, n)
		whiteWins, blackWins = res.pathLabels(sc, n)
	}
	switch {
	case whiteWins:
		res.Class = PathWhiteWins
		pathGrid(sc, g, n)
		res.shortest(sc, parse.CellWhite, n)
	case blackWins:
		res.Class = PathBlackWins
		pathGrid(sc, g, n)
		res.shortest(sc, parse.CellBlack, n)
	case res.WhiteInOne != nil:
		res.Class = PathWhiteInOne
	case res.BlackInOne != nil:
		res.Class = PathBlackInOne
	default:
		res.Class = PathNone
	}
	res.Verdict = res.Class.String()
	return res
}

// pathSides returns the edge bits of square (r, c), 0-based, for both
// colours. O(1).
func pathSides(r, c, n int) uint8 {
	var e uint8
	if c == 0 {
		e |= pathWhiteStart
	}
	if c == n-1 {
		e |= pathWhiteGoal
	}
	if r == 0 {
		e |= pathBlackStart
	}
	if r == n-1 {
		e |= pathBlackGoal
	}
	return e
}

// shortest sets Path and the OnPath bits to a shortest path of colour col
// from its start edge to its goal edge, which must exist: a breadth-first
// search from every start square at once, stopped at the first goal
// square discovered. O(N*N).
func (res *PathGame) shortest(sc *pathScratch, col byte, n int) {
	w := n + 2
	grid := sc.grid
	sc.prev = pathGrow(sc.prev, w*w)
	prev := sc.prev
	for i := range prev {
		prev[i] = -2
	}
	// label is free: mark the goal squares in it.
	sc.label = pathGrow(sc.label, w*w)
	isGoal := sc.label
	clear(isGoal)
	for k := range n {
		if col == parse.CellWhite {
			isGoal[(k+1)*w+n] = 1
		} else {
			isGoal[n*w+k+1] = 1
		}
	}
	queue := sc.queue[:0]
	goal := -1
	for k := range n {
		r, c := 0, k // Black starts on the top row
		if col == parse.CellWhite {
			r, c = k, 0 // White on the left column
		}
		i := (r+1)*w + c + 1
		if grid[i] != col {
			continue
		}
		prev[i] = -1
		queue = append(queue, int32(i))
		if isGoal[i] != 0 {
			goal = i
			break
		}
	}
	for head := 0; goal < 0 && head < len(queue); head++ {
		j := int(queue[head])
		for _, d := range [4]int{-w, -1, 1, w} {
			k := j + d
			if grid[k] != col || prev[k] != -2 {
				continue
			}
			prev[k] = int32(j)
			queue = append(queue, int32(k))
			if isGoal[k] != 0 {
				goal = k
				break
			}
		}
	}
	sc.queue = queue
	if goal < 0 {
		return // cannot happen: the caller saw a component on both edges
	}
	length := 0
	for i := goal; i >= 0; i = int(prev[i]) {
		length++
	}
	res.n = n
	res.on = make([]uint64, (n*n+63)/64)
	res.Path = make([]Cell, length)
	for i, p := goal, length-1; i >= 0; i, p = int(prev[i]), p-1 {
		r, c := i/w-1, i%w-1
		res.Path[p] = Cell{r + 1, c + 1}
		b := r*n + c
		res.on[b>>6] |= 1 << (b & 63)
	}
}

// pathGrid fills sc.grid with the padded board: W, B and U stay, anything
// else, rows beyond g.Rows and squares beyond a short row are CellBad.
// O(N²).
func pathGrid(sc *pathScratch, g *parse.Game, n int) {
	w := n + 2
	sc.grid = pathGrow(sc.grid, w*w)
	grid := sc.grid
	clear(grid)
	for r := 0; r < n && r < len(g.Rows); r++ {
		cells := g.Rows[r].Cells
		if len(cells) > n {
			cells = cells[:n]
		}
		line := grid[(r+1)*w+1 : (r+1)*w+1+len(cells)]
		for c, b := range cells {
			line[c] = pathCells[b]
		}
	}
}

// pathLabels is the engine for boards too wide for pathBits, on the grid
// of pathGrid: it labels the components of both colours by flood fill,
// square by square, with the edges each touches, then tests each U
// square against its neighbours' components. It sets the one-move lists
// and reports whether White or Black has a path. O(N²). The tests also
// use it as the oracle of the bit-parallel engine.
func (res *PathGame) pathLabels(sc *pathScratch, n int) (whiteWins, blackWins bool) {
	w := n + 2
	grid := sc.grid
	// The stack has room for every square plus four, so a neighbour is
	// written on it unconditionally and kept only if it is new (no
	// unpredictable branch per neighbour). A same-coloured neighbour is
	// in the same component, so its label is 0 or k.
	sc.label = pathGrow(sc.label, w*w)
	label := sc.label
	clear(label)
	sc.queue = pathGrow(sc.queue, w*w+4)
	stack := sc.queue
	edges := append(sc.edges[:0], 0)
	for r := range n {
		for c := range n {
			i := (r+1)*w + c + 1
			col := grid[i]
			if (col != parse.CellWhite && col != parse.CellBlack) || label[i] != 0 {
				continue
			}
			k := int32(len(edges))
			label[i] = k
			stack[0] = int32(i)
			for sp := 1; sp > 0; {
				sp--
				j := int(stack[sp])
				for _, nb := range [4]int{j - w, j - 1, j + 1, j + w} {
					m := pathBit(grid[nb] == col) & pathBit(label[nb] == 0)
					label[nb] |= k * m
					stack[sp] = int32(nb)
					sp += int(m)
				}
			}
			edges = append(edges, 0)
		}
	}
	sc.edges = edges
	// The edges each component touches, walking the four sides.
	for k := range n {
		left, right := (k+1)*w+1, (k+1)*w+n
		top, bottom := w+k+1, n*w+k+1
		if grid[left] == parse.CellWhite {
			edges[label[left]] |= pathWhiteStart
		}
		if grid[right] == parse.CellWhite {
			edges[label[right]] |= pathWhiteGoal
		}
		if grid[top] == parse.CellBlack {
			edges[label[top]] |= pathBlackStart
		}
		if grid[bottom] == parse.CellBlack {
			edges[label[bottom]] |= pathBlackGoal
		}
	}
	for _, e := range edges {
		whiteWins = whiteWins || e == pathWhiteBoth
		blackWins = blackWins || e == pathBlackBoth
	}

	// One-move wins: a U square joins its neighbouring components, whose
	// edge bits are each of their own colour (and 0 for no component).
	for r := range n {
		for c := range n {
			i := (r+1)*w + c + 1
			if grid[i] != parse.CellEmpty {
				continue
			}
			e := edges[label[i-w]] | edges[label[i-1]] | edges[label[i+1]] | edges[label[i+w]]
			e |= pathSides(r, c, n)
			if e&pathWhiteBoth == pathWhiteBoth {
				res.WhiteInOne = append(res.WhiteInOne, Cell{r + 1, c + 1})
			}
			if e&pathBlackBoth == pathBlackBoth {
				res.BlackInOne = append(res.BlackInOne, Cell{r + 1, c + 1})
			}
		}
	}
	return whiteWins, blackWins
}
