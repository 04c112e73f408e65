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

// spotToken is one whitespace-separated token of a test input.
type spotToken struct {
	text  string
	start int
}

func spotTokens(src []byte) []spotToken {
	var toks []spotToken
	for i := 0; i < len(src); {
		if src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(src) && !(src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
			j++
		}
		toks = append(toks, spotToken{string(src[i:j]), i})
		i = j
	}
	return toks
}

// spotReadContest is a minimal reader of well-formed UVa 141 inputs (the
// real parser lives in package parse): N, 2N moves `r c +|-`, ..., `0`.
func spotReadContest(t testing.TB, src []byte) []*parse.Game {
	t.Helper()
	toks := spotTokens(src)
	atoi := func(k int) int {
		v, err := strconv.Atoi(toks[k].text)
		if err != nil {
			t.Fatalf("token %d %q: %v", k, toks[k].text, err)
		}
		return v
	}
	var games []*parse.Game
	for k := 0; k < len(toks); {
		n := atoi(k)
		if n == 0 {
			break
		}
		g := &parse.Game{Index: len(games), Size: n, N: parse.Number{Value: n, OK: true}}
		k++
		for range 2 * n {
			if k+2 >= len(toks) {
				t.Fatalf("game %d: input ends inside the moves", len(games))
			}
			r, c := atoi(k), atoi(k+1)
			sign := toks[k+2]
			g.AppendMove(parse.SpotMove(r, c, sign.text == "+"), parse.Span{Start: toks[k].start, End: sign.start + len(sign.text)})
			k += 3
		}
		games = append(games, g)
	}
	return games
}

func TestSpotContest(t *testing.T) {
	for _, name := range []string{
		"samples/uva141_sample",
		"edge/uva141_edge",
		"random/uva141_random3000",
	} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, want := readContest(t, name)
			var out bytes.Buffer
			for _, g := range spotReadContest(t, src) {
				sg := Spot(g)
				if len(sg.Issues) != 0 {
					t.Errorf("game %d: unexpected issues %v", g.Index, sg.Issues)
				}
				fmt.Fprintln(&out, sg.Verdict)
			}
			if diff := cmp.Diff(strings.TrimRight(string(want), "\n"), strings.TrimRight(out.String(), "\n")); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
		})
	}
}

// spotRefBoard is the reference pattern representation: a plain matrix.
type spotRefBoard [][]bool

func (b spotRefBoard) clone() spotRefBoard {
	c := make(spotRefBoard, len(b))
	for i := range b {
		c[i] = append([]bool(nil), b[i]...)
	}
	return c
}

// rotate returns b turned a quarter turn clockwise, spelled out: the top
// row becomes the right column.
func (b spotRefBoard) rotate() spotRefBoard {
	n := len(b)
	c := make(spotRefBoard, n)
	for i := range c {
		c[i] = make([]bool, n)
	}
	for r := range n {
		for col := range n {
			c[col][n-1-r] = b[r][col]
		}
	}
	return c
}

func (b spotRefBoard) equal(c spotRefBoard) bool {
	for r := range b {
		for col := range b[r] {
			if b[r][col] != c[r][col] {
				return false
			}
		}
	}
	return true
}

// spotReference replays g naively: after each move it compares the whole
// board with every earlier board turned 0..3 quarter turns. After the end
// it goes on playing the moves, only to find the illegal ones.
func spotReference(g *parse.Game) (res Result, illegal []int) {
	res = Result{End: -1, Earlier: -1, Verdict: "Draw"}
	n := g.Size
	cur := make(spotRefBoard, n)
	for i := range cur {
		cur[i] = make([]bool, n)
	}
	var history [][4]spotRefBoard // each earlier board turned 0..3 quarter turns
	for i, mv := range g.Moves {
		r, c := mv.Row()-1, mv.Col()-1
		if cur[r][c] == mv.Add() {
			illegal = append(illegal, i)
			what, code := "already has a spot", CodeIllegalPlace
			if !mv.Add() {
				what, code = "has no spot to remove", CodeIllegalRemove
			}
			is := Issue{Span: g.MoveSpan(i), Code: code, Msg: fmt.Sprintf("illegal move: square (%d,%d) %s", r+1, c+1, what)}
			if res.End >= 0 {
				is.Msg = fmt.Sprintf("illegal move after the end of the game: square (%d,%d) %s", r+1, c+1, what)
				is.Unplayed = true
			}
			res.Issues = append(res.Issues, is)
		} else {
			cur[r][c] = mv.Add()
		}
		if res.End >= 0 {
			continue // after the end: only the illegal moves matter
		}
	search:
		for j, turned := range history {
			for k, e := range turned {
				if e.equal(cur) {
					m := i + 1
					res.Finished, res.End, res.Earlier, res.Rotation, res.Reason = true, i, j, k, ReasonPattern
					if m%2 == 1 {
						res.Winner, res.Verdict = Second, fmt.Sprintf("Player 2 wins on move %d", m)
					} else {
						res.Winner, res.Verdict = First, fmt.Sprintf("Player 1 wins on move %d", m)
					}
					break search
				}
			}
		}
		b := cur.clone()
		history = append(history, [4]spotRefBoard{b, b.rotate(), b.rotate().rotate(), b.rotate().rotate().rotate()})
	}
	return res, illegal
}

