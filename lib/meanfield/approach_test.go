package meanfield

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestDecayThroughFollowsTheCMap: in the ordered phase (tanh, σ_w² = 1.2,
// σ_b² = 0.05; c* = 1) the c-map's own iteration, 1 − c^ℓ, approaches
// the line DecayThrough draws through its last layer: the ratio of
// successive 1 − c^ℓ tends to e^{−1/ξ_c} = χ₁, so after 60 layers the
// line and the map agree to the relative size of the quadratic term,
// O(1 − c), checked at 1e-3 over the last 10 layers.
func TestDecayThroughFollowsTheCMap(t *testing.T) {
	n := Net{Phi: activation.Tanh(), SigmaW2: 1.2, SigmaB2: 0.05}
	s, err := n.DepthScales()
	if err != nil {
		t.Fatal(err)
	}
	if s.CStar != 1 {
		t.Fatalf("c* = %v, want the ordered phase", s.CStar)
	}
	const L = 60
	_, _, c := n.CTrajectory(s.QStar, s.QStar, 0.5, L)
	layers := make([]float64, L)
	gap := make([]float64, L)
	for i := range layers {
		layers[i], gap[i] = float64(i+1), 1-c[i]
	}
	line := DecayThrough(layers, gap[L-1], float64(L), s.XiC)
	if line[L-1] != gap[L-1] {
		t.Errorf("the line at ℓ_L = %v, want y_L = %v exactly", line[L-1], gap[L-1])
	}
	for i := L - 10; i < L; i++ {
		if rel := math.Abs(line[i]/gap[i] - 1); rel > 1e-3 {
			t.Errorf("ℓ = %g: line %.6g, c-map 1 − c = %.6g (relative %.2g)", layers[i], line[i], gap[i], rel)
		}
	}
	// Far from the anchor the line misses the start: the map is not yet
	// linear at c = 0.5 (the check can fail).
	if rel := math.Abs(line[0]/gap[0] - 1); rel < 1e-2 {
		t.Errorf("ℓ = 1: line %.6g and 1 − c = %.6g agree to %.2g: the test does not see the transient", line[0], gap[0], rel)
	}
}

// TestChi1Difference: the one-sided difference of R at c = 1 tends to
// χ₁ = σ_w² μ₁(q*) (Chi1At, another formula) with the truncation R″(1)h/2:
// halving h halves the error while rounding is small (h ≥ 1e-5).
func TestChi1Difference(t *testing.T) {
	for _, w2 := range []float64{1.5, 2, 3} {
		n := Net{Phi: activation.Tanh(), SigmaW2: w2, SigmaB2: 0.05}
		q, err := n.QStar()
		if err != nil {
			t.Fatal(err)
		}
		chi := n.Chi1At(q)
		e1, e2 := n.Chi1Difference(q, 1e-3)-chi, n.Chi1Difference(q, 5e-4)-chi
		if !(math.Abs(e1) < 1e-2) || math.Abs(e1/e2-2) > 0.01 {
			t.Errorf("σ_w² = %g: errors %.3g at h = 1e-3 and %.3g at h = 5e-4, want O(h) (ratio 2)", w2, e1, e2)
		}
		if d := n.Chi1Difference(q, 1e-6) - chi; math.Abs(d) > 2e-6 {
			t.Errorf("σ_w² = %g: difference at h = 1e-6 off χ₁ by %.3g", w2, d)
		}
	}
}
