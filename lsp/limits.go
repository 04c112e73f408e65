package lsp

import (
	"context"
	"fmt"
)

// MaxItems bounds the entries of a whole-document answer (code lenses,
// document symbols, folding ranges, inlay hints): 10000. Like
// MaxDiagnostics, it keeps a transcript of millions of games from
// becoming an answer of hundreds of megabytes; where the protocol gives
// the client a way to show it, the last entry says how many more there
// are.
const MaxItems = 10000

// moreItems is the notice that ends a capped answer.
func moreItems(more int, what string) string {
	return fmt.Sprintf("… %d more %s not listed: at most %d are (MaxItems)", more, what, MaxItems)
}

// checkEvery is how many loop steps a request's work may take between two
// looks at its context: a few microseconds of work at most, so that a
// cancellation stops it well within a millisecond.
const checkEvery = 256

// stopped reports, every checkEvery steps, whether ctx is done: the loops
// of a request's work call it with their step count and return ctx.Err()
// when it is true.
func stopped(ctx context.Context, i int) bool {
	return i%checkEvery == 0 && ctx.Err() != nil
}
