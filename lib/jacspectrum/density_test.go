package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/freeprob"
)

var exact = freeprob.Continuation{Eps: 1e-10}

func densityAt(t *testing.T, s Spectrum, l float64) float64 {
	t.Helper()
	r, err := s.Density([]float64{l}, exact)
	if err != nil {
		t.Fatal(err)
	}
	return r[0]
}

// Reference densities of spec §7 checks 16–20 (derived there; 6–7
// digits). Tolerance 2e-6 absolute: the references are rounded to 6–7
// digits and the ε = 1e-10 smoothing error is O(ε) in the bulk.
func TestReferenceDensities(t *testing.T) {
	ht := Critical(HardTanh, Orthogonal, 8, 0.25)
	erf8 := Critical(Erf, Orthogonal, 8, 0.102908)
	cases := []struct {
		name   string
		s      Spectrum
		lambda float64
		want   float64
	}{
		{"relu-gauss L1", Critical(ReLU, Gaussian, 1, 1), 0.5, 0.2105422},
		{"relu-gauss L1", Critical(ReLU, Gaussian, 1, 1), 1, 1 / (2 * math.Pi)},
		{"relu-gauss L1", Critical(ReLU, Gaussian, 1, 1), 2, 0.1052711},
		{"linear-gauss L2", Critical(Linear, Gaussian, 2, 1), 0.5, 0.3183099},
		{"linear-gauss L2", Critical(Linear, Gaussian, 2, 1), 1, 0.1789791},
		{"linear-gauss L2", Critical(Linear, Gaussian, 2, 1), 3, 0.0599734},
		{"linear-gauss L2", Critical(Linear, Gaussian, 2, 1), 6, 0.0150458},
		{"htanh-orth L8 q*=0.25", ht, 0.2, 0.3092832},
		{"htanh-orth L8 q*=0.25", ht, 0.5, 0.1888089},
		{"htanh-orth L8 q*=0.25", ht, 1.0, 0},
		{"erf-orth L8", erf8, 0.5, 0.600775},
		{"erf-orth L8", erf8, 1, 0.607560},
		{"erf-orth L8", erf8, 1.5, 0.540934},
		{"Bernoulli limit", BernoulliLimit{0.25}, 0.05, 0.6164173},
		{"Bernoulli limit", BernoulliLimit{0.25}, 0.3, 0.2117496},
		{"Bernoulli limit", BernoulliLimit{0.25}, 0.5, 0.1378655},
		{"Bernoulli limit", BernoulliLimit{0.25}, 0.6, 0.0952393},
		{"Bernoulli limit gap", BernoulliLimit{0.25}, 1.0, 0},
		{"smooth limit", SmoothLimit{0.25}, 0.5, 1.0421147},
		{"smooth limit", SmoothLimit{0.25}, 1, 0.6252261},
		{"smooth limit", SmoothLimit{0.25}, 1.5, 0.3575202},
		{"smooth limit", SmoothLimit{0.25}, 2, 0.1848760},
	}
	for _, c := range cases {
		if got := densityAt(t, c.s, c.lambda); math.Abs(got-c.want) > 2e-6 {
			t.Errorf("%s: ρ(%g) = %.8f, spec %.7f", c.name, c.lambda, got, c.want)
		}
	}
	// ReLU–Gaussian L=1 closed form (F24) on its support.
	n := Critical(ReLU, Gaussian, 1, 1)
	for _, l := range []float64{0.2, 0.7, 1.9, 4.4, 5.8} {
		want := math.Sqrt(8-(l-3)*(l-3)) / (4 * math.Pi * l)
		if got := densityAt(t, n, l); math.Abs(got-want) > 1e-8 {
			t.Errorf("relu-gauss L1 ρ(%g) = %.10f, closed %.10f", l, got, want)
		}
	}
	// Atoms of hard tanh orth L=8, q*=0.25 (check 17).
	a := ht.Atoms()
	if len(a) != 2 || math.Abs(a[0].Mass-0.0455003) > 1e-7 ||
		math.Abs(a[1].Loc-1.4514213) > 1e-7 || math.Abs(a[1].Mass-0.6359979) > 1e-7 {
		t.Errorf("htanh atoms %v, spec (0, 0.0455003), (1.4514213, 0.6359979)", a)
	}
	if math.Abs(ht.Moments().Var-0.3813538) > 1e-7 {
		t.Errorf("htanh var %.8f, spec 0.3813538", ht.Moments().Var)
	}
	// Limits: edges, atom, moments (checks 19, 20).
	b := BernoulliLimit{0.25}
	if math.Abs(b.Edge()-0.679570) > 1e-6 || b.Atoms()[0].Mass != 0.75 || math.Abs(b.Atoms()[0].Loc-1.284025) > 1e-6 {
		t.Errorf("Bernoulli limit edge %g atoms %v", b.Edge(), b.Atoms())
	}
	if math.Abs(math.Sqrt(b.Edge())-0.8243606) > 1e-7 || math.Abs(math.Sqrt(b.Atoms()[0].Loc)-1.1331485) > 1e-7 {
		t.Errorf("singular-value edge/atom off")
	}
	lo, hi := SmoothLimit{0.25}.Edges()
	if math.Abs(lo-0.3213189) > 1e-7 || math.Abs(hi-2.4237626) > 1e-7 {
		t.Errorf("smooth limit edges %.8f %.8f", lo, hi)
	}
	if math.Abs(b.Moments().M3-1.59375) > 1e-15 || math.Abs(SmoothLimit{0.25}.Moments().M3-1.84375) > 1e-15 {
		t.Errorf("limit m3")
	}
	// Smooth limit density vanishes just outside its edges, is positive inside.
	for _, l := range []float64{lo * 0.99, hi * 1.01} {
		if r := densityAt(t, SmoothLimit{0.25}, l); r > 1e-8 {
			t.Errorf("smooth limit ρ(%g) = %g outside the support", l, r)
		}
	}
	for _, l := range []float64{lo * 1.01, hi * 0.99} {
		if r := densityAt(t, SmoothLimit{0.25}, l); r < 1e-3 {
			t.Errorf("smooth limit ρ(%g) = %g inside the support", l, r)
		}
	}
}

