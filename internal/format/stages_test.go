package format

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"gamels/internal/gen"
	"gamels/parse"
)

// countCtx counts the calls of Err and reports Canceled from the
// cancelAt-th on (never when cancelAt is 0).
type countCtx struct {
	context.Context
	done            chan struct{}
	looks, cancelAt int
}

func (c *countCtx) Done() <-chan struct{} { return c.done }

func (c *countCtx) Err() error {
	c.looks++
	if c.cancelAt > 0 && c.looks >= c.cancelAt {
		return context.Canceled
	}
	return nil
}

// TestStagesLook checks each stage of EditsContext on its own: that it
// looks at its context at least as often as its doc says (every
// parseEvery games of a parse, every checkBytes of source in the layout
// and the check), and that a cancellation seen at its last look ends it
// with context.Canceled.
func TestStagesLook(t *testing.T) {
	var b bytes.Buffer
	for i := 0; i < 200000; i++ {
		b.WriteString("1\nL1 # c\nQUIT\n")
	}
	many := b.Bytes()
	long := gen.Pousse(1, gen.PousseOptions{Games: 1, MinN: 9, MaxN: 9, MinMoves: 300000, MaxMoves: 300000})
	for _, tc := range []struct {
		name string
		src  []byte
	}{{"many games", many}, {"one long game", long}} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src
			f := parse.Parse(parse.Pousse, src)
			out, _, _ := layout(context.Background(), f, src, []byte("\n"))
			g := parse.Parse(parse.Pousse, out)
			stages := []struct {
				name string
				min  int
				run  func(ctx context.Context) error
			}{
				{"parse", len(f.Games) / parseEvery, func(ctx context.Context) error {
					_, err := parseContext(ctx, parse.Pousse, src)
					return err
				}},
				{"layout", len(src)/checkBytes - 1, func(ctx context.Context) error {
					_, _, err := layout(ctx, f, src, []byte("\n"))
					return err
				}},
				{"check", len(src)/checkBytes - 1, func(ctx context.Context) error {
					same, err := sameMeaning(ctx, f, src, g, out)
					if err == nil && !same {
						t.Error("the check fails")
					}
					return err
				}},
			}
			for _, st := range stages {
				c := &countCtx{Context: context.Background(), done: make(chan struct{})}
				if err := st.run(c); err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
				total := c.looks
				if total < st.min {
					t.Errorf("%s looked at its context %d times, want %d or more", st.name, total, st.min)
				}
				c = &countCtx{Context: context.Background(), done: make(chan struct{}), cancelAt: total}
				if err := st.run(c); !errors.Is(err, context.Canceled) {
					t.Errorf("%s, cancelled at its last look (%d): %v", st.name, total, err)
				}
			}
		})
	}
}
