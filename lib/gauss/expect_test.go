package gauss

import (
	"fmt"
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"gonum.org/v1/gonum/integrate/quad"
)

var (
	pwPoly = math.Inf(1)
	relu   = func(x float64) float64 { return math.Max(x, 0) }
	step   = func(x float64) float64 {
		if x > 0 {
			return 1
		}
		return 0
	}
	htanh  = func(x float64) float64 { return math.Max(-1, math.Min(1, x)) }
	erfS   = func(x float64) float64 { return math.Erf(math.Sqrt(math.Pi) / 2 * x) }
	tanh2  = func(x float64) float64 { t := math.Tanh(x); return t * t }
	sReLU  = &Settings{Breakpoints: []float64{0}, Scale: pwPoly}
	sHtanh = &Settings{Breakpoints: []float64{-1, 1}, Scale: pwPoly}
)

func relErr(got, want float64) float64 {
	if want == 0 {
		return math.Abs(got)
	}
	return math.Abs(got-want) / math.Abs(want)
}

// trapezoid is an independent method for analytic integrands: the
// trapezoid rule on a uniform z-grid converges geometrically (lib/sources/cowsik2024.md#numerics: |z| ≤ 10, h = min(0.05, 0.1/s) gives ~1e-14). We
// use a 4x finer step.
func trapezoid(f func(float64) float64, q float64) float64 {
	s := math.Sqrt(q)
	h := math.Min(0.0125, 0.025/s)
	n := int(10 / h)
	var sum float64
	for i := -n; i <= n; i++ {
		z := float64(i) * h
		sum += f(s*z) * math.Exp(-z*z/2)
	}
	return sum * h * invSqrt2Pi
}

func TestExpect1D(t *testing.T) {
	// hardTanh2 is E[clip(√q z)²], closed form of F5 of lib/sources/tanner2024.md#formulas.
	hardTanh2 := func(q float64) float64 {
		tt := 1 / math.Sqrt(2*q)
		return q*math.Erf(tt) - math.Sqrt(2*q/math.Pi)*math.Exp(-1/(2*q)) + math.Erfc(tt)
	}
	cases := []struct {
		name string
		f    func(float64) float64
		s    *Settings
		q    float64
		want float64
		tol  float64 // relative; why in the comment of each group
	}{
		// Closed forms for smooth integrands: target 1e-13.
		{"z^2", func(x float64) float64 { return x * x }, nil, 2.5, 2.5, 1e-13},
		{"z^4", func(x float64) float64 { return x * x * x * x }, nil, 0.3, 3 * 0.09, 1e-13},
		{"z^8", func(x float64) float64 { return math.Pow(x, 8) }, nil, 1, 105, 1e-12},
		{"cos q=1", math.Cos, nil, 1, math.Exp(-0.5), 1e-14},
		{"cos q=4", math.Cos, nil, 4, math.Exp(-2), 1e-13},
		{"exp q=2", math.Exp, nil, 2, math.E, 1e-13},
		// E erf(√π u/2)² = (2/π) asin(πq/(2+πq)) (Williams 1997; F5 of lib/sources/tanner2024.md#formulas).
		{"erf^2 q=0.25", func(x float64) float64 { return erfS(x) * erfS(x) }, nil, 0.25, 2 / math.Pi * math.Asin(math.Pi*0.25/(2+math.Pi*0.25)), 1e-13},
		{"erf^2 q=30", func(x float64) float64 { return erfS(x) * erfS(x) }, nil, 30, 2 / math.Pi * math.Asin(math.Pi*30/(2+math.Pi*30)), 1e-13},
		// E exp(-π u²/4)^2 = 1/sqrt(1+π q) (μ1 of erf, P18 Table 1).
		{"erf' ^2", func(x float64) float64 { return math.Exp(-math.Pi * x * x / 2) }, nil, 0.7, 1 / math.Sqrt(1+math.Pi*0.7), 1e-13},
		// Kinked integrands, closed forms; breakpoints declared: 1e-13.
		{"relu^2", func(x float64) float64 { return relu(x) * relu(x) }, sReLU, 3, 1.5, 1e-13},
		{"relu", relu, sReLU, 2, math.Sqrt(2 / (2 * math.Pi)), 1e-13},
		{"step", step, sReLU, 0.1, 0.5, 1e-14},
		{"step q=0 (limit)", step, sReLU, 0, 0.5, 0},
		{"htanh^2 q=0.5", func(x float64) float64 { return htanh(x) * htanh(x) }, sHtanh, 0.5, hardTanh2(0.5), 1e-13},
		{"htanh^2 q=1e-3", func(x float64) float64 { return htanh(x) * htanh(x) }, sHtanh, 1e-3, hardTanh2(1e-3), 1e-13},
		{"htanh^2 q=50", func(x float64) float64 { return htanh(x) * htanh(x) }, sHtanh, 50, hardTanh2(50), 1e-13},
		{"1{|u|<1} q=0.25", func(x float64) float64 { return step(1 - math.Abs(x)) }, sHtanh, 0.25, math.Erf(1 / math.Sqrt(0.5)), 1e-13},
		// Variance 0: the value at 0.
		{"cos q=0", math.Cos, nil, 0, 1, 0},
	}
	for _, c := range cases {
		got := Expect(c.f, c.q, c.s)
		if e := relErr(got, c.want); !(e <= c.tol) {
			t.Errorf("%s: got %.16g want %.16g (rel err %.2e > %.0e)", c.name, got, c.want, e, c.tol)
		}
	}
}