// spotRandomGame returns a random game of 2n moves on n x n. With
// illegalRate > 0 some moves are illegal (occupied / empty square).
func spotRandomGame(rng *rand.Rand, n int, removeRate, illegalRate float64) *parse.Game {
	g := &parse.Game{Size: n}
	board := make([]bool, n*n)
	spots := 0
	for k := range 2 * n {
		var r, c int
		var add bool
		switch {
		case rng.Float64() < illegalRate:
			r, c = rng.IntN(n), rng.IntN(n)
			add = board[r*n+c] // the wrong sign
		case spots > 0 && rng.Float64() < removeRate:
			for {
				r, c = rng.IntN(n), rng.IntN(n)
				if board[r*n+c] {
					break
				}
			}
		case spots == n*n:
			r, c = rng.IntN(n), rng.IntN(n)
		default:
			add = true
			for {
				r, c = rng.IntN(n), rng.IntN(n)
				if !board[r*n+c] {
					break
				}
			}
		}
		if add != board[r*n+c] {
			board[r*n+c] = add
			if add {
				spots++
			} else {
				spots--
			}
		}
		g.AppendMove(parse.SpotMove(r+1, c+1, add), parse.Span{Start: 10 * k, End: 10*k + 5})
	}
	return g
}

func TestSpotAgainstReference(t *testing.T) {
	t.Run("full keys", func(t *testing.T) { spotAgainstReference(t, 8000) })
	// With 3-bit keys nearly every lookup collides: the verdicts must
	// still be exact.
	defer func(m uint64) { spotKeyMask = m }(spotKeyMask)
	spotKeyMask = 7
	t.Run("colliding keys", func(t *testing.T) { spotAgainstReference(t, 3000) })
}

func spotAgainstReference(t *testing.T, games int) {
	rng := rand.New(rand.NewPCG(141, 1))
	ends := map[string]int{}
	for iter := range games {
		n := 2 + rng.IntN(5)
		if iter%10 == 0 {
			n = 2 + rng.IntN(12)
		}
		g := spotRandomGame(rng, n, 0.3+0.4*rng.Float64(), []float64{0, 0, 0.05, 0.2}[iter%4])
		// Symmetric games are where rotations and symmetric patterns
		// matter: mirror some games' moves through the centre.
		if iter%7 == 0 {
			for i := 1; i < len(g.Moves); i += 2 {
				p := g.Moves[i-1]
				g.Moves[i] = g.Moves[i].With(parse.SpotMove(n+1-p.Col(), p.Row(), g.Moves[i].Add()))
			}
		}
		want, illegal := spotReference(g)
		sg := Spot(g)
		if diff := cmp.Diff(want, sg.Result); diff != "" {
			t.Fatalf("game %d (N=%d, moves %v): (-want +got)\n%s", iter, n, g.Moves, diff)
		}
		for i := range g.Moves {
			if got, want := sg.IllegalAt(i), spotContains(illegal, i); got != want {
				t.Fatalf("game %d: IllegalAt(%d) = %v, want %v", iter, i, got, want)
			}
		}
		switch {
		case !want.Finished:
			ends["draw"]++
		case want.Rotation != 0:
			ends["rotated"]++
		default:
			ends["plain"]++
		}
	}
	// The property test must exercise every kind of ending.
	for _, k := range []string{"draw", "rotated", "plain"} {
		if ends[k] < games/200 {
			t.Errorf("only %d %s endings in the random games: %v", ends[k], k, ends)
		}
	}
}

