package analyze

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"gamels/parse"
)

// pousseRef is the reference engine of the tests: a plain board, a push
// that walks the whole line, straights recounted over the whole board,
// repetitions found by comparing whole boards. Written to be obviously
// right, not fast.
type pousseRef struct {
	n     int
	b     [][]byte // 0, 'X', 'O'
	plies int
}

func newPousseRef(n int) *pousseRef {
	r := &pousseRef{n: n, b: make([][]byte, n)}
	for i := range r.b {
		r.b[i] = make([]byte, n)
	}
	return r
}

func (r *pousseRef) apply(dir byte, line int) {
	n := r.n
	// The squares of the line, from the side of entry.
	sq := make([]*byte, n)
	for k := 0; k < n; k++ {
		switch dir {
		case 'L':
			sq[k] = &r.b[line-1][k]
		case 'R':
			sq[k] = &r.b[line-1][n-1-k]
		case 'T':
			sq[k] = &r.b[k][line-1]
		case 'B':
			sq[k] = &r.b[n-1-k][line-1]
		default:
			panic("bad dir")
		}
	}
	end := n - 1 // no empty square: the last marker falls off
	for k := 0; k < n; k++ {
		if *sq[k] == 0 {
			end = k
			break
		}
	}
	for k := end; k > 0; k-- {
		*sq[k] = *sq[k-1]
	}
	*sq[0] = "XO"[r.plies%2]
	r.plies++
}

// straights counts the straights of each colour over the whole board.
func (r *pousseRef) straights() (x, o int) {
	n := r.n
	for i := 0; i < n; i++ {
		for _, c := range []byte{'X', 'O'} {
			row, col := true, true
			for j := 0; j < n; j++ {
				row = row && r.b[i][j] == c
				col = col && r.b[j][i] == c
			}
			for _, full := range []bool{row, col} {
				if full && c == 'X' {
					x++
				} else if full {
					o++
				}
			}
		}
	}
	return x, o
}

func (r *pousseRef) lines() []PousseLine {
	var out []PousseLine
	n := r.n
	for _, col := range []bool{false, true} {
		for i := 0; i < n; i++ {
			for _, c := range []byte{'X', 'O'} {
				full := true
				for j := 0; j < n; j++ {
					if col {
						full = full && r.b[j][i] == c
					} else {
						full = full && r.b[i][j] == c
					}
				}
				if full {
					out = append(out, PousseLine{Col: col, Index: i + 1, Who: map[byte]Player{'X': First, 'O': Second}[c]})
				}
			}
		}
	}
	return out
}