// TestExpectWideTanh checks tanh-type integrands over six decades of
// variance. Smooth integrands take the trapezoid path; two independent
// references: (a) the same integral on the Gauss–Legendre panel path,
// forced by declaring a (harmless) breakpoint at 0; (b) a 4–16× finer
// trapezoid rule. Tolerance 1e-12 relative.
func TestExpectWideTanh(t *testing.T) {
	sech4 := func(x float64) float64 { s := 1 - tanh2(x); return s * s }
	gl := &Settings{Breakpoints: []float64{0}}
	for _, q := range []float64{1e-4, 0.01, 0.3, 1, 4, 25, 100} {
		for name, f := range map[string]func(float64) float64{"tanh^2": tanh2, "sech^4": sech4} {
			got := Expect(f, q, nil)
			if want := Expect(f, q, gl); relErr(got, want) > 1e-12 {
				t.Errorf("%s q=%g: trapezoid path %.16g, Gauss–Legendre path %.16g (rel %.2e)", name, q, got, want, relErr(got, want))
			}
			if want := trapezoid(f, q); relErr(got, want) > 1e-12 {
				t.Errorf("%s q=%g: got %.16g fine trapezoid %.16g (rel %.2e)", name, q, got, want, relErr(got, want))
			}
		}
	}
}

