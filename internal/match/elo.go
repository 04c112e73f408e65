package match

import "math"

// The Elo figures are those of cutechess-cli and of fastchess's
// trinomial report (elo.cpp, elo_wdl.cpp): each game is an independent
// draw of a win (1 point), a draw (½) or a loss (0); the score s is the
// mean points a game; the logistic model turns a score into an Elo
// difference, -400·log10(1/s - 1); the 95% interval is that of the
// score, s ± 1.96·σ/√n with σ² the variance of the points of one game,
// each end turned into Elo, and its half width is the error reported.
// Where that interval reaches past 0% or 100% (as it does whenever every
// game went one way), or has no width (every game drawn), its ends are
// those of Wilson's score interval for s over n games instead, which
// stays inside and, counting each game as a win or a loss, is wider than
// the trinomial one, never narrower.

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// eloOf returns the Elo difference of a score in [0, 1]: ±Inf at 1 and
// 0, NaN outside.
func eloOf(score float64) float64 {
	return -400 * math.Log10(1/score-1)
}

// Elo is the Elo difference a score implies, with the half width of its
// 95% interval.
type Elo struct {
	Diff  float64 // ±Inf for a score of 100% or 0%; NaN without games
	Error float64 // +Inf where the ends are Wilson's (below); NaN without games
	// Low and High are the 95% interval's ends: Diff ± Error when
	// Error is finite, else Wilson's (-Inf at 0%, +Inf at 100%).
	Low, High float64
}

// EloOf returns the Elo difference of w wins, l losses and d draws, and
// its 95% interval's half width. O(1).
func EloOf(w, l, d int) Elo {
	n := float64(w + l + d)
	if n == 0 {
		return Elo{math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	}
	pw, pl, pd := float64(w)/n, float64(l)/n, float64(d)/n
	s := pw + pd/2
	variance := pw*(1-s)*(1-s) + pl*s*s + pd*(0.5-s)*(0.5-s)
	sigma := math.Sqrt(variance / n)
	lo, hi := s-z95*sigma, s+z95*sigma
	e := Elo{Diff: eloOf(s), Error: math.Inf(1)}
	if sigma > 0 && lo > 0 && hi < 1 {
		e.Error = (eloOf(hi) - eloOf(lo)) / 2
		e.Low, e.High = e.Diff-e.Error, e.Diff+e.Error
		return e
	}
	lo, hi = wilson(s, n)
	e.Low, e.High = eloOf(lo), eloOf(hi)
	return e
}

// wilson returns the ends of Wilson's 95% score interval for a
// proportion p of n trials: inside [0, 1], 0 or 1 only at p = 0 or 1.
func wilson(p, n float64) (lo, hi float64) {
	z2 := z95 * z95
	mid := p + z2/(2*n)
	half := z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	d := 1 + z2/n
	lo, hi = (mid-half)/d, (mid+half)/d
	if p == 0 {
		lo = 0
	}
	if p == 1 {
		hi = 1
	}
	return lo, hi
}
