package rankcollapse

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/enum"
)

// Scaling says how the residual weights α₁, α₂ of eqs. (2) and (4) depend
// on the depth L.
type Scaling int

const (
	// Constant uses α_i as given at every depth.
	Constant Scaling = iota
	// SqrtL uses α_i/√L, i.e. α_i² = α̃_i/L with α̃_i = α_i² (the paper's
	// "res-scale"; Lemma 3.2, eq. 11).
	SqrtL
)

func (s Scaling) String() string {
	return enum.Name(s, "Scaling", []string{Constant: "const", SqrtL: "sqrtL"})
}

// ResidualAlpha2 returns the squared residual weight α² used in a network
// of depth L >= 1: alpha² for Constant, alpha²/L for SqrtL.
func ResidualAlpha2(alpha float64, depth int, s Scaling) (float64, error) {
	if err := checkFinite("alpha", alpha); err != nil {
		return 0, err
	}
	if !DepthRange.Contains(float64(depth)) {
		return 0, DepthRange.CheckInt(ErrParam, "depth", depth)
	}
	switch s {
	case Constant:
		return alpha * alpha, nil
	case SqrtL:
		return alpha * alpha / float64(depth), nil
	}
	return 0, paramErr("scaling", s, "const or sqrtL")
}

// growthMinus1 returns (1+a)^ℓ − 1 without cancellation for small a.
func growthMinus1(a float64, ell int) float64 {
	return math.Expm1(float64(ell) * math.Log1p(a))
}

func checkMoments(n int, c0, n0 float64) error {
	if err := firstErr(checkN(n), checkNonNeg("n0 (input ‖X‖²)", n0), checkNonNeg("c0 (input C(X))", c0)); err != nil {
		return err
	}
	// Cauchy–Schwarz: C(X) = ‖Σ_k X_k‖² <= n Σ_k ‖X_k‖².
	if c0 > float64(n)*n0*(1+1e-12) {
		return paramErr("c0 (input C(X))", c0, fmt.Sprintf("<= n·‖X‖² = %g (Cauchy–Schwarz)", float64(n)*n0))
	}
	return nil
}

// Propagate returns the exact expectations of Lemmas 3.2 and 3.3 after ℓ
// blocks without layer norm, with uniform attention and linear
// feed-forward, for an input with C(X) = c0 and ‖X‖_F² = n0:
//
//	E C(X^ℓ)   = (1+α₂²)^ℓ (1+α₁²)^ℓ C(X)                          (10)
//	E ‖X^ℓ‖_F² = (1+α₂²)^ℓ [ ‖X‖_F² + ((1+α₁²)^ℓ − 1) C(X)/n ]      (12)
//
// (12) is the paper's sum n α₁² Σ_{k<ℓ}(1+α₁²)^k ‖x̄‖² in closed form. a1sq
// and a2sq are α₁², α₂² (use ResidualAlpha2 for the 1/√L scaling). Both
// hold for any d, any fixed X and any zero-mean iid weight law with the
// paper's variances. It returns an error on a bad parameter or overflow.
//
//sigprop:eq noci2022 lemma3.2,3.3
//sigprop:eq noci2022 eq11-13
func Propagate(n int, c0, n0, a1sq, a2sq float64, ell int) (ec, en float64, err error) {
	if err := firstErr(checkMoments(n, c0, n0), checkNonNeg("alpha1^2", a1sq), checkNonNeg("alpha2^2", a2sq)); err != nil {
		return 0, 0, err
	}
	if ell < 0 {
		return 0, 0, paramErr("depth", ell, "an integer >= 0")
	}
	f2 := math.Pow(1+a2sq, float64(ell))
	g := math.Pow(1+a1sq, float64(ell))
	ec = f2 * g * c0
	en = f2 * (n0 + growthMinus1(a1sq, ell)*c0/float64(n))
	if _, err := finite("E C(X^L)", ec); err != nil {
		return 0, 0, err
	}
	if _, err := finite("E ‖X^L‖²", en); err != nil {
		return 0, 0, err
	}
	return ec, en, nil
}

// PropagateLimit returns the L → ∞ limits of Propagate at ℓ = L under the
// scaling α_i² = α̃_i/L (eqs. 11 and 13):
//
//	E C(X^L)   → e^{α̃₁+α̃₂} C(X)
//	E ‖X^L‖_F² → e^{α̃₂} [ ‖X‖_F² + (e^{α̃₁} − 1) C(X)/n ].
func PropagateLimit(n int, c0, n0, at1, at2 float64) (ec, en float64, err error) {
	if err := firstErr(checkMoments(n, c0, n0), checkNonNeg("alpha1_tilde", at1), checkNonNeg("alpha2_tilde", at2)); err != nil {
		return 0, 0, err
	}
	ec = math.Exp(at1+at2) * c0
	en = math.Exp(at2) * (n0 + math.Expm1(at1)*c0/float64(n))
	if _, err := finite("E C(X^L)", ec); err != nil {
		return 0, 0, err
	}
	if _, err := finite("E ‖X^L‖²", en); err != nil {
		return 0, 0, err
	}
	return ec, en, nil
}

