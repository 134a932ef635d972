package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/gauss"
)

// Table1Row is one row of P18 Table 1 (corrected, spec §3.5) at q*, with
// the closed forms and the same moments by quadrature (package gauss,
// split at φ′'s kinks) as an independent check.
type Table1Row struct {
	Activation Activation
	QStar      float64
	Weights    Ensemble
	Mu         [3]float64 // closed-form μ₁, μ₂, μ₃
	MuQuad     [3]float64 // μ₁, μ₂, μ₃ by quadrature of φ′(√q* z)^{2k}
	SigmaW2    float64    // critical σ_w² = 1/μ₁
	VarPerL    float64    // σ²_{JJᵀ}/L = μ₂/μ₁² − 1 − s₁ at criticality
}

// Table1 returns the row for act ∈ {linear, relu, hardtanh, erf} (the rows
// of P18 Table 1) and also shifted_relu:
//
//	linear    μ_k = 1                 σ_w² = 1
//	relu      μ_k = ½                 σ_w² = 2
//	hardtanh  μ_k = erf(1/√(2q*))     σ_w² = 1/erf(1/√(2q*))
//	erf       μ_k = (1+πkq*)^{−1/2}   σ_w² = √(1+πq*)
//	σ²_{JJᵀ}/L = μ₂/μ₁² − 1 − s₁; for erf (1+πq*)/√(1+2πq*) − 1 − s₁.
//
// Panics for an activation without a closed form (tanh, SiLU).
func Table1(act Activation, qstar float64, w Ensemble) Table1Row {
	checkQ(qstar)
	var mu func(k int) float64
	switch act {
	case Linear, ReLU, HardTanh, ShiftedReLU:
		p, _ := BernoulliP(act, qstar)
		mu = func(int) float64 { return p }
	case Erf:
		mu = func(k int) float64 { return 1 / math.Sqrt(1+math.Pi*float64(k)*qstar) }
	default:
		panic(fmt.Sprintf("jacspectrum: Table1 has no closed form for %q", act))
	}
	s1, _ := w.SCoeffs()
	r := Table1Row{Activation: act, QStar: qstar, Weights: w}
	_, dphi := Phi(act)
	set := muSettings(act)
	for k := 1; k <= 3; k++ {
		r.Mu[k-1] = mu(k)
		kk := float64(k)
		r.MuQuad[k-1] = gauss.Expect(func(h float64) float64 { return math.Pow(dphi(h), 2*kk) }, qstar, set)
	}
	r.SigmaW2 = 1 / r.Mu[0]
	r.VarPerL = r.Mu[1]/(r.Mu[0]*r.Mu[0]) - 1 - s1
	return r
}

// muSettings describes φ′ for package gauss: its kinks and length scale.
func muSettings(act Activation) *gauss.Settings {
	switch act {
	case Linear:
		return &gauss.Settings{Scale: math.Inf(1)}
	case ReLU:
		return &gauss.Settings{Breakpoints: []float64{0}, Scale: math.Inf(1)}
	case HardTanh:
		return &gauss.Settings{Breakpoints: []float64{-1, 1}, Scale: math.Inf(1)}
	case ShiftedReLU:
		return &gauss.Settings{Breakpoints: []float64{-0.5}, Scale: math.Inf(1)}
	case SiLU:
		return &gauss.Settings{Scale: 2}
	}
	return nil
}

// MuQuad returns μ_k = E φ′(√q* z)^{2k} by quadrature for any act.
func MuQuad(act Activation, qstar float64, k int) float64 {
	checkQ(qstar)
	if k < 1 {
		panic("jacspectrum: MuQuad needs k >= 1")
	}
	_, dphi := Phi(act)
	kk := float64(k)
	return gauss.Expect(func(h float64) float64 { return math.Pow(dphi(h), 2*kk) }, qstar, muSettings(act))
}

// ErfMD2Lerch returns the Table 1 closed form of M_{D²} for erf,
//
//	M_{D²}(w) = (1/(√(πq*) w)) Φ(1/w, ½, (1+πq*)/(πq*))
//	          = Σ_{k≥1} w^{−k} (1+πkq*)^{−1/2},
//
// by summing the Lerch series, which converges only for |w| > 1 (spec §3.5
// and pitfall 25); it panics for |w| ≤ 1.05.
func ErfMD2Lerch(w complex128, qstar float64) complex128 {
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
