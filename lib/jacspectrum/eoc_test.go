package jacspectrum

import (
	"math"
	"testing"
)

// Edge of chaos from q* (spec §7 checks 10, 11, 7): closed forms for erf
// and hard tanh, quadrature for tanh and the generic path (hard tanh and
// erf recomputed by quadrature must agree with their closed forms to 1e-10);
// references to the printed digits.
func TestEoCSigmaB2(t *testing.T) {
	cases := []struct {
		act        Activation
		q, sw, sb  float64
		tolW, tolB float64
	}{
		{Erf, 0.25, 1.336188, 6.8464e-3, 1e-6, 1e-7},
		{Erf, 1, 2.035090, 0.148361, 1e-6, 1e-6},
		{HardTanh, 0.25, 1.0476692, 8.89545e-3, 1e-7, 1e-8},
		{HardTanh, 0.5, 1.1866608, 0.0596351, 1e-7, 1e-7},
		{HardTanh, 1, 1.4647948, 0.2440801, 1e-7, 1e-7},
		{Tanh, 0.5, 1.687975, 0.0380412, 1e-6, 1e-7},
		{Tanh, 1.5, 2.532482, 0.314069, 1e-6, 1e-6},
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
		for _, act := range []Activation{HardTanh, Erf} {
			sw, sb := EoCSigmaB2(act, q)
			phi, _ := Phi(act)
			swq := 1 / MuQuad(act, q, 1)
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
	if _, err := QStarFromSigmaB2(ReLU, 0.1); err == nil {
		t.Error("ReLU with σ_b > 0 must be an error")
	}
}
