package tokengeom

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// AttQP is the permutation-symmetric attention map of eq. (10) of Cowsik et
// al. 2024: the expected squared norm q′ and dot product p′ of the attention
// output ATT(Norm(X)) for n tokens with squared norm q and pairwise dot
// product p, before the residual:
//
//	q′ = (d/q) [q + p(n−1)e^{t₁}] / [1 + (n−1)e^{t₁}],   t₁ = σ_A²(ρ−1)
//	p′ = (d/q) [q + p(n−1)e^{t₂}] / [1 + (n−1)e^{t₂}],   t₂ = σ_A²ρ(ρ−1)
//
// with ρ = p/q. It is evaluated in the overflow-free sigmoid form
//
//	q′ = d[ρ + (1−ρ) sig(−t₁ − ln(n−1))],  p′ = d[ρ + (1−ρ) sig(−t₂ − ln(n−1))].
//
// The map depends on (q, p) only through ρ. Special cases: at σ_A² = 0,
// q′ = p′ = d(1+(n−1)ρ)/n (rank-one output); at p = q, (q′,p′) = (d,d); at
// p = 0, p′ = d/n exactly. Eq. (10) rests on Assumption 3.2 and is not
// trustworthy for σ_A² ≳ 10 (lib/sources/cowsik2024.md#erratum-7).
//
// AttQP panics unless n >= 2, d > 0, q > 0, σ_A² >= 0 and
// −q/(n−1) <= p <= q (a valid Gram matrix): CheckQP returns the last three
// as an error.
//
//sigprop:eq cowsik2024 eq10 erratum=lib/sources/cowsik2024.md#erratum-7
func AttQP(q, p float64, n int, d, sigmaA2 float64) (qp, pp float64) {
	tgCheckQP(q, p, n)
	tgCheckPos("d", d)
	tgCheckNonNeg("sigma_a2", sigmaA2)
	rho := p / q
	if rho > 1 {
		rho = 1
	}
	ln1 := math.Log(float64(n - 1))
	t1 := sigmaA2 * (rho - 1)
	t2 := sigmaA2 * rho * (rho - 1)
	qp = d * (rho + (1-rho)*tgSigmoid(-t1-ln1))
	pp = d * (rho + (1-rho)*tgSigmoid(-t2-ln1))
	return qp, pp
}

// FAtt is the attention sub-block with residual, eq. (11) of Cowsik et al.
// 2024:
//
//	F_Att(q,p) = α̃_A²(q,p) + α_A²(q′_att, p′_att),   α̃_A² = 1 − α_A².
//
// The cross term vanishes because V has mean zero. It panics on the same
// inputs as AttQP and unless 0 <= α_A <= 1.
//
//sigprop:eq cowsik2024 eq11
func FAtt(q, p, alphaA float64, n int, d, sigmaA2 float64) (qn, pn float64) {
	tgCheckAlpha("alpha_a", alphaA)
	qa, pa := AttQP(q, p, n, d, sigmaA2)
	a2 := alphaA * alphaA
	t2 := 1 - a2
	return t2*q + a2*qa, t2*p + a2*pa
}

// tgSigmoid is 1/(1+e^{−u}) without overflow for large |u|.
func tgSigmoid(u float64) float64 {
	if u >= 0 {
		return 1 / (1 + math.Exp(-u))
	}
	e := math.Exp(u)
	return e / (1 + e)
}

// CheckQP returns an error wrapping ErrParam naming the parameter and its
// range unless
// (q, p) is the geometry of n tokens, the domain of AttQP, FAtt and F:
//
//	n >= 2,   0 < q < ∞,   −q/(n−1) <= p <= q   (the Gram matrix of
//	n tokens with squared norm q and dot product p is PSD),
//
// with a relative slack of 1e-12 on the bounds of p, which absorbs rounding
// in p = q arithmetic. The maps panic on what it rejects; a caller holding
// a (q, p) that a user typed calls CheckQP first (as `sigprop eval` does).
func CheckQP(q, p float64, n int) error {
	if err := NRange.CheckInt(ErrParam, "n", n); err != nil {
		return err
	}
	if err := PositiveRange.Check(ErrParam, "q", q); err != nil {
		return err
	}
	lo := -q / float64(n-1)
	if math.IsNaN(p) || p > q*(1+1e-12) || p < lo*(1+1e-12) {
		return param.Err(ErrParam, "p", p, fmt.Sprintf("in [-q/(n-1), q] = [%v, %v]", lo, q))
	}
	return nil
}

// tgCheckQP panics with CheckQP's error.
func tgCheckQP(q, p float64, n int) {
	if err := CheckQP(q, p, n); err != nil {
		panic(err.Error())
	}
}

func tgCheckPos(name string, x float64) {
	if !(x > 0) || math.IsInf(x, 0) {
		panic(fmt.Sprintf("tokengeom: %s must be finite and > 0, got %v", name, x))
	}
}

func tgCheckNonNeg(name string, x float64) {
	if !(x >= 0) || math.IsInf(x, 0) {
		panic(fmt.Sprintf("tokengeom: %s must be finite and >= 0, got %v", name, x))
	}
}

func tgCheckAlpha(name string, a float64) {
	if !(a >= 0 && a <= 1) {
		panic(fmt.Sprintf("tokengeom: %s must lie in [0, 1], got %v", name, a))
	}
}

// AttCurve evaluates the attention map of eq. (10) along the input cosine:
// for each ρ in rhos it returns AttQP from (q, p) = (d, ρd) per unit width,
//
//	q[i] = q′/d,   p[i] = p′/d,   (q′, p′) = AttQP(d, ρ_i d, n, d, σ_A²),
//
// the curves against ρ (the map depends on (q, p) only through ρ). It
// panics as AttQP does, e.g. for a ρ outside [−1/(n−1), 1].
func AttCurve(rhos []float64, n int, d, sigmaA2 float64) (q, p []float64) {
	q, p = make([]float64, len(rhos)), make([]float64, len(rhos))
	for i, r := range rhos {
		qi, pi := AttQP(d, d*r, n, d, sigmaA2)
		q[i], p[i] = qi/d, pi/d
	}
	return q, p
}
