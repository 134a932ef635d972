package freeprob

import (
	"fmt"
	"math"
	"math/cmplx"
)

// Atom is a point mass Mass at Loc.
type Atom struct {
	Loc, Mass float64
}

// Measure is a probability measure given by a density on [Lo, Hi] and a
// list of atoms. The density may have integrable singularities at Lo and Hi
// (square-root or inverse-square-root edges); it is never evaluated at the
// end points themselves. A nil Density means a purely atomic measure.
type Measure struct {
	Density func(x float64) float64
	Lo, Hi  float64
	Atoms   []Atom
}

func (m Measure) check() {
	if m.Density != nil && !(m.Lo < m.Hi) {
		panic(fmt.Sprintf("freeprob: measure support [%g, %g] must have Lo < Hi", m.Lo, m.Hi))
	}
}

// Stieltjes returns G(z) = ∫ ρ(t)/(z−t) dt + Σ_a w_a/(z−λ_a) (P18 eq 7).
// The density part uses tanh–sinh quadrature, which is accurate when the
// distance from z to the support is ≳ 1e-3 of its width; for z closer to
// the real axis use a closed form or SolveM. Panics if Im z = 0 and z lies
// in the support.
//
//sigprop:eq pennington2018 eq7
func (m Measure) Stieltjes(z complex128) complex128 {
	m.check()
	if imag(z) == 0 && m.Density != nil && real(z) >= m.Lo && real(z) <= m.Hi {
		panic("freeprob: Stieltjes needs Im z != 0 on the support")
	}
	var g complex128
	if m.Density != nil {
		x, w := TanhSinh(m.Lo, m.Hi, measureStep, measureTMax)
		for i := range x {
			g += complex(w[i]*m.Density(x[i]), 0) / (z - complex(x[i], 0))
		}
	}
	for _, a := range m.Atoms {
		g += complex(a.Mass, 0) / (z - complex(a.Loc, 0))
	}
	return g
}

// Moment returns m_k = ∫ t^k ρ(t) dt + Σ_a w_a λ_a^k; Moment(0) is the total
// mass.
func (m Measure) Moment(k int) float64 {
	m.check()
	if k < 0 {
		panic("freeprob: moment order k must be >= 0")
	}
	s := 0.0
	if m.Density != nil {
		x, w := TanhSinh(m.Lo, m.Hi, measureStep, measureTMax)
		for i := range x {
			s += w[i] * m.Density(x[i]) * math.Pow(x[i], float64(k))
		}
	}
	for _, a := range m.Atoms {
		s += a.Mass * math.Pow(a.Loc, float64(k))
	}
	return s
}

// Mass returns the total mass, Moment(0).
func (m Measure) Mass() float64 { return m.Moment(0) }

// StieltjesFromEigs returns the Stieltjes transform of the empirical
// measure of eigs, (1/n) Σ_i 1/(z−λ_i). Panics if eigs is empty.
func StieltjesFromEigs(eigs []float64, z complex128) complex128 {
	if len(eigs) == 0 {
		panic("freeprob: StieltjesFromEigs needs at least one eigenvalue")
	}
	var g complex128
	for _, l := range eigs {
		g += 1 / (z - complex(l, 0))
	}
	return g / complex(float64(len(eigs)), 0)
}

// MomentsFromEigs returns m_1..m_K of the empirical measure of eigs.
func MomentsFromEigs(eigs []float64, K int) []float64 {
	if len(eigs) == 0 || K < 1 {
		panic("freeprob: MomentsFromEigs needs eigenvalues and K >= 1")
	}
	m := make([]float64, K)
	for _, l := range eigs {
		p := 1.0
		for k := range m {
			p *= l
			m[k] += p
		}
	}
	for k := range m {
		m[k] /= float64(len(eigs))
	}
	return m
}

// StieltjesFromMoments returns the truncated series
//
//	G(z) = 1/z + Σ_{k=1}^{K} m_k / z^{k+1},
//
// which converges for |z| larger than the support radius. It is meant for
// large |z|, e.g. to start a continuation.
func StieltjesFromMoments(m []float64, z complex128) complex128 {
	if z == 0 {
		panic("freeprob: StieltjesFromMoments needs z != 0")
	}
	inv := 1 / z
	g, p := inv, inv
	for _, mk := range m {
		p *= inv
		g += complex(mk, 0) * p
	}
	return g
}

// DensityFromG returns −Im G(λ+iε)/π, the density ρ convolved with a
// Cauchy kernel of width ε (P18 eq 8). Panics unless ε > 0.
//
//sigprop:eq pennington2018 eq8
func DensityFromG(g func(complex128) complex128, lambda, eps float64) float64 {
	if !(eps > 0) {
		panic("freeprob: DensityFromG needs eps > 0")
	}
	return -imag(g(complex(lambda, eps))) / math.Pi
}

// MFromG returns M(z) = z G(z) − 1 (P18 eq 9).
//
//sigprop:eq pennington2018 eq9
func MFromG(g func(complex128) complex128, z complex128) complex128 {
	return z*g(z) - 1
}

func finiteC(z complex128) bool { return !cmplx.IsNaN(z) && !cmplx.IsInf(z) }

// absC is |z| without math.Hypot's overflow protection, for the Newton
// hot loop (|m| stays far below 1e150 here).
func absC(z complex128) float64 { return math.Sqrt(real(z)*real(z) + imag(z)*imag(z)) }
