package compose

import (
	"errors"
	"math"
	"testing"
)

// TestPreNormUnitSkipsHaveNoFixedPoint: with a pre-norm and skip weights
// 1 on both sub-blocks the diagonal map is q ↦ q + B, so no σ_w has a
// finite collapsed point. Every point of a σ_w grid must say so; a slope
// measured by differences of g rounds 1 to either side and used to return
// a q* of order 1e15 (and λ_a ≈ 0) at some points and an error at others.
func TestPreNormUnitSkipsHaveNoFixedPoint(t *testing.T) {
	b := DefaultBlock()
	for i := 0; i <= 40; i++ {
		b.FF.SigmaW = 0.2 + 0.1*float64(i)
		for _, bm := range []float64{0, 0.3, 0.7, 1} {
			b.ResM.Branch = bm
			if q, err := b.CollapsedQ(FixedSettings{}); !errors.Is(err, ErrNoFixedPoint) {
				t.Fatalf("σ_w = %v, branch_mlp = %v: q* = %v, err %v; want ErrNoFixedPoint", b.FF.SigmaW, bm, q, err)
			}
		}
	}
}

// TestPreNormFixedPointByIteration: with skips below 1 the closed form
// q* = B/(1 − A), A = Π skip², agrees with iterating the diagonal map to
// convergence (another method), and is a fixed point of it.
func TestPreNormFixedPointByIteration(t *testing.T) {
	b := DefaultBlock()
	b.ResA.Skip, b.ResM.Skip = 0.7, 0.8
	for _, sw := range []float64{0.5, 1, 2, 3.5} {
		b.FF.SigmaW = sw
		q, err := b.CollapsedQ(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		it := float64(b.D)
		for k := 0; k < 2000; k++ {
			it = b.diagQ(it, nil)
		}
		if math.Abs(it-q) > 1e-12*q || math.Abs(b.diagQ(q, nil)-q) > 1e-12*q {
			t.Errorf("σ_w = %v: q* %v, iterated %v, g(q*) %v", sw, q, it, b.diagQ(q, nil))
		}
	}
}
