package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
)

// EoCSigmaB2 returns σ_b² on the edge of chaos (χ₁ = 1) at the fixed point
// q* (F10):
//
//	σ_w² = 1/μ₁,  σ_b² = q* − σ_w² E φ(√q* z)²,
//
// with f's closed forms where package activation has them (F11):
//
//	hardtanh  σ_b² = q − [qp − √(2q/π)e^{−1/(2q)} + 1 − p]/p,  p = erf(1/√(2q))
//	erf       σ_b² = q − √(1+πq)(2/π) asin(πq/(2+πq))
//
// and quadrature otherwise (tanh, SiLU). Linear and ReLU are critical only
// at σ_b² = 0 (any q*): their result is (1, 0) and (2, 0). A negative
// result means q* is not reachable on the EoC. It panics unless q* is
// positive and finite.
func EoCSigmaB2(f activation.Func, qstar float64) (sigmaW2, sigmaB2 float64) {
	checkQ(qstar)
	checkFunc(f)
	sw := 1 / f.Mu(qstar, 1)
	if homogeneous(f) {
		return sw, 0 // exactly: E φ(√q z)² = q μ₁ for linear and ReLU
	}
	return sw, qstar - sw*f.SecondMoment(qstar)
}

// QStarFromSigmaB2 inverts EoCSigmaB2: the q* ∈ [1e-10, 50] on the edge of
// chaos with the given σ_b² > 0, by bisection (σ_b²(q*) is increasing for
// tanh, hard tanh and erf on this range, F10). Returns an error when
// σ_b² is out of reach or f is linear/ReLU (critical only at σ_b² = 0).
func QStarFromSigmaB2(f activation.Func, sigmaB2 float64) (float64, error) {
	checkFunc(f)
	if homogeneous(f) {
		return 0, fmt.Errorf("jacspectrum: %s is critical only at sigma_b^2 = 0; give qstar instead", f)
	}
	if !(sigmaB2 > 0) || math.IsInf(sigmaB2, 0) {
		return 0, fmt.Errorf("jacspectrum: sigma_b^2 must be positive and finite (got %g)", sigmaB2)
	}
	fb := func(q float64) float64 { _, b := EoCSigmaB2(f, q); return b - sigmaB2 }
	lo, hi := 1e-10, 50.0
	if fb(lo) > 0 || fb(hi) < 0 {
		return 0, fmt.Errorf("jacspectrum: sigma_b^2 = %g is outside the EoC range of %s for q* in [1e-10, 50]", sigmaB2, f)
	}
	for i := 0; i < 200 && hi-lo > 1e-15*hi; i++ {
		mid := (lo + hi) / 2
		if fb(mid) > 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2, nil
}
