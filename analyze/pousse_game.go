package analyze

import "gamels/parse"

// PousseGame is a whole Pousse game replayed under a rule set: its result
// and checkpoints from which Board rebuilds any position quickly.
type PousseGame struct {
	Result

	moves  []parse.Move
	n      int
	icfp   bool
	played int

	// every is the checkpoint interval K: cps holds, one after the other,
	// the cells after K, 2K, 3K, ... moves, packed one bit per cell for
	// the occupied squares and one for the O squares
	// (pousseCheckpointSize bytes each; the empty board before move 0 is
	// implicit). K = max(64, 8·ceil(N²/64)) (pousseEvery), so checkpoints
	// cost at most 2 bytes per move and Board replays at most K moves:
	// 1,256 at N = 100.
	every int
	cps   []byte
}

// pousseEvery returns the checkpoint interval K for an n x n board: a
// checkpoint is 16·ceil(N²/64) bytes (pousseCheckpointSize), so that K =
// max(64, 8·ceil(N²/64)) keeps them to at most 2 bytes per move, and the
// moves Board replays to at most K (1,256 at N = 100).
func pousseEvery(n int) int {
	return max(64, pousseCheckpointSize(n)/2)
}

// Pousse replays g under the rules (RulesDefault means contest) and
// returns its result. The PousseGame keeps g.Moves (for Board), which the
// caller must not change afterwards.
//
// Contest rules: after every move, the colour with more straights wins.
// ICFP rules: in addition, a move that recreates a state (cells and who
// moved last) that the same player produced earlier loses for that
// player; straights are checked first, so the two cannot both fire.
//
// Cost: each move is PousseState.Apply, O(run length), plus O(1) for the
// straights check. Every K moves a checkpoint copies the cells, O(N²/K)
// per move amortised. ICFP rules add, per move, an O(1) expected lookup
// of the Zobrist hash in an open-addressing table of earlier states of
// the same mover; a hit is verified exactly by rebuilding the earlier
// board (O(N² + K·N)), so a 64-bit collision cannot fake a repetition.
// Memory kept: at most 2 bytes per move of checkpoints. ICFP rules use,
// while analysing only, 8 bytes per move for the hashes and 8 to 16 for
// the table.
func Pousse(g *parse.Game, rules parse.Rules) *PousseGame {
	return analyzePousse(g, rules, true)
}

// analyzePousse is Pousse; without boards, no checkpoints are kept
// under the contest rules (Board then replays from the start), for callers
// that only want the result. The icfp rules keep them: they verify
// repetitions with them.
func analyzePousse(g *parse.Game, rules parse.Rules, boards bool) *PousseGame {
	pg := newPousseGame(g, rules)
	if pg.every == 0 {
		return pg
	}
	s := newPousseState(pg.n, pg.icfp)
	keep := boards || pg.icfp
	if keep {
		pg.cps = make([]byte, 0, (len(g.Moves)/pg.every)*pousseCheckpointSize(pg.n))
	}
	var seen *pousseSeen
	if pg.icfp {
		seen = new(pousseSeen)
		seen.init(len(g.Moves))
	}
	pg.play(s, 0, keep, seen)
	return pg
}

// newPousseGame returns the analysis of g before any move is played; its
// checkpoint interval is 0 when g has no usable size.
func newPousseGame(g *parse.Game, rules parse.Rules) *PousseGame {
	pg := &PousseGame{
		Result: Result{End: -1, Earlier: -1, Partial: g.HasErrors},
		moves:  g.Moves,
		n:      g.Size,
		icfp:   rules == parse.RulesICFP,
	}
	if g.Size >= 1 && g.Size <= parse.PousseMaxN {
		pg.every = pousseEvery(g.Size)
	}
	return pg
}

