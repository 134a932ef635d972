package empirical

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestVarSE: the SE VarSE reports is the spread of s² over replicates.
// 4000 replicate samples of size 200 from the exponential law (μ₄ = 9σ⁴,
// so Var s² ≈ 8σ⁴/n, four times the normal law's 2σ⁴/(n − 1)): the
// standard deviation of the 4000 s² against the root mean square of
// the reported SEs, 10% (the spread's own relative SE is ≈ √(κ/4000)
// with κ ≈ 5 for the skewed s², ≈ 4%; the SE estimate from one sample
// of 200 is biased low by a few % for this law).
func TestVarSE(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const reps, n = 4000, 200
	s2 := make([]float64, reps)
	var ms float64
	x := make([]float64, n)
	for r := range reps {
		for i := range x {
			x[i] = rng.ExpFloat64()
		}
		v, se := VarSE(x)
		s2[r] = v
		ms += se * se / reps
	}
	_, spread := MeanSD(s2)
	if got := math.Sqrt(ms); math.Abs(got/spread-1) > 0.1 {
		t.Errorf("VarSE rms %.4g, spread of s² over replicates %.4g", got, spread)
	}
	if want := math.Sqrt(8.0 / n); math.Abs(spread/want-1) > 0.1 {
		t.Errorf("spread of s² %.4g, theory √(8/n) = %.4g", spread, want)
	}
}
