package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/activation"
)

// This file: how jacspectrum reads an activation.Func. The nonlinearity,
// its derivative, kinks, smoothness length and closed-form moments all
// come from package activation; jacspectrum only adds what it needs for the
// law of D² = φ′(√q* z)² (spec §2.3):
//
//   - the Bernoulli laws of piecewise-linear φ with slopes in {0, 1}
//     (linear, ReLU, shifted ReLU, hard tanh, shtanh), detected from the
//     closed-form μ_k (BernoulliP);
//   - φ′ continued to ℂ for the deformed-path rule of ContourD2, for the
//     activations that have one (erf, tanh, SiLU), keyed by Func.Name;
//   - whether φ is positively homogeneous (linear, ReLU: the μ_k do not
//     depend on q*, so the edge of chaos is σ_b² = 0 at every q*).

// BernoulliP returns P(φ′(√q z) = 1) when D² = φ′(√q z)² is Bernoulli,
// i.e. φ is piecewise linear with slopes in {0, 1} (P18 Table 1; spec
// §2.3): 1 (linear), ½ (ReLU), erf(1/√(2q)) (hard tanh), Φ(1/(2√q))
// (shifted ReLU), erf(a/√(2q)) (shtanh(a)). ok is false otherwise.
//
// The test is on f's closed-form moments: f must be piecewise linear
// (Scale = +Inf) with a ClosedMu, and μ₁ = μ₂ = μ₃, which holds iff
// d = φ′² ∈ {0, 1} almost surely (E[d(1−d)²] = μ₁ − 2μ₂ + μ₃ = 0).
// It panics unless q is positive and finite.
func BernoulliP(f activation.Func, q float64) (p float64, ok bool) {
	checkQ(q)
	if f.ClosedMu == nil || !math.IsInf(f.Scale, 1) {
		return 0, false
	}
	p = f.ClosedMu(q, 1)
	if f.ClosedMu(q, 2) != p || f.ClosedMu(q, 3) != p {
		return 0, false
	}
	return p, true
}

// homogeneous reports whether φ(λh) = λφ(h) for λ > 0 (linear, ReLU): then
// μ_k and E φ(√q z)²/q do not depend on q, the edge of chaos is σ_b² = 0,
// and no q* is singled out by σ_b² or by the spectrum's variance.
func homogeneous(f activation.Func) bool {
	return f.Name == "linear" || f.Name == "relu"
}

func checkQ(q float64) {
	if !(q > 0) || math.IsInf(q, 0) {
		panic(fmt.Sprintf("jacspectrum: q* must be positive and finite (got %g)", q))
	}
}

func checkFunc(f activation.Func) {
	if f.DPhi == nil || f.Phi == nil {
		panic("jacspectrum: activation.Func has nil Phi or DPhi (construct it with activation.ByName)")
	}
}

// contourRule is φ′ on ℂ for the deformed-path rule of ContourD2, with the
// path family (even: rotated line; else shifted line) and the largest q*
// for which the path is valid.
type contourRule struct {
	dphi func(complex128) complex128
	even bool
	maxQ float64
}

// contourRules are keyed by activation.Func.Name.
var contourRules = map[string]contourRule{
	"erf": {func(h complex128) complex128 { return cmplx.Exp(-math.Pi * h * h / 4) }, true, math.Inf(1)},
	"tanh": {func(h complex128) complex128 {
		t := cmplx.Tanh(h)
		return 1 - t*t
	}, true, math.Inf(1)},
	// SiLU: φ′ is increasing on the Gaussian's effective range only for
	// q* ≤ 0.5, which the shifted path Γ = ℝ − iδ needs.
	"smoothed_relu": {func(h complex128) complex128 {
		s := 1 / (1 + cmplx.Exp(-h))
		return s * (1 + h*(1-s))
	}, false, 0.5},
}

// D2 returns the law of D² = φ′(√q* z)² for f at q*: BernoulliD2 for the
// piecewise-linear activations with slopes in {0, 1} (BernoulliP);
// ContourD2 for erf (with its closed-form μ_k = (1+πkq*)^{−1/2}, Table 1),
// tanh, and SiLU at q* ≤ 0.5; otherwise (SiLU above 0.5, or any other
// Func) the real-line QuadratureD2 split at f.Kinks, accurate only while
// Im w ≳ 0.1. It panics unless q* is positive and finite.
func D2(f activation.Func, qstar float64) D2Law {
	checkFunc(f)
	if p, ok := BernoulliP(f, qstar); ok {
		return BernoulliD2{p}
	}
	if r, ok := contourRules[f.Name]; ok && qstar <= r.maxQ {
		return NewContourD2(f, qstar)
	}
	q := NewQuadratureD2(f.DPhi, qstar, f.Kinks, f.Scale, 0)
	q.mu = closedMu(f, qstar)
	return q
}

// closedMu returns k ↦ μ_k from f's closed form at q*, or nil.
func closedMu(f activation.Func, qstar float64) func(int) float64 {
	if f.ClosedMu == nil {
		return nil
	}
	return func(k int) float64 { return f.ClosedMu(qstar, k) }
}
