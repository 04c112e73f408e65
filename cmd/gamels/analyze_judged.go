package main

import (
	"context"
	"math"
	"sort"
	"time"

	"gamels/analyze/solve"
	"gamels/parse"
)

// addJudged adds to ag, the proofs' annotations of g, the judgment's
// estimates (hundredths) and its inaccuracies and mistakes, in move
// order after the proofs' at the same move. Cost: solve.JudgeGame's, cut
// by budget when not 0.
func addJudged(ag *analyzeGame, kind parse.Kind, g *parse.Game, rules parse.Rules, budget time.Duration) {
	if ag.Error != "" && ag.Nodes == 0 {
		return
	}
	ctx := context.Background()
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	var proven []solve.Annotation
	for _, x := range ag.Annotations {
		proven = append(proven, solve.Annotation{Move: x.Move - 1})
	}
	jd, err := solve.JudgeGame(ctx, kind, g, rules, 0, proven)
	if err != nil {
		return
	}
	for _, e := range jd.Estimates {
		ag.Estimates = append(ag.Estimates, math.Round(e*100)/100)
	}
	for _, x := range jd.Annotations {
		ag.Annotations = append(ag.Annotations, analyzeAnnotation{
			Move: x.Move + 1, Kind: string(x.Kind), Mark: x.Mark, Played: x.Played, Best: x.Best, Text: x.Text,
		})
	}
	sort.SliceStable(ag.Annotations, func(i, j int) bool { return ag.Annotations[i].Move < ag.Annotations[j].Move })
}
