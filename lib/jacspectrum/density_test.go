package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
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

// Reference densities of lib/sources/tanner2024.md#check-16 to #check-20 (derived there; 6–7
// digits). Tolerance 2e-6 absolute: the references are rounded to 6–7
// digits and the ε = 1e-10 smoothing error is O(ε) in the bulk.
func TestReferenceDensities(t *testing.T) {
	ht := Critical(activation.HardTanh(), Orthogonal, 8, 0.25)
	erf8 := Critical(activation.Erf(), Orthogonal, 8, 0.102908)
	cases := []struct {
		name   string
		s      Spectrum
		lambda float64
		want   float64
	}{
		{"relu-gauss L1", Critical(activation.ReLU(), Gaussian, 1, 1), 0.5, 0.2105422},
		{"relu-gauss L1", Critical(activation.ReLU(), Gaussian, 1, 1), 1, 1 / (2 * math.Pi)},
		{"relu-gauss L1", Critical(activation.ReLU(), Gaussian, 1, 1), 2, 0.1052711},
		{"linear-gauss L2", Critical(activation.Linear(), Gaussian, 2, 1), 0.5, 0.3183099},
		{"linear-gauss L2", Critical(activation.Linear(), Gaussian, 2, 1), 1, 0.1789791},
		{"linear-gauss L2", Critical(activation.Linear(), Gaussian, 2, 1), 3, 0.0599734},
		{"linear-gauss L2", Critical(activation.Linear(), Gaussian, 2, 1), 6, 0.0150458},
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
			t.Errorf("%s: ρ(%g) = %.8f, want %.7f", c.name, c.lambda, got, c.want)
		}
	}
	// ReLU–Gaussian L=1 closed form (F24) on its support.
	n := Critical(activation.ReLU(), Gaussian, 1, 1)
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
		t.Errorf("htanh atoms %v, want (0, 0.0455003), (1.4514213, 0.6359979)", a)
	}
	if math.Abs(ht.Moments().Var-0.3813538) > 1e-7 {
		t.Errorf("htanh var %.8f, want 0.3813538", ht.Moments().Var)
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

// A density integrates to 1 minus its atoms and reproduces m₁, m₂ (lib/sources/tanner2024.md
// lib/sources/tanner2024.md#density-numerics validation). The continuous part is integrated by tanh–sinh on the
// support found by Support, at ε = 1e-14. m₁ and m₂ are insensitive to the
// region near 0 and must match F20 to 2e-5 relative (the edge is located
// to ~1e-10, which at an inverse-square-root edge shifts m₁ by ~√1e-10).
// The mass is not: with ρ ~ λ^{−a} at 0, the Cauchy smoothing at ε removes
// ≈ ε^{1−a} of it (lib/sources/tanner2024.md#erratum-21). For bounded or mildly singular
// densities (a ≤ 2/3: (1e-14)^{1/3} ≈ 2e-5) the mass must be 1 to 3e-5;
// for the strongly singular L = 8 cases (a close to 1) the deficit must be
// positive, below 5e-3, and shrink when ε goes from 1e-12 to 1e-14 — an
// excess (leaked atoms) or a deficit that does not shrink fails.
func TestDensityMassAndMoments(t *testing.T) {
	cases := []struct {
		name     string
		s        Spectrum
		singular bool
	}{
		{"relu-orth L2", Critical(activation.ReLU(), Orthogonal, 2, 1), false},
		{"relu-gauss L1", Critical(activation.ReLU(), Gaussian, 1, 1), false},
		{"linear-gauss L2", Critical(activation.Linear(), Gaussian, 2, 1), false},
		{"erf-orth L8", Critical(activation.Erf(), Orthogonal, 8, 0.102908), false},
		{"smooth limit", SmoothLimit{0.25}, false},
		{"htanh-orth L8 q*=0.25", Critical(activation.HardTanh(), Orthogonal, 8, 0.25), true},
		{"relu-orth L8", Critical(activation.ReLU(), Orthogonal, 8, 1), true},
	}
	for _, c := range cases {
		sup, err := Support(c.s, exact)
		if err != nil {
			t.Fatal(c.name, err)
		}
		total := func(eps float64) (mass, m1, m2 float64) {
			mass, m1, m2, err := ContinuousMoments(c.s, sup, freeprob.Continuation{Eps: eps})
			if err != nil {
				t.Fatal(c.name, err)
			}
			for _, a := range c.s.Atoms() {
				mass += a.Mass
				m1 += a.Mass * a.Loc
				m2 += a.Mass * a.Loc * a.Loc
			}
			return mass, m1, m2
		}
		mass, m1, m2 := total(1e-14)
		mo := c.s.Moments()
		if rel(m1, mo.M1) > 2e-5 || rel(m2, mo.M2) > 2e-5 {
			t.Errorf("%s: m1 %.8f (%.8f) m2 %.8f (%.8f), support %v", c.name, m1, mo.M1, m2, mo.M2, sup)
		}
		if !c.singular {
			if math.Abs(mass-1) > 3e-5 {
				t.Errorf("%s: mass %.8f, want 1", c.name, mass)
			}
			continue
		}
		mass12, _, _ := total(1e-12)
		if !(mass < 1 && 1-mass < 5e-3 && 1-mass < 1-mass12) {
			t.Errorf("%s: mass %.6f at ε=1e-14, %.6f at ε=1e-12", c.name, mass, mass12)
		}
	}
	// Edge of linear-Gaussian L=2 is 27/4 (F24, check 16).
	e, err := UpperEdge(Critical(activation.Linear(), Gaussian, 2, 1), exact)
	if err != nil || math.Abs(e-6.75) > 1e-7 {
		t.Errorf("linear-gauss L2 edge %g, want 6.75 (%v)", e, err)
	}
}

// The Bernoulli limit's 1/(λ log²λ) singularity defeats plain quadrature;
// its mass is checked through the CDF from the top: F(1) = σ₀² (the bulk
// mass below the atom at e^{σ₀²}), to 1e-6, and the mass near 0 against
// the exact Stieltjes mass 1 + M(−t) = ∫ t/(t+λ) dμ(λ), the root
// ε = 1 + m in (0, 1) of t(1−ε) = ε e^{−σ₀²(1−ε)/ε} (the master equation at
// z = −t, solved on the real line: no continuation). The kernel t/(t+λ)
// differs from the step 1{λ ≤ t} by an odd function of log(λ/t), so
// 1 + M(−t) − F(t) ≈ (π²/6)·d²F/d(log λ)², with d²F/d(log λ)² ≈ 2F³/σ₀⁴
// (F ≈ σ₀²/log(1/λ) to leading order): 6e-5 at t = 1e-12 (F ≈ 0.0107),
// 4e-6 at 1e-30. Tolerance 1e-4 = that bound plus the CDF's own error
// (≤ 2e-5, TestCDFLowerTailFussCatalan). The earlier check, F(1e-12)
// below the leading-order σ₀²/log(σ₀²/λ) = 0.00953, was wrong in its
// premise (the next order, log(1/ε) in log(1/t) = σ₀²/ε − σ₀² + log(1/ε),
// raises the mass) and was met only by the CDF's flat lower tail.
func TestBernoulliLimitBulkMass(t *testing.T) {
	b := BernoulliLimit{0.25}
	xs := []float64{1e-30, 1e-12, 1}
	f, err := CDF(b, xs, []Interval{{0, b.Edge()}}, exact)
	if err != nil {
		t.Fatal(err)
	}
	stieltjes := func(tt float64) float64 {
		g := func(e float64) float64 { return math.Log(e) - b.Sigma02*(1-e)/e - math.Log(tt*(1-e)) }
		lo, hi := math.Log(1e-300), math.Log(0.999999)
		for i := 0; i < 200; i++ {
			mid := (lo + hi) / 2
			if g(math.Exp(mid)) < 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		return math.Exp((lo + hi) / 2)
	}
	for i, x := range xs[:2] {
		if want := stieltjes(x); math.Abs(f[i]-want) > 1e-4 {
			t.Errorf("F(%g) = %.6f, Stieltjes mass 1 + M(−t) = %.6f (|diff| > 1e-4)", x, f[i], want)
		}
	}
	if math.Abs(f[2]-0.25) > 1e-6 {
		t.Errorf("F(1) = %.7f, want bulk mass 0.25", f[2])
	}
}

// q*(L) of F25 (lib/sources/tanner2024.md#check-21): table values and μ₂/μ₁² = 1 + σ₀²/L.
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
			act  activation.Func
			want float64
		}{{activation.HardTanh(), r.ht}, {activation.Erf(), r.erf}, {activation.ShiftedReLU(), r.srelu}, {activation.SmoothedReLU(), r.si}} {
			q, err := QStarForSigma0(c.act, r.L, 0.25)
			if err != nil {
				t.Fatal(err)
			}
			if rel(q, c.want) > 6e-6 {
				t.Errorf("%s L=%d: q* = %.8g, want %g", c.act, r.L, q, c.want)
			}
			n := Critical(c.act, Orthogonal, r.L, q)
			if v := n.Moments().Var; math.Abs(v-0.25) > 1e-7 {
				t.Errorf("%s L=%d: σ² = %.9f, want 0.25", c.act, r.L, v)
			}
		}
	}
	if _, err := QStarForSigma0(activation.ReLU(), 8, 0.25); err == nil {
		t.Error("ReLU must have no bounded-variance q*")
	}
	// SiLU σ_w² at L=8 (check 21): 3.968625.
	q, _ := QStarForSigma0(activation.SmoothedReLU(), 8, 0.25)
	if sw := 1 / activation.SmoothedReLU().Mu(q, 1); math.Abs(sw-3.968625) > 2e-6 {
		t.Errorf("SiLU σ_w² = %.7f", sw)
	}
}

