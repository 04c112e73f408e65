package analyze

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"gamels/parse"
)

// This file holds the Spot engine (UVa 141). A game is replayed move by
// move; after move m the pattern of spots is compared with the pattern
// after every earlier move under the four rotations (not mirror images,
// and not the empty board before move 1). The first repeat ends the game
// and the mover loses.
//
// Cost: O(1) expected per move. The board keeps, incrementally, a 64-bit
// hash of its pattern under each of the four rotations (toggling a square
// updates each rotation's hash with the key of the rotated square), and
// the hashes of the earlier patterns sit in a small open-addressing table.
// A hash hit is verified exactly (by replaying the earlier prefix, O(m +
// N*N/64), which in a well-formed game happens once), so a collision can
// never fake a verdict.

// SpotState is a Spot pattern: which of the N x N squares hold a spot.
// Besides the squares it keeps a hash of the pattern under each rotation,
// maintained in O(1) per toggled square.
type SpotState struct {
	n     int
	spots int
	bits  []uint64 // square (r, c), 0-based, is bit r*n+c
	// hash[k] is the hash of the pattern turned k quarter turns
	// clockwise: the XOR of spotKey over the squares of that pattern.
	hash [4]uint64
}

// NewSpotState returns an empty n x n pattern. A negative n counts as 0.
// It allocates n*n bits.
func NewSpotState(n int) *SpotState {
	if n < 0 {
		n = 0
	}
	return &SpotState{n: n, bits: make([]uint64, spotWords(n))}
}

func spotWords(n int) int { return (n*n + 63) / 64 }

// N returns the board size.
func (s *SpotState) N() int { return s.n }

// At reports whether square (row, col), 1-based, holds a spot. Squares
// off the board hold none.
func (s *SpotState) At(row, col int) bool {
	if row < 1 || row > s.n || col < 1 || col > s.n {
		return false
	}
	i := (row-1)*s.n + col - 1
	return s.bits[i>>6]&(1<<(i&63)) != 0
}

// AppendRow appends row (1-based) of the pattern to dst, a byte a
// square: spot for a spot, empty for none; nothing for a row off the
// board.
func (s *SpotState) AppendRow(dst []byte, row int, spot, empty byte) []byte {
	if row < 1 || row > s.n {
		return dst
	}
	for c := 1; c <= s.n; c++ {
		b := empty
		if s.At(row, c) {
			b = spot
		}
		dst = append(dst, b)
	}
	return dst
}

// Spots returns the number of spots on the board.
func (s *SpotState) Spots() int { return s.spots }

// Clone returns an independent copy of s.
func (s *SpotState) Clone() *SpotState {
	c := *s
	c.bits = append([]uint64(nil), s.bits...)
	return &c
}

// reset empties s and makes it n x n, reusing its storage when it fits.
func (s *SpotState) reset(n int) {
	w := spotWords(n)
	if cap(s.bits) < w {
		s.bits = make([]uint64, w)
	} else {
		s.bits = s.bits[:w]
		clear(s.bits)
	}
	s.n, s.spots, s.hash = n, 0, [4]uint64{}
}

// toggle flips square (r, c), 0-based and on the board, and updates the
// four rotation hashes. O(1).
func (s *SpotState) toggle(r, c int) {
	n := s.n
	i := r*n + c
	s.bits[i>>6] ^= 1 << (i & 63)
	if s.bits[i>>6]&(1<<(i&63)) != 0 {
		s.spots++
	} else {
		s.spots--
	}
	// A quarter turn clockwise carries (r, c) to (c, n-1-r).
	s.hash[0] ^= spotKey(i)
	s.hash[1] ^= spotKey(c*n + n - 1 - r)
	s.hash[2] ^= spotKey((n-1-r)*n + n - 1 - c)
	s.hash[3] ^= spotKey((n-1-c)*n + r)
}

// has reports whether square (r, c), 0-based and on the board, holds a
// spot.
func (s *SpotState) has(r, c int) bool {
	i := r*s.n + c
	return s.bits[i>>6]&(1<<(i&63)) != 0
}

// rotatedEquals reports whether the pattern e turned k quarter turns
// clockwise is exactly s. O(N*N/64 + spots).
func (s *SpotState) rotatedEquals(e *SpotState, k int) bool {
	if s.n != e.n || s.spots != e.spots {
		return false
	}
	n := s.n
	for w, word := range e.bits {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			r, c := i/n, i%n
			for range k & 3 {
				r, c = c, n-1-r
			}
			if !s.has(r, c) {
				return false
			}
		}
	}
	return true
}

// spotKey is the random-looking key of square index i (splitmix64's
// finaliser), computed rather than tabled so that no size is assumed.
func spotKey(i int) uint64 {
	z := uint64(i)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return (z ^ z>>31) & spotKeyMask
}

// spotKeyMask keeps every key bit; tests narrow it to force hash
// collisions and check that they never fake a verdict.
var spotKeyMask = ^uint64(0)

