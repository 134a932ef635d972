package rankcollapse

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Fixed inputs of lib/sources/noci2022.md#checks: X_a = [[1,0],[0,1],[1,1]] (n = 3, d_v = 2) and
// X_b = X_a + 5.
var (
	xA = Sequence([]float64{1, 0}, []float64{0, 1}, []float64{1, 1})
	xB = mat.NewDense(3, 2, []float64{6, 5, 5, 6, 6, 6})
)

func near(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300) || got == want
}

// lib/sources/noci2022.md#checks "Fixed inputs": ‖X‖² = 4, C = 8, ‖x̄‖² = 8/9, ‖P‖² = 10/9,
// ‖LX‖² = 4/3 for X_a; ‖X‖² = 194, C = 578, same P for X_b. Hand-computed
// rationals, so 1e-14 relative.
func TestTokenStatsFixedInputs(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		x                     *mat.Dense
		sq, c, msq, pn2, lxn2 float64
	}{
		{"Xa", xA, 4, 8, 8.0 / 9, 10.0 / 9, 4.0 / 3},
		{"Xb", xB, 194, 578, 578.0 / 9, 10.0 / 9, 4.0 / 3},
	} {
		s := TokenStats(tc.x)
		for _, c := range []struct {
			what      string
			got, want float64
		}{
			{"‖X‖²", s.SqNorm, tc.sq}, {"C", s.C, tc.c}, {"‖x̄‖²", s.MeanSq(), tc.msq},
			{"‖P‖²", s.PNorm2, tc.pn2}, {"‖LX‖²", s.LXNorm2, tc.lxn2},
		} {
			if !near(c.got, c.want, 1e-12) {
				t.Errorf("%s: %s = %.15g, want %.15g", tc.name, c.what, c.got, c.want)
			}
		}
	}
}

// lib/sources/noci2022.md#check-1 to #check-3 and #check-5 (eqs. 6–8 and the corrected input-Jacobian
// moment). Reference values are the notes' (lib/sources/noci2022.md), computed there by hand from the
// closed forms; they are rationals, checked to 1e-9 relative (the notes (lib/sources/noci2022.md)
// prints 10 significant digits).
func TestLemma31ReferenceValues(t *testing.T) {
	sa := TokenStats(xA)
	sb := TokenStats(xB)
	rank1 := mat.NewDense(4, 4, []float64{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0})
	s5 := TokenStats(rank1)
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"#1 eq6 Xa", ExpGradWV(sa), 16.0 / 3},
		{"#2 eq7 Xa dk=2", ExpGradWQ(sa, Layer{}), 20.0 / 81},
		{"#2 eq7 Xa dk=4", ExpGradWQ(sa, Layer{DK: 4}), 10.0 / 81},
		{"#2 keys Xa dk=4 (σ_q=σ_k)", ExpGradWK(sa, Layer{DK: 4}), 10.0 / 81},
		{"#3 exact ∂S/∂X Xa", ExpGradX(sa, Layer{}), 2.543209877},
		{"#3 bound (8) Xa", PaperBoundGradX(sa, Layer{}), 5.481481481},
		{"#3 exact ∂S/∂X Xb", ExpGradX(sb, Layer{}), 16.61728395},
		{"#3 bound (8) Xb", PaperBoundGradX(sb, Layer{}), 5.481481481},
		{"#3 exact dk=4 Xa", ExpGradX(sa, Layer{DK: 4}), 2.135802469},
		{"#3 bound dk=4 Xa", PaperBoundGradX(sa, Layer{DK: 4}), 4.740740741},
		{"#5 rank-1 ‖X‖²", s5.SqNorm, 30},
		{"#5 rank-1 ‖P‖²", s5.PNorm2, 25},
		{"#5 rank-1 eq7", ExpGradWQ(s5, Layer{}), 11.71875},
	} {
		if !near(tc.got, tc.want, 1e-9) {
			t.Errorf("%s = %.10g, want %.10g", tc.name, tc.got, tc.want)
		}
	}
}