// play plays the moves from index from on, s being the position before
// move from, until the game ends or the moves run out. With keep, it adds
// the checkpoints after from (the one at from, if due, is already in
// cps). seen, when not nil, holds the icfp states before from.
//
// Without repetitions to look for, the moves between two checkpoints
// are played by PousseState.playUntilWin, in one loop.
func (pg *PousseGame) play(s *PousseState, from int, keep bool, seen *pousseSeen) {
	if seen == nil && !s.hashing {
		for i := from; i < len(pg.moves); {
			stop := len(pg.moves)
			if keep {
				stop = min(stop, (i/pg.every+1)*pg.every)
			}
			if j, w := s.playUntilWin(pg.moves[i:stop]); w != None {
				pg.end(i+j, w, ReasonStraights)
				return
			}
			if i = stop; i < len(pg.moves) {
				pg.cps = s.appendPacked(pg.cps) // keep, and i is a multiple of K
			}
		}
		pg.Verdict = "TIE GAME"
		pg.played = len(pg.moves)
		return
	}
	for i := from; i < len(pg.moves); i++ {
		if keep && i > from && i%pg.every == 0 {
			pg.cps = s.appendPacked(pg.cps)
		}
		mv := pg.moves[i]
		s.Apply(mv.Dir(), mv.Line())
		if w := s.Winner(); w != None {
			pg.end(i, w, ReasonStraights)
			break
		}
		if seen != nil {
			if j := seen.find(pg, s); j >= 0 {
				pg.end(i, 3-s.lastMover(), ReasonRepetition)
				pg.Earlier = j
				break
			}
			seen.add(s.Hash())
		}
	}
	if pg.End < 0 {
		pg.Verdict = "TIE GAME"
		pg.played = len(pg.moves)
	}
}

// PousseFrom returns what Pousse(g, rules) returns, reusing
// old, the analysis of an earlier text of the same game, for the moves
// the two have in common from the start:
//
//   - when old ended before the first move that differs (an edit after
//     the end of the game), or no move differs, old's result is kept;
//   - otherwise, under the contest rules, the replay resumes from old's
//     last checkpoint before that move;
//   - under the icfp rules, which need the state after every earlier
//     move, and when the size or the rules differ, the game is analysed
//     afresh.
//
// Cost: O(P) to compare the P common moves, plus, when the game must be
// replayed, O(P/K · N²/8) to copy old's checkpoints and the engine's cost
// for the moves from the last of them on. old is not changed; the result
// keeps g.Moves, which the caller must not change afterwards.
func PousseFrom(old *PousseGame, g *parse.Game, rules parse.Rules) *PousseGame {
	icfp := rules == parse.RulesICFP
	if old == nil || old.n != g.Size || old.icfp != icfp || old.every == 0 {
		return Pousse(g, rules)
	}
	p := 0
	for p < len(old.moves) && p < len(g.Moves) &&
		old.moves[p].Dir() == g.Moves[p].Dir() && old.moves[p].Line() == g.Moves[p].Line() {
		p++
	}
	if (old.End >= 0 && old.End < p) || (p == len(old.moves) && p == len(g.Moves)) {
		pg := *old
		pg.moves = g.Moves
		pg.Partial = g.HasErrors
		return &pg
	}
	if icfp {
		return Pousse(g, rules)
	}
	pg := newPousseGame(g, rules)
	size := pousseCheckpointSize(pg.n)
	// Old's checkpoints up to move p, and only those a fresh analysis
	// would make: not the one after the last move.
	c := min(p, max(len(g.Moves)-1, 0)) / pg.every
	c = min(c, len(old.cps)/size)
	pg.cps = make([]byte, c*size, max(len(g.Moves)/pg.every, c)*size)
	copy(pg.cps, old.cps)
	s := newPousseState(pg.n, false)
	old.replay(s, c*pg.every) // restores checkpoint c, or the empty board
	pg.play(s, c*pg.every, true, nil)
	return pg
}

// end records that the game ends at move i, won by w.
func (pg *PousseGame) end(i int, w Player, why Reason) {
	pg.End = i
	pg.played = i + 1
	pg.Finished = true
	pg.Winner = w
	pg.Reason = why
	if w == First {
		pg.Verdict = "X WINS"
	} else {
		pg.Verdict = "O WINS"
	}
}