// A density integrates to 1 minus its atoms and reproduces m₁, m₂ (spec
// §4.3 validation). Tolerances: tanh–sinh at step 1/32 on the exact
// (ε = 1e-10) density converges to ~1e-7 on sqrt/inverse-sqrt edges and
// λ^{−L/(L+1)}; the ε-smoothing shifts the mass by O(√ε) near singular
// edges. 1e-5 relative for mass and m₁, m₂ (spec asks 1e-4 for moments).
func TestDensityMassAndMoments(t *testing.T) {
	cases := []struct {
		name string
		s    Spectrum
	}{
		{"relu-orth L2", Critical(ReLU, Orthogonal, 2, 1)},
		{"relu-gauss L1", Critical(ReLU, Gaussian, 1, 1)},
		{"linear-gauss L2", Critical(Linear, Gaussian, 2, 1)},
		{"htanh-orth L8 q*=0.25", Critical(HardTanh, Orthogonal, 8, 0.25)},
		{"relu-orth L8", Critical(ReLU, Orthogonal, 8, 1)},
		{"erf-orth L8", Critical(Erf, Orthogonal, 8, 0.102908)},
		{"smooth limit", SmoothLimit{0.25}},
	}
	for _, c := range cases {
		edge, err := UpperEdge(c.s, exact)
		if err != nil {
			t.Fatal(c.name, err)
		}
		mass, m1, m2, err := ContinuousMoments(c.s, edge, exact)
		if err != nil {
			t.Fatal(c.name, err)
		}
		for _, a := range c.s.Atoms() {
			mass += a.Mass
			m1 += a.Mass * a.Loc
			m2 += a.Mass * a.Loc * a.Loc
		}
		mo := c.s.Moments()
		if math.Abs(mass-1) > 1e-5 || rel(m1, mo.M1) > 1e-5 || rel(m2, mo.M2) > 1e-5 {
			t.Errorf("%s: mass %.8f m1 %.8f (%.8f) m2 %.8f (%.8f), edge %.6g", c.name, mass, m1, mo.M1, m2, mo.M2, edge)
		}
	}
	// Edge of linear-Gaussian L=2 is 27/4 (F24, check 16).
	e, err := UpperEdge(Critical(Linear, Gaussian, 2, 1), exact)
	if err != nil || math.Abs(e-6.75) > 1e-5 {
		t.Errorf("linear-gauss L2 edge %g, want 6.75 (%v)", e, err)
	}
}

