package lsp

import (
	"fmt"
	"gamels/parse"
	"strings"
	"testing"
)

// BenchmarkCompletionPousse completes the last move of a 100x100 game of
// 2000 moves: the replay to the position and 400 candidate moves, each
// a clone of the board (O(N*N)) and a push.
func BenchmarkCompletionPousse(b *testing.B) {
	for _, rules := range []parse.Rules{parse.RulesContest, parse.RulesICFP} {
		b.Run(rules.String(), func(b *testing.B) {
			text := benchPousse(100, 2000)
			complete := completer(parse.Pousse, text, rules)
			off := strings.LastIndex(string(text), "QUIT") - 1
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if items := complete(off); len(items) != 401 {
					b.Fatalf("%d items", len(items))
				}
			}
		})
	}
}

// BenchmarkCompletionSpot completes the last move of a 50x50 game: 2500
// candidates, each checked against the 99 earlier patterns and their
// rotations by one hash probe.
func BenchmarkCompletionSpot(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("50\n")
	for i := range 100 {
		fmt.Fprintf(&sb, "%d %d +\n", i/50+1, i%50+1)
	}
	sb.WriteString("0\n")
	text := []byte(sb.String())
	complete := completer(parse.Spot, text, parse.RulesDefault)
	off := strings.LastIndex(string(text), "2 50 +")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if items := complete(off); len(items) != 2500 {
			b.Fatalf("%d items", len(items))
		}
	}
}
