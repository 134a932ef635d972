package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/activation"
)

// Table1Row is one row of P18 Table 1 (corrected, lib/sources/tanner2024.md#table-1) at q*, with
// the closed forms and the same moments by quadrature (package gauss,
// split at φ′'s kinks) as an independent check.
type Table1Row struct {
	Activation string // activation.Func.String()
	QStar      float64
	Weights    Ensemble
	Mu         [3]float64 // closed-form μ₁, μ₂, μ₃
	MuQuad     [3]float64 // μ₁, μ₂, μ₃ by quadrature of φ′(√q* z)^{2k}
	SigmaW2    float64    // critical σ_w² = 1/μ₁
	VarPerL    float64    // σ²_{JJᵀ}/L = μ₂/μ₁² − 1 − s₁ at criticality
}

// Table1 returns the row for f at q*: the rows of P18 Table 1,
//
//	linear    μ_k = 1                 σ_w² = 1
//	relu      μ_k = ½                 σ_w² = 2
//	hardtanh  μ_k = erf(1/√(2q*))     σ_w² = 1/erf(1/√(2q*))
//	erf       μ_k = (1+πkq*)^{−1/2}   σ_w² = √(1+πq*)
//	σ²_{JJᵀ}/L = μ₂/μ₁² − 1 − s₁; for erf (1+πq*)/√(1+2πq*) − 1 − s₁,
//
// and any other activation with a closed-form μ_k (shifted ReLU, shtanh;
// the closed forms live in package activation). It panics for an
// activation without one (tanh, SiLU) or unless q* is positive and finite.
func Table1(f activation.Func, qstar float64, w Ensemble) Table1Row {
	checkQ(qstar)
	checkFunc(f)
	if f.ClosedMu == nil {
		panic(fmt.Sprintf("jacspectrum: Table1 has no closed form for %v", f))
	}
	s1, _ := w.SCoeffs()
	r := Table1Row{Activation: f.String(), QStar: qstar, Weights: w}
	quad := f.WithoutClosedForms()
	for k := 1; k <= 3; k++ {
		r.Mu[k-1] = f.Mu(qstar, k)
		r.MuQuad[k-1] = quad.Mu(qstar, k)
	}
	r.SigmaW2 = 1 / r.Mu[0]
	r.VarPerL = r.Mu[1]/(r.Mu[0]*r.Mu[0]) - 1 - s1
	return r
}

// erfMD2Lerch returns the Table 1 closed form of M_{D²} for erf,
//
//	M_{D²}(w) = (1/(√(πq*) w)) Φ(1/w, ½, (1+πq*)/(πq*))
//	          = Σ_{k≥1} w^{−k} (1+πkq*)^{−1/2},
//
// by summing the Lerch series, which converges only for |w| > 1 (lib/sources/tanner2024.md#table-1
// and pitfall 25); it panics for |w| ≤ 1.05.
func erfMD2Lerch(w complex128, qstar float64) complex128 {
	checkQ(qstar)
	if cmplx.Abs(w) <= 1.05 {
		panic(fmt.Sprintf("jacspectrum: the erf Lerch series needs |w| > 1.05 (got %g)", cmplx.Abs(w)))
	}
	inv := 1 / w
	p := complex(1, 0)
	var s complex128
	for k := 1; k < 2000; k++ {
		p *= inv
		t := p * complex(1/math.Sqrt(1+math.Pi*float64(k)*qstar), 0)
		s += t
		if cmplx.Abs(t) < 1e-17*cmplx.Abs(s) {
			break
		}
	}
	return s
}

// MaxQuadErr is max_k |μ_k − μ_k(quadrature)| over k = 1, 2, 3: how well
// the closed forms of r agree with quadrature.
func (r Table1Row) MaxQuadErr() float64 {
	worst := 0.0
	for k := 0; k < 3; k++ {
		worst = math.Max(worst, math.Abs(r.Mu[k]-r.MuQuad[k]))
	}
	return worst
}