func spotContains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func TestSpotBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for iter := range 500 {
		n := 2 + rng.IntN(8)
		g := spotRandomGame(rng, n, 0.4, 0.1)
		sg := Spot(g)
		// The reference boards, move by move, with illegal moves as no-ops.
		ref := make([]bool, n*n)
		for k := 0; k <= len(g.Moves)+2; k++ {
			b := sg.Board(k)
			if b.N() != n {
				t.Fatalf("N() = %d, want %d", b.N(), n)
			}
			played := min(k, sg.Played())
			if k > 0 && k <= sg.Played() {
				mv := g.Moves[k-1]
				ref[(mv.Row()-1)*n+mv.Col()-1] = mv.Add()
			}
			spots := 0
			for r := 1; r <= n; r++ {
				for c := 1; c <= n; c++ {
					if b.At(r, c) != ref[(r-1)*n+c-1] {
						t.Fatalf("game %d: Board(%d) (played %d) at (%d,%d) = %v", iter, k, played, r, c, b.At(r, c))
					}
					if ref[(r-1)*n+c-1] {
						spots++
					}
				}
			}
			if b.Spots() != spots {
				t.Fatalf("Spots() = %d, want %d", b.Spots(), spots)
			}
			if b.At(0, 1) || b.At(1, n+1) || b.At(-3, 2) {
				t.Fatal("At off the board reports a spot")
			}
		}
		if sg.End >= 0 {
			// The decisive pattern equals the earlier one turned Rotation.
			cur, old := sg.Board(sg.End+1), sg.Board(sg.Earlier+1)
			if !cur.rotatedEquals(old, sg.Rotation) {
				t.Fatalf("game %d: Board(End+1) is not Board(Earlier+1) turned %d", iter, sg.Rotation)
			}
			if sg.Played() != sg.End+1 {
				t.Fatalf("Played() = %d, End = %d", sg.Played(), sg.End)
			}
		} else if sg.Played() != len(g.Moves) {
			t.Fatalf("Played() = %d for a draw of %d moves", sg.Played(), len(g.Moves))
		}
	}
}

func TestSpotClone(t *testing.T) {
	s := NewSpotState(3)
	s.toggle(0, 1)
	c := s.Clone()
	c.toggle(2, 2)
	if s.At(3, 3) || !c.At(3, 3) || !c.At(1, 2) || s.Spots() != 1 || c.Spots() != 2 {
		t.Errorf("Clone shares storage: s=%v c=%v", s.bits, c.bits)
	}
	if c.hash == s.hash {
		t.Error("Clone's hashes did not follow its toggle")
	}
	c.toggle(2, 2)
	if c.hash != s.hash {
		t.Error("toggling back did not restore the hashes")
	}
}

// The hash of a pattern turned k quarter turns equals the plain hash of
// the turned pattern, for every k.
func TestSpotRotationHashes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		n := 1 + rng.IntN(9)
		s := NewSpotState(n)
		for range rng.IntN(n*n + 1) {
			s.toggle(rng.IntN(n), rng.IntN(n))
		}
		turned := s
		for k := range 4 {
			if turned.hash[0] != s.hash[k] {
				t.Fatalf("N=%d: hash[%d] = %x, hash of the turned pattern %x", n, k, s.hash[k], turned.hash[0])
			}
			next := NewSpotState(n)
			for r := range n {
				for c := range n {
					if turned.has(r, c) {
						next.toggle(c, n-1-r)
					}
				}
			}
			if !next.rotatedEquals(turned, 1) || (k == 3 && !next.rotatedEquals(s, 0)) {
				t.Fatal("rotatedEquals disagrees with the explicit rotation")
			}
			turned = next
		}
	}
}

