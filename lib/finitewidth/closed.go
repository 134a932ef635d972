package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
)

// ScaleInvariantC returns c = ⟨φ⁴⟩₁/⟨φ²⟩₁² − 1, the normalised variance
// Var φ(z)²/(E φ(z)²)² of a positively homogeneous φ of degree 1
// (φ(λh) = λφ(h), λ > 0: φ = a₊h for h > 0 and a₋h below, Props.Degree
// = 1). For such φ with σ_b = 0 the vertex grows linearly,
// V^ℓ = c (ℓ − 1)(K^ℓ)² (lib/sources/finitewidth.md#scale-invariant):
//
//	c = 3A₄/A₂² − 1,   A_k = (a₊^k + a₋^k)/2;   relu 5, linear 2,
//	leaky_relu(a): 6(1 + a⁴)/(1 + a²)² − 1.
//
// It returns an error wrapping ErrParam unless phi.Degree == 1.
func ScaleInvariantC(phi activation.Func) (float64, error) {
	if phi.Degree != 1 {
		return 0, fmt.Errorf("%w: %s is not positively homogeneous of degree 1 (Degree = %v)", ErrParam, phi.Name, phi.Degree)
	}
	m := GaussMoments(phi, 1)
	return m.M4/(m.M2*m.M2) - 1, nil
}

// ScaleInvariantVar returns Var[q̂^ℓ]/(K^ℓ)² exactly, at every width n ≥ 1
// and layer ℓ ≥ 1, for a degree-1 homogeneous φ with σ_b = 0 (any σ_w):
//
//	Var[q̂^ℓ]/(K^ℓ)² = (1 + 2/n)(1 + c/n)^{ℓ−1} − 1
//	                = (2 + c(ℓ − 1))/n + O(ℓ²/n²),
//
// with c = ScaleInvariantC(φ), because q̂^ℓ is then K¹ times a product of
// independent factors, ‖z^ℓ‖²/n (mean 1, second moment 1 + 2/n) and
// σ_w²(1/n)Σφ(z_j)²/(σ_w² A₂) (mean 1, second moment 1 + c/n)
// (lib/sources/finitewidth.md#scale-invariant). E q̂^ℓ = K^ℓ exactly. At
// ℓ/n fixed it tends to e^{cℓ/n} − 1 (log-normal q̂): the O(1/n) form is
// its first term, and falls short by the factor ≈ 1 + cℓ/(2n): for ReLU
// (c = 5) at n = 128 by 1.26, 1.66 and 4.18 at ℓ/n = 0.1, 0.2, 0.5, the
// breakdown of the expansion (lib/sources/finitewidth.md#breakdown).
// It panics unless n ≥ 1, ℓ ≥ 1 and c ≥ 0.
func ScaleInvariantVar(c float64, n, l int) float64 {
	checkWidth(n)
	if l < 1 || !(c >= 0) {
		panic(fmt.Sprintf("finitewidth: ScaleInvariantVar needs l >= 1 and c >= 0, got l = %d, c = %v", l, c))
	}
	fn := float64(n)
	return math.Expm1(math.Log1p(2/fn) + float64(l-1)*math.Log1p(c/fn))
}

// The K* = 0 universality class (lib/sources/finitewidth.md#k-star-zero):
// an odd φ with φ′(0) = 1 and φ‴(0) = a₁ < 0 (tanh: a₁ = −2; erf of
// package activation: −π/2) at σ_w² = 1, σ_b = 0, where
// ⟨φ²⟩_K = K + a₁K² + O(K³). At large ℓ, to leading order in 1/ℓ,
//
//	K^ℓ ≈ 1/(−a₁ ℓ),   V^ℓ/(K^ℓ)² ≈ (2/3) ℓ,   G1^ℓ ≈ 1/(3a₁),
//
// so that Var[q̂^ℓ]/(K^ℓ)² ≈ (2 + 2ℓ/3)/n and E q̂^ℓ/K^ℓ − 1 ≈ −ℓ/(3n),
// independent of a₁. KStarZeroVarRatio and KStarZeroMeanShift return
// these two universal forms.

// KStarZeroVarRatio returns (2 + 2ℓ/3)/n, the large-ℓ form of
// Var[q̂^ℓ]/(K^ℓ)² in the K* = 0 class.
func KStarZeroVarRatio(n, l int) float64 {
	checkWidth(n)
	return (2 + 2*float64(l)/3) / float64(n)
}

// KStarZeroMeanShift returns −ℓ/(3n), the large-ℓ form of
// E q̂^ℓ/K^ℓ − 1 in the K* = 0 class.
func KStarZeroMeanShift(n, l int) float64 {
	checkWidth(n)
	return -float64(l) / (3 * float64(n))
}