// lib/sources/noci2022.md#erratum-1, #check-3: the printed eq. (8) holds for X_a but fails for
// X_b = X_a + 5, whose exact expectation (16.617) is three times the bound
// (5.481). The exact formula itself is checked against a Monte Carlo of the
// finite Jacobian in lib/rankblock (TestAttnInputJacobianMC), which also
// rejects the bound there.
func TestPaperBoundEq8Fails(t *testing.T) {
	sa, sb := TokenStats(xA), TokenStats(xB)
	if e, b := ExpGradX(sa, Layer{}), PaperBoundGradX(sa, Layer{}); !(e <= b) {
		t.Errorf("Xa: exact %v should lie below the printed bound %v", e, b)
	}
	if e, b := ExpGradX(sb, Layer{}), PaperBoundGradX(sb, Layer{}); !(e > 2.5*b) {
		t.Errorf("Xb: exact %v should exceed the printed bound %v by > 2.5×", e, b)
	}
	// Shifting by a common mean leaves P (so the bound) unchanged but grows
	// the A₂ term ∝ ‖X‖²‖LX‖² without limit.
	shift := mat.NewDense(3, 2, []float64{101, 100, 100, 101, 101, 101})
	ss := TokenStats(shift)
	if b := PaperBoundGradX(ss, Layer{}); !near(b, 5.481481481, 1e-9) {
		t.Errorf("bound for X_a+100 = %v, want the X_a bound 5.481481481 (P unchanged)", b)
	}
	if e := ExpGradX(ss, Layer{}); !(e > 100*5.48) {
		t.Errorf("exact for X_a+100 = %v, want > 100× the bound", e)
	}
}

// Theorem 3.2 (lib/sources/noci2022.md#check-4): identical tokens X = 1xᵀ give P = 0, so the
// query/key moments are exactly 0 while the value moment is d_v n ‖x‖².
// Exact zero is the point, so ==.
func TestTheorem32IdenticalTokens(t *testing.T) {
	x := []float64{0.3, -1.25, 2, 0.5}
	n := 5
	X := mat.NewDense(n, len(x), nil)
	for i := 0; i < n; i++ {
		X.SetRow(i, x)
	}
	s := TokenStats(X)
	if s.PNorm2 != 0 || CollapseGap(s) != 0 {
		t.Errorf("‖P‖² = %v, gap = %v; want exactly 0", s.PNorm2, CollapseGap(s))
	}
	if g := ExpGradWQ(s, Layer{}); g != 0 {
		t.Errorf("eq. 7 at identical tokens = %v, want 0", g)
	}
	if g := ExpGradWK(s, Layer{}); g != 0 {
		t.Errorf("keys at identical tokens = %v, want 0", g)
	}
	wk := mat.NewDense(4, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3})
	wv := mat.NewDense(4, 4, []float64{1, 0, 2, 0, 0, 1, 0, 3, 1, 1, 1, 1, 0, 2, 0, 1})
	if g := GradNormWQUniform(X, wk, wv); g != 0 {
		t.Errorf("per-draw eq. 7 at identical tokens = %v, want 0", g)
	}
	var x2 float64
	for _, v := range x {
		x2 += v * v
	}
	if g, want := ExpGradWV(s), 4*float64(n)*x2; !near(g, want, 1e-14) {
		t.Errorf("eq. 6 = %v, want d_v n ‖x‖² = %v", g, want)
	}
	// A rank-1 but non-identical X is not collapsed (lib/sources/noci2022.md#erratum-9).
	if g := CollapseGap(TokenStats(mat.NewDense(2, 1, []float64{1, 2}))); !(g > 0) {
		t.Errorf("rank-1 unequal tokens: gap = %v, want > 0", g)
	}
}