// Played returns the number of moves actually played: End+1 when the game
// ends, else all the moves. O(1).
func (pg *PousseGame) Played() int { return pg.played }

// Board returns the position after the first k moves of the game, k
// clamped to 0..Played() (moves after End are not played). The state is
// fresh (the caller may keep and change it); it does not maintain a hash
// (replaying is then faster), so its Hash costs O(N²). Board returns
// nil when the game has no usable size.
//
// Cost: O(N²) to restore the nearest checkpoint at or before k, then at
// most K = max(64, 8·ceil(N²/64)) moves (pousseEvery) of O(run length /
// 8) each.
func (pg *PousseGame) Board(k int) *PousseState {
	if pg.n < 1 || pg.n > parse.PousseMaxN {
		return nil
	}
	s := newPousseState(pg.n, false)
	pg.replay(s, min(max(k, 0), pg.played))
	return s
}

// replay sets s (an n x n state) to the position after k moves, k <= the
// number of moves the checkpoints cover plus K: it restores the
// checkpoint at or before k and plays the moves after it. O(N²/64 +
// K·N/8), a move costing O(1) plus one step per tile its run crosses.
func (pg *PousseGame) replay(s *PousseState, k int) {
	size := pousseCheckpointSize(pg.n)
	c := min(k/pg.every, len(pg.cps)/size)
	if c > 0 {
		s.setPacked(pg.cps[(c-1)*size:c*size], c*pg.every)
	} else {
		s.reset()
	}
	for _, mv := range pg.moves[c*pg.every : k] {
		s.Apply(mv.Dir(), mv.Line())
	}
}

// pousseSeen is the set of states produced so far in an ICFP game: the
// hash after every move, and an open-addressing table of move indexes
// (plus one; 0 is a free slot) keyed by those hashes.
type pousseSeen struct {
	hashes []uint64
	table  []int32
	shift  uint // 64 - log2(len(table))
	scr    *PousseState
}

// init sizes the set for up to count moves.
func (t *pousseSeen) init(count int) {
	t.hashes = make([]uint64, 0, count)
	t.resize(max(1024, 2*count))
}

// resize makes the table size slots or more (a power of two) and puts
// every recorded move in it.
func (t *pousseSeen) resize(size int) {
	t.shift = 64
	for 1<<(64-t.shift) < size {
		t.shift--
	}
	t.table = make([]int32, 1<<(64-t.shift))
	for j := range t.hashes {
		t.insert(j)
	}
}

// find returns the index of an earlier move by the same player after
// which the cells were the same as in s now, or -1. The hash only
// selects candidates: each is checked by rebuilding its board. O(1)
// expected, plus O(N² + K·N) per candidate.
func (t *pousseSeen) find(pg *PousseGame, s *PousseState) int {
	if len(t.table) == 0 {
		return -1
	}
	h := s.Hash()
	mask := len(t.table) - 1
	for x := int(h >> t.shift); ; x = (x + 1) & mask {
		j := int(t.table[x]) - 1
		if j < 0 {
			return -1
		}
		if t.hashes[j] != h || j&1 != (s.plies-1)&1 {
			continue
		}
		if t.scr == nil {
			t.scr = newPousseState(pg.n, false)
		}
		pg.replay(t.scr, j+1)
		if t.scr.sameCells(s) {
			return j
		}
	}
}

// add records the hash h of the state after the next move. O(1)
// amortised.
func (t *pousseSeen) add(h uint64) {
	t.hashes = append(t.hashes, h)
	if 2*len(t.hashes) > len(t.table) {
		t.resize(max(1024, 2*len(t.table)))
		return
	}
	t.insert(len(t.hashes) - 1)
}

// insert puts move index j in the table.
func (t *pousseSeen) insert(j int) {
	mask := len(t.table) - 1
	x := int(t.hashes[j] >> t.shift)
	for t.table[x] != 0 {
		x = (x + 1) & mask
	}
	t.table[x] = int32(j + 1)
}
