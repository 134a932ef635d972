package gauss

import (
	"math"
	"testing"
)

// TestBigTrapezoidKeptRuleMatchesFresh: a Rule's kept trapezoid rule
// (bigTrapezoid) must give, call after call, exactly the nodes and
// weights a fresh one gives, including when (cutoff, n) changes between
// calls and comes back. A kept rule that were not rebuilt on a new key
// fails here (the second h has another n and another length).
func TestBigTrapezoidKeptRuleMatchesFresh(t *testing.T) {
	const cutoff = 10.0
	hs := []float64{0.01, 0.004, 0.01, 0.01, 0.004} // n = 5000, 12500, 5000, 5000, 12500 (> maxCachedHalfSteps)
	var kept bigTrapezoid
	for i, h := range hs {
		mean, sd := 0.3*float64(i), 1+float64(i)
		x, w := appendPanels(nil, nil, nil, cutoff, h, 8, mean, sd, &kept)
		var fresh bigTrapezoid
		fx, fw := appendPanels(nil, nil, nil, cutoff, h, 8, mean, sd, &fresh)
		if n := len(x); n <= 2*maxCachedHalfSteps+1 {
			t.Fatalf("call %d (h = %g): %d nodes, not the kept-rule path", i, h, n)
		}
		if len(x) != len(fx) || len(w) != len(fw) {
			t.Fatalf("call %d (h = %g): %d/%d nodes kept, %d/%d fresh", i, h, len(x), len(w), len(fx), len(fw))
		}
		for j := range x {
			if math.Float64bits(x[j]) != math.Float64bits(fx[j]) || math.Float64bits(w[j]) != math.Float64bits(fw[j]) {
				t.Fatalf("call %d (h = %g) node %d: kept (%v, %v), fresh (%v, %v)", i, h, j, x[j], w[j], fx[j], fw[j])
			}
		}
	}
}
