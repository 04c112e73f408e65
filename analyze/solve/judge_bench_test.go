package solve

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gamels/parse"
)

// judgeBenchGame is a 6x6 middle game (from an engine match): the
// position after its 20 moves is the one benchmarked.
const judgeBenchGame = "T5 L2 B3 L2 L6 L2 R3 L2 B4 B1 B5 L2 T5 L2 T5 L2 T5 L2 T5 L2"

func judgeBenchPosition(b *testing.B, n int) *Pousse {
	p, err := NewPousse(n, parse.RulesContest)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i+1 < len(judgeBenchGame); i += 3 {
		p.Play(judgeBenchGame[i], int(judgeBenchGame[i+1]-'0'))
	}
	if w, _ := p.Winner(); w != 0 {
		b.Fatal("the benchmark's game is over")
	}
	return p
}

// BenchmarkJudgeDepth is the judgment's time to complete each depth in
// the benchmark position: ns/op is the time-to-depth (the table's 6 MiB
// cleared included); nodes/s the search's speed.
func BenchmarkJudgeDepth(b *testing.B) {
	for _, d := range []int{4, 6, 8} {
		b.Run(fmt.Sprintf("6x6/depth=%d", d), func(b *testing.B) {
			p := judgeBenchPosition(b, 6)
			var nodes int64
			for b.Loop() {
				j, _ := p.Judge(context.Background(), JudgeOptions{Depth: d})
				nodes += j.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkJudgeBudget is the depth the judgment completes in 100 ms a
// move, on 6x6 and 8x8.
func BenchmarkJudgeBudget(b *testing.B) {
	for _, n := range []int{6, 8} {
		b.Run(fmt.Sprintf("%dx%d/100ms", n, n), func(b *testing.B) {
			p := judgeBenchPosition(b, n)
			var depth, nodes int64
			for b.Loop() {
				j, _ := p.Judge(context.Background(), JudgeOptions{Deadline: time.Now().Add(100 * time.Millisecond)})
				depth += int64(j.Depth)
				nodes += j.Nodes
			}
			b.ReportMetric(float64(depth)/float64(b.N), "depth")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/move")
		})
	}
}
