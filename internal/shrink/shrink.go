package shrink

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"strconv"
	"sync"

	"gamels/parse"
)

// A Test runs the program under test on a candidate input and reports
// whether the candidate is still interesting: whether it fails the same
// way as the original. It is called from several goroutines at once when
// Options.Jobs > 1. An error stops the shrinking.
type Test func(ctx context.Context, src []byte) (fails bool, err error)

// Options tune Shrink.
type Options struct {
	Kind parse.Kind
	// MaxRuns bounds the calls of the test; 0 means no bound.
	MaxRuns int
	// Jobs is how many candidates are tested at once (at least one).
	// The result does not depend on it; the number of runs may.
	Jobs int
	// Focus lists games likely to fail alone (the games whose verdict
	// differs), tried first, each alone.
	Focus []int
	// Failing says the caller has seen src fail: it is not tested again.
	Failing bool
	// Progress, when set, is called after each reduction, on one
	// goroutine at a time.
	Progress func(Progress)
}

// Progress is where a shrinking stands.
type Progress struct {
	Runs  int
	Bytes int // the size of the smallest failing input so far
	Games int
	Moves int
	Stage string // "games", "moves of game 3", "size of game 3"
}

// ErrMaxRuns is returned with the best input so far when Options.MaxRuns
// runs have been made.
var ErrMaxRuns = errors.New("the most runs allowed are made")

// ErrPasses is returned when the original input passes the test.
var ErrPasses = errors.New("the input passes the test: nothing to shrink")

