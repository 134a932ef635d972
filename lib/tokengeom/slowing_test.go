package tokengeom

import (
	"math"
	"testing"
)

// TestCriticalSlowing: at the λ_a = 0 edge for α = 8^{-1/2} (σ_w =
// 1.663103, the notes' root) the angle distance δ_ℓ decays as a power law
// whose local log-log slope tends to −1 like O(log ℓ/ℓ): over
// [100, 1000] and [1000, 10000] the slopes approach −1 and their error
// shrinks by at least 3× (for a correction ∝ log ℓ/ℓ it shrinks ≈ 7×).
// Off the edge (σ_w = 1.4, λ_a < 0) δ_ℓ decays exponentially at the rate
// ln(1 + λ_a) of the eigenvalue of dF_{q*} (LambdaA, an independent closed
// form), to 1e-6.
func TestCriticalSlowing(t *testing.T) {
	a := 1 / math.Sqrt(8)
	m := NewModel(a, a, 0)
	sw, err := EdgeOfChaosSigmaW(m, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	m.SigmaW = sw
	s, err := AngleApproach(m, m.D, 0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	s1, s2 := s.LogSlope(100, 1000), s.LogSlope(1000, 10000)
	t.Logf("σ_w = %.6f, slopes %.4f (100–1000), %.4f (1000–10000)", sw, s1, s2)
	if math.Abs(s2+1) > 0.05 || math.Abs(s2+1)*3 > math.Abs(s1+1) {
		t.Errorf("slopes %.4f, %.4f: want → −1 with the error shrinking ≥ 3×", s1, s2)
	}
	m.SigmaW = 1.4
	off, err := AngleApproach(m, m.D, 0, 400)
	if err != nil {
		t.Fatal(err)
	}
	la := LambdaA(m)
	if got, want := off.LinSlope(200, 300), math.Log1p(la); la >= 0 || math.Abs(got-want) > 1e-6 {
		t.Errorf("off the edge: slope %.8f, ln(1 + λ_a) = %.8f (λ_a = %g)", got, want, la)
	}
}

// TestEdgeGap: the corrected λ_g^(16) = 0 contour (n = 256) lies below the
// λ_a = 0 contour and meets it at small α: the notes' roots
// (lib/sources/cowsik2024.md#figure-5) σ_a = 1.624474, 1.713125, 1.847597 and
// σ_g = 1.6232, 1.6972, 1.6061 at α = 0.1, 0.5, 0.7, to their printed digits.
func TestEdgeGap(t *testing.T) {
	sa, sg, err := EdgeGap(NewModel(0, 0, 1), []float64{0.1, 0.5, 0.7}, 16, Corrected, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	wantA, wantG := []float64{1.624474, 1.713125, 1.847597}, []float64{1.6232, 1.6972, 1.6061}
	for i := range sa {
		if math.Abs(sa[i]-wantA[i]) > 5e-7 || math.Abs(sg[i]-wantG[i]) > 5e-5 {
			t.Errorf("α #%d: σ_a %.7f (want %.6f), σ_g %.5f (want %.4f)", i, sa[i], wantA[i], sg[i], wantG[i])
		}
		if sg[i] > sa[i] {
			t.Errorf("α #%d: λ_g = 0 at σ_w %.5f above λ_a = 0 at %.5f", i, sg[i], sa[i])
		}
	}
}
