package gauss

import (
	"fmt"
	"math"
)

// Density is the density of the centred normal law N(0, variance) at x,
//
//	ϕ_q(x) = e^{−x²/(2q)} / √(2πq),
//
// the law of a pre-activation h ~ N(0, q) in every mean-field formula
// (Poole et al. 2016, arXiv:1606.05340, eq. (3): ∫Dz φ(√q z)² is
// ∫ ϕ_q(h) φ(h)² dh). It panics unless variance > 0 and finite.
func Density(x, variance float64) float64 {
	if !(variance > 0) || math.IsInf(variance, 1) {
		panic(fmt.Sprintf("gauss: Density needs a finite variance > 0, got %v", variance))
	}
	return math.Exp(-x*x/(2*variance)) / math.Sqrt(2*math.Pi*variance)
}