// TestPowersOfSech: μ_k of tanh, E sech^{4k}(√q z), k = 1..8. The poles of
// sech² at ±iπ/2 stay where they are when it is raised to the power 2k,
// but their order grows to 4k, and the trapezoid rule's error constant
// with it (its error is the Fourier transform of the integrand at 2π/step,
// which for a pole of order m carries a factor ~(2π/(step√q))^{m−1}/(m−1)!).
// Scale 1 (right for tanh, tanh², sech⁴) is therefore too coarse for
// higher powers: the relative error grows from 1e-13 at k = 2 to 2e-11 at
// k = 3 and 3e-6 at k = 8 (q = 0.5). Scale 1/√k restores ~1e-15 for all
// k ≤ 8 and every q; activation.Func.Mu does this. Reference values:
// mpmath 1.3.0, mp.dps = 40,
//
//	mp.quad(lambda z: mp.sech(mp.sqrt(q)*z)**(4*k)*mp.exp(-z*z/2)/mp.sqrt(2*mp.pi),
//	        [-mp.inf, -6, -3, -1, 0, 1, 3, 6, mp.inf])
//
// (printed to 22 digits). Tolerance 1e-14 relative: observed ≤ 1.5e-15.
func TestPowersOfSech(t *testing.T) {
	ref := []struct {
		q  float64
		mu [8]float64 // μ_1..μ_8
	}{
		{0.1, [8]float64{0.8492070684064720111152, 0.7497889837714670453735, 0.6782785195605171992585, 0.6237821415913537308288, 0.5805190314539813706168, 0.5451155876376473940845, 0.515458795332866397891, 0.4901510481357051366676}},
		{0.5, [8]float64{0.5924257933717963939799, 0.4559935292131940522822, 0.3837091252050127826909, 0.3374373929216054170607, 0.3046236980951573958942, 0.2798122409095297784179, 0.2602085061105170266995, 0.2442157160313293592104}},
		{1, [8]float64{0.464402902448268241972, 0.3415092073166635394721, 0.2822723630638546809698, 0.2458979446940455185221, 0.2206974704428699949662, 0.2019245361149165294125, 0.1872445985720370229254, 0.1753593792932503033887}},
		{3, [8]float64{0.292017130692002280662, 0.2057905883956442680072, 0.1676599886719886004557, 0.1450101855914083525633, 0.1295923489509761530635, 0.1182319302419843743727, 0.109414417065636864237, 0.1023141028393990640648}},
		{10, [8]float64{0.1655724207697086595673, 0.1145341615268477565629, 0.09278713407954842701942, 0.08003520289281038822829, 0.07141225486161691240726, 0.06508420145054543316237, 0.06018599538291355772562, 0.05624945452416028849085}},
	}
	for _, r := range ref {
		for k := 1; k <= 8; k++ {
			f := func(x float64) float64 {
				s := 1 - tanh2(x)
				return math.Pow(s*s, float64(k))
			}
			got := Expect(f, r.q, &Settings{Scale: 1 / math.Sqrt(float64(k))})
			if e := relErr(got, r.mu[k-1]); e > 1e-14 {
				t.Errorf("q=%g k=%d: Scale 1/√k: %.17g, mpmath %.17g (rel %.2g)", r.q, k, got, r.mu[k-1], e)
			}
		}
	}
	// The limit of the default: at Scale 1 the error at k = 3, q = 0.5 is
	// ~2e-11, far above the 1e-13 the package promises for tanh², sech⁴.
	sech12 := func(x float64) float64 { s := 1 - tanh2(x); return s * s * s * s * s * s }
	if e := relErr(Expect(sech12, 0.5, nil), ref[1].mu[2]); e < 1e-12 {
		t.Errorf("sech¹² at q=0.5, Scale 1: rel error %.2g; if the default rule improved, update the Settings.Scale doc", e)
	}
}

// TestCowsikQ1: Q₁(σ_w) = E tanh²(σ_w z), reference values of
// lib/sources/cowsik2024.md#reference-numbers (printed to 12 decimals, computed
// there by a trapezoid rule reaching ~1e-14): tolerance 1e-12 absolute.
func TestCowsikQ1(t *testing.T) {
	for _, c := range []struct{ sw, want float64 }{
		{0.5, 0.173516143432}, {1, 0.394294490398}, {1.5, 0.540648380904},
		{2, 0.635261234257}, {2.5, 0.699420582288}, {5, 0.842961759563},
	} {
		if got := Expect(tanh2, c.sw*c.sw, nil); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Q1(%v) = %.13f, want %.12f", c.sw, got, c.want)
		}
	}
}

// TestHermiteFailsOnKinks documents why Gauss–Hermite is not used: on the
// hard-tanh second moment and the indicator φ′², GH-200 is off by far more
// than our rule (lib/sources/tanner2024.md#erratum-22). The test fails if GH ever became
// accurate here (which would make the pitfall note wrong).
func TestHermiteFailsOnKinks(t *testing.T) {
	q := 0.5
	ind := func(x float64) float64 { return step(1 - math.Abs(x)) }
	want := math.Erf(1 / math.Sqrt(2*q))
	gh := hermite(ind, q, 200)
	ours := Expect(ind, q, sHtanh)
	if relErr(ours, want) > 1e-13 {
		t.Fatalf("piecewise rule: rel err %.2e", relErr(ours, want))
	}
	if relErr(gh, want) < 1e-3 {
		t.Errorf("GH-200 on 1{|u|<1}: rel err %.2e, expected > 1e-3", relErr(gh, want))
	}
	t.Logf("E 1{|u|<1}, q=0.5: GH-200 rel err %.2e, piecewise GL %.2e", relErr(gh, want), relErr(ours, want))
}