// lib/sources/noci2022.md#check-6 to #check-9: Lemmas 3.2/3.3 for the canonical input X_k = e_k
// (n = 4, r = 0: ‖X‖² = 4, C = 4), and the depth-scaled values and limits.
// Values derived in the notes (lib/sources/noci2022.md) from the closed forms; 1e-6 relative (the notes (lib/sources/noci2022.md)
// prints 6–8 digits).
func TestLemmas32And33(t *testing.T) {
	type want struct{ ec, en float64 }
	for _, tc := range []struct {
		name       string
		a1sq, a2sq float64
		L          int
		w          want
	}{
		{"#6/#7 L=1 α=1", 1, 1, 1, want{16, 10}},
		{"#8 L=3 α=1", 1, 1, 3, want{256, 88}},
		{"#9 L=1 ã=(1,.5)", 1, 0.5, 1, want{12, 7.5}},
		{"#9 L=10", 0.1, 0.05, 10, want{16.899733, 9.111617}},
		{"#9 L=100", 0.01, 0.005, 100, want{17.815727, 9.393937}},
	} {
		ec, en, err := Propagate(4, 4, 4, tc.a1sq, tc.a2sq, tc.L)
		if err != nil {
			t.Fatal(err)
		}
		if !near(ec, tc.w.ec, 1e-6) || !near(en, tc.w.en, 1e-6) {
			t.Errorf("%s: (EC, EN) = (%.8g, %.8g), want (%v, %v)", tc.name, ec, en, tc.w.ec, tc.w.en)
		}
	}
	// Lemma 3.2 for L = 1 in general: (1+α₁²)(1+α₂²)C.
	ec, en, _ := Propagate(4, 4, 4, 1, 1, 1)
	if rho, _ := RhoFromMoments(4, ec, en); !near(rho, 0.2, 1e-12) {
		t.Errorf("#7 ρ¹ = %v, want 0.2", rho)
	}
	ec, en, _ = Propagate(4, 4, 4, 1, 1, 3)
	if rho, _ := RhoFromMoments(4, ec, en); !near(rho, 0.636364, 1e-6) {
		t.Errorf("#8 ρ³ = %v, want 0.636364", rho)
	}
	// Limits (11), (13): 4e^{1.5} and e^{0.5}(e−1+4).
	ec, en, err := PropagateLimit(4, 4, 4, 1, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if !near(ec, 17.926756, 1e-7) || !near(en, 9.427853, 1e-7) {
		t.Errorf("#9 limits = (%.8g, %.8g), want (17.926756, 9.427853)", ec, en)
	}
	// Convergence of the finite-L values to the limits: L = 10⁶ within 1e-5.
	ec, en, _ = Propagate(4, 4, 4, 1e-6, 0.5e-6, 1000000)
	if !near(ec, 17.926756, 1e-5) || !near(en, 9.427853, 1e-5) {
		t.Errorf("L = 1e6: (%v, %v) not at the limits", ec, en)
	}
}

// lib/sources/noci2022.md#check-10 to #check-15: the average correlation at finite depth and its
// limits. #10: n = 50, ρ⁰ = 0, α₁ = 1 has the closed form
// (2^ℓ − 1)/(49 + 2^ℓ), checked to 1e-12; the notes' (lib/sources/noci2022.md) 6-digit values to 1e-6.
func TestRhoDepthAndLimit(t *testing.T) {
	for _, tc := range []struct {
		ell  int
		want float64
	}{{1, 0.019608}, {2, 0.056604}, {4, 0.230769}, {6, 0.557522}, {8, 0.836066},
		{10, 0.953402}, {12, 0.987937}, {24, 0.999997}} {
		got, err := RhoDepth(50, 0, 1, tc.ell)
		if err != nil {
			t.Fatal(err)
		}
		p := math.Pow(2, float64(tc.ell))
		if exact := (p - 1) / (49 + p); math.Abs(got-exact) > 1e-12 {
			t.Errorf("#10 ρ^%d = %.15g, closed form %.15g", tc.ell, got, exact)
		}
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("#10 ρ^%d = %.7f, want %.6f", tc.ell, got, tc.want)
		}
	}
	// #11: eq. (15) at n = 50, ρ⁰ = 0, α̃₁ = 1 and finite L with α₁² = 1/L.
	if got, _ := RhoLimit(50, 0, 1, SqrtL); math.Abs(got-(math.E-1)/(49+math.E)) > 1e-14 || math.Abs(got-0.033224) > 1e-6 {
		t.Errorf("#11 eq. 15 = %.8f, want (e−1)/(49+e) = 0.033224", got)
	}
	for _, tc := range []struct {
		L    int
		want float64
	}{{2, 0.024390}, {12, 0.031252}, {100, 0.032972}, {1000, 0.033198}} {
		a1sq, _ := ResidualAlpha2(1, tc.L, SqrtL)
		got, _ := RhoDepth(50, 0, a1sq, tc.L)
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("#11 L = %d: ρ^L = %.7f, want %.6f", tc.L, got, tc.want)
		}
	}
	// #12: n = 8, ρ⁰ = 0.3; limits and L = 10 for α̃₁ ∈ {0, .5, 1, 2, 5}.
	for _, tc := range []struct {
		at1, lim, l10 float64
	}{{0, 0.3, 0.3}, {0.5, 0.440617, 0.437162}, {1, 0.579790, 0.567254},
		{2, 0.798605, 0.767581}, {5, 0.987956, 0.969509}} {
		got, _ := RhoLimit(8, 0.3, math.Sqrt(tc.at1), SqrtL)
		if math.Abs(got-tc.lim) > 1e-6 {
			t.Errorf("#12 α̃₁ = %v: limit %.7f, want %.6f", tc.at1, got, tc.lim)
		}
		got10, _ := RhoDepth(8, 0.3, tc.at1/10, 10)
		if math.Abs(got10-tc.l10) > 1e-6 {
			t.Errorf("#12 α̃₁ = %v: L = 10 gives %.7f, want %.6f", tc.at1, got10, tc.l10)
		}
	}
	// #13: limits of (15). Large α̃₁ → 1; collapsed input → 1 for every α̃₁.
	if got, _ := RhoLimit(8, 0.3, 6, SqrtL); math.Abs(got-1) > 1e-12 {
		t.Errorf("#13 α̃₁ = 36: %v, want → 1", got)
	}
	for _, a := range []float64{0, 0.3, 2} {
		if got, _ := RhoLimit(8, 1, a, SqrtL); got != 1 {
			t.Errorf("#13 collapsed input, α = %v: %v, want 1", a, got)
		}
	}
	// #14: eq. (16), constant α₁ = 1, n = 8, ρ⁰ = 0.3.
	for _, tc := range []struct {
		L    int
		want float64
	}{{5, 0.946206}, {20, 0.999998}} {
		got, _ := RhoDepth(8, 0.3, 1, tc.L)
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("#14 L = %d: %.7f, want %.6f", tc.L, got, tc.want)
		}
	}
	if got, _ := RhoLimit(8, 0.3, 1, Constant); got != 1 {
		t.Errorf("eq. 16 limit = %v, want 1", got)
	}
	if got, _ := RhoLimit(8, 0.3, 0, Constant); got != 0.3 {
		t.Errorf("ReZero limit = %v, want ρ⁰", got)
	}
	// #15: C(X) = 0 keeps ρ = −1/(n−1) at every depth.
	for _, ell := range []int{0, 1, 7, 2000} {
		got, _ := RhoDepth(5, -0.25, 1, ell)
		if math.Abs(got+0.25) > 1e-15 {
			t.Errorf("#15 ρ^%d = %v, want −1/4", ell, got)
		}
	}
	// Consistency: RhoDepth equals RhoFromMoments(Propagate(...)) for equal norms.
	for _, rho0 := range []float64{-0.1, 0, 0.3, 0.9} {
		n := 8
		n0 := 8.0
		c0 := n0 * (1 + float64(n-1)*rho0)
		ec, en, _ := Propagate(n, c0, n0, 0.7, 0.4, 6)
		r1, _ := RhoFromMoments(n, ec, en)
		r2, _ := RhoDepth(n, rho0, 0.7, 6)
		if math.Abs(r1-r2) > 1e-13 {
			t.Errorf("ρ⁰ = %v: moments give %v, RhoDepth %v", rho0, r1, r2)
		}
	}
}

