package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/gauss"
)

// EoCSigmaB2 returns σ_b² on the edge of chaos (χ₁ = 1) at the fixed point
// q* (F10): σ_w² = 1/μ₁ and σ_b² = q* − σ_w² E φ(√q* z)². Closed forms are
// used for hard tanh and erf (F11):
//
//	hardtanh  σ_b² = q − [qp − √(2q/π)e^{−1/(2q)} + 1 − p]/p,  p = erf(1/√(2q))
//	erf       σ_b² = q − √(1+πq)(2/π) asin(πq/(2+πq))
//
// and quadrature otherwise. Linear and ReLU are critical only at σ_b² = 0
// (any q*). A negative result means q* is not reachable on the EoC.
func EoCSigmaB2(act Activation, qstar float64) (sigmaW2, sigmaB2 float64) {
	checkQ(qstar)
	q := qstar
	switch act {
	case Linear:
		return 1, 0
	case ReLU:
		return 2, 0
	case HardTanh:
		p := math.Erf(1 / math.Sqrt(2*q))
		return 1 / p, q - (q*p-math.Sqrt(2*q/math.Pi)*math.Exp(-1/(2*q))+1-p)/p
	case Erf:
		sw := math.Sqrt(1 + math.Pi*q)
		return sw, q - sw*2/math.Pi*math.Asin(math.Pi*q/(2+math.Pi*q))
	}
	phi, _ := Phi(act)
	sw := 1 / MuQuad(act, q, 1)
	set := muSettings(act)
	if set == nil {
		set = &gauss.Settings{}
	}
	e := gauss.Expect(func(h float64) float64 { v := phi(h); return v * v }, q, set)
	return sw, q - sw*e
}

// QStarFromSigmaB2 inverts EoCSigmaB2: the q* ∈ [1e-10, 50] on the edge of
// chaos with the given σ_b² > 0, by bisection (σ_b²(q*) is increasing for
// tanh, hard tanh and erf on this range, F10). Returns an error when
// σ_b² is out of reach or act is linear/ReLU (critical only at σ_b² = 0).
func QStarFromSigmaB2(act Activation, sigmaB2 float64) (float64, error) {
	if act == Linear || act == ReLU {
		return 0, fmt.Errorf("jacspectrum: %s is critical only at sigma_b^2 = 0; give qstar instead", act)
	}
	if !(sigmaB2 > 0) || math.IsInf(sigmaB2, 0) {
		return 0, fmt.Errorf("jacspectrum: sigma_b^2 must be positive and finite (got %g)", sigmaB2)
	}
	f := func(q float64) float64 { _, b := EoCSigmaB2(act, q); return b - sigmaB2 }
	lo, hi := 1e-10, 50.0
	if f(lo) > 0 || f(hi) < 0 {
		return 0, fmt.Errorf("jacspectrum: sigma_b^2 = %g is outside the EoC range of %s for q* in [1e-10, 50]", sigmaB2, act)
	}
	for i := 0; i < 200 && hi-lo > 1e-15*hi; i++ {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2, nil
}