// Universality: at q*(L) the finite-L densities approach the limit laws as
// L grows (P18 Fig. 4). The sup-distance over a λ grid in the bulk must
// decrease with L. Hard tanh converges like 1/L (the per-layer S-transform
// error is O(L⁻²)); erf, whose μ₂/μ₁² − 1 = O(q*²) forces q* ∝ L^{−1/2},
// converges only like L^{−1/2} [derived here: the per-layer z² term of
// S_{D²} is O(q*³) = O(L^{−3/2})], which is why P18 Fig. 4C draws erf
// theory up to L = 8192. Observed distances (σ₀² = 1/4): hard tanh 0.0032
// at L=128; erf 0.263, 0.148, 0.083, 0.043, 0.022 at L = 32…8192.
func TestUniversalityConvergence(t *testing.T) {
	check := func(act activation.Func, limit Spectrum, lams []float64, Ls []int) []float64 {
		want, err := limit.Density(lams, exact)
		if err != nil {
			t.Fatal(err)
		}
		var ds []float64
		for _, L := range Ls {
			q, _ := QStarForSigma0(act, L, 0.25)
			got, err := Critical(act, Orthogonal, L, q).Density(lams, exact)
			if err != nil {
				t.Fatal(err)
			}
			d := 0.0
			for i := range lams {
				d = math.Max(d, math.Abs(got[i]-want[i]))
			}
			if len(ds) > 0 && d >= ds[len(ds)-1] {
				t.Errorf("%s: distance to the limit did not decrease at L=%d: %g", act, L, d)
			}
			ds = append(ds, d)
		}
		return ds
	}
	Ls := []int{8, 32, 128, 512, 2048, 8192}
	ht := check(activation.HardTanh(), BernoulliLimit{0.25}, []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, Ls[:3])
	// 1/L rate: a factor 4 in L divides the distance by 4 ± 35%.
	for i := 1; i < len(ht); i++ {
		if r := ht[i-1] / ht[i]; r < 2.6 || r > 5.4 {
			t.Errorf("hard tanh: distance ratio %g per 4x depth, want ≈ 4 (1/L)", r)
		}
	}
	er := check(activation.Erf(), SmoothLimit{0.25}, []float64{0.4, 0.6, 0.8, 1, 1.3, 1.6, 2, 2.3}, Ls)
	for i := 3; i < len(er); i++ {
		if r := er[i-1] / er[i]; r < 1.6 || r > 2.5 {
			t.Errorf("erf: distance ratio %g per 4x depth, want ≈ 2 (L^-1/2)", r)
		}
	}
}

