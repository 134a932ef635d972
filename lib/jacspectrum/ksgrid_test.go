package jacspectrum

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestKSOnGridExactSample: 10⁴ i.i.d. draws from the closed-form law of
// ReLU–orthogonal, L = 2 (atom ½ at 0, arcsine on (0, 4), F24), sampled as
// λ = 4 sin²(πU/2), are within the DKW bound at level 0.001 (0.019) of the
// master-equation CDF on a 30-quantile grid; the same draws scaled by 1.2
// are not (their distance is ≈ 0.06).
func TestKSOnGridExactSample(t *testing.T) {
	n := Critical(activation.ReLU(), Orthogonal, 2, 1)
	rng := rand.New(rand.NewPCG(5, 6))
	eigs := make([]float64, 10000)
	for i := range eigs {
		if rng.Float64() < 0.5 {
			s := math.Sin(math.Pi * rng.Float64() / 2)
			eigs[i] = 4 * s * s
		}
	}
	c := freeprob.Continuation{Eps: 1e-8, Steps: 50}
	xs := QuantileGrid(n, eigs, 30, 1e-12)
	if len(xs) < 10 || xs[0] <= 0 {
		t.Fatalf("grid %v: want > 10 positive points (the zeros are below the floor)", xs)
	}
	d, err := KSOnGrid(n, eigs, xs, c)
	if err != nil {
		t.Fatal(err)
	}
	if tol := empirical.DKW(len(eigs), 0.001); d > tol {
		t.Errorf("KS of an exact sample = %v, want <= %v", d, tol)
	}
	for i := range eigs {
		eigs[i] *= 1.2
	}
	if d, err = KSOnGrid(n, eigs, xs, c); err != nil || d < 0.04 {
		t.Errorf("KS of a scaled sample = %v (%v), want > 0.04", d, err)
	}
}

// TestQuantileGridAtoms: eigenvalues sitting on an atom of the law (hard
// tanh, orthogonal, L = 8, q* = 0.25: an atom at σ_w^16) give the grid
// points just below and above it, not the atom itself.
func TestQuantileGridAtoms(t *testing.T) {
	n := Critical(activation.HardTanh(), Orthogonal, 8, 0.25)
	var loc float64
	for _, a := range n.Atoms() {
		if a.Loc > 0 {
			loc = a.Loc
		}
	}
	if loc == 0 {
		t.Fatal("no positive atom")
	}
	eigs := []float64{0.1, 0.5, loc * (1 + 1e-13), loc, loc * (1 - 1e-13), 2}
	xs := QuantileGrid(n, eigs, 5, 1e-12)
	has := func(x float64) bool {
		for _, v := range xs {
			if v == x {
				return true
			}
		}
		return false
	}
	if !has(loc*(1-1e-6)) || !has(loc*(1+1e-6)) {
		t.Errorf("grid %v lacks the points around the atom %v", xs, loc)
	}
	for _, v := range xs {
		if v != loc*(1-1e-6) && v != loc*(1+1e-6) && math.Abs(v-loc) <= 1e-6*loc {
			t.Errorf("grid point %v is on the atom %v", v, loc)
		}
	}
}
