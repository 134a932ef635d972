package jacspectrum

import (
	"fmt"
	"math"
)

// ArcsineDensity is the continuous part of the spectral density of JJᵀ
// for the critical ReLU network with orthogonal weights at depth L = 2
// and q* = 1 (Critical(activation.ReLU(), Orthogonal, 2, 1)):
//
//	ρ(λ) = 1 / (2π √(λ(4 − λ))),  0 < λ < 4,
//
// the arcsine law with mass ½, beside an atom ½ at 0. D² is Bernoulli(½),
// so JJᵀ is the free product of two projections of trace ½ (P18,
// arXiv:1802.09979, eqs. (13)–(18) with μ_k = ½; F18–F21 of
// lib/sources/tanner2024.md#formulas, check-15). It panics unless
// 0 < λ < 4.
func ArcsineDensity(lambda float64) float64 {
	if !(lambda > 0 && lambda < 4) {
		panic(fmt.Sprintf("jacspectrum: ArcsineDensity needs λ in (0, 4), got %v", lambda))
	}
	return 1 / (2 * math.Pi * math.Sqrt(lambda*(4-lambda)))
}
