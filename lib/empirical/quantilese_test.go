package empirical

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"gonum.org/v1/gonum/stat/distuv"
)

// For N(0, 1) samples of size n the quantile's asymptotic standard error
// is √(q(1−q)/n)/φ(z_q). Averaged over 200 samples of 4000 the estimate
// must match it within 5% (each estimate rests on ≈ 2δn ≥ 27 order
// statistics, ≈ 20% noise, so the average's noise is ≈ 1.4%; the
// difference-quotient bias is below 0.1% here).
func TestQuantileSENormal(t *testing.T) {
	const n, reps = 4000, 200
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float64, n)
	for _, q := range []float64{0.1, 0.5, 0.95} {
		z := distuv.UnitNormal.Quantile(q)
		want := math.Sqrt(q*(1-q)/n) / distuv.UnitNormal.Prob(z)
		sum := 0.0
		for r := 0; r < reps; r++ {
			for i := range x {
				x[i] = rng.NormFloat64()
			}
			sum += QuantileSE(x, q)
		}
		if got := sum / reps; math.Abs(got/want-1) > 0.05 {
			t.Errorf("q = %v: mean QuantileSE %v, asymptotic %v", q, got, want)
		}
	}
}

func TestQuantileSEEdges(t *testing.T) {
	if se := QuantileSE([]float64{1, 1, 1, 1}, 0.5); se != 0 {
		t.Errorf("constant sample: SE %v, want 0", se)
	}
	if se := QuantileSE([]float64{0, 1}, 1); se != 0 {
		t.Errorf("q = 1: SE %v, want 0", se)
	}
	mustpanic.All(t, map[string]func(){
		"short": func() { QuantileSE([]float64{1}, 0.5) },
		"q":     func() { QuantileSE([]float64{1, 2}, 1.5) },
	})
}
