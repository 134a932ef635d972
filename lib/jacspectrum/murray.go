package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// MurrayRow is hard tanh on the edge of chaos at σ_b² = y (lib/sources/tanner2024.md#murray, F29–F31).
// By scale invariance (F31.3) Shtanh_a at σ_b²/a² = y is the same with q*
// read as q*/a², so every field is a function of y alone.
type MurrayRow struct {
	Y       float64 // y = σ_b²/a²
	QStar   float64 // q*/a², the fixed point (meanfield.EoCSigmaW2)
	SigmaW2 float64 // σ_w² = 1/p
	P       float64 // p = erf(1/√(2q*)), D² is Bernoulli(p) (F31.2)
	Dev     float64 // μ₂/μ₁² − 1 = 1/p − 1
	R0      float64 // max_ρ |R(ρ) − ρ| = R(0) = y/q* (F31.1)
	Var     float64 // σ²_{JJᵀ} of the orthogonal network of depth L (Moments)
	L       int     // that depth, as Murray was called
}

// Murray returns the MurrayRow at y for depth L: Murray's theorem (F30)
// says Dev and R0 both vanish as y → 0. It panics unless y is positive
// and finite and L >= 1, and returns meanfield.EoCSigmaW2's error.
//
//sigprop:eq tanner2024 F29-31 erratum=lib/sources/tanner2024.md#erratum-10
func Murray(y float64, L int) (MurrayRow, error) {
	if !(y > 0) || math.IsInf(y, 0) || L < 1 {
		panic(fmt.Sprintf("jacspectrum: Murray needs y in (0, inf) and L >= 1 (got y = %g, L = %d)", y, L))
	}
	_, q, err := meanfield.EoCSigmaW2(activation.HardTanh(), y)
	if err != nil {
		return MurrayRow{}, err
	}
	n := Critical(activation.HardTanh(), Orthogonal, L, q)
	p := n.D2.P()
	return MurrayRow{Y: y, QStar: q, SigmaW2: n.SigmaW2, P: p, Dev: 1/p - 1, R0: y / q, Var: n.Moments().Var, L: L}, nil
}
