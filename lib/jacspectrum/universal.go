package jacspectrum

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

func checkSigma0(s float64) {
	if !(s > 0) || math.IsInf(s, 0) {
		panic(fmt.Sprintf("jacspectrum: sigma_0^2 must be positive and finite (got %g)", s))
	}
}

// BernoulliLimit is the universal law of the Bernoulli class (hard tanh,
// shifted ReLU) in the double scaling limit L → ∞ with σ²_{JJᵀ} = σ₀²
// fixed (P18 eqs 24–35, F26):
//
//	S(z) = e^{−σ₀² z/(1+z)}  ⇔  z m = (1+m) e^{σ₀² m/(1+m)},  m = M(z).
//
// Equivalently G(z) = σ₀²/(z(σ₀² + W(−σ₀²/z))) with the principal Lambert
// W. The bulk lies in (0, eσ₀²]; for σ₀ ≤ 1 there is an atom of mass
// 1 − σ₀² at e^{σ₀²} (derived as a residue, lib/sources/tanner2024.md#erratum-18).
//
//sigprop:eq tanner2024 F26
type BernoulliLimit struct{ Sigma02 float64 }

// Equation returns h(z, m) = (1+m)e^{σ₀²m/(1+m)} − zm and ∂h/∂m.
func (b BernoulliLimit) Equation() freeprob.Equation {
	checkSigma0(b.Sigma02)
	s := complex(b.Sigma02, 0)
	return func(z, m complex128) (complex128, complex128) {
		e := cmplx.Exp(s * m / (1 + m))
		return (1+m)*e - z*m, e*(1+s/(1+m)) - z
	}
}

// Atoms returns (e^{σ₀²}, 1−σ₀²) when σ₀² < 1.
func (b BernoulliLimit) Atoms() []freeprob.Atom {
	checkSigma0(b.Sigma02)
	if b.Sigma02 < 1 {
		return []freeprob.Atom{{Loc: math.Exp(b.Sigma02), Mass: 1 - b.Sigma02}}
	}
	return nil
}

// Edge returns the right edge eσ₀² of the bulk.
func (b BernoulliLimit) Edge() float64 { checkSigma0(b.Sigma02); return math.E * b.Sigma02 }

// Moments returns m₁ = 1, σ² = σ₀², m₃ = 1 + 2σ₀² + 1.5σ₀⁴ (F14 with
// s₁ = −σ₀², s₂ = σ₀² + σ₀⁴/2).
func (b BernoulliLimit) Moments() Moments {
	s := b.Sigma02
	checkSigma0(s)
	return Moments{M1: 1, M2: 1 + s, M3: 1 + 2*s + 1.5*s*s, Var: s, S1: 0, Chi1: 1}
}

// Density returns the continuous density at each λ > 0 (atom subtracted).
func (b BernoulliLimit) Density(lambdas []float64, c freeprob.Continuation) ([]float64, error) {
	return c.Density(b.Equation(), lambdas, func(z complex128) complex128 { return 1/z + complex(1+b.Sigma02, 0)/(z*z) }, b.Atoms()...)
}

// SmoothLimit is the universal law of the smooth class (erf, SiLU, tanh)
// in the double scaling limit (P18 eqs 36–37, F27):
//
//	S(z) = e^{−σ₀² z}  ⇔  z m = (1+m) e^{σ₀² m}.
//
// Its support is [λ₋, λ₊] with λ± = ((1+m±)/m±) e^{σ₀²m±},
// m± = (−1 ± √(1+4/σ₀²))/2 (the labels of P18 eq 37 are swapped, lib/sources/tanner2024.md#errata
// pitfall 15).
//
//sigprop:eq tanner2024 F27 erratum=lib/sources/tanner2024.md#erratum-15
type SmoothLimit struct{ Sigma02 float64 }

// Equation returns h(z, m) = (1+m)e^{σ₀²m} − zm and ∂h/∂m.
func (s SmoothLimit) Equation() freeprob.Equation {
	checkSigma0(s.Sigma02)
	c := complex(s.Sigma02, 0)
	return func(z, m complex128) (complex128, complex128) {
		e := cmplx.Exp(c * m)
		return (1+m)*e - z*m, e*(1+c*(1+m)) - z
	}
}

