package freeprob

import (
	"math"
	"testing"
)

// Free multiplicative convolution (lib/sources/tanner2024.md#check-2, #check-3, #check-16):
// MP ⊠ MP has S = (1+z)^{−2}, the Fuss–Catalan law with moments 1, 3, 12,
// 55 and density values of linear-Gaussian L=2; Bernoulli(p) ⊠ MP has
// m₁ = p and m₂ = p + p²; Algorithm 1 on a single MP reproduces ρ_MP to
// 1e-8 (ε = 1e-12, interior points, error O(ε)).
func TestProductMomentsAndDensity(t *testing.T) {
	mp := MarchenkoPastur{1, 1}
	fc := Product{mp, mp}
	for k, want := range []float64{1, 3, 12, 55} {
		if got := fc.Moments(4)[k]; !near(got, want, 1e-12) {
			t.Errorf("MP⊠MP m_%d = %g, want %g", k+1, got, want)
		}
	}
	for _, p := range []float64{0.3, 0.5, 0.9} {
		m := Product{Bernoulli{p}, mp}.Moments(2)
		if !near(m[0], p, 1e-12) || !near(m[1], p+p*p, 1e-12) {
			t.Errorf("Bern(%g)⊠MP moments %v, want %g, %g", p, m, p, p+p*p)
		}
	}
	c := Continuation{Eps: 1e-12}
	lams := []float64{0.5, 1, 2, 3, 3.9}
	got, err := Product{mp}.Density(c, lams)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lams {
		if math.Abs(got[i]-mp.Density(l)) > 1e-8 {
			t.Errorf("Algorithm 1 MP ρ(%g) = %.12g, closed %.12g", l, got[i], mp.Density(l))
		}
	}
	// Fuss–Catalan L=2 reference values [lib/sources/tanner2024.md#check-16, 7 digits].
	ref := map[float64]float64{0.5: 0.3183099, 1: 0.1789791, 3: 0.0599734, 6: 0.0150458}
	for l, want := range ref {
		d, err := fc.Density(c, []float64{l})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(d[0]-want) > 6e-8 {
			t.Errorf("MP⊠MP ρ(%g) = %.9f, want %.7f", l, d[0], want)
		}
	}
	// Outside the support (λ > 6.75) the density vanishes.
	d, err := fc.Density(c, []float64{7, 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range d {
		if math.Abs(v) > 1e-9 {
			t.Errorf("MP⊠MP density outside support: %g", v)
		}
	}
}

// The continuation follows the semicircle (a law of any sign, AnySign) and
// reproduces its density; h(z,m) = zG−1−m with the closed-form G is used so
// the test exercises the solver and its guards independently of Product.
func TestContinuationSemicircle(t *testing.T) {
	sc := Semicircle{0, 1}
	// m = M(z) ⇔ G = (1+m)/z solves G² − zG + 1 = 0.
	eq := func(z, m complex128) (complex128, complex128) {
		g := (1 + m) / z
		return g*g - z*g + 1, (2*g - z) / z
	}
	// λ = 0 is avoided: G = (1+m)/z loses relative precision 1e-16/|z|
	// there (m → −1), see SolveM.
	c := Continuation{AnySign: true, Eps: 1e-12}
	for _, l := range []float64{-1.9, -0.5, 0.05, 0.3, 1.5} {
		rho, err := c.Density(eq, []float64{l}, func(z complex128) complex128 { return 1 / (z * z) })
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(rho[0]-sc.Density(l)) > 1e-9 {
			t.Errorf("semicircle ρ(%g) = %.12g, want %.12g", l, rho[0], sc.Density(l))
		}
	}
}