// spotApply plays move mv on s as the rules and the editor see it: a legal
// move toggles its square and the code is empty; an illegal one (off the
// board, placing on a spot, removing from an empty square) changes
// nothing and its code is returned. O(1).
func spotApply(s *SpotState, mv parse.Move) parse.Code {
	r, c := mv.Row()-1, mv.Col()-1
	switch {
	case r < 0 || r >= s.n || c < 0 || c >= s.n:
		return CodeOffBoard
	case mv.Add() && s.has(r, c):
		return CodeIllegalPlace
	case !mv.Add() && !s.has(r, c):
		return CodeIllegalRemove
	}
	s.toggle(r, c)
	return ""
}

// spotIssue describes illegal move mv, written at span, of the given
// code, on an n x n board; unplayed marks a move after the end of the
// game.
func spotIssue(mv parse.Move, span parse.Span, code parse.Code, n int, unplayed bool) Issue {
	what := "illegal move"
	if unplayed {
		what = "illegal move after the end of the game"
	}
	is := Issue{Span: span, Code: code, Unplayed: unplayed}
	switch code {
	case CodeOffBoard:
		is.Msg = fmt.Sprintf("%s: square (%d,%d) is off the %dx%d board", what, mv.Row(), mv.Col(), n, n)
	case CodeIllegalPlace:
		is.Msg = fmt.Sprintf("%s: square (%d,%d) already has a spot", what, mv.Row(), mv.Col())
	default:
		is.Msg = fmt.Sprintf("%s: square (%d,%d) has no spot to remove", what, mv.Row(), mv.Col())
	}
	return is
}

// spotLegal reports whether mv is legal on s, without building a message.
func spotLegal(s *SpotState, mv parse.Move) bool {
	r, c := mv.Row()-1, mv.Col()-1
	return r >= 0 && r < s.n && c >= 0 && c < s.n && mv.Add() != s.has(r, c)
}

// spotSlot is one entry of the table of earlier patterns: the hash of the
// pattern after move idx-1 (idx 0 marks a free slot).
type spotSlot struct {
	hash uint64
	idx  int32
}

// spotScratch is the working space of one analysis, pooled so that
// analysing many games allocates nothing per move and little per game.
type spotScratch struct {
	cur, old SpotState
	slots    []spotSlot
}

var spotPool = sync.Pool{New: func() any { return new(spotScratch) }}

// spotSeen is the Spot repeat detector, used by the replay (Spot) and by
// SpotGame.Candidates: the patterns after the moves played so far, by
// the hash of each (rotation 0), in an open-addressing table of
// sc.slots; sc.cur is the current pattern.
type spotSeen struct {
	sc   *spotScratch
	g    *parse.Game
	mask uint64
}

// newSpotSeen empties sc's pattern (n x n) and its table, sized for the
// patterns after up to count moves of g. O(count + N*N/64).
func newSpotSeen(sc *spotScratch, g *parse.Game, n, count int) spotSeen {
	sc.cur.reset(n)
	size := 16
	for size < 2*count {
		size *= 2
	}
	if cap(sc.slots) < size {
		sc.slots = make([]spotSlot, size)
	} else {
		sc.slots = sc.slots[:size]
		clear(sc.slots)
	}
	return spotSeen{sc: sc, g: g, mask: uint64(size - 1)}
}

// find returns the earliest move j whose pattern, turned rot quarter
// turns clockwise, is the current pattern sc.cur (the smallest rot for
// that j), or -1. An earlier pattern E repeats turned k quarter turns
// when rot_k(E) = cur, that is E = rot_{4-k}(cur): the hash of cur turned
// 4-k quarter turns is looked up among the stored ones. O(1) expected;
// a hash hit is verified exactly, O(j + N*N/64).
func (t spotSeen) find() (earlier, rot int) {
	earlier = -1
	slots, cur := t.sc.slots, &t.sc.cur
	for k := range 4 {
		h := cur.hash[(4-k)&3]
		for p := h & t.mask; slots[p].idx != 0; p = (p + 1) & t.mask {
			j := int(slots[p].idx) - 1
			if slots[p].hash != h || (earlier >= 0 && j >= earlier) {
				continue
			}
			if spotVerify(t.sc, t.g, j, k) {
				earlier, rot = j, k
			}
		}
	}
	return earlier, rot
}

// add records the current pattern as the one after move i. O(1)
// expected; the table holds at most the count given to newSpotSeen.
func (t spotSeen) add(i int) {
	slots, h := t.sc.slots, t.sc.cur.hash[0]
	p := h & t.mask
	for slots[p].idx != 0 {
		p = (p + 1) & t.mask
	}
	slots[p] = spotSlot{hash: h, idx: int32(i + 1)}
}

// SpotGame is the analysis of one Spot game: the Result, and the means to
// show the pattern after any move.
type SpotGame struct {
	Result
	game    *parse.Game
	illegal []int // indices in game.Moves of the illegal moves, in order
}

