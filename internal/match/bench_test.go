package match

import (
	"context"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"gamels/internal/solution"
	"gamels/parse"
)

// selfCPU returns the CPU time of this process, not of its children.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRefereeMove measures what the referee adds to a move beyond
// starting the player's program. Each iteration plays one Pousse game of
// 100 moves between two trivial players (printf L1: the game never
// ends, and stops at the move limit), then runs the same program 100
// times through solution.Run, as the referee starts a player, with the
// same input; the difference, per move, is the referee's own cost (in
// wall time, and in this process's CPU time, children excluded).
func BenchmarkRefereeMove(b *testing.B) {
	printf, err := exec.LookPath("printf")
	if err != nil {
		b.Skip("no printf")
	}
	const moves = 100
	player := printf + ` 'L1\n'`
	sp, _ := ParseSpec(player)
	sp2, _ := ParseSpec("b=" + player)
	lim := solution.Limits{Time: 10 * time.Second, Output: 64 << 10}
	c := Config{Kind: parse.Pousse, Rules: parse.RulesContest, Players: []Spec{sp, sp2}, Games: 1, Sizes: []int{6},
		Limits: lim, MaxMoves: moves, Jobs: 1, Seed: 1}
	input := []byte("6\n")
	for range moves / 2 {
		input = append(input, "L1\n"...)
	}
	ctx := context.Background()
	var game, runs, gameCPU, runsCPU time.Duration
	for b.Loop() {
		start, cpu := time.Now(), selfCPU()
		var rec *Record
		sum, err := Run(ctx, c, Events{Game: func(r *Record, _ *Tally) error { rec = r; return nil }})
		if err != nil || sum.Tally.Games() != 1 || len(rec.Moves) != moves {
			b.Fatalf("%v: %+v", err, rec)
		}
		game += time.Since(start)
		gameCPU += selfCPU() - cpu
		start, cpu = time.Now(), selfCPU()
		for range moves {
			if _, err := solution.Run(ctx, sp.Argv, input, lim); err != nil {
				b.Fatal(err)
			}
		}
		runs += time.Since(start)
		runsCPU += selfCPU() - cpu
	}
	per := func(d time.Duration) float64 { return float64(d) / float64(b.N) / moves / 1e6 }
	b.ReportMetric(per(game), "move-ms")
	b.ReportMetric(per(runs), "run-ms")
	b.ReportMetric(per(game-runs), "referee-ms/move")
	b.ReportMetric(per(gameCPU-runsCPU), "referee-cpu-ms/move")
	b.ReportMetric(0, "ns/op")
}
