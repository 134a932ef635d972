package compose

import (
	"fmt"
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

// TestFFQ: ffQ, the feed-forward's q alone that the diagonal iteration
// uses, is ffDiag's q to the bit, NaN where ffDiag's is, for every
// registered φ without parameters, 1 to 3 layers, σ_w from 0.5 to 40 and inputs from 1e-300
// to 1e300 (where the variances overflow, or a φ's second moment rounds
// below zero and its expectation panics: then both panic alike).
func TestFFQ(t *testing.T) {
	for _, name := range activation.Names() {
		act, err := activation.ByName(name)
		if err != nil {
			continue // a φ with parameters (leaky_relu, swish, ...)
		}
		for layers := 1; layers <= 3; layers++ {
			for _, sw := range []float64{0.5, 1.5, 40} {
				b := Cowsik(4, 8, 3, 0.5, 0.5, sw, 1, layers, act).WithDefaults()
				for _, uq := range []float64{1e-300, 0.3, 8, 1e5, 1e150, 1e300} {
					want, wantPanic := ffCall(func() float64 { q, _ := b.ffDiag(uq, nil); return q })
					got, gotPanic := ffCall(func() float64 { return b.ffQ(uq) })
					if gotPanic != wantPanic || math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
						t.Errorf("%s, %d layers, σ_w %g, q %g: ffQ %v (panic %q), ffDiag's q %v (panic %q)", name, layers, sw, uq, got, gotPanic, want, wantPanic)
					}
				}
			}
		}
	}
}

// ffCall returns f() or, if it panics, the panic's text.
func ffCall(f func() float64) (v float64, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	return f(), ""
}
