package sde

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"gonum.org/v1/gonum/mat"
)

// FromTri places the entries by TriIndex, against V^{ab} = V^{ba} written
// out here, and panics on a wrong count.
func TestFromTri(t *testing.T) {
	v := FromTri(3, 1, 2, 3, 4, 5, 6)
	want := mat.NewSymDense(3, []float64{1, 2, 3, 2, 4, 5, 3, 5, 6})
	if !mat.Equal(v, want) {
		t.Errorf("FromTri = %v, want %v", mat.Formatted(v), mat.Formatted(want))
	}
	for k, p := range TriPairs(3) {
		if v.At(p[0], p[1]) != float64(k+1) || k != TriIndex(3, p[1], p[0]) {
			t.Errorf("entry %d at %v: %v", k, p, v.At(p[0], p[1]))
		}
	}
	mustpanic.All(t, map[string]func(){
		"too few":  func() { FromTri(2, 1, 2) },
		"too many": func() { FromTri(1, 1, 2) },
		"m = 0":    func() { FromTri(0) },
	})
}

// EquiCov against sym's entry-by-entry construction, and its m check.
func TestEquiCov(t *testing.T) {
	for _, c := range []struct {
		got, want *mat.SymDense
	}{
		{EquiCov(1, 2.5, 0.3), FromTri(1, 2.5)},
		{EquiCov(2, 1, 0.2), v0},
		{EquiCov(3, 1.3, -0.5), FromTri(3, 1.3, -0.65, -0.65, 1.3, -0.65, 1.3)},
	} {
		if !mat.Equal(c.got, c.want) {
			t.Errorf("EquiCov = %v, want %v", mat.Formatted(c.got), mat.Formatted(c.want))
		}
	}
	mustpanic.Check(t, "EquiCov(0, 1, 0)", func() { EquiCov(0, 1, 0) })
}

// v0 is the notes' (lib/sources/noci2023.md) reference V₀ = [[1,.2],[.2,1]]; v3 the m = 3 example.
var (
	v0 = FromTri(2, 1, .2, 1)
	v3 = FromTri(3, 1, .2, .1, 1.5, -.3, .8)
)

func checkClose(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (tol %g)", what, got, want, tol)
	}
}

func checkSym(t *testing.T, what string, got *mat.SymDense, want [][]float64, tol float64) {
	t.Helper()
	for i := range want {
		for j := range want[i] {
			checkClose(t, what+"["+string(rune('0'+i))+"]["+string(rune('0'+j))+"]", got.At(i, j), want[i][j], tol)
		}
	}
}

// TestNu checks lib/sources/noci2023.md#check-1. The references are given to 6 decimals,
// hence tolerance 5e-7 (1e-12 for the exact values 0.5, 1/2π, 0).
func TestNu(t *testing.T) {
	for _, tc := range []struct{ rho, want, tol float64 }{
		{-1, 0.5, 1e-12}, {-0.5, 0.304499, 5e-7}, {0, 1 / (2 * math.Pi), 1e-12},
		{0.2, 0.112349, 5e-7}, {0.5, 0.054499, 5e-7}, {0.9, 0.004769, 5e-7}, {1, 0, 1e-12},
	} {
		checkClose(t, "Nu(0,-1)", Nu(tc.rho, 0, -1), tc.want, tc.tol)
		checkClose(t, "Nu(1,-2)", Nu(tc.rho, 1, -2), 9*tc.want, 9*tc.tol)
	}
	// ν ≥ 0 and decreasing on [−1, 1].
	prev := math.Inf(1)
	for r := -1.0; r <= 1; r += 0.01 {
		x := Nu(r, 0, -1)
		if x < 0 || x > prev+1e-15 {
			t.Fatalf("Nu not non-negative decreasing at rho=%v", r)
		}
		prev = x
	}
}

