package shrink

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
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
				err := s.ddmin(len(s.best.games[gi].moves), func(keep []int) *input {
					g := s.best.games[gi]
					ng := g
					ng.moves = make([][]byte, len(keep))
					for j, k := range keep {
						ng.moves[j] = g.moves[k]
					}
					return s.best.withGame(gi, ng)
				})
				if err != nil {
					return err
				}
			}
			s.stage = "size of game " + strconv.Itoa(i+1)
			gi := i
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
		chunks := split(iota(n), gran)
		cands := chunks
		if len(chunks) > 2 { // with two, the complements are the chunks
			cands = slices.Clone(chunks)
			for i := range chunks {
				cands = append(cands, complement(chunks, i))
			}
		}
		i, err := s.first(cands, build)
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
		default:
			gran = max(gran-1, 2)
		}
		n = len(cands[i])
	}
	if n == 1 {
		_, err := s.first([][]int{{}}, build)
		return err
	}
	return nil
}

func iota(n int) []int {
	items := make([]int, n)
	for i := range items {
		items[i] = i
	}
	return items
}

// first tests the candidates built from cands, Jobs at a time, and
// makes the first that fails (in the order of cands) the best input,
// returning its index, or -1 when none fails. Candidates are built as
// they are tested, so that memory holds Jobs of them at most; invalid
// ones, and those no smaller than the best, are not tested.
func (s *shrinker) first(cands [][]int, build func(keep []int) *input) (int, error) {
	type cand struct {
		i   int
		in  *input
		src []byte
	}
	next := 0
	for next < len(cands) {
		var batch []cand
		for ; next < len(cands) && len(batch) < s.o.Jobs; next++ {
			in := build(cands[next])
			src := in.bytes()
			if smaller(in, src, s.best, s.bestSrc) && valid(s.o.Kind, src) {
				batch = append(batch, cand{next, in, src})
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
	i, err := s.first([][]int{nil}, func([]int) *input { return in })
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

// split cuts items into n nearly equal consecutive chunks.
func split(items []int, n int) [][]int {
	n = min(n, len(items))
	var out [][]int
	for i := range n {
		out = append(out, items[i*len(items)/n:(i+1)*len(items)/n])
	}
	return out
}

// complement is every chunk but chunks[i], in order.
func complement(chunks [][]int, i int) []int {
	var out []int
	for j, c := range chunks {
		if j != i {
			out = append(out, c...)
		}
	}
	return out
}
