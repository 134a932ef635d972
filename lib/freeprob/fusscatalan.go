package freeprob

import (
	"fmt"
	"math"
)

// FussCatalan is the law of the eigenvalues of (W_L⋯W_1)(W_L⋯W_1)ᵀ for L
// independent N×N matrices with i.i.d. entries of variance 1/N, as
// N → ∞: the free multiplicative convolution of L Marchenko–Pastur laws
// of ratio 1, S(z) = (1+z)^{−L}, with the Fuss–Catalan moments
// m_k = C((L+1)k, k)/(Lk+1). It is the JJᵀ law of a linear network with
// Gaussian weights at σ_w² = 1 (F16 with D² = 1), and an independent
// closed form for the master equation there. Its support is
// [0, (L+1)^{L+1}/L^L], and near 0 ρ(x) ≈ (sin(π/(L+1))/π)·x^{−L/(L+1)}.
//
// The density has the parametrisation (Haagerup & Möller 2013, Neuschel
// 2014), for u in (0, π/(L+1)),
//
//	x(u) = sin((L+1)u)^{L+1} / (sin u · sin(Lu)^L),
//	ρ(x(u)) = sin(u)² sin(Lu)^{L−1} / (π sin((L+1)u)^L),
//
// (L = 1 gives the Marchenko–Pastur √((4−x)/x)/(2π) at x = 4cos²u);
// TestFussCatalanMoments checks the first moments against the
// Fuss–Catalan numbers.
type FussCatalan struct{ L int }

func (f FussCatalan) check() {
	if f.L < 1 {
		panic(fmt.Sprintf("freeprob: FussCatalan needs L >= 1 (got %d)", f.L))
	}
}

// Edge returns the top of the support, (L+1)^{L+1}/L^L.
func (f FussCatalan) Edge() float64 {
	f.check()
	l := float64(f.L)
	return math.Exp((l+1)*math.Log(l+1) - l*math.Log(l))
}

// u0 is π/(L+1), where x(u) reaches 0.
func (f FussCatalan) u0() float64 { return math.Pi / float64(f.L+1) }

// logX returns log x at u = u0 − d, written in d so that the small-x end
// (d → 0) keeps full relative precision: sin((L+1)u) = sin((L+1)d),
// sin(Lu) = sin(u0 + Ld).
func (f FussCatalan) logX(d float64) float64 {
	l, u0 := float64(f.L), f.u0()
	return (l+1)*math.Log(math.Sin((l+1)*d)) - math.Log(math.Sin(u0-d)) - l*math.Log(math.Sin(u0+l*d))
}

// dF returns ρ(x) dx/dd at u = u0 − d: ρx · d(log x)/dd with
// ρx = sin(u0−d) sin((L+1)d) / (π sin(u0+Ld)), multiplied out so that
// it stays finite at d = 0.
func (f FussCatalan) dF(d float64) float64 {
	l, u0 := float64(f.L), f.u0()
	a, b, c := math.Sin(u0-d), math.Sin((l+1)*d), math.Sin(u0+l*d)
	cot := func(t float64) float64 { return math.Cos(t) / math.Sin(t) }
	return a / (math.Pi * c) * ((l+1)*(l+1)*math.Cos((l+1)*d) + b*(cot(u0-d)-l*l*cot(u0+l*d)))
}

// dAt returns d in (0, u0) with x(u0 − d) = x, by bisection on log d
// (log x increases with d; d ~ x^{1/(L+1)} spans hundreds of decades).
func (f FussCatalan) dAt(x float64) float64 {
	lx := math.Log(x)
	lo, hi := math.Log(1e-300), math.Log(f.u0())
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f.logX(math.Exp(mid)) < lx {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Exp((lo + hi) / 2)
}

// CDF returns F(x) = P(λ ≤ x) = ∫_0^{d(x)} ρ (dx/dd) dd, by tanh–sinh
// quadrature of a smooth integrand (relative error ~1e-14).
func (f FussCatalan) CDF(x float64) float64 {
	f.check()
	switch {
	case math.IsNaN(x):
		panic("freeprob: FussCatalan.CDF of NaN")
	case x <= 0:
		return 0
	case x >= f.Edge():
		return 1
	}
	d := f.dAt(x)
	nx, nw := TanhSinh(0, d, 1.0/32, 4)
	s := 0.0
	for i := range nx {
		s += nw[i] * f.dF(nx[i])
	}
	return s
}

// Density returns ρ(x) for 0 < x < Edge (0 outside):
// ρ = sin(u0−d) sin((L+1)d) / (π x sin(u0+Ld)) at x = x(u0 − d).
func (f FussCatalan) Density(x float64) float64 {
	f.check()
	if !(x > 0) || x >= f.Edge() {
		return 0
	}
	d := f.dAt(x)
	l, u0 := float64(f.L), f.u0()
	return math.Sin(u0-d) * math.Sin((l+1)*d) / (math.Pi * math.Sin(u0+l*d) * math.Exp(f.logX(d)))
}

// Moment returns ∫ x^k ρ by the same quadrature over the whole support
// (for checking the parametrisation against m_k = C((L+1)k, k)/(Lk+1)).
func (f FussCatalan) Moment(k int) float64 {
	f.check()
	nx, nw := TanhSinh(0, f.u0(), 1.0/32, 4)
	s := 0.0
	for i := range nx {
		s += nw[i] * f.dF(nx[i]) * math.Exp(float64(k)*f.logX(nx[i]))
	}
	return s
}
