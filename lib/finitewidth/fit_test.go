package finitewidth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// FitLine, from the weighted line's slope and intercept, passes through
// every point of an exact power law |r| = 3 n^−2 (any weights); LogNormalVarRelSE tends to the normal
// law's √(2/N) as s² → 0 (κ → 3) and grows with s².
func TestFitLineAndLogNormalSE(t *testing.T) {
	ws := []int{32, 64, 128, 256}
	ns, xs, ys, w := make([]float64, 4), make([]float64, 4), make([]float64, 4), make([]float64, 4)
	for i, n := range ws {
		ns[i] = float64(n)
		xs[i], ys[i], w[i] = math.Log(ns[i]), math.Log(3*math.Pow(ns[i], -2)), float64(i+1)
	}
	var r Residual
	r.Slope, r.SlopeSE, r.Intercept, _ = empirical.WeightedLine(xs, ys, w)
	for i, y := range r.FitLine(ns) {
		if want := 3 * math.Pow(ns[i], -2); math.Abs(y-want) > 1e-12*want {
			t.Errorf("FitLine at n = %v: %v, want %v", ns[i], y, want)
		}
	}
	if (Residual{Slope: math.NaN()}).FitLine(ns) != nil {
		t.Error("FitLine without a slope is not nil")
	}
	if got, want := LogNormalVarRelSE(1e-9, 2000), math.Sqrt(2.0/2000); math.Abs(got-want) > 1e-6 {
		t.Errorf("LogNormalVarRelSE(0) = %v, want √(2/N) = %v", got, want)
	}
	if !(LogNormalVarRelSE(1, 2000) < 0.25 && LogNormalVarRelSE(1.5, 2000) > 0.25) {
		t.Errorf("LogNormalVarRelSE(1), (1.5) at 2000 = %v, %v", LogNormalVarRelSE(1, 2000), LogNormalVarRelSE(1.5, 2000))
	}
}
