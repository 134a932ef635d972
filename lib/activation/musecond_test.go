package activation

import (
	"math"
	"testing"
)

// TestMuSecondMomentBits: MuSecondMoment gives the bits of Mu(q, 1) and
// SecondMoment(q), for every registered activation (parameter 0.5 where it takes one) with its closed forms
// and without them (one rule for both sums), from tiny to large q.
func TestMuSecondMomentBits(t *testing.T) {
	for _, spec := range Specs() {
		name, f := spec.Name, spec.New(0.5) // a parameter in every range (shtanh, leaky_relu, swish); ignored by the others
		for _, g := range []Func{f, f.WithoutClosedForms()} {
			for _, q := range []float64{0, 1e-8, 0.01, 0.3, 1, 2.5, 17, 400} {
				mu, m2 := g.MuSecondMoment(q)
				wantMu, wantM2 := g.Mu(q, 1), g.SecondMoment(q)
				if math.Float64bits(mu) != math.Float64bits(wantMu) || math.Float64bits(m2) != math.Float64bits(wantM2) {
					t.Errorf("%s at q = %g: MuSecondMoment = %v, %v; Mu(q, 1), SecondMoment(q) = %v, %v", name, q, mu, m2, wantMu, wantM2)
				}
			}
		}
	}
}