// CDF against the ReLU–orthogonal L=2 closed form
// F(x) = ½ + arcsin(√x/2)/π (F24 integrated), to 5e-6: Support locates the
// edge at 4 only to ~1e-10 relative, and at an inverse-square-root edge a
// shift δ moves the mass by √δ/(2π) ≈ 1e-6 (observed offset 1.0e-6, plus
// 1.1e-6 more from the 1/√λ end at 0 for F(0)).
func TestCDFClosedForm(t *testing.T) {
	n := Critical(activation.ReLU(), Orthogonal, 2, 1)
	sup, err := Support(n, exact)
	if err != nil {
		t.Fatal(err)
	}
	xs := []float64{0, 0.001, 0.3, 1, 2, 3.5, 3.999, 4, 5}
	f, err := CDF(n, xs, sup, exact)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range xs {
		want := 0.5 + math.Asin(math.Sqrt(math.Min(x, 4))/2)/math.Pi
		if math.Abs(f[i]-want) > 5e-6 {
			t.Errorf("F(%g) = %.8f, closed %.8f", x, f[i], want)
		}
	}
}

// P(s) = 2sρ(s²) against the smooth limit's density, and KS of a sample
// drawn exactly from the ReLU–orthogonal L=2 law (inverse CDF of the
// closed form) is at the 1/√n level.
func TestSingularValueDensityAndKS(t *testing.T) {
	sl := SmoothLimit{0.25}
	p, err := SingularValueDensity(sl, []float64{1}, exact)
	if err != nil || math.Abs(p[0]-2*0.6252261) > 2e-6 {
		t.Errorf("P(1) = %v (%v), want 2ρ(1)", p, err)
	}
	// quantiles of ½δ₀ + arcsine: F⁻¹(u) = 0 for u ≤ ½, 4 sin²(π(u−½)) above.
	const n = 2000
	eigs := make([]float64, n)
	for i := range eigs {
		u := (float64(i) + 0.5) / n
		if u > 0.5 {
			s := math.Sin(math.Pi * (u - 0.5))
			eigs[i] = 4 * s * s
		}
	}
	ks, err := KS(Critical(activation.ReLU(), Orthogonal, 2, 1), eigs, 100, exact)
	if err != nil || ks > 1.0/n+1e-5 {
		t.Errorf("KS of exact quantiles = %g (%v), want ≤ 1/n", ks, err)
	}
}

