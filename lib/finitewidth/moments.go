package finitewidth

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
)

// Moments are the Gaussian expectations of φ at variance K that the
// recursions need, with ⟨f⟩_K = E f(√K z), z ~ N(0, 1):
//
//	M2   = ⟨φ²⟩_K                                  (the q-map's integrand)
//	M4   = ⟨φ⁴⟩_K
//	D1   = d⟨φ²⟩_K/dK  = ⟨φ² He₂(z)⟩_K/(2K),   He₂ = z² − 1
//	D2   = d²⟨φ²⟩_K/dK² = ⟨φ² He₄(z)⟩_K/(4K²), He₄ = z⁴ − 6z² + 3
//
// D1 and D2 differentiate the Gaussian density in its variance
// (∂_K p = p He₂/(2K), ∂²_K p = p He₄/(4K²); lib/sources/finitewidth.md#moments),
// so they need no derivative of φ and hold for kinked φ (ReLU, hard tanh)
// as they are; D1 equals activation.Func.DSecondMoment (Stein's lemma,
// ⟨uφφ′⟩/K), which TestMomentsAgainstClosedForms checks.
type Moments struct {
	K              float64
	M2, M4, D1, D2 float64
}

// GaussMoments returns the Moments of phi at variance k > 0 by quadrature
// (package gauss with phi's kinks; φ⁴ with phi's length scale over √2, the
// rule of activation.Func.Mu for squared powers), using phi's closed
// second moment and its derivative where it has them. It panics unless k
// is finite and > 0.
func GaussMoments(phi activation.Func, k float64) Moments {
	if !(k > 0) || math.IsInf(k, 1) {
		panic("finitewidth: GaussMoments needs a variance in (0, +inf)")
	}
	f := phi.Phi
	s4 := phi.Quad()
	if s4.Scale == 0 {
		s4.Scale = 1
	}
	s4.Scale /= math.Sqrt2
	m := Moments{K: k, M2: phi.SecondMoment(k), D1: phi.DSecondMoment(k)}
	m.M4 = gauss.Expect(func(u float64) float64 { v := f(u); v *= v; return v * v }, k, s4)
	m.D2 = gauss.Expect(func(u float64) float64 {
		v, z2 := f(u), u*u/k
		return v * v * (z2*z2 - 6*z2 + 3)
	}, k, s4) / (4 * k * k)
	return m
}