func (r *pousseRef) String() string {
	var sb strings.Builder
	sb.Grow(r.n * (r.n + 1))
	for _, row := range r.b {
		for _, c := range row {
			if c == 0 {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// pousseBoardString renders s like pousseRef.String, through the public API.
func pousseBoardString(s *PousseState) string {
	var sb strings.Builder
	for i := 1; i <= s.N(); i++ {
		for j := 1; j <= s.N(); j++ {
			c := s.At(i, j)
			if c == 0 {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// pousseRefResult is what the reference decides about a game.
type pousseRefResult struct {
	Verdict  string
	Finished bool
	End      int
	Earlier  int
	Winner   Player
	Reason   Reason
}

// refAnalyze plays moves under the rules and returns the result and the
// board after every move played (boards[k] after k moves).
func refAnalyze(n int, moves []parse.Move, icfp bool) (pousseRefResult, []string) {
	r := newPousseRef(n)
	boards := []string{r.String()}
	seen := map[string]int{} // mover + board -> first move index
	for i, mv := range moves {
		r.apply(mv.Dir(), mv.Line())
		b := r.String()
		boards = append(boards, b)
		x, o := r.straights()
		if x != o {
			w, v := First, "X WINS"
			if o > x {
				w, v = Second, "O WINS"
			}
			return pousseRefResult{v, true, i, -1, w, ReasonStraights}, boards
		}
		if icfp {
			key := string("XO"[i%2]) + b
			if j, ok := seen[key]; ok {
				w, v := Second, "O WINS"
				if i%2 == 1 {
					w, v = First, "X WINS"
				}
				return pousseRefResult{v, true, i, j, w, ReasonRepetition}, boards
			}
			seen[key] = i
		}
	}
	return pousseRefResult{"TIE GAME", false, -1, -1, None, ReasonNone}, boards
}

func pousseGameOf(n int, moves []parse.Move) *parse.Game {
	return &parse.Game{Size: n, Moves: moves}
}

// randomPousseMoves returns count random moves on an n x n board. With
// few > 0 the moves are drawn from only that many distinct moves, which
// makes repetitions likely.
func randomPousseMoves(rng *rand.Rand, n, count, few int) []parse.Move {
	all := make([]parse.Move, 0, 4*n)
	for _, d := range []byte("LRTB") {
		for i := 1; i <= n; i++ {
			all = append(all, parse.PousseMove(d, i))
		}
	}
	if few > 0 {
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		all = all[:min(few, len(all))]
	}
	moves := make([]parse.Move, count)
	for i := range moves {
		moves[i] = all[rng.IntN(len(all))]
	}
	return moves
}

func TestPousseAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1998, 844))
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, 30, 64, 100}
	games := 0
	reasons := map[Reason]int{}
	rounds := 150
	if testing.Short() {
		rounds = 30
	}
	for round := 0; round < rounds; round++ {
		for _, n := range sizes {
			count := rng.IntN(min(3*n*n+40, 600))
			if n >= 30 && round%15 != 0 {
				continue // large boards: fewer games
			}
			few := 0
			if rng.IntN(3) == 0 {
				few = 1 + rng.IntN(6)
			}
			moves := randomPousseMoves(rng, n, count, few)
			for _, rules := range []parse.Rules{parse.RulesDefault, parse.RulesContest, parse.RulesICFP} {
				games++
				icfp := rules == parse.RulesICFP
				want, boards := refAnalyze(n, moves, icfp)
				pg := Pousse(pousseGameOf(n, moves), rules)
				got := pousseRefResult{pg.Verdict, pg.Finished, pg.End, pg.Earlier, pg.Winner, pg.Reason}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("n=%d rules=%v moves=%v: result (-ref +got):\n%s", n, rules, moves, diff)
				}
				reasons[got.Reason]++
				if o := Analyze(parse.Pousse, pousseGameOf(n, moves), rules); o.Verdict != want.Verdict || o.End != want.End {
					t.Fatalf("n=%d rules=%v moves=%v: Analyze says %q ending at %d, want %q at %d", n, rules, moves, o.Verdict, o.End, want.Verdict, want.End)
				}
				if pg.Played() != len(boards)-1 {
					t.Fatalf("n=%d: Played() = %d, want %d", n, pg.Played(), len(boards)-1)
				}
				for try := 0; try < 3; try++ {
					k := rng.IntN(len(moves) + 3)
					want := boards[min(k, len(boards)-1)]
					if got := pousseBoardString(pg.Board(k)); got != want {
						t.Fatalf("n=%d rules=%v: Board(%d):\n%s\nwant\n%s", n, rules, k, got, want)
					}
				}
			}
			checkPousseStates(t, n, moves)
		}
	}
	// The random games must exercise every way of ending.
	for _, why := range []Reason{ReasonNone, ReasonStraights, ReasonRepetition} {
		if reasons[why] < 50 {
			t.Errorf("only %d games with reason %d: the test data is too weak", reasons[why], why)
		}
	}
	t.Logf("%d games; endings by reason: %v", games, reasons)
}

// checkPousseStates plays all the moves (ignoring any end) on a
// PousseState and on the reference and compares them after every move.
func checkPousseStates(t *testing.T, n int, moves []parse.Move) {
	t.Helper()
	s := NewPousseState(n)
	r := newPousseRef(n)
	for i, mv := range moves {
		s.Apply(mv.Dir(), mv.Line())
		r.apply(mv.Dir(), mv.Line())
		if got, want := pousseBoardString(s), r.String(); got != want {
			t.Fatalf("n=%d after %d moves %v: board\n%s\nwant\n%s", n, i+1, moves[:i+1], got, want)
		}
		x, o := s.Straights()
		rx, ro := r.straights()
		if x != rx || o != ro {
			t.Fatalf("n=%d after %d moves: straights %d-%d, want %d-%d", n, i+1, x, o, rx, ro)
		}
		if s.Plies() != i+1 || s.ToMove() != Player(1+(i+1)%2) {
			t.Fatalf("n=%d after %d moves: Plies %d ToMove %d", n, i+1, s.Plies(), s.ToMove())
		}
		if diff := cmp.Diff(r.lines(), s.StraightLines()); diff != "" {
			t.Fatalf("n=%d after %d moves: StraightLines (-want +got):\n%s", n, i+1, diff)
		}
		// The incremental hash equals the hash computed from scratch.
		u := s.Clone()
		u.hashing = false
		if s.Hash() != u.Hash() {
			t.Fatalf("n=%d after %d moves: incremental hash %x, from scratch %x", n, i+1, s.Hash(), u.Hash())
		}
	}
}

func TestPousseStateBasics(t *testing.T) {
	s := NewPousseState(3)
	if s.N() != 3 || s.ToMove() != First || s.Plies() != 0 || s.Winner() != None {
		t.Fatalf("new state: N %d ToMove %d Plies %d Winner %d", s.N(), s.ToMove(), s.Plies(), s.Winner())
	}
	h0 := s.Hash()
	for _, mv := range []string{"L1", "T1", "L1", "R1"} {
		s.Apply(mv[0], int(mv[1]-'0'))
	}
	// L1 (X); T1 (O) pushes that X down; L1 (X) pushes the O right; R1 (O)
	// fills the last square of row 1.
	want := "XOO\nX..\n...\n"
	if got := pousseBoardString(s); got != want {
		t.Fatalf("board\n%s\nwant\n%s", got, want)
	}
	c := s.Clone()
	c.Apply('L', 3)
	if s.At(3, 1) != 0 || c.At(3, 1) != 'X' || s.Plies() != 4 || c.Plies() != 5 {
		t.Errorf("Clone is not independent")
	}
	if s.At(0, 1) != 0 || s.At(1, 4) != 0 {
		t.Errorf("At out of range is not empty")
	}
	// Invalid moves are ignored.
	s.Apply('Q', 1)
	s.Apply('L', 0)
	s.Apply('L', 4)
	if s.Plies() != 4 || pousseBoardString(s) != want {
		t.Errorf("an invalid move changed the state")
	}
	if s.Hash() == h0 {
		t.Errorf("hash unchanged by moves")
	}
	// Same cells, different last mover: different hashes.
	u := s.Clone()
	u.plies++
	if u.Hash() == s.Hash() {
		t.Errorf("the hash ignores who moved last")
	}
}

func TestPousseNoSize(t *testing.T) {
	g := &parse.Game{Size: 0, Moves: []parse.Move{parse.PousseMove('L', int(1))}, HasErrors: true}
	for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
		pg := Pousse(g, rules)
		if pg.Verdict != "" || pg.End != -1 || pg.Earlier != -1 || pg.Played() != 0 || pg.Finished || !pg.Partial {
			t.Errorf("rules %v: %+v, Played %d", rules, pg.Result, pg.Played())
		}
		if pg.Board(0) != nil {
			t.Errorf("Board of an unusable game is not nil")
		}
	}
}

// TestPousseHashCollision checks that a hash hit on a different board is
// not taken for a repetition.
func TestPousseHashCollision(t *testing.T) {
	moves := []parse.Move{parse.PousseMove('L', int(1)), parse.PousseMove('L', int(2)), parse.PousseMove('T', int(3))}
	pg := Pousse(pousseGameOf(4, moves), parse.RulesICFP)
	if pg.Verdict != "TIE GAME" {
		t.Fatalf("verdict %q", pg.Verdict)
	}
	s := pg.Board(3)
	var seen pousseSeen
	seen.add(s.Hash()) // pretend move 0 produced the hash of the state after move 2
	if j := seen.find(pg, s); j != -1 {
		t.Errorf("collision taken for a repetition of move %d", j)
	}
	seen = pousseSeen{}
	seen.add(pg.Board(1).Hash())
	if j := seen.find(pg, pg.Board(1)); j != 0 {
		t.Errorf("true repetition of move 0 found as %d", j)
	}
}

// TestPousseBoardEveryPly checks Board(k) for every k on long games,
// across many checkpoints (restored from their packed form): the cells,
// and the counts, straights and hash the restore recomputes, against a
// state that played every move from the start. Sizes cover rows that end
// inside a word and boards that do.
func TestPousseBoardEveryPly(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{1, 2, 5, 8, 9, 17, 23, 100} {
		count := 1500
		if n == 100 {
			count = 4000
		}
		if testing.Short() {
			count /= 3 // still past the first checkpoint (64 moves; 1,256 at N = 100)
		}
		moves := randomPousseMoves(rng, n, count, 0)
		want, boards := refAnalyze(n, moves, false)
		pg := Pousse(pousseGameOf(n, moves), parse.RulesContest)
		if pg.End != want.End {
			t.Fatalf("n=%d: End %d, want %d", n, pg.End, want.End)
		}
		played := NewPousseState(n)
		for k := -1; k <= len(moves)+1; k++ {
			s := pg.Board(k)
			if got := pousseBoardString(s); got != boards[min(max(k, 0), len(boards)-1)] {
				t.Fatalf("n=%d: Board(%d) wrong", n, k)
			}
			if s.Plies() != min(max(k, 0), pg.Played()) {
				t.Fatalf("n=%d: Board(%d).Plies() = %d", n, k, s.Plies())
			}
			if k > 0 && k <= pg.Played() {
				played.Apply(moves[k-1].Dir(), moves[k-1].Line())
			}
			if k >= 0 && k <= pg.Played() {
				x, o := s.Straights()
				wx, wo := played.Straights()
				if x != wx || o != wo || s.Hash() != played.Hash() {
					t.Fatalf("n=%d: Board(%d): straights %d, %d hash %x; played from the start: %d, %d hash %x",
						n, k, x, o, s.Hash(), wx, wo, played.Hash())
				}
				// The counts and the columns must be right too:
				// the next move must play the same from both.
				if k < len(moves) {
					a, b := s.Clone(), played.Clone()
					a.Apply(moves[k].Dir(), moves[k].Line())
					b.Apply(moves[k].Dir(), moves[k].Line())
					ax, ao := a.Straights()
					bx, bo := b.Straights()
					if pousseBoardString(a) != pousseBoardString(b) || ax != bx || ao != bo {
						t.Fatalf("n=%d: the move after Board(%d) plays differently", n, k)
					}
				}
			}
		}
	}
}

// TestPousseCheckpointMemory checks the checkpoints' bound for every
// board size: at most 2 bytes per move played, and an interval of at least
// 64 moves (Board replays at most that many).
func TestPousseCheckpointMemory(t *testing.T) {
	for n := 1; n <= parse.PousseMaxN; n++ {
		size, every := pousseCheckpointSize(n), pousseEvery(n)
		if size > 2*every || every < 64 {
			t.Errorf("n=%d: %d bytes every %d moves", n, size, every)
		}
	}
	if every := pousseEvery(100); every != 1256 {
		t.Errorf("n=100: a checkpoint every %d moves, want 1256", every)
	}
	// A real game: the bytes kept against the moves played.
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{7, 23, 64, 100} {
		moves := randomPousseMoves(rng, n, 20000, 0)
		pg := Pousse(pousseGameOf(n, moves), parse.RulesContest)
		if got := len(pg.cps); got > 2*pg.Played() {
			t.Errorf("n=%d: %d bytes of checkpoints for %d moves", n, got, pg.Played())
		}
	}
}

// TestPousseCheckpointPacking round-trips random positions of every size
// through the packed checkpoint form.
func TestPousseCheckpointPacking(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for n := 1; n <= parse.PousseMaxN; n++ {
		s := NewPousseState(n)
		for _, mv := range randomPousseMoves(rng, n, 4*n*n, 0) {
			s.Apply(mv.Dir(), mv.Line())
		}
		p := s.appendPacked(nil)
		if len(p) != pousseCheckpointSize(n) {
			t.Fatalf("n=%d: packed %d bytes, want %d", n, len(p), pousseCheckpointSize(n))
		}
		r := NewPousseState(n)
		r.setPacked(p, s.Plies())
		if pousseBoardString(r) != pousseBoardString(s) || r.Hash() != s.Hash() {
			t.Fatalf("n=%d: packed position restored differently", n)
		}
		if diff := cmp.Diff(s.StraightLines(), r.StraightLines()); diff != "" {
			t.Fatalf("n=%d: straights (-played +restored):\n%s", n, diff)
		}
	}
}

// TestPousseICFP1998 replays the normally ended games of the 1998 ICFP
// tournament under the icfp rules: winner and length must match the log.
func TestPousseICFP1998(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "contest", "icfp1998", "normal_games.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	rows, reps := 0, 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 8 {
			t.Fatalf("line %d: %d fields", line, len(fields))
		}
		plies, err1 := strconv.Atoi(fields[4])
		n, err2 := strconv.Atoi(fields[6])
		moves, err3 := pousseParseMoves(strings.Fields(fields[7]), n)
		if err := cmpErr(err1, err2, err3); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		rows++
		pg := Pousse(pousseGameOf(n, moves), parse.RulesICFP)
		want := map[string]string{"X": "X WINS", "O": "O WINS"}[fields[3]]
		if pg.Verdict != want || pg.End+1 != plies || !pg.Finished {
			t.Errorf("line %d: %q after %d plies (reason %d), log says %q after %d (%s)",
				line, pg.Verdict, pg.End+1, pg.Reason, want, plies, fields[5])
		}
		if pg.Reason == ReasonRepetition {
			reps++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != 1347 {
		t.Errorf("%d games, want 1347", rows)
	}
	t.Logf("%d games, %d ended by repetition", rows, reps)
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// pousseParseMoves turns move tokens such as "L3" into moves on an n x n
// board.
func pousseParseMoves(toks []string, n int) ([]parse.Move, error) {
	moves := make([]parse.Move, 0, len(toks))
	for _, tok := range toks {
		i, err := strconv.Atoi(tok[min(1, len(tok)):])
		if err != nil || !strings.Contains("LRTB", tok[:1]) || i < 1 || i > n {
			return nil, fmt.Errorf("bad move %q", tok)
		}
		moves = append(moves, parse.PousseMove(tok[0], i))
	}
	return moves, nil
}

// TestPousseContestFiles judges the UVa 844 inputs under the contest rules
// and compares with the expected outputs.
func TestPousseContestFiles(t *testing.T) {
	for _, name := range []string{
		"samples/uva844_sample",
		"edge/uva844_edge",
		"random/uva844_random2000",
		"icfp1998/as_uva844",
	} {
		t.Run(name, func(t *testing.T) {
			base := filepath.Join("..", "testdata", "contest", filepath.FromSlash(name))
			in, err := os.ReadFile(base + ".in")
			if err != nil {
				t.Fatal(err)
			}
			out, err := os.ReadFile(base + ".expected.out")
			if os.IsNotExist(err) {
				out, err = os.ReadFile(base + ".out")
			}
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, l := range strings.Split(string(out), "\n") {
				if l = strings.TrimSpace(l); l != "" {
					want = append(want, l)
				}
			}
			games, err := pousseReadContest(string(in))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, g := range games {
				got = append(got, Pousse(g, parse.RulesDefault).Verdict)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
			t.Logf("%d games", len(got))
		})
	}
}

// pousseReadContest is a minimal reader of contest inputs (UVa layout with
// a count line, or games back to back): N, moves, QUIT.
func pousseReadContest(src string) ([]*parse.Game, error) {
	toks := strings.Fields(src)
	count := -1
	if len(toks) >= 2 {
		_, err1 := strconv.Atoi(toks[0])
		_, err2 := strconv.Atoi(toks[1])
		if err1 == nil && err2 == nil {
			count, _ = strconv.Atoi(toks[0])
			toks = toks[1:]
		}
	}
	var games []*parse.Game
	for len(toks) > 0 {
		n, err := strconv.Atoi(toks[0])
		if err != nil {
			return nil, fmt.Errorf("game %d: size %q", len(games)+1, toks[0])
		}
		end := 1
		for end < len(toks) && toks[end] != "QUIT" {
			end++
		}
		if end == len(toks) {
			return nil, fmt.Errorf("game %d: no QUIT", len(games)+1)
		}
		moves, err := pousseParseMoves(toks[1:end], n)
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", len(games)+1, err)
		}
		games = append(games, pousseGameOf(n, moves))
		toks = toks[end+1:]
	}
	if count >= 0 && count != len(games) {
		return nil, fmt.Errorf("count line says %d games, found %d", count, len(games))
	}
	return games, nil
}

// FuzzPousse compares the engine with the reference on arbitrary move
// sequences: the first byte chooses N (1..9), each further byte a move.
func FuzzPousse(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0})
	f.Add([]byte{2, 1, 9, 1, 9, 1, 9})
	f.Add([]byte{5, 0, 12, 3, 7, 30, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0])%9
		var moves []parse.Move
		for _, b := range data[1:] {
			k := int(b) % (4 * n)
			moves = append(moves, parse.PousseMove("LRTB"[k/n], 1+k%n))
		}
		for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
			want, boards := refAnalyze(n, moves, rules == parse.RulesICFP)
			pg := Pousse(pousseGameOf(n, moves), rules)
			got := pousseRefResult{pg.Verdict, pg.Finished, pg.End, pg.Earlier, pg.Winner, pg.Reason}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("n=%d rules=%v: result (-ref +got):\n%s", n, rules, diff)
			}
			if b := pousseBoardString(pg.Board(len(moves))); b != boards[len(boards)-1] {
				t.Fatalf("n=%d rules=%v: final board\n%s\nwant\n%s", n, rules, b, boards[len(boards)-1])
			}
			// The judge's path: no checkpoints under the contest rules.
			o := Analyze(parse.Pousse, pousseGameOf(n, moves), rules)
			if o.Verdict != want.Verdict || o.End != want.End || o.Finished != want.Finished {
				t.Fatalf("n=%d rules=%v: Analyze says %q ending at %d, want %q at %d", n, rules, o.Verdict, o.End, want.Verdict, want.End)
			}
		}
		checkPousseStates(t, n, moves)
	})
}

// TestPousseAppendRow checks AppendRow against At on every row of random
// positions, with sizes whose rows end inside a word.
func TestPousseAppendRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for _, n := range []int{1, 3, 8, 9, 15, 16, 17, 100} {
		s := NewPousseState(n)
		for _, mv := range randomPousseMoves(rng, n, n*n, 0) {
			s.Apply(mv.Dir(), mv.Line())
		}
		for r := 0; r <= n+1; r++ {
			var want []byte
			for c := 1; r >= 1 && r <= n && c <= n; c++ {
				ch := s.At(r, c)
				if ch == 0 {
					ch = '_'
				}
				want = append(want, ch)
			}
			got := s.AppendRow([]byte("ab"), r, '_')
			if string(got) != "ab"+string(want) {
				t.Fatalf("n=%d row %d: %q, want %q", n, r, got, "ab"+string(want))
			}
		}
	}
}
