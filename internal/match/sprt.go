package match

import "math"

// The sequential probability ratio test is fastchess's with its
// "logistic" model on game results (sprt.cpp, the generalised SPRT of
// Michel Van den Bergh): H0 says the Elo difference is Elo0, H1 that it
// is Elo1, both in the logistic model (the score 1/(1+10^(-elo/400))).
// Under each, the distribution of win, draw and loss closest to the
// observed one (the maximum likelihood one whose mean is that score) is
// found, and the log-likelihood ratio of the games under the two is
// compared with the bounds of the error levels alpha and beta. Unlike
// cutechess-cli's BayesElo test it needs no draws, which Pousse under
// the icfp rules never has.

// SPRT is a test of Elo0 against Elo1 at error levels alpha = beta =
// 0.05, as the issue asks.
type SPRT struct {
	Elo0, Elo1 float64
}

// sprtAlpha and sprtBeta are the test's error levels: the chance of
// accepting H1 when H0 holds, and of accepting H0 when H1 holds.
const sprtAlpha, sprtBeta = 0.05, 0.05

// Bounds returns the log-likelihood ratios at which the test stops:
// below lower it accepts H0, above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(sprtBeta / (1 - sprtAlpha)), math.Log((1 - sprtBeta) / sprtAlpha)
}

// A Decision is the state of the test.
type Decision int

// The decisions.
const (
	Continue Decision = iota
	AcceptH0          // the difference is Elo0 (or less)
	AcceptH1          // the difference is Elo1 (or more)
)

// LLR returns the log-likelihood ratio of w wins, l losses and d draws
// (of the first player). A count of 0 counts as 0.001, as in fastchess,
// so that the ratio is finite. O(1): two root findings of 200 steps at
// most.
func (t SPRT) LLR(w, l, d int) float64 {
	if w+l+d == 0 {
		return 0
	}
	reg := func(c int) float64 {
		if c == 0 {
			return 1e-3
		}
		return float64(c)
	}
	counts := [3]float64{reg(l), reg(d), reg(w)}
	total := counts[0] + counts[1] + counts[2]
	var probs [3]float64
	for i, c := range counts {
		probs[i] = c / total
	}
	p0 := mleWithMean(probs, scoreOf(t.Elo0))
	p1 := mleWithMean(probs, scoreOf(t.Elo1))
	llr := 0.0
	for i := range probs {
		llr += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * llr
}

// Decide returns the test's decision at log-likelihood ratio llr.
func (t SPRT) Decide(llr float64) Decision {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// scoreOf returns the expected score of an Elo difference in the
// logistic model.
func scoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// gamePoints are the points of a loss, a draw and a win.
var gamePoints = [3]float64{0, 0.5, 1}

// mleWithMean returns the distribution over gamePoints of mean s that
// is most likely to have produced the observed frequencies p (all > 0):
// p_i / (1 + θ(a_i - s)), θ the root of Σ p_i (a_i - s) / (1 + θ(a_i -
// s)) = 0 (Van den Bergh, "Comments on Normalized Elo", proposition
// 1.1), found by bisection: the sum falls as θ grows, from +∞ to -∞
// over the interval where every 1 + θ(a_i - s) is positive.
func mleWithMean(p [3]float64, s float64) [3]float64 {
	f := func(theta float64) float64 {
		sum := 0.0
		for i, a := range gamePoints {
			sum += p[i] * (a - s) / (1 + theta*(a-s))
		}
		return sum
	}
	lo, hi := -1/(gamePoints[2]-s), -1/(gamePoints[0]-s)
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := (lo + hi) / 2
	var q [3]float64
	for i, a := range gamePoints {
		q[i] = p[i] / (1 + theta*(a-s))
	}
	return q
}
