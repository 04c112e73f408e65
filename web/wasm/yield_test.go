//go:build js && wasm

package main

import (
	"context"
	"testing"
	"time"

	"gamels/analyze/solve"
	"gamels/parse"
)

// TestEngineYields: while the engine searches (here, one position of a
// 6 x 6 Pousse game with a budget of 2M nodes), the other goroutines
// and the host's event loop still get their turns: a goroutine woken by
// a 5 ms timer ticks at least once every 100 ms of search (the engine
// yields every 15 ms). Without the engine's yield
// (analyze/solve/yield_js.go) the timer's goroutine waits for the
// search's end.
func TestEngineYields(t *testing.T) {
	p, err := solve.NewPousse(6, parse.RulesContest)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan solve.Result)
	start := time.Now()
	go func() {
		r, _ := p.Solve(context.Background(), solve.Options{Depth: 12, Nodes: 2_000_000})
		done <- r
	}()
	ticks := 0
	for {
		select {
		case r := <-done:
			took := time.Since(start)
			t.Logf("search of %d nodes: %v, %d ticks of 5 ms", r.Nodes, took, ticks)
			if took < 200*time.Millisecond {
				t.Skipf("the search took only %v: too short to tell", took)
			}
			if ticks < int(took/(100*time.Millisecond)) {
				t.Errorf("%d ticks of a 5 ms timer during a search of %v: the search held the thread", ticks, took)
			}
			return
		case <-time.After(5 * time.Millisecond):
			ticks++
		}
	}
}