// Edges returns the support [λ₋, λ₊] (F27).
func (s SmoothLimit) Edges() (lo, hi float64) {
	checkSigma0(s.Sigma02)
	r := math.Sqrt(1 + 4/s.Sigma02)
	lam := func(m float64) float64 { return (1 + m) / m * math.Exp(s.Sigma02*m) }
	a, b := lam((-1+r)/2), lam((-1-r)/2)
	return math.Min(a, b), math.Max(a, b)
}

// Moments returns m₁ = 1, σ² = σ₀², m₃ = 1 + 3σ₀² + 1.5σ₀⁴.
func (s SmoothLimit) Moments() Moments {
	v := s.Sigma02
	checkSigma0(v)
	return Moments{M1: 1, M2: 1 + v, M3: 1 + 3*v + 1.5*v*v, Var: v, Chi1: 1}
}

// Density returns the density at each λ.
func (s SmoothLimit) Density(lambdas []float64, c freeprob.Continuation) ([]float64, error) {
	return c.Density(s.Equation(), lambdas, func(z complex128) complex128 { return 1/z + complex(1+s.Sigma02, 0)/(z*z) })
}

// QStarForSigma0 returns q*(L) on the edge of chaos with
// μ₂/μ₁² = 1 + σ₀²/L, so that orthogonal networks have σ²_{JJᵀ} = σ₀² at
// every depth (P18 §5, F25):
//
//	hardtanh      p = L/(L+σ₀²),  q* = 1/(2 erfinv(p)²)      (P18 SM S30, q* a variance)
//	shtanh(a)     p = L/(L+σ₀²),  q* = a²/(2 erfinv(p)²)     (hard tanh at q*/a², F31)
//	shifted_relu  p = L/(L+σ₀²),  q* = 1/(4 Φ⁻¹(p)²)
//	erf           q* = (t + √(t²+t))/π,  t = 2σ₀²/L + σ₀⁴/L²   (corrects SM S39)
//
// from f.QForMuRatio where f has that closed form (these four), and by
// bisection on f.Mu for any other activation (tanh, SiLU), assuming
// μ₂/μ₁² increases with q* from 1 at q* → 0. Linear and ReLU have no such
// q* (their μ_k do not depend on q*): an error.
//
// The q* returned is a fixed point of the critical network's q-map, but
// not always an attracting one: for SiLU (every q* below ≈ 14) and GELU
// (below ≈ 3.6) it repels (χ_q > 1; meanfield.EoCAtQ reports it), so a
// network started
// near q* drifts away over ~1/log χ_q layers. The spectrum at q* is still
// that of the Jacobian of a network whose inputs sit at q*, as P18 draw
// it.
//
// Findings beyond the notes (lib/sources/tanner2024.md), each shown by a test: erf approaches the
// smooth limit law only like L^{−1/2} (its μ₂/μ₁² − 1 = O(q*²) forces q* ∝
// L^{−1/2}), while hard tanh, shifted ReLU and SiLU converge like 1/L
// (TestUniversalityConvergence); hard tanh and shifted ReLU have identical
// spectra at q*(L), since both are Bernoulli with p = L/(L+σ₀²).
//
//sigprop:eq tanner2024 F25
func QStarForSigma0(f activation.Func, L int, sigma02 float64) (float64, error) {
	if L < 1 {
		panic(fmt.Sprintf("jacspectrum: depth must be >= 1 (got %d)", L))
	}
	checkSigma0(sigma02)
	checkFunc(f)
	if homogeneous(f) {
		return 0, fmt.Errorf("jacspectrum: %s has no q* with bounded spectrum variance (its mu_k do not depend on q*)", f)
	}
	fl := float64(L)
	if f.QForMuRatio != nil {
		return f.QForMuRatio(sigma02 / fl), nil
	}
	target := sigma02 / fl
	g := func(q float64) float64 {
		m1, m2 := f.Mu(q, 1), f.Mu(q, 2)
		return m2/(m1*m1) - 1 - target
	}
	lo, hi := 1e-12, 1.0
	for g(hi) < 0 {
		hi *= 2
		if hi > 1e3 {
			return 0, fmt.Errorf("jacspectrum: no q* with sigma_0^2=%g at L=%d for %s", sigma02, L, f)
		}
	}
	if g(lo) > 0 {
		return 0, fmt.Errorf("jacspectrum: sigma_0^2/L=%g too small for %s", target, f)
	}
	for i := 0; i < 200 && hi-lo > 1e-14*hi; i++ {
		mid := (lo + hi) / 2
		if g(mid) > 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2, nil
}
