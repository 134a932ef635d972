package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestArcsineDensityMass: under λ = 4 sin²θ the density is dθ/π on
// (0, π/2), so its mass is ½ (the atom at 0 holds the other half) and its
// first moment ∫λρ = (4/π)∫sin²θ dθ = 1, the network's m₁ (Moments: the
// atom adds nothing to it). The midpoint sum in θ is exact to rounding for these trigonometric
// integrands.
func TestArcsineDensityMass(t *testing.T) {
	const k = 4000
	h := math.Pi / 2 / k
	mass, m1 := 0.0, 0.0
	for i := range k {
		th := (float64(i) + 0.5) * h
		s, c := math.Sincos(th)
		l := 4 * s * s
		w := ArcsineDensity(l) * 8 * s * c * h // dλ = 8 sinθ cosθ dθ
		mass += w
		m1 += l * w
	}
	n := Critical(activation.ReLU(), Orthogonal, 2, 1)
	if math.Abs(mass-0.5) > 1e-12 || math.Abs(m1-n.Moments().M1) > 1e-12 {
		t.Errorf("∫ρ = %.15g (want ½), ∫λρ = %.15g (want the network's m₁ = %g)", mass, m1, n.Moments().M1)
	}
}

// TestArcsineDensityIsAlgorithm1: the master equation solved by
// continuation (Network.Density, P18's Algorithm 1) reproduces the closed
// form inside the support to 5e-7 relative at ε = 1e-10 (the Cauchy
// smoothing near the 1/√λ edges; lib/sources/tanner2024.md#check-15).
func TestArcsineDensityIsAlgorithm1(t *testing.T) {
	n := Critical(activation.ReLU(), Orthogonal, 2, 1)
	lams := []float64{0.05, 0.5, 1, 2, 3, 3.9}
	rho, err := n.Density(lams, freeprob.Continuation{})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lams {
		if want := ArcsineDensity(l); math.Abs(rho[i]/want-1) > 5e-7 {
			t.Errorf("λ = %g: Algorithm 1 %.10g, closed form %.10g", l, rho[i], want)
		}
	}
}
