package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// Edge of chaos from q* (spec §7 checks 10, 11, 7): closed forms for erf
// and hard tanh, quadrature for tanh and the generic path (hard tanh and
// erf recomputed by quadrature must agree with their closed forms to 1e-10);
// references to the printed digits.
func TestEoCSigmaB2(t *testing.T) {
	cases := []struct {
		act        activation.Func
		q, sw, sb  float64
		tolW, tolB float64
	}{
		{activation.Erf(), 0.25, 1.336188, 6.8464e-3, 1e-6, 1e-7},
		{activation.Erf(), 1, 2.035090, 0.148361, 1e-6, 1e-6},
		{activation.HardTanh(), 0.25, 1.0476692, 8.89545e-3, 1e-7, 1e-8},
		{activation.HardTanh(), 0.5, 1.1866608, 0.0596351, 1e-7, 1e-7},
		{activation.HardTanh(), 1, 1.4647948, 0.2440801, 1e-7, 1e-7},
		{activation.Tanh(), 0.5, 1.687975, 0.0380412, 1e-6, 1e-7},
		{activation.Tanh(), 1.5, 2.532482, 0.314069, 1e-6, 1e-6},
	}
	for _, c := range cases {
		sw, sb := EoCSigmaB2(c.act, c.q)
		if math.Abs(sw-c.sw) > c.tolW || math.Abs(sb-c.sb) > c.tolB {
			t.Errorf("%s q*=%g: (%.8f, %.8g), spec (%g, %g)", c.act, c.q, sw, sb, c.sw, c.sb)
		}
		q, err := QStarFromSigmaB2(c.act, sb)
		if err != nil || math.Abs(q-c.q) > 1e-9*c.q {
			t.Errorf("%s: q* from σ_b² = %g, want %g (%v)", c.act, q, c.q, err)
		}
	}
	// closed forms vs the quadrature route of the same function
	for _, q := range []float64{0.1, 0.7, 2} {
		for _, act := range []activation.Func{activation.HardTanh(), activation.Erf()} {
			sw, sb := EoCSigmaB2(act, q)
			phi := act.Phi
			swq := 1 / act.WithoutClosedForms().Mu(q, 1)
			e := 0.0
			// E φ(√q z)² by trapezoid (independent of package gauss), step 1e-3.
			for i := -12000; i <= 12000; i++ {
				z := float64(i) * 1e-3
				v := phi(math.Sqrt(q) * z)
				e += 1e-3 * v * v * math.Exp(-z*z/2) / math.Sqrt(2*math.Pi)
			}
			if math.Abs(sw-swq) > 1e-10 || math.Abs(sb-(q-swq*e)) > 1e-6 {
				t.Errorf("%s q=%g: closed (%g, %g), quadrature (%g, %g)", act, q, sw, sb, swq, q-swq*e)
			}
		}
	}
	if _, err := QStarFromSigmaB2(activation.ReLU(), 0.1); err == nil {
		t.Error("ReLU with σ_b > 0 must be an error")
	}
}

// Murray's Shtanh table (spec §7 check 24): Shtanh_a at (q*, σ_b²) is hard
// tanh at (q*/a², y = σ_b²/a²) (F31), so q*/a² = QStarFromSigmaB2(hardtanh,
// y), p = erf(1/√(2q*/a²)), μ₂/μ₁² − 1 = 1/p − 1 and max|R − ρ| = R(0) =
// y/(q*/a²). References to half a unit of their printed digits (4–6,
// as relative tolerances 2e-6…5e-4); both deviations must
// decrease monotonically as y → 0.
func TestShtanhMurrayTable(t *testing.T) {
	ref := []struct{ y, q, sw, p, dev, r0 float64 }{
		{1.0, 2.38781, 2.072709, 0.482460, 1.073, 0.41879},
		{0.3, 1.12312, 1.527590, 0.654626, 0.5276, 0.26711},
		{0.1, 0.63216, 1.263406, 0.791511, 0.2634, 0.15819},
		{0.03, 0.37824, 1.116011, 0.896049, 0.1160, 0.07932},
		{0.01, 0.25915, 1.052061, 0.950515, 0.05206, 0.03859},
		{0.001, 0.14397, 1.008472, 0.991599, 0.008472, 0.006946},
	}
	prevDev, prevR := math.Inf(1), math.Inf(1)
	for _, r := range ref {
		q, err := QStarFromSigmaB2(activation.HardTanh(), r.y)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := BernoulliP(activation.HardTanh(), q)
		sw, _ := EoCSigmaB2(activation.HardTanh(), q)
		dev, r0 := 1/p-1, r.y/q
		if rel(q, r.q) > 2e-5 || rel(sw, r.sw) > 2e-6 || rel(p, r.p) > 2e-6 || rel(dev, r.dev) > 5e-4 || rel(r0, r.r0) > 1e-4 {
			t.Errorf("y=%g: q*/a²=%.6g σ_w²=%.7g p=%.7g dev=%.5g R(0)=%.6g; spec %+v", r.y, q, sw, p, dev, r0, r)
		}
		if !(dev < prevDev && r0 < prevR) {
			t.Errorf("y=%g: deviations not decreasing", r.y)
		}
		prevDev, prevR = dev, r0
	}
}
