package match

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestEloOf checks the Elo and its interval against worked numbers:
// fastchess's own test (elo_test.cpp, "EloWDL 2") and one worked by
// hand (60 wins, 30 losses, 10 draws: a score of 65%).
func TestEloOf(t *testing.T) {
	for _, tc := range []struct {
		w, l, d     int
		diff, error float64
	}{
		{136, 96, 111, 40.70, 30.43},
		{60, 30, 10, 107.54, 68.46},
		{30, 60, 10, -107.54, 68.46},
		{50, 50, 0, 0, 400 * math.Log10((0.5+z95*0.05)/(0.5-z95*0.05))},
	} {
		e := EloOf(tc.w, tc.l, tc.d)
		if !near(e.Diff, tc.diff, 0.01) || !near(e.Error, tc.error, 0.01) {
			t.Errorf("EloOf(%d, %d, %d) = %.2f ± %.2f, want %.2f ± %.2f", tc.w, tc.l, tc.d, e.Diff, e.Error, tc.diff, tc.error)
		}
		if !finiteElo(e) {
			t.Errorf("EloOf(%d, %d, %d) is not finite", tc.w, tc.l, tc.d)
		}
	}
	if e := EloOf(136, 96, 111); !near(e.Low, 40.70-30.43, 0.01) || !near(e.High, 40.70+30.43, 0.01) {
		t.Errorf("the ends of a symmetric interval: %+v", e)
	}
	// Where the interval passes 0% or 100%, or has no width, the ends are
	// Wilson's, worked by hand: 400 of 400 give a score of at least
	// 0.99049 (+807), 1 of 10 one in [0.01787, 0.40415] (-696, -67), 6
	// draws one in [0.1876, 0.8124] (±254.6).
	for _, tc := range []struct {
		w, l, d   int
		low, high float64
	}{
		{400, 0, 0, 807.0, math.Inf(1)},
		{0, 400, 0, math.Inf(-1), -807.0},
		{1, 9, 0, -696.0, -67.4},
		{0, 0, 6, -254.6, 254.6}, // all drawn: the normal interval has no width
	} {
		e := EloOf(tc.w, tc.l, tc.d)
		if !math.IsInf(e.Error, 1) || finiteElo(e) {
			t.Errorf("EloOf(%d, %d, %d): the interval passes an end, want an infinite error, got %+v", tc.w, tc.l, tc.d, e)
		}
		endsNear := func(got, want float64) bool {
			return math.IsInf(want, 0) && got == want || near(got, want, 0.1)
		}
		if !endsNear(e.Low, tc.low) || !endsNear(e.High, tc.high) {
			t.Errorf("EloOf(%d, %d, %d) ends [%.1f, %.1f], want [%.1f, %.1f]", tc.w, tc.l, tc.d, e.Low, e.High, tc.low, tc.high)
		}
	}
	if e := EloOf(10, 0, 0); !math.IsInf(e.Diff, 1) || finiteElo(e) {
		t.Errorf("a clean sweep: %+v, want +Inf", e)
	}
	if e := EloOf(0, 0, 0); !math.IsNaN(e.Diff) {
		t.Errorf("no games: %+v, want NaN", e)
	}
}

// TestSPRT checks the log-likelihood ratio against fastchess's worked
// numbers (sprt_test.cpp, "logistic trinomial 1" and "2"), the bounds
// against ln(β/(1-α)) and ln((1-β)/α), and, on a moderate match,
// against the normal approximation LLR ≈ n·(s1-s0)·(2s-s0-s1)/(2σ²)
// (Van den Bergh), which is close when the Elo of H0 and H1 are.
func TestSPRT(t *testing.T) {
	for _, tc := range []struct {
		w, l, d    int
		elo0, elo1 float64
		llr        float64
	}{
		{21404, 21184, 40708, 0.5, 2.5, -1.57},
		{57433, 57030, 106593, 0, 2, -2.59},
	} {
		got := SPRT{tc.elo0, tc.elo1}.LLR(tc.w, tc.l, tc.d)
		if !near(got, tc.llr, 0.01*math.Abs(tc.llr)) {
			t.Errorf("LLR(%d, %d, %d; %v, %v) = %.4f, want %.2f", tc.w, tc.l, tc.d, tc.elo0, tc.elo1, got, tc.llr)
		}
	}
	lower, upper := SPRT{}.Bounds()
	if !near(lower, -2.944, 0.001) || !near(upper, 2.944, 0.001) {
		t.Errorf("bounds %.4f, %.4f, want ±2.944", lower, upper)
	}

	w, l, d := 130, 100, 20
	test := SPRT{0, 20}
	n := float64(w + l + d)
	s := (float64(w) + float64(d)/2) / n
	v := (float64(w)*(1-s)*(1-s) + float64(l)*s*s + float64(d)*(0.5-s)*(0.5-s)) / n
	s0, s1 := scoreOf(test.Elo0), scoreOf(test.Elo1)
	approx := n * (s1 - s0) * (2*s - s0 - s1) / (2 * v)
	if got := test.LLR(w, l, d); !near(got, approx, 0.02*math.Abs(approx)) {
		t.Errorf("LLR(%d, %d, %d; 0, 20) = %.4f, the approximation %.4f", w, l, d, got, approx)
	}

	// Without draws, as under the icfp rules: finite, and decided.
	sweep := SPRT{0, 100}
	if llr := sweep.LLR(40, 0, 0); math.IsInf(llr, 0) || math.IsNaN(llr) || sweep.Decide(llr) != AcceptH1 {
		t.Errorf("40 wins of 40 against [0, 100]: LLR %v, %v", llr, sweep.Decide(llr))
	}
	if llr := sweep.LLR(40, 40, 0); sweep.Decide(llr) != AcceptH0 {
		t.Errorf("40-40 against [0, 100]: LLR %v, %v", llr, sweep.Decide(llr))
	}
	if llr := sweep.LLR(3, 2, 0); sweep.Decide(llr) != Continue {
		t.Errorf("3-2 against [0, 100]: LLR %v, %v", llr, sweep.Decide(llr))
	}
}

// finiteElo reports whether an Elo's difference and error are numbers.
func finiteElo(e Elo) bool {
	for _, x := range []float64{e.Diff, e.Error} {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return false
		}
	}
	return true
}
