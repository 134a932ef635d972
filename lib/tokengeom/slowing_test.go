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

// TestInverseDepthAndOrderedRate: on the edge (α = 8^{-1/2}) the 1/L law
// drawn through layer 4000 meets the trajectory's own δ_ℓ at ℓ = 2000 to
// the O(log ℓ/ℓ) correction: TestCriticalSlowing bounds the local slope's
// error by 0.05 beyond ℓ = 1000, which over a factor 2 in ℓ is a relative
// 2^0.05 − 1 ≈ 0.035 (measured 0.027; a law ∝ 1/ℓ² would miss by 2×);
// and it passes through the last layer to rounding. Off the edge
// (σ_w = 1.4) OrderedRate is the fitted rate of ln δ_ℓ over [200, 300]
// (LinSlope of the iterated map, another method) to 1e-6.
func TestInverseDepthAndOrderedRate(t *testing.T) {
	a := 1 / math.Sqrt(8)
	m := NewModel(a, a, 0)
	sw, err := EdgeOfChaosSigmaW(m, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	m.SigmaW = sw
	const L = 4000
	s, err := AngleApproach(m, m.D, 0, L)
	if err != nil {
		t.Fatal(err)
	}
	ref := s.InverseDepth([]float64{L / 2, L})
	if math.Abs(ref[1]/s.Delta[L]-1) > 1e-15 || math.Abs(ref[0]/s.Delta[L/2]-1) > math.Pow(2, 0.05)-1 {
		t.Errorf("1/L law %v against δ at ℓ = %d, %d: %v, %v", ref, L/2, L, s.Delta[L/2], s.Delta[L])
	}
	m.SigmaW = 1.4
	off, err := AngleApproach(m, m.D, 0, 400)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := OrderedRate(m), off.LinSlope(200, 300); !(got < 0) || math.Abs(got-want) > 1e-6 {
		t.Errorf("OrderedRate %.9f, fitted %.9f", got, want)
	}
}