// lib/sources/noci2022.md#check-16 to #check-18 and #check-20: eqs. (17), (18), (47). Values are the
// notes' (formula evaluated there), to their printed precision.
func TestEq17Eq18TauReference(t *testing.T) {
	for _, tc := range []struct {
		n, d                 int
		rho, sx2             float64
		v, qPaper, qExact    float64
		relV, relQ, relExact float64
	}{
		{10, 16, 0.5, 1, 1408, 93.6, 94.77, 1e-12, 1e-12, 1e-4},
		{10, 16, 0, 1, 256, 374.4, 383.76, 1e-12, 1e-12, 1e-12},
		{4, 3, 0.2, 2, 28.8, 80.64, 102.144, 1e-12, 1e-12, 1e-12},
		{50, 32, 0, 1, 1024, 2571.52, math.NaN(), 1e-12, 1e-12, 0},
		{50, 32, 0.5, 1, 26112, 642.88, math.NaN(), 1e-12, 1e-12, 0},
	} {
		v, err := GradV(tc.n, tc.d, tc.rho, tc.sx2)
		if err != nil {
			t.Fatal(err)
		}
		qp, _ := GradQ(tc.n, tc.d, tc.rho, tc.sx2, FormPaper)
		qe, _ := GradQ(tc.n, tc.d, tc.rho, tc.sx2, FormExact)
		if !near(v, tc.v, tc.relV) || !near(qp, tc.qPaper, tc.relQ) {
			t.Errorf("n=%d d=%d ρ=%v: eq17 %v (want %v), eq18 %v (want %v)", tc.n, tc.d, tc.rho, v, tc.v, qp, tc.qPaper)
		}
		if !math.IsNaN(tc.qExact) && !near(qe, tc.qExact, tc.relExact) {
			t.Errorf("n=%d d=%d ρ=%v: exact %v, want %v", tc.n, tc.d, tc.rho, qe, tc.qExact)
		}
	}
	// #16/#17 endpoints.
	n, d := 7, 5
	if v, _ := GradV(n, d, 1, 1.5); !near(v, 1.5*25*7, 1e-14) {
		t.Errorf("eq17 ρ=1: %v, want σ²d²n", v)
	}
	if v, _ := GradV(n, d, -1.0/6, 1.5); math.Abs(v) > 1e-12 {
		t.Errorf("eq17 ρ=−1/(n−1): %v, want 0", v)
	}
	for _, f := range []Form{FormPaper, FormExact} {
		if q, _ := GradQ(n, d, 1, 1.5, f); q != 0 {
			t.Errorf("eq18 (%v) at ρ=1: %v, want 0", f, q)
		}
		prev := math.Inf(1)
		for r := -1.0 / 6; r <= 1; r += 0.01 {
			q, _ := GradQ(n, d, r, 1, f)
			if !(q < prev) && r < 0.999 {
				t.Errorf("eq18 (%v) not decreasing at ρ = %v", f, r)
			}
			prev = q
		}
	}
	if q, _ := GradQ(n, d, 0, 1, FormPaper); !near(q, 6.0*5*12/7, 1e-14) {
		t.Errorf("#17 ρ=0, σ=1: %v, want (n−1)d(n+d)/n", q)
	}
	// #20: eq. (47).
	for _, tc := range []struct {
		n, d     int
		rho, sx2 float64
		tau      float64
	}{
		{25, 512, 0, 1, 0.996580}, {25, 512, 0.05, 1, 1.555965}, {25, 512, 0.1, 1, 2.041781},
		{25, 512, 0, 0.5, 1.993160}, {50, 32, 0, 1, 0.631037},
	} {
		got, err := Tau(tc.n, tc.d, tc.rho, tc.sx2, FormPaper)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.tau) > 1e-6 {
			t.Errorf("τ(n=%d, d=%d, ρ=%v, σ²=%v) = %.7f, want %.6f", tc.n, tc.d, tc.rho, tc.sx2, got, tc.tau)
		}
	}
	if tau, _ := Tau(25, 512, 0, 1, FormPaper); math.Abs(tau*tau-0.993172) > 1e-6 {
		t.Errorf("τ² = %v, want 0.993172", tau*tau)
	}
	// Balance: τ² GradQ = GradV for both forms.
	for _, f := range []Form{FormPaper, FormExact} {
		tau, _ := Tau(9, 11, 0.37, 0.8, f)
		q, _ := GradQ(9, 11, 0.37, 0.8, f)
		v, _ := GradV(9, 11, 0.37, 0.8)
		if !near(tau*tau*q, v, 1e-13) {
			t.Errorf("%v: τ²·q = %v, v = %v", f, tau*tau*q, v)
		}
	}
	// Fig. 13/14 reference: ln ratio 0.380 (ρ = 0), −2.711 (ρ = 0.5), n = 10, d = 16.
	for _, tc := range []struct{ rho, want float64 }{{0, 0.380}, {0.5, -2.711}} {
		got, _ := LogRatioQV(10, 16, tc.rho, 1, FormPaper)
		if math.Abs(got-tc.want) > 5e-4 {
			t.Errorf("ln ratio ρ = %v: %.4f, want %.3f", tc.rho, got, tc.want)
		}
	}
	// App. C.3 warm-up read as min(1, step/1000).
	for _, tc := range []struct {
		step int
		want float64
	}{{0, 0}, {250, 2.125}, {1000, 8.5}, {5000, 8.5}} {
		if got := TauWarmup(8.5, tc.step, 1000); got != tc.want {
			t.Errorf("TauWarmup(step %d) = %v, want %v", tc.step, got, tc.want)
		}
	}
}

