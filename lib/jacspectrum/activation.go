package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
)

// This file: how jacspectrum reads an activation.Func. The nonlinearity,
// its derivative, kinks, smoothness length, closed-form moments and
// properties all come from package activation, and every route below is
// chosen from those properties, never from the Func's name; jacspectrum
// only adds what it needs for the law of D² = φ′(√q* z)² (lib/sources/tanner2024.md#activations):
//
//   - the Bernoulli laws of piecewise-linear φ with slopes in {0, 1}
//     (linear, ReLU, shifted ReLU, hard tanh, shtanh), detected from the
//     closed-form μ_k (BernoulliP);
//   - φ′ continued to ℂ (Func.DPhiC, valid up to Func.ContourMaxQ) for
//     the deformed-path rule of ContourD2 (erf, tanh, SiLU, swish, sin);
//   - whether φ is positively homogeneous of degree 1 (Func.Degree:
//     linear, ReLU, leaky ReLU; the μ_k do not depend on q*, so the edge
//     of chaos is σ_b² = 0 at every q*).

// BernoulliP returns P(φ′(√q z) = 1) when D² = φ′(√q z)² is Bernoulli,
// i.e. φ is piecewise linear with slopes in {0, 1} (P18 Table 1;
// lib/sources/tanner2024.md#activations): 1 (linear), ½ (ReLU), erf(1/√(2q)) (hard tanh), Φ(1/(2√q))
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

// homogeneous reports whether φ(λh) = λφ(h) for λ > 0 (Func.Degree = 1:
// linear, ReLU, leaky ReLU): then μ_k and E φ(√q z)²/q do not depend on
// q, the edge of chaos is σ_b² = 0, and no q* is singled out by σ_b² or
// by the spectrum's variance.
func homogeneous(f activation.Func) bool { return f.Degree == 1 }

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
// path family (even φ′, i.e. odd φ: rotated line; else shifted line) and
// the largest q* for which the path is valid; ok is false when f has no
// continuation.
type contourRule struct {
	dphi func(complex128) complex128
	even bool
	maxQ float64
}

func contourRuleOf(f activation.Func) (r contourRule, ok bool) {
	if f.DPhiC == nil {
		return contourRule{}, false
	}
	r = contourRule{dphi: f.DPhiC, even: f.Odd, maxQ: f.ContourMaxQ}
	if r.maxQ == 0 {
		r.maxQ = math.Inf(1)
	}
	return r, true
}

// D2 returns the law of D² = φ′(√q* z)² for f at q*: BernoulliD2 for the
// piecewise-linear activations with slopes in {0, 1} (BernoulliP);
// ContourD2 for φ with an analytic φ′ (Func.DPhiC) at q* ≤ ContourMaxQ:
// erf (with its closed-form μ_k = (1+πkq*)^{−1/2}, Table 1), tanh, sin,
// and SiLU and swish(β) at q* ≤ 0.5/β²; otherwise the real-line
// QuadratureD2 split at f.Kinks, accurate only while Im w ≳ 0.1. It panics unless q* is positive and finite.
func D2(f activation.Func, qstar float64) D2Law {
	checkFunc(f)
	if p, ok := BernoulliP(f, qstar); ok {
		return BernoulliD2{p}
	}
	if r, ok := contourRuleOf(f); ok && qstar <= r.maxQ {
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