// RhoFromMoments returns the average correlation (14) from the moments
// E C(X) and E‖X‖_F², valid when all tokens have the same expected norm
// (App. A.4):
//
//	ρ = E C / ((n−1) E‖X‖²) − 1/(n−1).
//
// With Monte Carlo means it is the ratio-of-means estimator of ρ (lib/sources/noci2022.md#mc-rho),
// not the mean per-sample cosine.
//
//sigprop:eq noci2022 eq14
func RhoFromMoments(n int, ec, en float64) (float64, error) {
	if err := firstErr(checkN(n), checkNonNeg("E C", ec)); err != nil {
		return 0, err
	}
	if !(en > 0) || math.IsInf(en, 0) {
		return 0, paramErr("E ‖X‖²", en, "a finite value > 0")
	}
	m := float64(n - 1)
	return ec/(m*en) - 1/m, nil
}

// RhoDepth returns the average token correlation ρ^ℓ after ℓ blocks
// (uniform attention, linear feed-forward, no layer norm, equal input token
// norms) with input correlation ρ⁰ = rho0 and squared attention residual
// weight α₁² = a1sq; it does not depend on α₂. Plugging Lemmas 3.2, 3.3
// into the identity of App. A.4 gives, with g = (1+α₁²)^ℓ,
//
//	1 − ρ^ℓ = n(1 − ρ⁰) / ( n + (g−1)(1 + (n−1)ρ⁰) ),
//
// computed in this form to keep precision near ρ = 1. Special cases:
// α₁ = 0 (ReZero) gives ρ⁰; ρ⁰ = −1/(n−1) (C(X) = 0) gives −1/(n−1) at
// every depth; ρ⁰ = 1 gives 1. For a depth-L network under the 1/√L
// scaling pass a1sq = α̃₁/L.
//
//sigprop:eq noci2022 eq15,16 erratum=lib/sources/noci2022.md#erratum-6
func RhoDepth(n int, rho0, a1sq float64, ell int) (float64, error) {
	if err := firstErr(checkN(n), checkRho("rho0", n, rho0), checkNonNeg("alpha1^2", a1sq)); err != nil {
		return 0, err
	}
	if ell < 0 {
		return 0, paramErr("depth", ell, "an integer >= 0")
	}
	return rhoFromGrowth(n, rho0, growthMinus1(a1sq, ell)), nil
}

// rhoFromGrowth evaluates 1 − ρ = n(1−ρ⁰)/(n + gm1·(1+(n−1)ρ⁰)), gm1 = g−1.
func rhoFromGrowth(n int, rho0, gm1 float64) float64 {
	fn := float64(n)
	c := math.Max(0, 1+(fn-1)*rho0) // C(X)/‖X‖², clamped at the lower edge
	if c == 0 {
		return -1 / (fn - 1)
	}
	if math.IsInf(gm1, 1) {
		return 1
	}
	return 1 - fn*(1-rho0)/(fn+gm1*c)
}

// RhoLimit returns lim_{L→∞} ρ^L at the last layer (Thm 3.3) for input
// correlation ρ⁰ and attention residual weight alpha1:
//
//	SqrtL (α₁² = α̃₁/L, α̃₁ = alpha1²):                                    (15)
//	  ρ^∞ = n e^{α̃₁} C / ((n−1)[(e^{α̃₁}−1) C + n‖X‖²]) − 1/(n−1),  C/‖X‖² = 1+(n−1)ρ⁰
//	Constant α₁ ≠ 0 and C(X) > 0:  ρ^∞ = 1                                (16)
//
// (the main text's e^{α₁} in (15) is a typo for e^{α̃₁}). α₂ plays no role.
// With α₁ = 0 the correlation stays ρ⁰; with C(X) = 0 it stays −1/(n−1).
//
//sigprop:eq noci2022 eq15,16 erratum=lib/sources/noci2022.md#erratum-6
func RhoLimit(n int, rho0, alpha1 float64, s Scaling) (float64, error) {
	if err := firstErr(checkN(n), checkRho("rho0", n, rho0), checkFinite("alpha1", alpha1)); err != nil {
		return 0, err
	}
	switch s {
	case Constant:
		if alpha1 == 0 {
			return rho0, nil
		}
		return rhoFromGrowth(n, rho0, math.Inf(1)), nil
	case SqrtL:
		return rhoFromGrowth(n, rho0, math.Expm1(alpha1*alpha1)), nil
	}
	return 0, paramErr("scaling", s, "const or sqrtL")
}

// TauWarmup returns the inverse temperature at a training step under the
// linear warm-up of App. C.3, τ = τ_final · min(1, step/warmup). The source
// prints max(1, ·), which grows without bound (lib/sources/noci2022.md#erratum-4).
func TauWarmup(tauFinal float64, step, warmup int) float64 {
	if warmup <= 0 || step >= warmup {
		return tauFinal
	}
	if step <= 0 {
		return 0
	}
	return tauFinal * float64(step) / float64(warmup)
}