// Lemma A.7 (lib/sources/noci2022.md#check-21) on the logit variance: hand values.
func TestLogitVariance(t *testing.T) {
	if got := LogitVariance(2, 3, 4, Layer{}); !near(got, 6.0/16, 1e-15) {
		t.Errorf("default init: %v, want 6/16", got)
	}
	if got := LogitVariance(2, 3, 4, Layer{DK: 8}); !near(got, 6.0/64, 1e-15) {
		t.Errorf("d_k = 8: %v, want 6/64", got)
	}
	// Small-logit uniformity gap for X_a, d_k = 2: (1/4)·4·(4/3)/3⁴ = 4/243.
	if got := UniformityGapSmallLogit(TokenStats(xA), Layer{}); !near(got, 4.0/243, 1e-14) {
		t.Errorf("UniformityGapSmallLogit(X_a) = %v, want 4/243", got)
	}
}

// Bad parameters give errors naming the parameter and the range.
func TestBadParameters(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"n<2", func() error { _, e := GradV(1, 4, 0, 1); return e }(), "n = 1, want an integer >= 2"},
		{"rho low", func() error { _, e := GradQ(5, 4, -0.3, 1, FormExact); return e }(), "rho = -0.3, want a correlation in [-1/(n-1), 1] = [-0.25, 1]"},
		{"rho high", func() error { _, e := RhoDepth(5, 1.2, 1, 3); return e }(), "rho0 = 1.2"},
		{"variance", func() error { _, e := GradV(5, 4, 0, -1); return e }(), "sigma_x2 = -1, want in [0, +inf)"},
		{"d", func() error { _, e := Tau(5, 0, 0, 1, FormPaper); return e }(), "d = 0, want an integer >= 1"},
		{"tau rho=1", func() error { _, e := Tau(5, 4, 1, 1, FormPaper); return e }(), "rho = 1, want < 1"},
		{"tau sx2=0", func() error { _, e := Tau(5, 4, 0, 0, FormPaper); return e }(), "sigma_x2 = 0"},
		{"alpha", func() error { _, _, e := Propagate(4, 4, 4, -1, 0, 2); return e }(), "alpha1^2 = -1"},
		{"cauchy", func() error { _, _, e := Propagate(4, 17, 4, 1, 0, 2); return e }(), "Cauchy"},
		{"depth", func() error { _, e := ResidualAlpha2(1, 0, SqrtL); return e }(), "depth = 0"},
		{"overflow", func() error { _, _, e := Propagate(4, 4, 4, 1, 1, 2000); return e }(), "not finite"},
		{"rho limit n", func() error { _, e := RhoLimit(0, 0, 1, SqrtL); return e }(), "n = 0"},
		// Several bad parameters: the first in the check order (n, d, ρ, σ²) is named.
		{"n and d", func() error { _, e := GradV(1, 0, 2, -1); return e }(), "n = 1, want an integer >= 2"},
		{"d and rho", func() error { _, e := GradV(5, 0, 2, -1); return e }(), "d = 0, want an integer >= 1"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want containing %q", tc.name, tc.err, tc.want)
		}
		if tc.err != nil && !strings.Contains(tc.want, "not finite") && !errors.Is(tc.err, ErrParam) {
			t.Errorf("%s: %v does not wrap ErrParam", tc.name, tc.err)
		}
	}
	// The lower edge ρ = −1/(n−1) itself is valid.
	if _, err := GradV(5, 4, -0.25, 1); err != nil {
		t.Errorf("ρ = −1/(n−1) rejected: %v", err)
	}
}