// TestHermiteFailsOnWideTanh: GH-101 on E sech⁴(σ z) at σ = 5 is off by
// ~0.24 relative (lib/sources/cowsik2024.md#numerics); our rule is not.
func TestHermiteFailsOnWideTanh(t *testing.T) {
	sech4 := func(x float64) float64 { s := 1 - tanh2(x); return s * s }
	q := 25.0
	want := trapezoid(sech4, q)
	gh := hermite(sech4, q, 101)
	if relErr(gh, want) < 0.05 {
		t.Errorf("GH-101 rel err %.2e; the notes (lib/sources/tanner2024.md) report 0.24", relErr(gh, want))
	}
	if e := relErr(Expect(sech4, q, nil), want); e > 1e-12 {
		t.Errorf("ours rel err %.2e", e)
	}
}

func hermite(f func(float64) float64, q float64, n int) float64 {
	x := make([]float64, n)
	w := make([]float64, n)
	quad.Hermite{}.FixedLocations(x, w, math.Inf(-1), math.Inf(1))
	var sum float64
	for i := range x {
		sum += w[i] * f(math.Sqrt(2*q)*x[i])
	}
	return sum / math.Sqrt(math.Pi)
}

func TestExpect2ClosedForms(t *testing.T) {
	arccos := func(q1, q2, c float64) float64 { // Cho & Saul 2009; F5 of lib/sources/tanner2024.md#formulas
		return math.Sqrt(q1*q2) / (2 * math.Pi) * (math.Sqrt(1-c*c) + (math.Pi-math.Acos(c))*c)
	}
	erfK := func(q1, q2, c float64) float64 { // Williams 1997
		return 2 / math.Pi * math.Asin(math.Pi*c*math.Sqrt(q1*q2)/math.Sqrt((2+math.Pi*q1)*(2+math.Pi*q2)))
	}
	stepK := func(c float64) float64 { return (math.Pi - math.Acos(c)) / (2 * math.Pi) } // E 1{u>0}1{v>0}
	for _, c := range []float64{-1, -0.999999, -0.7, -0.1, 0, 0.2, 0.5, 0.9, 0.99999, 1 - 1e-9, 1 - 1e-12, 1} {
		for _, qq := range [][2]float64{{1, 1}, {0.3, 2}, {4, 0.01}} {
			q1, q2 := qq[0], qq[1]
			name := fmt.Sprintf("c=%v q=%v", c, qq)
			// Linear kernel: smooth, exact polynomial: 1e-13 absolute.
			if got, want := Expect2(func(x float64) float64 { return x }, func(x float64) float64 { return x }, q1, q2, c, nil, nil), c*math.Sqrt(q1*q2); math.Abs(got-want) > 1e-13 {
				t.Errorf("linear %s: got %.16g want %.16g", name, got, want)
			}
			// ReLU (kink at 0 in both): 1e-12 absolute (values are O(1)).
			if got, want := Expect2(relu, relu, q1, q2, c, sReLU, sReLU), arccos(q1, q2, c); math.Abs(got-want) > 1e-12*math.Sqrt(q1*q2) {
				t.Errorf("relu %s: got %.16g want %.16g diff %.2e", name, got, want, got-want)
			}
			// Step (jump at 0): the arc-cosine kernel of degree 0.
			if got, want := Expect2(step, step, q1, q2, c, sReLU, sReLU), stepK(c); math.Abs(got-want) > 1e-11 {
				t.Errorf("step %s: got %.16g want %.16g diff %.2e", name, got, want, got-want)
			}
			if got, want := Expect2(erfS, erfS, q1, q2, c, nil, nil), erfK(q1, q2, c); math.Abs(got-want) > 1e-13 {
				t.Errorf("erf %s: got %.16g want %.16g diff %.2e", name, got, want, got-want)
			}
		}
	}
}

