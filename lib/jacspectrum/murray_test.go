package jacspectrum

import (
	"math"
	"testing"
)

// Murray against the Shtanh table of the spec (§7 check 24, derived there
// independently), to half a unit of its last printed digit: q*/a² and R(0)
// to 5 decimals, σ_w² and p to 6, 1/p − 1 to 4 significant digits; and the
// identities σ_w² = 1/p (F31.2) and R(0) = y/q* (F31.1).
func TestMurray(t *testing.T) {
	spec := []struct{ y, q, sw2, p, dev, r0 float64 }{
		{1, 2.38781, 2.072709, 0.482460, 1.073, 0.41879},
		{0.3, 1.12312, 1.527590, 0.654626, 0.5276, 0.26711},
		{0.1, 0.63216, 1.263406, 0.791511, 0.2634, 0.15819},
		{0.03, 0.37824, 1.116011, 0.896049, 0.1160, 0.07932},
		{0.01, 0.25915, 1.052061, 0.950515, 0.05206, 0.03859},
		{0.001, 0.14397, 1.008472, 0.991599, 0.008472, 0.006946},
	}
	prev := MurrayRow{Dev: math.Inf(1), R0: math.Inf(1)}
	for _, s := range spec {
		r, err := Murray(s.y, 8)
		if err != nil {
			t.Fatal(err)
		}
		devTol := 0.5 * math.Pow(10, math.Floor(math.Log10(s.dev))-3) // half a unit of the 4th significant digit
		if math.Abs(r.QStar-s.q) > 5e-6 || math.Abs(r.SigmaW2-s.sw2) > 5e-7 || math.Abs(r.P-s.p) > 5e-7 || math.Abs(r.Dev-s.dev) > devTol || math.Abs(r.R0-s.r0) > 5e-6 {
			t.Errorf("y = %g: got %+v, spec %+v", s.y, r, s)
		}
		if math.Abs(r.SigmaW2*r.P-1) > 1e-14 || r.Y != s.y || r.R0 != s.y/r.QStar {
			t.Errorf("y = %g: σ_w²·p = %v, R0 %v, y/q* %v", s.y, r.SigmaW2*r.P, r.R0, s.y/r.QStar)
		}
		// Murray's theorem: both deviations fall as y falls.
		if !(r.Dev < prev.Dev && r.R0 < prev.R0) || !(r.Var > 0) {
			t.Errorf("y = %g: deviations %v, %v not below %v, %v (variance %v)", s.y, r.Dev, r.R0, prev.Dev, prev.R0, r.Var)
		}
		prev = r
	}
	defer func() {
		if recover() == nil {
			t.Error("y = 0 did not panic")
		}
	}()
	Murray(0, 8)
}
