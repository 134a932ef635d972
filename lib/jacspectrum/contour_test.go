package jacspectrum

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// The deformed-path M_{D²} equals a brute-force trapezoid rule on the real
// line (step 2e-4 on |z| ≤ 12; for poles at distance ≳ 0.01 its error
// e^{−2π·0.01/2e-4} is negligible) to 1e-10, μ_k agree with the trapezoid
// rule to 1e-11 (package gauss with 32-node panels at Scale 1 was 2e-11 off
// for tanh μ₃ = E sech¹²(√q z) at q* = 0.5), and near the support
// (Im w = 1e-9) it stays finite with Im M < 0 and agrees with the erf Lerch series for |w| > 1. The
// 32-node-panel real-line rule (QuadratureD2) is visibly wrong at
// w = 0.9+0.05i for erf, q* = 0.25 (error ≈ 0.1): the reason for the
// deformation.
func TestContourD2(t *testing.T) {
	for _, c := range []struct {
		act activation.Func
		q   float64
	}{{activation.Erf(), 0.25}, {activation.Erf(), 0.005}, {activation.Tanh(), 0.5}, {activation.Tanh(), 0.05}, {activation.SmoothedReLU(), 0.03}, {activation.SmoothedReLU(), 0.0005}} {
		g := NewContourD2(c.act, c.q)
		dphi := c.act.DPhi
		for k := 1; k <= 3; k++ {
			want := trapezoidMu(dphi, c.q, k)
			if rel(g.Mu(k), want) > 1e-11 {
				t.Errorf("%s q=%g: μ_%d contour %.14g trapezoid %.14g", c.act, c.q, k, g.Mu(k), want)
			}
		}
		for _, w := range []complex128{complex(0.5, 0.3), complex(0.9, 0.05), complex(0.3, 0.1), complex(1.2, 0.05), complex(-0.5, 0.1), complex(0.95, -0.2)} {
			a, da := g.M(w)
			b, db := trapezoidM(dphi, c.q, w)
			if cmplx.Abs(a-b) > 1e-10*(1+cmplx.Abs(b)) || cmplx.Abs(da-db) > 1e-9*(1+cmplx.Abs(db)) {
				t.Errorf("%s q=%g w=%v: contour %v %v, trapezoid %v %v", c.act, c.q, w, a, da, b, db)
			}
		}
	}
	dphi := activation.Erf().DPhi
	w := complex(0.9, 0.05)
	a, _ := QuadratureD2(NewQuadratureD2(dphi, 0.25, nil, 1, 0)).M(w)
	b, _ := trapezoidM(dphi, 0.25, w)
	if cmplx.Abs(a-b) < 0.01 {
		t.Errorf("real-line rule unexpectedly accurate near the support: %v vs %v", a, b)
	}
	g := NewContourD2(activation.Erf(), 0.01)
	for _, w := range []complex128{complex(1.08, 1e-8), complex(1.3, 1e-8), complex(-2, 1e-8)} {
		a, _ := g.M(w)
		if l := erfMD2Lerch(w, 0.01); cmplx.Abs(a-l) > 1e-10 {
			t.Errorf("erf w=%v: contour %v, Lerch %v", w, a, l)
		}
	}
	for _, x := range []float64{0.97, 0.99, 0.995, 0.999} {
		a, _ := g.M(complex(x, 1e-9))
		if math.IsNaN(real(a)) || imag(a) >= 0 {
			t.Errorf("erf near support w=%g: M = %v (Im must be < 0)", x, a)
		}
	}
}

// trapezoidM is E[d/(w−d)] and −E[d/(w−d)²] by the trapezoid rule.
func trapezoidM(dphi func(float64) float64, q float64, w complex128) (complex128, complex128) {
	const h = 2e-4
	var m, dm complex128
	sq := math.Sqrt(q)
	for i := -60000; i <= 60000; i++ {
		z := float64(i) * h
		p := dphi(sq * z)
		d := complex(p*p, 0)
		r := 1 / (w - d)
		t := complex(h*math.Exp(-z*z/2)/math.Sqrt(2*math.Pi), 0) * d * r
		m += t
		dm -= t * r
	}
	return m, dm
}

// trapezoidMu is E φ′(√q z)^{2k} by the trapezoid rule (step 1e-4, |z| ≤ 12;
// spectrally accurate for these entire integrands).
func trapezoidMu(dphi func(float64) float64, q float64, k int) float64 {
	s := 0.0
	for i := -120000; i <= 120000; i++ {
		z := float64(i) * 1e-4
		p := dphi(math.Sqrt(q) * z)
		s += 1e-4 * math.Pow(p*p, float64(k)) * math.Exp(-z*z/2) / math.Sqrt(2*math.Pi)
	}
	return s
}
