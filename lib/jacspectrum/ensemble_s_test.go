package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestEnsembleS checks Ensemble.S against freeprob's independent laws:
// σ_w² times Marchenko–Pastur (ratio 1) and the point mass at σ_w², whose
// S-transforms are found here by inverting their Stieltjes transforms on
// the real axis (freeprob.SFromLaw), not from a closed form.
func TestEnsembleS(t *testing.T) {
	const sw2 = 1.7
	for _, z := range []float64{-0.7, -0.3, -0.01} {
		g, err := freeprob.SFromLaw(freeprob.MarchenkoPastur{Ratio: 1, Variance: sw2}, z)
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(Gaussian.S(z, sw2) - g); d > 1e-9 {
			t.Errorf("Gaussian S(%g) = %.12g, MP by inversion %.12g", z, Gaussian.S(z, sw2), g)
		}
		o, err := freeprob.SFromLaw(freeprob.PointMass{A: sw2}, z)
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(Orthogonal.S(z, sw2) - o); d > 1e-9 {
			t.Errorf("orthogonal S(%g) = %.12g, point mass by inversion %.12g", z, Orthogonal.S(z, sw2), o)
		}
	}
}
