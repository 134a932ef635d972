package freeprob

import (
	"math/cmplx"
)

// Product is the free multiplicative convolution μ₁ ⊠ μ₂ ⊠ … of laws on
// [0, ∞) with m₁ ≠ 0 (P18 eq 12): S = ∏ S_i, so the moment generating
// function m = M(z) solves
//
//	M^{−1}(m) = (1+m)/(m S(m))  ⇔  h(z, m) = (1+m) − z m S(m) = 0.
//
//sigprop:eq pennington2018 eq12
type Product []Law

// S returns ∏ S_i(z).
func (p Product) S(z complex128) complex128 {
	if len(p) == 0 {
		panic("freeprob: empty Product")
	}
	s := complex(1, 0)
	for _, l := range p {
		s *= l.S(z)
	}
	return s
}

// Moment1 returns m₁ = ∏ m₁(μ_i).
func (p Product) Moment1() float64 {
	m := 1.0
	for _, l := range p {
		m *= l.Moment(1)
	}
	return m
}

// Moments returns m₁..m_K of the product from the series of ∏ S_i, where
// each factor's series comes from its first K moments.
func (p Product) Moments(K int) []float64 {
	if K < 1 {
		panic("freeprob: Moments needs K >= 1")
	}
	c := []float64{1}
	for _, l := range p {
		m := make([]float64, K)
		for k := range m {
			m[k] = l.Moment(k + 1)
		}
		ci := SFromMoments(m)
		nc := make([]float64, K)
		for i := 0; i < K && i < len(c); i++ {
			for j := 0; i+j < K; j++ {
				nc[i+j] += c[i] * ci[j]
			}
		}
		c = nc
	}
	return MomentsFromS(c)
}

// Equation returns h(z, m) = (1+m) − z m S(m) with a central-difference
// derivative of S.
func (p Product) Equation() Equation {
	return func(z, m complex128) (complex128, complex128) {
		s := p.S(m)
		d := complex(1e-7*(1+cmplx.Abs(m)), 0)
		ds := (p.S(m+d) - p.S(m-d)) / (2 * d)
		return (1 + m) - z*m*s, 1 - z*s - z*m*ds
	}
}

// Density returns the absolutely continuous density of the product at each
// λ by continuation (see Continuation). Atoms (e.g. at 0 when a factor has
// one) are not included.
func (p Product) Density(c Continuation, lambdas []float64) ([]float64, error) {
	m1 := p.Moment1()
	if m1 == 0 {
		panic("freeprob: Product needs m_1 != 0")
	}
	return c.Density(p.Equation(), lambdas, func(z complex128) complex128 { return complex(m1, 0) / z })
}
