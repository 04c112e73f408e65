package lsp

import (
	"context"
	"time"

	"go.lsp.dev/jsonrpc2"

	"gamels/analyze"
	"gamels/analyze/solve"
	"gamels/parse"
)

// evaluateBudget is when, from the request, gamels/evaluate's judgment
// stops deepening (after its first iteration, which always completes):
// the answer is due within 50 ms of the request.
const evaluateBudget = 40 * time.Millisecond

// judgeAt returns the judgment (solve.Pousse.Judge, solve.Spot.Judge) of
// the position after the first k moves of the game of ga, under opts,
// with the refusals of searchAt for a position the engine does not play
// from. O(k) to replay, then what opts allow.
func judgeAt(ctx context.Context, rules parse.Rules, ga *gameAnalysis, k int, opts solve.JudgeOptions) (solve.Judgment, error) {
	g := ga.game
	var j solve.Judgment
	var err error
	switch {
	case ga.pousse != nil:
		if _, perr := ga.pousse.PlayAt(k, "L1"); isRefusal(perr) {
			return j, asRefusal(perr)
		}
		p, nerr := pousseAt(g, rules, k)
		if nerr != nil {
			return j, nerr
		}
		j, err = p.Judge(ctx, opts)
	case ga.spot != nil:
		if _, perr := ga.spot.PlayAt(k, 1, 1); isRefusal(perr) {
			return j, asRefusal(perr)
		}
		sp, nerr := spotAt(g, k)
		if nerr != nil {
			return j, nerr
		}
		j, err = sp.Judge(ctx, opts)
	default:
		return j, refusal(jsonrpc2.InvalidParams, analyze.CodeBadTarget, nil, "the engine plays only Pousse and Spot")
	}
	if err != nil {
		return j, engineRefusal(err)
	}
	return j, ctx.Err()
}

// estimateText is the estimate as the views show it, "X 64%" (Spot:
// "Player 1 64%"), or, proven, the proof's words.
func estimateText(kind parse.Kind, e float64) string {
	x, o := playerNames(kind, 0)
	return solve.FormatEstimate(e, x, o)
}

// proofEstimate is X's score that a proof r for the side to move after
// k moves gives: 1 or 0, or ok false when r proves nothing.
func proofEstimate(r solve.Result, k int) (e float64, ok bool) {
	xToMove := k&1 == 0
	switch r.Proof {
	case solve.Win:
		return map[bool]float64{true: 1, false: 0}[xToMove], true
	case solve.Loss:
		return map[bool]float64{true: 0, false: 1}[xToMove], true
	}
	return 0.5, false
}
