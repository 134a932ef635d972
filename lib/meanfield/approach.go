package meanfield

import (
	"fmt"
	"math"
)

// DecayThrough returns, at each layer ℓ of layers, the exponential approach
// to a fixed point with depth scale ξ drawn through the value yL at layer
// lL:
//
//	y(ℓ) = y_L e^{(ℓ_L − ℓ)/ξ},
//
// the law |c^ℓ − c*| ∝ e^{−ℓ/ξ_c} (and |q^ℓ − q*| ∝ e^{−ℓ/ξ_q}) that
// defines the depth scales (F9 of lib/sources/tanner2024.md#formulas,
// recalled from Schoenholz et al. 2017, arXiv:1611.01232): the line
// the linearised map follows once the start is forgotten. At ℓ = ℓ_L it
// is y_L exactly. It panics unless ξ > 0.
//
//sigprop:eq tanner2024 F9
func DecayThrough(layers []float64, yL, lL, xi float64) []float64 {
	if !(xi > 0) {
		panic(fmt.Sprintf("meanfield: DecayThrough needs a depth scale ξ > 0, got %v", xi))
	}
	out := make([]float64, len(layers))
	for i, l := range layers {
		out[i] = yL * math.Exp((lL-l)/xi)
	}
	return out
}

// Chi1Difference is the one-sided difference of the correlation map at
// c = 1,
//
//	(R(1) − R(1 − h)) / h,
//
// at variance q: an estimate of χ₁ = R′(1) (F7 of
// lib/sources/tanner2024.md#formulas; P18 eq. (5)) that shares none of
// Chi1At's code, only CMap's. Its truncation is R″(1)·h/2, which is
// bounded for smooth φ (tanh) and may not be for kinked ones (ReLU), plus
// the rounding of R over h. It panics unless 0 < h ≤ 2 and CMap accepts
// q.
func (n Net) Chi1Difference(q, h float64) float64 {
	if !(h > 0 && h <= 2) {
		panic(fmt.Sprintf("meanfield: Chi1Difference needs a step h in (0, 2], got %v", h))
	}
	return (n.CMap(q, 1) - n.CMap(q, 1-h)) / h
}