func TestSpotIssues(t *testing.T) {
	type placed struct {
		m parse.Move
		s parse.Span
	}
	mv := func(r, c int, add bool, at int) placed {
		return placed{parse.SpotMove(r, c, add), parse.Span{Start: at, End: at + 5}}
	}
	game := func(g *parse.Game, moves ...placed) *parse.Game {
		for _, p := range moves {
			g.AppendMove(p.m, p.s)
		}
		return g
	}
	tests := []struct {
		name string
		g    *parse.Game
		want Result
	}{{
		name: "unusable size",
		g:    game(&parse.Game{Size: 0, HasErrors: true}, mv(1, 1, true, 0)),
		want: Result{End: -1, Earlier: -1, Partial: true},
	}, {
		// A no-op illegal move repeats the previous pattern at once.
		name: "place on a spot",
		g:    game(&parse.Game{Size: 3}, mv(1, 1, true, 0), mv(1, 1, true, 6), mv(2, 2, true, 12)),
		want: Result{
			Verdict: "Player 1 wins on move 2", Finished: true, End: 1, Winner: First, Reason: ReasonPattern,
			Issues: []Issue{{Span: parse.Span{Start: 6, End: 11}, Code: CodeIllegalPlace, Msg: "illegal move: square (1,1) already has a spot"}},
		},
	}, {
		// Move 1 is a no-op: the empty board before move 1 does not count,
		// but the empty board after move 1 does.
		name: "remove from empty, then empty again",
		g:    game(&parse.Game{Size: 2}, mv(2, 1, false, 0), mv(1, 2, true, 6), mv(1, 2, false, 12), mv(2, 2, true, 18)),
		want: Result{
			Verdict: "Player 2 wins on move 3", Finished: true, End: 2, Winner: Second, Reason: ReasonPattern,
			Issues: []Issue{{Span: parse.Span{Start: 0, End: 5}, Code: CodeIllegalRemove, Msg: "illegal move: square (2,1) has no spot to remove"}},
		},
	}, {
		// Off-board moves are reported and played as no-ops. After the
		// end, the moves go on from the pattern at the end, only to find
		// the illegal ones: (2,2) + is legal there, the second is not.
		name: "off the board, then illegal moves after the end",
		g:    game(&parse.Game{Size: 2, HasErrors: true}, mv(1, 1, true, 0), mv(3, 1, true, 6), mv(2, 2, false, 12), mv(2, 2, true, 18), mv(2, 2, true, 24), mv(1, 1, false, 30)),
		want: Result{
			Verdict: "Player 1 wins on move 2", Finished: true, End: 1, Winner: First, Reason: ReasonPattern, Partial: true,
			Issues: []Issue{
				{Span: parse.Span{Start: 6, End: 11}, Code: CodeOffBoard, Msg: "illegal move: square (3,1) is off the 2x2 board"},
				{Span: parse.Span{Start: 12, End: 17}, Code: CodeIllegalRemove, Msg: "illegal move after the end of the game: square (2,2) has no spot to remove", Unplayed: true},
				{Span: parse.Span{Start: 24, End: 29}, Code: CodeIllegalPlace, Msg: "illegal move after the end of the game: square (2,2) already has a spot", Unplayed: true},
			},
		},
	}, {
		name: "rotation 3",
		g:    game(&parse.Game{Size: 3}, mv(1, 2, true, 0), mv(1, 2, false, 6), mv(2, 1, true, 12)),
		want: Result{Verdict: "Player 2 wins on move 3", Finished: true, End: 2, Winner: Second, Reason: ReasonPattern, Rotation: 3},
	}, {
		name: "draw with fewer moves",
		g:    game(&parse.Game{Size: 3, HasErrors: true}, mv(1, 2, true, 0)),
		want: Result{Verdict: "Draw", End: -1, Earlier: -1, Partial: true},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sg := Spot(tt.g)
			if diff := cmp.Diff(tt.want, sg.Result); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			_ = sg.Board(100) // must not crash
			_ = sg.Board(-1)
		})
	}
}

// TestSpotIllegalAfterEnd parses a game whose 4th move, after the end at
// move 3, removes a spot from an empty square: it is reported, with its
// code, as unplayed; the verdict does not change.
func TestSpotIllegalAfterEnd(t *testing.T) {
	src := []byte("2\n1 1 +\n2 2 +\n2 2 -\n2 2 -\n0\n")
	f := parse.Parse(parse.Spot, src)
	if len(f.Errors) != 0 || len(f.Games) != 1 {
		t.Fatalf("parse: %d games, errors %v", len(f.Games), f.Errors)
	}
	sg := Spot(f.Games[0])
	want := Result{
		Verdict: "Player 2 wins on move 3", Finished: true, End: 2, Winner: Second, Reason: ReasonPattern, Earlier: 0,
		Issues: []Issue{{Span: parse.Span{Start: 20, End: 25}, Code: CodeIllegalRemove,
			Msg: "illegal move after the end of the game: square (2,2) has no spot to remove", Unplayed: true}},
	}
	if diff := cmp.Diff(want, sg.Result); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if got := string(src[20:25]); got != "2 2 -" {
		t.Fatalf("span of move 4 is %q", got)
	}
	for i, want := range []bool{false, false, false, true} {
		if got := sg.IllegalAt(i); got != want {
			t.Errorf("IllegalAt(%d) = %v, want %v", i, got, want)
		}
	}
	if o := Analyze(parse.Spot, f.Games[0], parse.RulesDefault); o.Verdict != want.Verdict || len(o.Issues) != 1 {
		t.Errorf("Analyze: verdict %q, issues %v", o.Verdict, o.Issues)
	}
}