// TestCoefficientReferences checks lib/sources/noci2023.md#check-2 to #check-6 (hand-derived values;
// items 2–5 are exact decimals, tolerance 1e-12; item 6 is printed to 6
// significant digits, tolerance 6e-7 absolute, 1e-6 for Σ^{12,13}=−0.2532
// printed to 4).
func TestCoefficientReferences(t *testing.T) {
	checkSym(t, "SigmaLin(V0)", SigmaLin(v0), [][]float64{{2, 0.4, 0.08}, {0.4, 1.04, 0.4}, {0.08, 0.4, 2}}, 1e-12)
	checkSym(t, "Acal(V0)", Acal(v0), [][]float64{{0.256, -0.1024, -0.0512}, {-0.1024, 0.1024, -0.1024}, {-0.0512, -0.1024, 0.256}}, 1e-12)

	g := 1 / math.Sqrt(8)
	att := Model{Kind: Attention, Gamma: g, Tau0: 1}
	checkSym(t, "b(V0;γ=1/√8)", att.Drift(v0), [][]float64{{0.02, 0.004}, {0.004, 0.02}}, 1e-12)
	checkSym(t, "Σ(V0;γ=1/√8)", att.Diffusion(v0), [][]float64{{0.47275, 0.09215, 0.01795}, {0.09215, 0.24535, 0.09215}, {0.01795, 0.09215, 0.47275}}, 1e-12)
	att1 := Model{Kind: Attention, Gamma: 1, Tau0: 1}
	checkSym(t, "b(V0;γ=1)", att1.Drift(v0), [][]float64{{0.16, 0.032}, {0.032, 0.16}}, 1e-12)
	checkSym(t, "Σ(V0;γ=1)", att1.Diffusion(v0), [][]float64{{2.256, 0.2976, 0.0288}, {0.2976, 1.1424, 0.2976}, {0.0288, 0.2976, 2.256}}, 1e-12)

	v5 := FromTri(2, 1, .5, 2)
	checkSym(t, "b(item5)", att1.Drift(v5), [][]float64{{.25, .125}, {.125, .5}}, 1e-12)
	checkSym(t, "Σ(item5)", att1.Diffusion(v5), [][]float64{{2.125, 0.84375, 0.3125}, {0.84375, 2.5, 1.90625}, {0.3125, 1.90625, 10.25}}, 1e-12)

	a6 := Model{Kind: Attention, Gamma: math.Sqrt(0.5), Tau0: 1}
	b := a6.Drift(v3)
	S := a6.Diffusion(v3)
	wantB := []float64{0.118704, 0.026602, -0.002352, 0.286389, -0.035972, 0.112741}
	wantDiag := []float64{1.539370, 1.238751, 0.638933, 3.799833, 1.083681, 1.036533}
	for k, p := range TriPairs(3) {
		checkClose(t, "b(V3)", b.At(p[0], p[1]), wantB[k], 6e-7)
		checkClose(t, "diag Σ(V3)", S.At(k, k), wantDiag[k], 6e-7)
	}
	checkClose(t, "Σ^{11,23}(V3)", S.At(TriIndex(3, 0, 0), TriIndex(3, 1, 2)), 0.0283759, 6e-8)
	checkClose(t, "Σ^{12,13}(V3)", S.At(TriIndex(3, 0, 1), TriIndex(3, 0, 2)), -0.2532, 1e-6)
}

// Literal forms of Lemma C.2 and Theorem 4.2, written index by index from
// the paper (V^{δx̄} etc. spelled out), independent of the closed forms.

// rowMean is V^{i x̄} = (1/m) Σ_k V^{ik}.
func rowMean(v *mat.SymDense, i int) float64 {
	m := v.SymmetricDim()
	s := 0.0
	for k := 0; k < m; k++ {
		s += v.At(i, k)
	}
	return s / float64(m)
}

func literalS1(v *mat.SymDense, a, d, b, w int) float64 {
	m := v.SymmetricDim()
	bar := func(i int) float64 { return rowMean(v, i) }
	xx := 0.0
	for i := 0; i < m; i++ {
		xx += bar(i)
	}
	xx /= float64(m)
	return v.At(a, b) * (v.At(d, w) - bar(d) - bar(w) + xx)
}

