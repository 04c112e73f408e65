package format_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"gamels/internal/format"
	"gamels/internal/gen"
	"gamels/parse"
)

// lookCounter is a context that records when its Err is called and is
// cancelled from the cancelAt-th call on (never when cancelAt is 0).
type lookCounter struct {
	context.Context
	done     chan struct{}
	cancelAt int
	looks    []time.Time
}

func newLookCounter(cancelAt int) *lookCounter {
	return &lookCounter{Context: context.Background(), done: make(chan struct{}), cancelAt: cancelAt}
}

func (c *lookCounter) Done() <-chan struct{} { return c.done }

func (c *lookCounter) Err() error {
	c.looks = append(c.looks, time.Now())
	if c.cancelAt > 0 && len(c.looks) >= c.cancelAt {
		return context.Canceled
	}
	return nil
}

// manyGames is a non-canonical transcript of n one-move games: no blank
// line between games, a comment every 1000 games.
func manyGames(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		if i%1000 == 0 {
			b.WriteString("# a comment  \n")
		}
		b.WriteString("1\nL1\nQUIT\n")
	}
	return b.Bytes()
}

// TestEditsContextLooksOften formats 5 MB of games with EditsContext and
// checks that the context is looked at all through: never more than a
// fifth of the whole time, nor 500 ms, between two looks (the promise is
// 50 ms on an idle machine; the bound allows a loaded one and the race
// detector, under which gaps of 250-650 ms were seen). A parse or a diff
// that did not look would take a quarter to a third of the time on every
// try (TestStagesLook checks the looks of each stage but the diff
// exactly); a loaded machine that holds the process back now and then
// gets three tries. Then a cancellation seen at any of the looks, in
// every stage, must end the work with context.Canceled at that look.
func TestEditsContextLooksOften(t *testing.T) {
	src := manyGames(500000)
	want, err := format.Source(parse.Pousse, src)
	if err != nil {
		t.Fatal(err)
	}
	var c *lookCounter
	for try := 1; ; try++ {
		c = newLookCounter(0)
		start := time.Now()
		edits, err := format.EditsContext(c, parse.Pousse, src)
		end := time.Now()
		if err != nil {
			t.Fatal(err)
		}
		if got := format.Apply(src, edits); !bytes.Equal(got, want) {
			t.Fatal("the edits do not give Source's output")
		}
		gap, prev := time.Duration(0), start
		for _, at := range append(c.looks, end) {
			gap, prev = max(gap, at.Sub(prev)), at
		}
		t.Logf("try %d: %d looks at the context in %v, at most %v apart", try, len(c.looks), end.Sub(start), gap)
		if gap <= min(500*time.Millisecond, end.Sub(start)/5) {
			break
		}
		if try == 3 {
			t.Fatalf("%v between two looks at the context, in %v", gap, end.Sub(start))
		}
	}
	total := len(c.looks)
	for _, k := range []int{1, 2, total / 10, total / 4, total / 2, 3 * total / 4, total - 1, total} {
		c := newLookCounter(k)
		if _, err := format.EditsContext(c, parse.Pousse, src); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled at look %d of %d: %v", k, total, err)
		} else if len(c.looks) > k+1 {
			t.Errorf("cancelled at look %d of %d: looked %d times", k, total, len(c.looks))
		}
	}
}

// TestEditsContext checks that the edits made piece by piece turn the
// source into Source's output, on large inputs of every kind, with CRLF
// line ends too, and that on a small input they are those of Edits.
func TestEditsContext(t *testing.T) {
	spot := gen.Spot(1, gen.RefSpot)
	for _, tc := range []struct {
		name string
		kind parse.Kind
		src  []byte
	}{
		{"small", parse.Pousse, []byte("4\nL1 T2 # c\nQUIT\n# d\n4\nL1\nQUIT\n")},
		{"many games", parse.Pousse, manyGames(30000)},
		{"many games, CRLF", parse.Pousse, bytes.ReplaceAll(manyGames(30000), []byte("\n"), []byte("\r\n"))},
		{"pousse, two moves a line", parse.Pousse, bytes.Replace(gen.Pousse(1, gen.RefPousse), []byte("\nL"), []byte(" L"), 50000)},
		{"spot, doubled spaces", parse.Spot, bytes.ReplaceAll(spot, []byte(" "), []byte("  "))},
		{"path, blank lines", parse.Path, bytes.ReplaceAll(gen.Path(1, gen.RefPath), []byte("\n"), []byte("\n\n"))},
		{"canonical", parse.Path, gen.Path(1, gen.RefPath)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := format.Source(tc.kind, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			edits, err := format.EditsContext(context.Background(), tc.kind, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if got := format.Apply(tc.src, edits); !bytes.Equal(got, want) {
				t.Fatalf("the edits do not give Source's output")
			}
			if bytes.Equal(want, tc.src) != (len(edits) == 0) {
				t.Errorf("%d edits; formatted already: %v", len(edits), bytes.Equal(want, tc.src))
			}
			for i := 1; i < len(edits); i++ {
				if edits[i].Span.Start < edits[i-1].Span.End {
					t.Fatalf("edits %d and %d overlap: %v %v", i-1, i, edits[i-1].Span, edits[i].Span)
				}
			}
			if len(tc.src) < 16<<10 {
				if diff := len(format.Edits(tc.src, want)) - len(edits); diff != 0 {
					t.Errorf("%d edits, Edits gives %d more", len(edits), diff)
				}
			}
			t.Logf("%d bytes, %d edits", len(tc.src), len(edits))
		})
	}
}