// Continuation step count: at L = 128 (hard tanh and erf at q*(L), the
// benchmark cases) the density is the same with 50, 80 and 160 steps
// (to 1e-9), i.e. the default schedule is converged on the physical branch.
func TestContinuationStepsConverged(t *testing.T) {
	for _, act := range []activation.Func{activation.HardTanh(), activation.Erf()} {
		q, _ := QStarForSigma0(act, 128, 0.25)
		n := Critical(act, Orthogonal, 128, q)
		lams := []float64{0.05, 0.3, 0.6, 1.0, 1.5, 2.2}
		ref, err := n.Density(lams, freeprob.Continuation{Eps: 1e-10, Steps: 160})
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []int{50, 80} {
			got, err := n.Density(lams, freeprob.Continuation{Eps: 1e-10, Steps: st})
			if err != nil {
				t.Fatal(err)
			}
			for i := range lams {
				if math.Abs(got[i]-ref[i]) > 1e-9 {
					t.Errorf("%s Steps=%d ρ(%g) = %.12g, 160 steps %.12g", act, st, lams[i], got[i], ref[i])
				}
			}
		}
	}
}

// KS distance between the theoretical CDFs (atoms included) of hard tanh
// at q*(L) and the Bernoulli limit decays like 1/L (observed 0.0076,
// 0.0019, 0.00049 at L = 8, 32, 128: ratio 4 ± 10% per 4× depth), and
// shifted ReLU gives the identical law (both are Bernoulli with
// p = L/(L+σ₀²)), to 1e-9.
func TestKSBetweenBernoulliRate(t *testing.T) {
	xs := make([]float64, 40)
	for i := range xs {
		xs[i] = 0.05 + 2.95*float64(i)/39
	}
	c := freeprob.Continuation{Eps: 1e-8, Steps: 50}
	var prev float64
	for _, L := range []int{8, 32, 128} {
		q, _ := QStarForSigma0(activation.HardTanh(), L, 0.25)
		d, err := KSBetween(Critical(activation.HardTanh(), Orthogonal, L, q), BernoulliLimit{0.25}, xs, c)
		if err != nil {
			t.Fatal(err)
		}
		qs, _ := QStarForSigma0(activation.ShiftedReLU(), L, 0.25)
		ds, err := KSBetween(Critical(activation.ShiftedReLU(), Orthogonal, L, qs), BernoulliLimit{0.25}, xs, c)
		if err != nil || math.Abs(ds-d) > 1e-9 {
			t.Errorf("L=%d: shifted ReLU %g vs hard tanh %g (%v)", L, ds, d, err)
		}
		if prev > 0 {
			if r := prev / d; r < 3.6 || r > 4.4 {
				t.Errorf("L=%d: KS ratio %g per 4× depth, want 4 (1/L)", L, r)
			}
		}
		prev = d
	}
}

// Regression: the support scan starts at λ = 1e-6·scale, where for erf the
// density is tiny (φ′² takes every value in (0, 1], so the spectrum reaches
// down to 0) and m → −1, so G = (1+m)/z needs 1+m to full precision; a
// looser intermediate Newton tolerance lost the branch there. The scan
// must succeed, start at 0, and carry mass 1 to 5e-4 — the classifier
// (ρ at two ε) fragments the region λ < 4e-5 where ρ is below ~1e-13 at
// L = 8 (observed mass deficit 1.7e-4).
func TestSupportSmallLambda(t *testing.T) {
	c := freeprob.Continuation{Eps: 1e-8, Steps: 50}
	for _, L := range []int{2, 8} {
		n := Critical(activation.Erf(), Orthogonal, L, 0.25)
		sup, err := Support(n, c)
		if err != nil {
			t.Fatal(L, err)
		}
		if len(sup) == 0 || sup[0].Lo != 0 {
			t.Errorf("erf L=%d: support %v", L, sup)
		}
		mass, _, _, err := ContinuousMoments(n, sup, c)
		if err != nil || math.Abs(mass-1) > 5e-4 {
			t.Errorf("erf L=%d: mass %g (%v)", L, mass, err)
		}
	}
}