func literalS2(v *mat.SymDense, a, d int) float64 {
	m := v.SymmetricDim()
	bar := func(i int) float64 { return rowMean(v, i) }
	xx, tr := 0.0, 0.0
	for i := 0; i < m; i++ {
		xx += bar(i)
		tr += v.At(i, i)
	}
	xx /= float64(m)
	return v.At(a, a) * (v.At(d, d) - 2*bar(d) + 2*xx - tr/float64(m))
}

func literalDrift(v *mat.SymDense, a, b int, g, tau0 float64) float64 {
	m := v.SymmetricDim()
	fm := float64(m)
	s1, s2 := 0.0, 0.0
	for nu := 0; nu < m; nu++ {
		for k := 0; k < m; k++ {
			s1 += v.At(nu, k) * literalS1(v, a, nu, b, k)
		}
		s2 += v.At(b, nu)*literalS2(v, a, nu) + v.At(a, nu)*literalS2(v, b, nu)
	}
	return g * g / (tau0 * tau0) * (s1/(fm*fm) + s2/(2*fm))
}

func literalAcal(v *mat.SymDense, a, b, d, w int) float64 {
	m := v.SymmetricDim()
	s := 0.0
	for nu := 0; nu < m; nu++ {
		for k := 0; k < m; k++ {
			s += v.At(a, k)*v.At(d, nu)*literalS1(v, b, k, w, nu) +
				v.At(a, k)*v.At(w, nu)*literalS1(v, b, k, d, nu) +
				v.At(b, nu)*v.At(d, k)*literalS1(v, a, nu, w, k) +
				v.At(b, nu)*v.At(w, k)*literalS1(v, a, nu, d, k)
		}
	}
	return s / float64(m*m)
}

func randomCov(m int, rng *rand.Rand) *mat.SymDense {
	g := mat.NewDense(m, m+2, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < m+2; j++ {
			g.Set(i, j, rng.NormFloat64())
		}
	}
	v := mat.NewSymDense(m, nil)
	v.SymOuterK(1/float64(m+2), g)
	return v
}

// TestLiteralEqualsClosed checks lib/sources/noci2023.md#check-7 and the S1/S2 identities of
// item 9 on random PSD V, m = 2..5. Pure algebra: tolerance 1e-12 relative.
func TestLiteralEqualsClosed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for m := 2; m <= 5; m++ {
		v := randomCov(m, rng)
		g, tau0 := 0.7, 1.3
		md := Model{Kind: Attention, Gamma: g, Tau0: tau0}
		b := md.Drift(v)
		A := Acal(v)
		scale := mat.Norm(v, 2)
		for _, p := range TriPairs(m) {
			checkClose(t, "drift closed vs literal", b.At(p[0], p[1]), literalDrift(v, p[0], p[1], g, tau0), 1e-12*scale*scale*scale)
			for _, q := range TriPairs(m) {
				checkClose(t, "Acal closed vs literal", A.At(TriIndex(m, p[0], p[1]), TriIndex(m, q[0], q[1])),
					literalAcal(v, p[0], p[1], q[0], q[1]), 1e-12*math.Pow(scale, 4))
			}
		}
		for a := 0; a < m; a++ {
			s2 := 0.0
			for d := 0; d < m; d++ {
				s2 += literalS2(v, a, d)
				for w := 0; w < m; w++ {
					s1 := 0.0
					for dd := 0; dd < m; dd++ {
						s1 += literalS1(v, a, dd, d, w)
					}
					checkClose(t, "Σ_δ S1", s1, 0, 1e-12*scale*scale)
				}
			}
			checkClose(t, "Σ_δ S2", s2, 0, 1e-12*scale*scale)
			if m == 2 {
				for d := 0; d < m; d++ {
					checkClose(t, "S2 (m=2)", literalS2(v, a, d), 0, 1e-12*scale*scale)
				}
			}
		}
	}
}

