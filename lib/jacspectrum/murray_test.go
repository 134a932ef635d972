package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Murray against independent routes: scale invariance (F31.3, Shtanh_2 at
// σ_b² = 4y has q* four times that of hard tanh; the edge-of-chaos solver
// reaches each to ~1e-12 relative), p = erf(1/√(2q*)) in closed form
// (F31.2), the identities σ_w² = 1/p, Dev = 1/p − 1, R0 = y/q* (F31.1),
// and the orthogonal variance σ²_{JJᵀ} = L(μ₂/μ₁² − 1) (F20) = 8·Dev. The
// notes' printed table (lib/sources/tanner2024.md#check-24) is checked by meanfield's
// TestShtanhMurray and by notebook 04. Murray's theorem: both deviations
// fall as y falls.
func TestMurray(t *testing.T) {
	prev := MurrayRow{Dev: math.Inf(1), R0: math.Inf(1)}
	for _, y := range []float64{1, 0.3, 0.1, 0.03, 0.01, 0.001} {
		r, err := Murray(y, 8)
		if err != nil {
			t.Fatal(err)
		}
		_, q2, err := meanfield.EoCSigmaW2(activation.Shtanh(2), 4*y)
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(r.QStar/(q2/4) - 1); d > 1e-9 {
			t.Errorf("y = %g: q* = %v, Shtanh_2 gives %v/4 (relative difference %v)", y, r.QStar, q2, d)
		}
		if d := math.Abs(r.P - math.Erf(1/math.Sqrt(2*r.QStar))); d > 1e-14 {
			t.Errorf("y = %g: p = %v, erf(1/√(2q*)) differs by %v", y, r.P, d)
		}
		if math.Abs(r.SigmaW2*r.P-1) > 1e-14 || r.Dev != 1/r.P-1 || r.R0 != y/r.QStar || r.Y != y || r.L != 8 {
			t.Errorf("y = %g: identities fail: %+v", y, r)
		}
		if d := math.Abs(r.Var/(8*r.Dev) - 1); d > 1e-12 {
			t.Errorf("y = %g: σ²_JJᵀ = %v, 8(1/p − 1) = %v", y, r.Var, 8*r.Dev)
		}
		if !(r.Dev < prev.Dev && r.R0 < prev.R0) {
			t.Errorf("y = %g: deviations %v, %v not below %v, %v", y, r.Dev, r.R0, prev.Dev, prev.R0)
		}
		prev = r
	}
	mustpanic.Check(t, "y = 0", func() { Murray(0, 8) })
}
