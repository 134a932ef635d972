package tokengeom

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
)

// relClose reports |got−want| <= tol·max(1, |want|)... but relative for
// large values: tol·|want| when |want| >= 1.
func relClose(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func TestAttQPReference(t *testing.T) {
	// Reference values: lib/sources/cowsik2024.md#checks "AttQP(q,p,n=256,d=64,σA²)", computed with
	// the numpy/scipy reference implementation of eq. (10); tolerance
	// 1e-9 relative (the printed values have 12 significant digits).
	cases := []struct {
		q, p, s2 float64
		wq, wp   float64
	}{
		{64, 32, 1, 32.205569232534, 32.160325300288},
		{64, 0, 1, 0.675039565634, 0.25},
		{64, 0, 25, 63.999999773349, 0.25},
		{64, 63.36, 1, 63.362525026289, 63.362524774795},
		{100, 50, 4, 32.901141986183, 32.337519782817},
		{64, 32, 0, 32.125, 32.125},
	}
	for _, c := range cases {
		q, p := AttQP(c.q, c.p, 256, 64, c.s2)
		if !relClose(q, c.wq, 1e-9) || !relClose(p, c.wp, 1e-9) {
			t.Errorf("AttQP(%v,%v,σA²=%v) = (%.12f, %.12f), want (%.12f, %.12f)", c.q, c.p, c.s2, q, p, c.wq, c.wp)
		}
	}
}

// attQPNaive is eq. (10) exactly as printed (exponentials, no sigmoid),
// an independent transcription for moderate arguments.
func attQPNaive(q, p float64, n int, d, s2 float64) (float64, float64) {
	rho := p / q
	e1 := math.Exp(s2 * (rho - 1))
	e2 := math.Exp(s2 * rho * (rho - 1))
	fn := float64(n - 1)
	return d / q * (q + p*fn*e1) / (1 + fn*e1), d / q * (q + p*fn*e2) / (1 + fn*e2)
}

func TestAttQPIdentities(t *testing.T) {
	type tc struct {
		name string
		q, p float64
		n    int
		d    float64
		s2   float64
	}
	grid := []tc{
		{"mid", 3, 1.2, 10, 16, 2},
		{"negative p", 3, -0.2, 10, 16, 2},
		{"few tokens", 5, 4, 2, 8, 0.3},
		{"many tokens", 1, 0.5, 4096, 128, 5},
	}
	for _, c := range grid {
		// Sigmoid form equals the printed form (rounding only: 1e-13).
		q, p := AttQP(c.q, c.p, c.n, c.d, c.s2)
		nq, np := attQPNaive(c.q, c.p, c.n, c.d, c.s2)
		if !relClose(q, nq, 1e-13) || !relClose(p, np, 1e-13) {
			t.Errorf("%s: sigmoid form (%v,%v) vs printed eq. (10) (%v,%v)", c.name, q, p, nq, np)
		}
		// Check 1: σ_A = 0 gives q′ = p′ = (d/q)(q+(n−1)p)/n exactly.
		q0, p0 := AttQP(c.q, c.p, c.n, c.d, 0)
		w := c.d / c.q * (c.q + float64(c.n-1)*c.p) / float64(c.n)
		if !relClose(q0, w, 1e-13) || !relClose(p0, w, 1e-13) {
			t.Errorf("%s: σA=0 gives (%v,%v), want %v twice", c.name, q0, p0, w)
		}
		// Check 2: p = q gives (d, d) for any σ_A.
		qq, pq := AttQP(c.q, c.q, c.n, c.d, c.s2)
		if qq != c.d || pq != c.d {
			t.Errorf("%s: p=q gives (%v,%v), want (%v,%v)", c.name, qq, pq, c.d, c.d)
		}
		// Check 3: p = 0 gives p′ = d/n exactly and q′ = d/(1+(n−1)e^{−σA²}).
		qz, pz := AttQP(c.q, 0, c.n, c.d, c.s2)
		wq := c.d / (1 + float64(c.n-1)*math.Exp(-c.s2))
		if !relClose(pz, c.d/float64(c.n), 1e-14) || !relClose(qz, wq, 1e-13) {
			t.Errorf("%s: p=0 gives (%v,%v), want (%v,%v)", c.name, qz, pz, wq, c.d/float64(c.n))
		}
		// Check 4: q′ >= p′ for ρ in [0, 1].
		for r := 0.0; r <= 1; r += 0.05 {
			a, b := AttQP(c.q, r*c.q, c.n, c.d, c.s2)
			if a < b-1e-12*c.d {
				t.Errorf("%s: q′ < p′ at ρ=%v: %v < %v", c.name, r, a, b)
			}
		}
	}
	// P2: p = 0, large σA² gives q′ → d (64·(1 − 255e^{−25}) to 1e-9).
	q, _ := AttQP(64, 0, 256, 64, 25)
	if math.Abs(q-64) > 1e-6 {
		t.Errorf("large σA², p=0: q′ = %v, want → 64", q)
	}
}

func TestAttQPCubicGap(t *testing.T) {
	// Check 4: q′ − p′ = O(ε³) near collapse with coefficient ≈
	// dσA²(n−1)/n² (lib/sources/cowsik2024.md: 0.015654 numerically vs 0.015564 leading order at
	// ε = 1e-4, σA² = 4). The O(ε) correction is relative 1e-4·O(n), so
	// compare the ratio at ε = 1e-4 to 1% and check cubic scaling between
	// ε = 1e-3 and 1e-4 (ratio 1000 within 2%).
	const n, d, s2 = 256, 64.0, 4.0
	gap := func(eps float64) float64 {
		// Evaluate in ρ directly; q = d.
		rho := 1 - eps
		ln1 := math.Log(n - 1)
		t1, t2 := s2*(rho-1), s2*rho*(rho-1)
		return d * (1 - rho) * (tgSigmoid(-t1-ln1) - tgSigmoid(-t2-ln1))
	}
	coef := gap(1e-4) / 1e-12
	lead := d * s2 * (n - 1) / (n * n)
	if math.Abs(coef/lead-1) > 0.01 {
		t.Errorf("cubic coefficient %v, leading order %v", coef, lead)
	}
	if r := gap(1e-3) / gap(1e-4); math.Abs(r/1000-1) > 0.02 {
		t.Errorf("gap ratio between ε=1e-3 and 1e-4 is %v, want ≈ 1000 (cubic)", r)
	}
	// The public map agrees with this evaluation.
	a, b := AttQP(d, d*(1-1e-4), n, d, s2)
	if !relClose(a-b, gap(1e-4), 1e-6) {
		t.Errorf("AttQP gap %v vs direct %v", a-b, gap(1e-4))
	}
}

func TestFAttResidual(t *testing.T) {
	// lib/sources/cowsik2024.md#checks: FAtt(64,32) at α_A = 8^{-1/2}, σA² = 1, n = 256, d = 64.
	a8 := 1 / math.Sqrt(8)
	q, p := FAtt(64, 32, a8, 256, 64, 1)
	if !relClose(q, 60.025696154067, 1e-9) || !relClose(p, 32.020040662536, 1e-9) {
		t.Errorf("FAtt = (%.12f, %.12f)", q, p)
	}
	// Check 5: α_A = 0 is the identity (exact).
	q, p = FAtt(3.5, 1.25, 0, 256, 64, 1)
	if q != 3.5 || p != 1.25 {
		t.Errorf("α_A = 0: FAtt = (%v, %v), want identity", q, p)
	}
}

func TestAttQPPanics(t *testing.T) {
	mustpanic.All(t, map[string]func(){
		"n < 2":        func() { AttQP(1, 0.5, 1, 64, 1) },
		"q = 0":        func() { AttQP(0, 0, 4, 64, 1) },
		"p > q":        func() { AttQP(1, 1.1, 4, 64, 1) },
		"p < −q/(n−1)": func() { AttQP(1, -0.5, 4, 64, 1) },
		"σA² < 0":      func() { AttQP(1, 0.5, 4, 64, -1) },
		"NaN":          func() { AttQP(1, math.NaN(), 4, 8, 1) },
		"α_A > 1":      func() { FAtt(1, 0.5, 1.5, 4, 8, 1) },
	})
}

// AttCurve against the closed forms of AttQP's doc comment: at σ_A² = 0 the
// output is rank one, q′/d = p′/d = (1 + (n−1)ρ)/n; at ρ = 1 it is (1, 1);
// at ρ = 0, p′/d = 1/n; and per unit width it does not depend on d.
func TestAttCurve(t *testing.T) {
	const n = 256
	rhos := []float64{0, 0.25, 0.5, 0.9, 1}
	q, p := AttCurve(rhos, n, 64, 0)
	for i, r := range rhos {
		want := (1 + (n-1)*r) / n
		if !relClose(q[i], want, 1e-14) || !relClose(p[i], want, 1e-14) {
			t.Errorf("σ_A² = 0, ρ = %g: (q′/d, p′/d) = (%v, %v), want both %v", r, q[i], p[i], want)
		}
	}
	q, p = AttCurve(rhos, n, 64, 4)
	if !relClose(q[4], 1, 1e-14) || !relClose(p[4], 1, 1e-14) {
		t.Errorf("ρ = 1: (%v, %v), want (1, 1)", q[4], p[4])
	}
	if !relClose(p[0], 1.0/n, 1e-14) {
		t.Errorf("ρ = 0: p′/d = %v, want 1/n = %v", p[0], 1.0/n)
	}
	q1, p1 := AttCurve(rhos, n, 1, 4)
	for i := range rhos {
		if !relClose(q1[i], q[i], 1e-14) || !relClose(p1[i], p[i], 1e-14) {
			t.Errorf("ρ = %g: d = 1 gives (%v, %v), d = 64 (%v, %v)", rhos[i], q1[i], p1[i], q[i], p[i])
		}
	}
	// The curve is AttQP itself, point by point.
	for i, r := range rhos {
		qq, pp := AttQP(64, 64*r, n, 64, 4)
		if q[i] != qq/64 || p[i] != pp/64 {
			t.Errorf("ρ = %g: AttCurve (%v, %v), AttQP/d (%v, %v)", r, q[i], p[i], qq/64, pp/64)
		}
	}
}