// TestSpecialCases checks lib/sources/noci2023.md#check-9, #check-10 and #check-18 (closed forms; the
// 6-decimal references get tolerance 5e-7).
func TestSpecialCases(t *testing.T) {
	one := Model{Kind: Attention, Gamma: 1, Tau0: 1}
	for m := 1; m <= 5; m++ {
		aligned := mat.NewSymDense(m, nil)
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				aligned.SetSym(i, j, 1.7)
			}
		}
		if n := mat.Norm(one.Drift(aligned), 1); n > 1e-12 {
			t.Errorf("m=%d: |b(v11ᵀ)| = %g, want 0", m, n)
		}
		if n := mat.Norm(Acal(aligned), 1); n > 1e-12 {
			t.Errorf("m=%d: |𝒜(v11ᵀ)| = %g, want 0", m, n)
		}
		id := mat.NewSymDense(m, nil)
		for i := 0; i < m; i++ {
			id.SetSym(i, i, 1.7)
		}
		b := one.Drift(id)
		want := math.Pow(1.7, 3) * float64(m-1) / float64(m*m)
		for i := 0; i < m; i++ {
			for j := 0; j < m; j++ {
				w := 0.0
				if i == j {
					w = want
				}
				checkClose(t, "b(vI)", b.At(i, j), w, 1e-12)
			}
		}
	}
	checkClose(t, "b(1.7 I) m=2", one.Drift(FromTri(2, 1.7, 0, 1.7)).At(0, 0), 1.228250, 5e-7)
	checkClose(t, "b(1.7 I) m=3", one.Drift(FromTri(3, 1.7, 0, 0, 1.7, 0, 1.7)).At(0, 0), 1.091778, 5e-7)
	// m = 2: b = γ²D²V/(16τ₀²).
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 5; k++ {
		v := randomCov(2, rng)
		md := Model{Kind: Attention, Gamma: 0.6, Tau0: 0.8}
		D := v.At(0, 0) + v.At(1, 1) - 2*v.At(0, 1)
		f := 0.36 / (16 * 0.64) * D * D
		b := md.Drift(v)
		for _, p := range TriPairs(2) {
			checkClose(t, "m=2 drift", b.At(p[0], p[1]), f*v.At(p[0], p[1]), 1e-12)
		}
	}
	// Residual drift: zero diagonal; b_res(V0) off-diagonal = ν(0.2).
	br := DriftRes(v0, 1, 0, -1)
	checkClose(t, "b_res diag", br.At(0, 0), 0, 1e-15)
	checkClose(t, "b_res offdiag", br.At(0, 1), 0.112349, 5e-7)
	// Scaling (item 10): b(κV) = κ³b, 𝒜(κV) = κ⁴𝒜, b_res(κV) = κ b_res, Σ_lin(κV) = κ²Σ_lin.
	kappa := 2.5
	kv := mat.NewSymDense(3, nil)
	kv.ScaleSym(kappa, v3)
	a := Model{Kind: Attention, Gamma: 0.8, Tau0: 1.1}
	for _, p := range TriPairs(3) {
		checkClose(t, "b cubic", a.Drift(kv).At(p[0], p[1]), math.Pow(kappa, 3)*a.Drift(v3).At(p[0], p[1]), 1e-12)
		checkClose(t, "b_res linear", DriftRes(kv, .8, 1, -2).At(p[0], p[1]), kappa*DriftRes(v3, .8, 1, -2).At(p[0], p[1]), 1e-12)
		for _, q := range TriPairs(3) {
			i, j := TriIndex(3, p[0], p[1]), TriIndex(3, q[0], q[1])
			checkClose(t, "𝒜 quartic", Acal(kv).At(i, j), math.Pow(kappa, 4)*Acal(v3).At(i, j), 1e-11)
			checkClose(t, "Σ_lin quadratic", SigmaLin(kv).At(i, j), kappa*kappa*SigmaLin(v3).At(i, j), 1e-12)
		}
	}
	// Item 18: Itô coefficients of ρ for shaped attention at V0.
	for _, tc := range []struct{ g, mu, s2 float64 }{
		{1 / math.Sqrt(8), -0.020340, 0.218304}, {1, 0.042240, 1.069056},
	} {
		mu, s2 := Model{Kind: Attention, Gamma: tc.g, Tau0: 1}.RhoIto(v0, 0, 1)
		checkClose(t, "mu_rho", mu, tc.mu, 5e-7)
		checkClose(t, "sigma2_rho", s2, tc.s2, 5e-7)
	}
	// Item 16: RhoIto on the ResNet matrix SDE equals the 1-D equation.
	rc := ResNetCorr{Gamma: 0.7, CPlus: 0, CMinus: -1}
	for _, v := range []*mat.SymDense{v0, FromTri(2, 2, -0.9, 0.5), FromTri(2, 1, 0.99, 1.3)} {
		mu, s2 := Model{Kind: ResNet, Gamma: 0.7, CMinus: -1}.RhoIto(v, 0, 1)
		rho := v.At(0, 1) / math.Sqrt(v.At(0, 0)*v.At(1, 1))
		checkClose(t, "ResNet mu_rho", mu, rc.Drift(rho), 1e-12)
		checkClose(t, "ResNet sigma2_rho", s2, rc.Variance(rho), 1e-12)
	}
	checkClose(t, "1-D drift at 0.2", rc.Drift(0.2)/0.49, -0.079651, 5e-7)
	checkClose(t, "1-D variance at 0.2", rc.Variance(0.2)/0.49, 1.8432, 1e-12)
}

