package format

import (
	"context"

	"gamels/parse"
)

// parseEvery is how many games a parse reads between two looks at its
// context: a few microseconds of small games, or a few large ones.
const parseEvery = 64

// stopParse is the panic that leaves a parse whose context is done.
type stopParse struct{}

// parseContext is parse.Parse that returns ctx's error, and no file,
// once ctx is done: it looks at ctx every parseEvery games, from the
// parser's per-game callback, and leaves the parser with a panic of
// stopParse that it recovers (any other panic goes on). A game is read
// in one go: a single game of 20 MB is read before ctx is seen. With a
// context that is never done it is parse.Parse. O(len(src)).
func parseContext(ctx context.Context, kind parse.Kind, src []byte) (f *parse.File, err error) {
	if ctx.Done() == nil {
		return parse.Parse(kind, src), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopParse); !ok {
				panic(r)
			}
			f, err = nil, ctx.Err()
		}
	}()
	n := 0
	f = parse.ParseEach(kind, src, func(*parse.File, *parse.Game) {
		n++
		if n%parseEvery == 0 && ctx.Err() != nil {
			panic(stopParse{})
		}
	})
	return f, ctx.Err()
}