// TestExpect2HardTanhConditional checks the 2-D hard-tanh kernel against
// the conditional form of F5 of lib/sources/tanner2024.md#formulas (E clip(Y) for Y ~ N(μ, v) in closed
// form, the outer integral by the trapezoid rule with a very fine grid
// split at the kinks): an independent route. Tolerance 1e-9 absolute
// (limited by the trapezoid rule across the kinks of clip(√q z1), error
// O(h²) with h = 1e-5 ⇒ ~1e-10).
func TestExpect2HardTanhConditional(t *testing.T) {
	phiN := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	pdf := func(x float64) float64 { return invSqrt2Pi * math.Exp(-x*x/2) }
	eclip := func(mu, v float64) float64 {
		s := math.Sqrt(v)
		a, b := (-1-mu)/s, (1-mu)/s
		return mu*(phiN(b)-phiN(a)) - s*(pdf(b)-pdf(a)) + phiN(-b) - phiN(a)
	}
	for _, c := range []float64{-0.6, 0.3, 0.8, 0.99} {
		q := 0.7
		sq := math.Sqrt(q)
		// Outer integral over z1 ∈ [-9, 9] by the midpoint rule on a
		// 1e-5 grid whose cells do not straddle the kinks ±1/√q... instead
		// use Simpson per piece between the kinks.
		simpson := func(lo, hi float64, n int) float64 {
			h := (hi - lo) / float64(n)
			var sum float64
			for i := 0; i <= n; i++ {
				z := lo + float64(i)*h
				w := 2.0
				if i == 0 || i == n {
					w = 1
				} else if i%2 == 1 {
					w = 4
				}
				sum += w * htanh(sq*z) * eclip(sq*c*z, q*(1-c*c)) * pdf(z)
			}
			return sum * h / 3
		}
		k := 1 / sq
		want := simpson(-9, -k, 20000) + simpson(-k, k, 20000) + simpson(k, 9, 20000)
		got := Expect2(htanh, htanh, q, q, c, sHtanh, sHtanh)
		if math.Abs(got-want) > 1e-10 {
			t.Errorf("c=%v: got %.16g conditional %.16g diff %.2e", c, got, want, got-want)
		}
	}
}

func TestExpect2Symmetry(t *testing.T) {
	// E f(u)g(v) = E g(v)f(u): swapping the roles is an independent
	// decomposition (outer/inner exchanged). Tolerance 1e-12.
	f := func(x float64) float64 { return math.Tanh(x) + 0.3 }
	for _, c := range []float64{-0.9, 0.4, 0.999} {
		a := Expect2(f, htanh, 0.5, 2, c, nil, sHtanh)
		b := Expect2(htanh, f, 2, 0.5, c, sHtanh, nil)
		if math.Abs(a-b) > 1e-12 {
			t.Errorf("c=%v: %.16g vs %.16g", c, a, b)
		}
	}
}

func TestPanics(t *testing.T) {
	mustpanic.Check(t, "negative variance", func() { Expect(math.Cos, -1, nil) })
	mustpanic.Check(t, "NaN variance", func() { Expect(math.Cos, math.NaN(), nil) })
	mustpanic.Check(t, "Inf variance", func() { Expect(math.Cos, math.Inf(1), nil) })
	mustpanic.Check(t, "c > 1", func() { Expect2(math.Cos, math.Cos, 1, 1, 1.1, nil, nil) })
	mustpanic.Check(t, "bad order", func() { Expect(math.Cos, 1, &Settings{Order: 1}) })
	mustpanic.Check(t, "negative scale", func() { Expect(math.Cos, 1, &Settings{Scale: -1}) })
}

// TestNoNaN: for variances over [0, 1e4] and any c in
// [-1, 1], bounded integrands give finite results.
func TestNoNaN(t *testing.T) {
	for _, q := range []float64{0, 1e-300, 1e-12, 1, 1e2, 1e4} {
		for _, c := range []float64{-1, -0.5, 0, 1e-300, 0.5, 1 - 1e-16, 1} {
			v := Expect2(math.Tanh, htanh, q, 1, c, nil, sHtanh)
			w := Expect(htanh, q, sHtanh)
			if math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(w) || math.IsInf(w, 0) {
				t.Errorf("q=%v c=%v: %v %v", q, c, v, w)
			}
		}
	}
}

func ExampleExpect() {
	// E[ReLU(u)²] for u ~ N(0, 2) is q/2 = 1.
	relu := func(x float64) float64 { return math.Max(x, 0) }
	s := &Settings{Breakpoints: []float64{0}, Scale: math.Inf(1)}
	fmt.Printf("%.12f\n", Expect(func(x float64) float64 { return relu(x) * relu(x) }, 2, s))
	// Output: 1.000000000000
}

var sink float64

func BenchmarkExpectTanh(b *testing.B) {
	for b.Loop() {
		sink += Expect(tanh2, 1, nil)
	}
}

func BenchmarkExpect2Tanh(b *testing.B) {
	for b.Loop() {
		sink += Expect2(math.Tanh, math.Tanh, 1, 1, 0.5, nil, nil)
	}
}