// TestDiffusionSymmetricPSD checks lib/sources/noci2023.md#check-8 (first half): every
// diffusion matrix is symmetric and PSD (min eigenvalue ≥ −1e-12·max).
func TestDiffusionSymmetricPSD(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for m := 2; m <= 5; m++ {
		for _, kind := range []Kind{Attention, ResNet, Transformer, MLP} {
			v := randomCov(m, rng)
			S := Model{Kind: kind, Gamma: 0.6, Tau0: 0.5, CMinus: -1}.Diffusion(v)
			var eig mat.EigenSym
			if !eig.Factorize(S, false) {
				t.Fatal("eigen failed")
			}
			ev := eig.Values(nil)
			if ev[0] < -1e-12*ev[len(ev)-1] {
				t.Errorf("m=%d %v: Σ has eigenvalue %g", m, kind, ev[0])
			}
		}
	}
}

// TestBadInput: invalid V and parameters panic with a named message.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"non-symmetric", func() { DriftAttn(mat.NewDense(2, 2, []float64{1, .2, .3, 1}), 1, 1) }},
		{"non-PSD", func() { DriftAttn(FromTri(2, 1, 2, 1), 1, 1) }},
		{"zero diagonal", func() { SigmaLin(FromTri(2, 0, 0, 1)) }},
		{"NaN", func() { Acal(FromTri(2, 1, math.NaN(), 1)) }},
		{"gamma", func() { DriftAttn(v0, 1.5, 1) }},
		{"tau0", func() { DriftAttn(v0, 1, 0) }},
		{"model", func() { Model{Kind: Attention, Gamma: 0.5}.Drift(v0) }},
		{"RhoIto a==b", func() { Model{Kind: ResNet, Gamma: 0.5}.RhoIto(v0, 0, 0) }},
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil {
					t.Errorf("%s: no panic", tc.name)
					return
				}
				if s, ok := r.(string); !ok || len(s) < 5 || s[:4] != "sde:" {
					t.Errorf("%s: panic %v lacks the sde: prefix", tc.name, r)
				}
			}()
			tc.f()
		}()
	}
}

// TestCheckCovScaleFree: the PSD check does not depend on V's scale. At
// v = 1e-150 and 1e-300 (the bottom of sigprop eval's documented range)
// gonum's eigensolver panicked on V itself; CheckCov now decides on
// V/max|V| and gives the answer it gives at v = 1: an equicorrelated V is
// PSD exactly for rho >= -1/(m-1) (its eigenvalues are v(1-rho) and
// v(1+(m-1)rho)).
func TestCheckCovScaleFree(t *testing.T) {
	for _, v := range []float64{1, 1e-130, 1e-150, 1e-300, 1e100} {
		for _, m := range []int{2, 3, 8} {
			if err := CheckCov(EquiCov(m, v, 0.2)); err != nil {
				t.Errorf("v=%g m=%d rho=0.2: %v", v, m, err)
			}
			bad := -1/float64(m-1) - 0.1
			if err := CheckCov(EquiCov(m, v, bad)); err == nil {
				t.Errorf("v=%g m=%d rho=%g (not PSD) accepted", v, m, bad)
			}
		}
	}
}
