package rankcollapse

import (
	"math"
	"testing"
)

// RhoProfile against lib/sources/noci2022.md#check-10 table ((2^ℓ − 1)/(49 + 2^ℓ), n = 50,
// ρ⁰ = 0, α₁ = 1, printed to 6 decimals) and against the A.4 identity
// ρ = E C/((n−1)E‖X‖²) − 1/(n−1) applied to Propagate's moments (another
// route through Lemmas 3.2–3.3; agreement to 1e-12).
func TestRhoProfile(t *testing.T) {
	p, err := RhoProfile(50, 0, 1, 24)
	if err != nil {
		t.Fatal(err)
	}
	for l, want := range map[int]float64{1: 0.019608, 2: 0.056604, 4: 0.230769, 6: 0.557522, 8: 0.836066, 10: 0.953402, 12: 0.987937, 24: 0.999997} {
		if math.Abs(p[l]-want) > 6e-7 {
			t.Errorf("ρ^%d = %.7f, want %.6f", l, p[l], want)
		}
	}
	const n, rho0, a1sq = 8, 0.3, 0.25
	p, err = RhoProfile(n, rho0, a1sq, 10)
	if err != nil {
		t.Fatal(err)
	}
	n0 := float64(n)
	c0 := n0 * (1 + (n0-1)*rho0)
	for l := range p {
		ec, en, err := Propagate(n, c0, n0, a1sq, 0.7, l)
		if err != nil {
			t.Fatal(err)
		}
		if want := ec/((n0-1)*en) - 1/(n0-1); math.Abs(p[l]-want) > 1e-12 {
			t.Errorf("ℓ = %d: RhoProfile %.15g, moments %.15g", l, p[l], want)
		}
	}
	if _, err := RhoProfile(50, 0, 1, -1); err == nil {
		t.Error("negative depth: no error")
	}
}

// NormProfile against lib/sources/noci2022.md#check-9 values (canonical n = 4, r = 0,
// ã₁ = 1, ã₂ = 0.5: E‖X^L‖² = 7.5 at L = 1, 9.111617 at L = 10).
func TestNormProfile(t *testing.T) {
	for _, c := range []struct {
		L    int
		want float64
	}{{1, 7.5}, {10, 9.111617}} {
		p, err := NormProfile(4, 4, 4, 1/float64(c.L), 0.5/float64(c.L), c.L)
		if err != nil {
			t.Fatal(err)
		}
		if len(p) != c.L+1 || p[0] != 4 || math.Abs(p[c.L]-c.want) > 1e-6 {
			t.Errorf("L = %d: profile %v, want last %.6f", c.L, p, c.want)
		}
	}
	if _, err := NormProfile(1, 4, 4, 1, 1, 3); err == nil {
		t.Error("n = 1: no error")
	}
}

// EquicorrGrads against lib/sources/noci2022.md#check-18 values (n = 10, d = 16, σ_x² = 1:
// ρ = 0.5 gives eq17 = 1408, eq18 = 93.6; ρ = 0 gives 256, 374.4) and the
// exact factor 1 + 4(1−ρ)/(nd) between the two forms of eq. 18.
func TestEquicorrGrads(t *testing.T) {
	v, qe, qp, err := EquicorrGrads(10, 16, []float64{0.5, 0}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct{ v, q, rho float64 }{{1408, 93.6, 0.5}, {256, 374.4, 0}} {
		if math.Abs(v[i]-c.v) > 1e-9 || math.Abs(qp[i]-c.q) > 1e-9 || math.Abs(qe[i]/qp[i]-(1+4*(1-c.rho)/160)) > 1e-12 {
			t.Errorf("ρ = %g: eq17 %g, eq18 %g, exact %g", c.rho, v[i], qp[i], qe[i])
		}
	}
	if _, _, _, err := EquicorrGrads(10, 16, []float64{-0.5}, 1); err == nil {
		t.Error("ρ = −0.5 at n = 10: no error")
	}
}
