package tokengeom

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/enum"
)

// Variant selects between the gradient-exponent formula as printed in
// Cowsik et al. 2024 and the corrected form (lib/sources/cowsik2024.md#erratum-1, #erratum-2).
// The zero value is Corrected.
//
// The two corrections (lib/sources/cowsik2024.md#erratum-1, #erratum-2):
// eq. (32) prints f(σ_w) with σ_w⁴, but the ℓ = 2 MLP has three weight
// matrices, so its Jacobian gain is χ = σ_w⁶ E[φ′²]E[φ′²] = σ_w² f; and
// eqs. (18)–(19) use 1/q* for the MLP's Norm Jacobian, but the token
// entering the MLP has squared norm q_A = α̃_A²q* + α_A²d. With both, λ₂ =
// 1 + λ_a exactly and λ_g^(16) matches the random-transformer simulation
// (TestLambdaGNumericSupportsCorrected), which excludes the printed form.
//
// λ_a is an eigenvalue minus one (the paper's definition), while the
// paper's numerical λ_a (eq. 24, LambdaAOneStep) is the log of a one-step
// ratio from (d, 0.99d); they share the zero contour but not magnitudes.
type Variant int

const (
	// Corrected uses the MLP gain χ = σ_w^{2(ℓ+1)} Π_k E[φ′²] (σ_w⁶ for
	// ℓ = 2: three weight matrices) and the norm q_A = α̃_A²q* + α_A²d of
	// the token that actually enters the MLP. With it λ₂ = 1 + λ_a exactly,
	// and it matches the random-transformer simulation (see
	// TestLambdaGNumericSupportsCorrected).
	Corrected Variant = iota
	// Paper uses eqs. (17)–(19) and (32) as printed: f(σ_w) = χ/σ_w²
	// (σ_w⁴ for ℓ = 2) and 1/q* for the MLP's Norm. It disagrees with
	// simulation as soon as σ_w ≠ 1 or α is large.
	Paper
)

// String returns "corrected" or "paper".
func (v Variant) String() string { return enum.Name(v, "Variant", variantNames) }

var variantNames = []string{Corrected: "corrected", Paper: "paper"}

// ParseVariant maps "corrected" and "paper" to a Variant.
func ParseVariant(s string) (Variant, error) {
	if v, ok := enum.Parse[Variant](s, variantNames); ok {
		return v, nil
	}
	return 0, fmt.Errorf("tokengeom: variant must be corrected or paper, got %q", s)
}

// GradCoeffs are the coefficients of the one-block second moment
//
//	E[J⊗J] = x 𝟙 + y 𝒜 + z ℬ                        (eq. 16)
//
// at the collapsed fixed point, in the d- and n-free combinations X = x,
// YD = y·d and ZDN2 = z·d·n². Then the eigenvalues of the 3×3
// representation of the algebra (eq. 20) are λ₁ = X, λ₂ = X + YD
// (token-difference mode) and λ₃ = X + YD + ZDN2 (token-mean mode).
type GradCoeffs struct {
	X, YD, ZDN2 float64
}

// Lambda2 is the token-difference eigenvalue x + yd.
func (c GradCoeffs) Lambda2() float64 { return c.X + c.YD }

// Lambda3 is the token-mean eigenvalue x + yd + zdn².
func (c GradCoeffs) Lambda3() float64 { return c.X + c.YD + c.ZDN2 }

// gradCoeffs evaluates eqs. (17)–(19):
//
//	x = α̃_M²α̃_A²
//	y = α̃_A² α_M² Γ/d,          z = α_A²/(q* n²) (α̃_M² + α_M² Γ)
//
// with Γ = χ d/q_A (Corrected) or Γ = f d/q* (Paper, eqs. 18–19 as printed).
// At α_A = α_M = 0 there is no unique q*, but every term carrying it
// vanishes: the coefficients are (1, 0, 0).
func gradCoeffs(alphaA, alphaM float64, g Gains, v Variant) GradCoeffs {
	tA2, tM2 := 1-alphaA*alphaA, 1-alphaM*alphaM
	aA2, aM2 := alphaA*alphaA, alphaM*alphaM
	x := tA2 * tM2
	if aA2 == 0 && aM2 == 0 {
		return GradCoeffs{X: 1}
	}
	qs := qStarOverD(alphaA, alphaM, g)
	var gamma float64
	switch v {
	case Corrected:
		gamma = g.Chi / (tA2*qs + aA2)
	case Paper:
		gamma = g.FPaper() / qs
	default:
		panic(fmt.Sprintf("tokengeom: unknown variant %d", int(v)))
	}
	return GradCoeffs{
		X:    x,
		YD:   tA2 * aM2 * gamma,
		ZDN2: aA2 / qs * (tM2 + aM2*gamma),
	}
}

// Grad returns the gradient coefficients of model m at its collapsed fixed
// point for the chosen variant.
//
//sigprop:eq cowsik2024 eq15-20 erratum=lib/sources/cowsik2024.md#erratum-2
func Grad(m Model, v Variant) GradCoeffs {
	m.validate()
	return gradCoeffs(m.AlphaA, m.AlphaM, m.Gains(), v)
}

// lambdaGFinite is the finite-depth gradient exponent
//
//	λ_g^(L) = (1/L) ln[(1 − 1/n) λ₂^L + λ₃^L/n],
//
// the exact L-block contraction B^T(x𝟙+y𝒜+zℬ)^L B/(nd) of eqs. (15), (20),
// (52), evaluated by log-sum-exp.
func lambdaGFinite(c GradCoeffs, L, n int) float64 {
	return lambdaGFiniteLog(c, L, math.Log1p(-1/float64(n)), math.Log(float64(n)))
}

// lambdaGFiniteLog is lambdaGFinite with ln(1−1/n) and ln n precomputed
// (phase diagrams): ln(e^a + e^b) = max(a,b) + log1p(e^{−|a−b|}).
func lambdaGFiniteLog(c GradCoeffs, L int, ln1mInvN, lnN float64) float64 {
	fl := float64(L)
	a := ln1mInvN + fl*math.Log(c.Lambda2())
	b := fl*math.Log(c.Lambda3()) - lnN
	return (math.Max(a, b) + math.Log1p(math.Exp(-math.Abs(a-b)))) / fl
}

// LambdaG is the gradient exponent at finite depth L with n tokens,
//
//	E|∂X^L/∂X^0|²_F/(nd) = (1 − 1/n) λ₂^L + λ₃^L/n = e^{L λ_g^(L)},
//
// from the tensor algebra of App. C of Cowsik et al. 2024 (eqs. 15–20),
// with the coefficients of the chosen Variant. The infinite-depth λ_g = ln λ₃
// of the corrected theory is never negative (lib/sources/cowsik2024.md#erratum-3), so the λ_g = 0
// boundary of Fig. 5 only exists at finite L and n. It panics if L < 1 or
// n < 2.
func LambdaG(m Model, L int, v Variant) float64 {
	m.validate()
	if L < 1 {
		panic(fmt.Sprintf("tokengeom: depth L must be >= 1, got %d", L))
	}
	return lambdaGFinite(Grad(m, v), L, m.N)
}

// LambdaGInf is the infinite-depth gradient exponent ln λ₃ (App. C: "the
// top eigenvalue gives the infinite-depth scaling").
func LambdaGInf(m Model, v Variant) float64 {
	return math.Log(Grad(m, v).Lambda3())
}
