package compose

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// Over Cowsik's block, the (alpha, sigma_ff) plane is tokengeom's (α, σ_w)
// phase diagram (PhaseAlphaSigma) point by point: 1e-12 (the same
// transverse factors multiplied in another order).
func TestPhaseLambdaA(t *testing.T) {
	base := Cowsik(64, 32, 8, 0.5, 0.6, 1, 1, 2, activation.Tanh())
	alphas, sig := []float64{0.05, 0.3, 0.7, 0.95}, []float64{0.5, 1, 2, 3.5}
	ph, err := PhaseLambdaA(base, "alpha", alphas, "sigma_ff", sig, 2)
	if err != nil {
		t.Fatal(err)
	}
	pd := tokengeom.PhaseAlphaSigma(alphas, sig, tokengeom.NewModel(0, 0, 1), 8, tokengeom.PhaseSettings{})
	for iy := range sig {
		for ix := range alphas {
			if got, w := ph.At(ix, iy), pd.LambdaA.At(ix, iy); math.Abs(got-w) > 1e-12 {
				t.Errorf("α = %v, σ_w = %v: λ_a %v, tokengeom %v", alphas[ix], sig[iy], got, w)
			}
		}
	}
	if _, err := PhaseLambdaA(base, "phi", sig, "sigma_w", sig, 1); err == nil {
		t.Error("a non-numeric key is accepted")
	}
	// A point out of range (a negative weight) is NaN, not an error.
	ph, err = PhaseLambdaA(base, "branch_mlp", []float64{-1, 0.5}, "sigma_w", []float64{1}, 1)
	if err != nil || !math.IsNaN(ph.At(0, 0)) || math.IsNaN(ph.At(1, 0)) {
		t.Errorf("out-of-range point: %v, %v", ph, err)
	}
}