// The Bernoulli limit's 1/(λ log²λ) singularity defeats plain quadrature;
// its mass is checked through the CDF from the top: F(0⁺) = 0, i.e.
// ∫_{0⁺}^{edge} ρ = σ₀² (the bulk mass), to 1e-4.
func TestBernoulliLimitBulkMass(t *testing.T) {
	b := BernoulliLimit{0.25}
	f, err := CDF(b, []float64{1e-12, 1}, b.Edge(), exact)
	if err != nil {
		t.Fatal(err)
	}
	// Bulk mass below 1e-12: ∫ σ₀²/(λ log²) = σ₀²/|log 1e-12| ≈ 0.009.
	if want := 0.25 / math.Abs(math.Log(1e-12/0.25)); math.Abs(f[0]-want) > 2e-3 {
		t.Errorf("F(1e-12) = %.5f, asymptote %.5f", f[0], want)
	}
	if math.Abs(f[1]-0.25) > 1e-6 {
		t.Errorf("F(1) = %.7f, want bulk mass 0.25", f[1])
	}
}

// q*(L) of F25 (spec §7 check 21): table values and μ₂/μ₁² = 1 + σ₀²/L.
func TestQStarForSigma0(t *testing.T) {
	ref := []struct {
		L                  int
		ht, erf, srelu, si float64
	}{
		{2, 0.393957, 0.269111, 0.167789, 0.0339386},
		{8, 0.213128, 0.102908, 0.0710082, 0.00796867},
		{32, 0.141046, 0.0451708, 0.0426746, 0.00196272},
		{128, 0.104203, 0.0211876, 0.0300104, 0.000488878},
	}
	for _, r := range ref {
		for _, c := range []struct {
			act  Activation
			want float64
		}{{HardTanh, r.ht}, {Erf, r.erf}, {ShiftedReLU, r.srelu}, {SiLU, r.si}} {
			q, err := QStarForSigma0(c.act, r.L, 0.25)
			if err != nil {
				t.Fatal(err)
			}
			if rel(q, c.want) > 6e-6 {
				t.Errorf("%s L=%d: q* = %.8g, spec %g", c.act, r.L, q, c.want)
			}
			n := Critical(c.act, Orthogonal, r.L, q)
			if v := n.Moments().Var; math.Abs(v-0.25) > 1e-7 {
				t.Errorf("%s L=%d: σ² = %.9f, want 0.25", c.act, r.L, v)
			}
		}
	}
	if _, err := QStarForSigma0(ReLU, 8, 0.25); err == nil {
		t.Error("ReLU must have no bounded-variance q*")
	}
	// SiLU σ_w² at L=8 (check 21): 3.968625.
	q, _ := QStarForSigma0(SiLU, 8, 0.25)
	if sw := 1 / MuQuad(SiLU, q, 1); math.Abs(sw-3.968625) > 2e-6 {
		t.Errorf("SiLU σ_w² = %.7f", sw)
	}
}

// Universality: at q*(L) the finite-L densities approach the limit laws as
// L grows (P18 Fig. 4). The sup-distance over a λ grid in the bulk must
// decrease with L and be small at L = 128.
func TestUniversalityConvergence(t *testing.T) {
	check := func(act Activation, limit Spectrum, lams []float64, final float64) {
		want, err := limit.Density(lams, exact)
		if err != nil {
			t.Fatal(err)
		}
		prev := math.Inf(1)
		for _, L := range []int{2, 8, 32, 128} {
			q, _ := QStarForSigma0(act, L, 0.25)
			got, err := Critical(act, Orthogonal, L, q).Density(lams, exact)
			if err != nil {
				t.Fatal(err)
			}
			d := 0.0
			for i := range lams {
				d = math.Max(d, math.Abs(got[i]-want[i]))
			}
			if d >= prev {
				t.Errorf("%s: distance to the limit did not decrease at L=%d: %g >= %g", act, L, d, prev)
			}
			prev = d
		}
		if prev > final {
			t.Errorf("%s: distance at L=128 is %g > %g", act, prev, final)
		}
	}
	// Expected O(1/L) convergence: at L=128 the residual is ≲ 1/128 of the
	// O(1) density values; thresholds 0.02 leave a factor ~2.
	check(HardTanh, BernoulliLimit{0.25}, []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, 0.02)
	check(Erf, SmoothLimit{0.25}, []float64{0.4, 0.6, 0.8, 1, 1.3, 1.6, 2, 2.3}, 0.02)
}