// Spot replays g and decides its verdict. Illegal moves are reported as
// Issues and played as no-ops that still count as a move; the moves after
// the end are replayed too, only to report the illegal ones (Issues
// marked Unplayed). g.Extra is never replayed. O(len(g.Moves)) expected
// time, plus O(N*N/64) per game.
func Spot(g *parse.Game) *SpotGame {
	sg := &SpotGame{game: g, Result: Result{End: -1, Earlier: -1, Partial: g.HasErrors}}
	n := g.Size
	if n <= 0 {
		return sg
	}
	sc := spotPool.Get().(*spotScratch)
	defer spotPool.Put(sc)
	seen := newSpotSeen(sc, g, n, len(g.Moves))
	for i, mv := range g.Moves {
		if code := spotApply(&sc.cur, mv); code != "" {
			sg.Issues = append(sg.Issues, spotIssue(mv, g.MoveSpan(i), code, n, false))
			sg.illegal = append(sg.illegal, i)
		}
		if earlier, rot := seen.find(); earlier >= 0 {
			m := i + 1
			sg.Finished, sg.End, sg.Reason = true, i, ReasonPattern
			sg.Earlier, sg.Rotation = earlier, rot
			if m%2 == 1 {
				sg.Winner = Second
				sg.Verdict = fmt.Sprintf("Player 2 wins on move %d", m)
			} else {
				sg.Winner = First
				sg.Verdict = fmt.Sprintf("Player 1 wins on move %d", m)
			}
			sg.judgeUnplayed(&sc.cur, i+1)
			return sg
		}
		seen.add(i)
	}
	sg.Verdict = "Draw"
	return sg
}

// judgeUnplayed goes on replaying the moves after the end, from index
// from, on cur (the pattern at the end), only to find the illegal ones:
// they change nothing of the verdict, but the contest promises that all
// 2N moves are legal, and an editor must say where one is not. Each is
// an Issue marked Unplayed, and IllegalAt reports it. Only the squares
// are kept up to date, not the hashes or the count, which nothing reads
// after the end: O(1) per move, a bit test and flip.
func (sg *SpotGame) judgeUnplayed(cur *SpotState, from int) {
	n := cur.n
	for i := from; i < len(sg.game.Moves); i++ {
		mv := sg.game.Moves[i]
		r, c := mv.Row()-1, mv.Col()-1
		var code parse.Code
		if r < 0 || r >= n || c < 0 || c >= n {
			code = CodeOffBoard
		} else if k := r*n + c; (cur.bits[k>>6]&(1<<(k&63)) != 0) == mv.Add() {
			code = CodeIllegalRemove
			if mv.Add() {
				code = CodeIllegalPlace
			}
		} else {
			cur.bits[k>>6] ^= 1 << (k & 63)
			continue
		}
		sg.Issues = append(sg.Issues, spotIssue(mv, sg.game.MoveSpan(i), code, n, true))
		sg.illegal = append(sg.illegal, i)
	}
}

// spotVerify reports whether the pattern after move j, turned k quarter
// turns clockwise, is exactly sc.cur. It replays moves 0..j into sc.old:
// O(j + N*N/64).
func spotVerify(sc *spotScratch, g *parse.Game, j, k int) bool {
	old := &sc.old
	old.reset(sc.cur.n)
	for _, mv := range g.Moves[:j+1] {
		if spotLegal(old, mv) {
			old.toggle(mv.Row()-1, mv.Col()-1)
		}
	}
	return sc.cur.rotatedEquals(old, k)
}

// Board returns a fresh pattern after the first k moves of the game,
// with k clamped to 0..Played(): moves after the end are not played.
// O(k + N*N/64).
func (sg *SpotGame) Board(k int) *SpotState {
	s := NewSpotState(sg.game.Size)
	k = max(0, min(k, sg.Played()))
	for _, mv := range sg.game.Moves[:k] {
		if spotLegal(s, mv) {
			s.toggle(mv.Row()-1, mv.Col()-1)
		}
	}
	return s
}

// Played returns the number of moves played: up to and including the
// decisive move, or all of them when there is none.
func (sg *SpotGame) Played() int {
	if sg.game.Size <= 0 {
		return 0
	}
	if sg.End >= 0 {
		return sg.End + 1
	}
	return len(sg.game.Moves)
}

// Moves returns the number of moves of the game, played or not.
func (sg *SpotGame) Moves() int { return len(sg.game.Moves) }

// IllegalAt reports whether move i (an index in Game.Moves) is illegal:
// played as a no-op, or, after the end, illegal in the position that the
// moves after the end reach (they are not played: see Board). O(log k)
// for k illegal moves.
func (sg *SpotGame) IllegalAt(i int) bool {
	_, found := slices.BinarySearch(sg.illegal, i)
	return found
}