// Shrink returns the smallest failing input it finds, from src, which
// must be well formed (see read) and fail the test, and the number of
// times it ran the test. When the context is done, the runs are
// exhausted or the test fails with an error, it returns the best input
// so far with the error.
func Shrink(ctx context.Context, src []byte, test Test, o Options) (small []byte, runs int, err error) {
	in, errs := read(o.Kind, src)
	if errs != nil {
		return nil, 0, fmt.Errorf("the input has errors: %w", errs.Err())
	}
	s := &shrinker{ctx: ctx, test: test, o: o, seen: map[uint64]bool{}, best: in, bestSrc: src}
	s.o.Jobs = max(1, o.Jobs)
	s.seed = maphash.MakeSeed()
	fails, err := true, error(nil)
	if !o.Failing {
		fails, err = s.run(src)
	}
	if err == nil && !fails {
		err = ErrPasses
	}
	if err == nil {
		s.report("games")
		err = s.loop()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bestSrc, s.runs, err
}

type shrinker struct {
	ctx  context.Context
	test Test
	o    Options

	mu   sync.Mutex
	runs int
	seen map[uint64]bool // the answers for the candidates tested, by hash
	seed maphash.Seed

	best    *input
	bestSrc []byte
	stage   string
}

func (s *shrinker) loop() error {
	s.stage = "games"
	for _, f := range s.o.Focus {
		if f < len(s.best.games) && len(s.best.games) > 1 {
			if ok, err := s.accept(s.best.with([]int{f})); err != nil || ok {
				if err != nil {
					return err
				}
				break
			}
		}
	}
	for {
		before, area := len(s.bestSrc), s.best.area()
		s.stage = "games"
		if err := s.ddmin(len(s.best.games), func(keep []int) *input { return s.best.with(keep) }); err != nil {
			return err
		}
		for i := range s.best.games {
			if s.o.Kind == parse.Pousse {
				s.stage = "moves of game " + strconv.Itoa(i+1)
				gi := i
				err := s.ddmin(len(s.best.games[gi].toks), func(keep []int) *input {
					g := s.best.games[gi]
					ng := g
					ng.toks = make([][]byte, len(keep))
					for j, k := range keep {
						ng.toks[j] = g.toks[k]
					}
					return s.best.withGame(gi, ng)
				})
				if err != nil {
					return err
				}
			}
			s.stage = "size of game " + strconv.Itoa(i+1)
			gi := i
			if s.o.Kind == parse.Spot {
				// Row and column k go with N+1-k: every rotation of a
				// pattern stays one, and a game that fails on a turned
				// repetition keeps failing on a smaller board.
				err := s.ddmin((s.best.games[gi].n+1)/2, func(keep []int) *input {
					g := s.best.games[gi]
					return s.best.withGame(gi, project(s.best.kind, g, mirrored(g.n, keep)))
				})
				if err != nil {
					return err
				}
			}
			err := s.ddmin(s.best.games[gi].n, func(keep []int) *input {
				return s.best.withGame(gi, project(s.best.kind, s.best.games[gi], keep))
			})
			if err != nil {
				return err
			}
		}
		if len(s.bestSrc) == before && s.best.area() == area {
			return nil // a round without a change: 1-minimal
		}
	}
}

// ddmin reduces a list of n items (games, moves, lines of the board) of
// the best input as Zeller's ddmin does; build makes the candidate of
// the best input of the moment that keeps the items listed. When a
// candidate fails it becomes the best input and its items are numbered
// again from 0. It ends when no single item can go: the result is
// 1-minimal.
func (s *shrinker) ddmin(n int, build func(keep []int) *input) error {
	gran := 2
	for n >= 2 {
		chunks := split(n, gran)
		// The candidates: each chunk, then (with more than two) each
		// complement, made as they are tested: Jobs lists of at most n
		// items at a time, not gran of them.
		count := len(chunks)
		if count > 2 { // with two, the complements are the chunks
			count *= 2
		}
		cand := func(i int) []int {
			if i < len(chunks) {
				return rangeOf(chunks[i])
			}
			return complement(chunks, i-len(chunks), n)
		}
		i, err := s.first(count, cand, build)
		switch {
		case err != nil:
			return err
		case i < 0 && gran >= n:
			return nil // every single removal was tried
		case i < 0:
			gran = min(2*gran, n)
			continue
		case i < len(chunks):
			gran = 2
			n = chunks[i][1] - chunks[i][0]
		default:
			gran = max(gran-1, 2)
			c := chunks[i-len(chunks)]
			n -= c[1] - c[0]
		}
	}
	if n == 1 {
		_, err := s.first(1, func(int) []int { return []int{} }, build)
		return err
	}
	return nil
}

// rangeOf lists the items from r[0] up to r[1].
func rangeOf(r [2]int) []int {
	items := make([]int, 0, r[1]-r[0])
	for i := r[0]; i < r[1]; i++ {
		items = append(items, i)
	}
	return items
}

// first tests the count candidates built from the items cand(i) lists,
// Jobs at a time, and makes the first that fails (in the order of i)
// the best input, returning its index, or -1 when none fails.
// Candidates are listed and built as they are tested, so that memory
// holds Jobs of them at most; invalid ones, and those no smaller than
// the best, are not tested.
func (s *shrinker) first(count int, cand func(i int) []int, build func(keep []int) *input) (int, error) {
	type candidate struct {
		i   int
		in  *input
		src []byte
	}
	next := 0
	for next < count {
		var batch []candidate
		for ; next < count && len(batch) < s.o.Jobs; next++ {
			in := build(cand(next))
			src := in.bytes()
			if smaller(in, src, s.best, s.bestSrc) && valid(s.o.Kind, src) {
				batch = append(batch, candidate{next, in, src})
			}
		}
		fails := make([]bool, len(batch))
		errs := make([]error, len(batch))
		var wg sync.WaitGroup
		for j, c := range batch {
			wg.Go(func() { fails[j], errs[j] = s.run(c.src) })
		}
		wg.Wait()
		for j, c := range batch {
			if errs[j] != nil {
				return -1, errs[j]
			}
			if fails[j] {
				s.best, s.bestSrc = c.in, c.src
				s.report(s.stage)
				return c.i, nil
			}
		}
	}
	return -1, nil
}

// smaller reports whether input a (whose bytes are as) is smaller than b:
// fewer bytes, or as many on smaller boards ("5" to "3").
func smaller(a *input, as []byte, b *input, bs []byte) bool {
	if len(as) != len(bs) {
		return len(as) < len(bs)
	}
	return a.area() < b.area()
}

// accept tests one candidate and makes it the best when it fails.
func (s *shrinker) accept(in *input) (bool, error) {
	i, err := s.first(1, func(int) []int { return nil }, func([]int) *input { return in })
	return i == 0, err
}

// run tests a candidate, once: the answer is remembered.
func (s *shrinker) run(src []byte) (bool, error) {
	h := maphash.Bytes(s.seed, src)
	s.mu.Lock()
	if fails, ok := s.seen[h]; ok {
		s.mu.Unlock()
		return fails, nil
	}
	if s.o.MaxRuns > 0 && s.runs >= s.o.MaxRuns {
		s.mu.Unlock()
		return false, ErrMaxRuns
	}
	s.runs++
	s.mu.Unlock()
	if err := s.ctx.Err(); err != nil {
		return false, err
	}
	fails, err := s.test(s.ctx, src)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	s.seen[h] = fails
	s.mu.Unlock()
	return fails, nil
}

func (s *shrinker) report(stage string) {
	if s.o.Progress == nil {
		return
	}
	s.mu.Lock()
	runs := s.runs
	s.mu.Unlock()
	s.o.Progress(Progress{Runs: runs, Bytes: len(s.bestSrc), Games: len(s.best.games), Moves: s.best.moves(), Stage: stage})
}

// split cuts the items 0 to n-1 into k nearly equal consecutive
// chunks, each [first, end).
func split(n, k int) [][2]int {
	k = min(k, n)
	out := make([][2]int, k)
	for i := range k {
		out[i] = [2]int{i * n / k, (i + 1) * n / k}
	}
	return out
}

// complement lists the items 0 to n-1 but those of chunks[i].
func complement(chunks [][2]int, i, n int) []int {
	c := chunks[i]
	out := make([]int, 0, n-(c[1]-c[0]))
	for j := 0; j < n; j++ {
		if j == c[0] {
			j = c[1] - 1
			continue
		}
		out = append(out, j)
	}
	return out
}

// mirrored lists, in order, the 0-based lines of a board of n kept when
// the pairs listed in keep are: pair p is the lines p and n-1-p, one
// line for the centre of an odd n.
func mirrored(n int, keep []int) []int {
	in := make([]bool, n)
	for _, p := range keep {
		in[p], in[n-1-p] = true, true
	}
	lines := make([]int, 0, 2*len(keep))
	for k, ok := range in {
		if ok {
			lines = append(lines, k)
		}
	}
	return lines
}
