package freeprob

import (
	"fmt"
	"math"
	"math/cmplx"
)

// Law is a probability measure known in closed form.
type Law interface {
	// Density is the absolutely continuous part (atoms excluded).
	Density(x float64) float64
	// Atoms lists the point masses.
	Atoms() []Atom
	// Support is the interval carrying the density.
	Support() (lo, hi float64)
	// Stieltjes is G(z) for Im z ≠ 0.
	Stieltjes(z complex128) complex128
	// Moment is m_k.
	Moment(k int) float64
	// S is the S-transform, defined near z = 0 on the branch with
	// S(0) = 1/m_1.
	S(z complex128) complex128
}

// MarchenkoPastur is the law of the eigenvalues of (1/n) X Xᵀ for a p×n
// matrix X with i.i.d. entries of variance Variance, in the limit
// p/n → Ratio. Its density on [a, b] = [σ²(1−√c)², σ²(1+√c)²] is
//
//	ρ(x) = √((b−x)(x−a)) / (2π σ² c x),
//
// with an atom 1 − 1/c at 0 when c > 1, and
//
//	G(z) = (z − σ²(1−c) − √((z−a)(z−b))) / (2σ²cz),   S(z) = 1/(σ²(1+cz)),
//	m_k = σ^{2k} Σ_{r=0}^{k−1} c^r/(r+1) C(k,r) C(k−1,r)   (Narayana).
//
// With Ratio = Variance = 1 this is the law of WᵀW with W_ij ~ N(0, 1/N)
// (F15 of lib/sources/tanner2024.md#formulas): density √((4−x)/x)/(2π), S(z) = 1/(1+z), moments the
// Catalan numbers.
type MarchenkoPastur struct {
	Ratio    float64 // c > 0
	Variance float64 // σ² > 0
}

// FreePoisson returns the free Poisson law with rate r > 0 and jump size
// α > 0, S(z) = 1/(α(z + r)); it is MarchenkoPastur{Ratio: 1/r, Variance: αr}.
func FreePoisson(rate, jump float64) MarchenkoPastur {
	if !(rate > 0) || !(jump > 0) {
		panic(fmt.Sprintf("freeprob: FreePoisson needs rate > 0 and jump > 0 (got %g, %g)", rate, jump))
	}
	return MarchenkoPastur{Ratio: 1 / rate, Variance: jump * rate}
}

func (l MarchenkoPastur) check() {
	if !(l.Ratio > 0) || !(l.Variance > 0) || math.IsInf(l.Ratio, 0) || math.IsInf(l.Variance, 0) {
		panic(fmt.Sprintf("freeprob: MarchenkoPastur needs finite Ratio > 0 and Variance > 0 (got %g, %g)", l.Ratio, l.Variance))
	}
}

// Support returns the bulk edges [σ²(1−√c)², σ²(1+√c)²].
func (l MarchenkoPastur) Support() (lo, hi float64) {
	l.check()
	s := math.Sqrt(l.Ratio)
	return l.Variance * (1 - s) * (1 - s), l.Variance * (1 + s) * (1 + s)
}

// Density returns the continuous part of the density at x.
func (l MarchenkoPastur) Density(x float64) float64 {
	a, b := l.Support()
	if x <= a || x >= b {
		return 0
	}
	return math.Sqrt((b-x)*(x-a)) / (2 * math.Pi * l.Variance * l.Ratio * x)
}

// Atoms returns the atom 1 − 1/c at 0 when c > 1.
func (l MarchenkoPastur) Atoms() []Atom {
	l.check()
	if l.Ratio > 1 {
		return []Atom{{0, 1 - 1/l.Ratio}}
	}
	return nil
}

// Stieltjes returns G(z); the product of principal square roots
// √(z−a)√(z−b) is the branch with G ~ 1/z and its cut on [a, b].
func (l MarchenkoPastur) Stieltjes(z complex128) complex128 {
	a, b := l.Support()
	c, v := complex(l.Ratio, 0), complex(l.Variance, 0)
	sq := cmplx.Sqrt(z-complex(a, 0)) * cmplx.Sqrt(z-complex(b, 0))
	// Rationalised form of (z − σ²(1−c) − sq)/(2σ²cz): no cancellation at
	// large |z|.
	return 2 / (z - v*(1-c) + sq)
}

// Moment returns m_k from the Narayana polynomials.
func (l MarchenkoPastur) Moment(k int) float64 {
	l.check()
	if k < 0 {
		panic("freeprob: moment order k must be >= 0")
	}
	if k == 0 {
		return 1
	}
	s := 0.0
	for r := 0; r < k; r++ {
		s += math.Pow(l.Ratio, float64(r)) / float64(r+1) * binom(k, r) * binom(k-1, r)
	}
	return math.Pow(l.Variance, float64(k)) * s
}

// S returns 1/(σ²(1+cz)).
func (l MarchenkoPastur) S(z complex128) complex128 {
	l.check()
	return 1 / (complex(l.Variance, 0) * (1 + complex(l.Ratio, 0)*z))
}

// Semicircle is Wigner's semicircle law with mean Mean and variance
// Variance = σ²: density √(4σ²−(x−a)²)/(2πσ²) on [a−2σ, a+2σ],
//
//	G(z) = (z−a − √(z−a−2σ)√(z−a+2σ)) / (2σ²),
//	m_k = Σ_j C(k,2j) a^{k−2j} σ^{2j} Cat_j,
//	S(z) = (−a + √(a² + 4σ²z)) / (2σ²z)   (a ≠ 0),
//
// the last from the R-transform R(w) = a + σ²w and S(z) R(zS(z)) = 1
// [derived]. The S-transform exists only for Mean ≠ 0.
type Semicircle struct {
	Mean     float64
	Variance float64 // σ² > 0
}

func (l Semicircle) check() {
	if !(l.Variance > 0) || math.IsInf(l.Variance, 0) || math.IsNaN(l.Mean) || math.IsInf(l.Mean, 0) {
		panic(fmt.Sprintf("freeprob: Semicircle needs finite Mean and Variance > 0 (got %g, %g)", l.Mean, l.Variance))
	}
}

// Support returns [a−2σ, a+2σ].
func (l Semicircle) Support() (lo, hi float64) {
	l.check()
	s := math.Sqrt(l.Variance)
	return l.Mean - 2*s, l.Mean + 2*s
}

// Density returns the semicircle density.
func (l Semicircle) Density(x float64) float64 {
	l.check()
	d := 4*l.Variance - (x-l.Mean)*(x-l.Mean)
	if d <= 0 {
		return 0
	}
	return math.Sqrt(d) / (2 * math.Pi * l.Variance)
}

// Atoms returns nil.
func (l Semicircle) Atoms() []Atom { return nil }

// Stieltjes returns G(z).
func (l Semicircle) Stieltjes(z complex128) complex128 {
	l.check()
	s := complex(2*math.Sqrt(l.Variance), 0)
	w := z - complex(l.Mean, 0)
	// Rationalised form of (w − √(w−2σ)√(w+2σ))/(2σ²).
	return 2 / (w + cmplx.Sqrt(w-s)*cmplx.Sqrt(w+s))
}

// Moment returns m_k.
func (l Semicircle) Moment(k int) float64 {
	l.check()
	if k < 0 {
		panic("freeprob: moment order k must be >= 0")
	}
	m := 0.0
	for j := 0; 2*j <= k; j++ {
		cat := binom(2*j, j) / float64(j+1)
		m += binom(k, 2*j) * math.Pow(l.Mean, float64(k-2*j)) * math.Pow(l.Variance, float64(j)) * cat
	}
	return m
}

// S returns the S-transform; panics if Mean = 0.
func (l Semicircle) S(z complex128) complex128 {
	l.check()
	if l.Mean == 0 {
		panic("freeprob: the S-transform of a semicircle needs Mean != 0")
	}
	a, v := complex(l.Mean, 0), complex(l.Variance, 0)
	if cmplx.Abs(z) < 1e-8*math.Abs(l.Mean*l.Mean/l.Variance) {
		return 1/a - v*z/(a*a*a) // series, avoids cancellation at z = 0
	}
	r := cmplx.Sqrt(a*a + 4*v*z)
	if real(a) < 0 {
		r = -r
	}
	return (-a + r) / (2 * v * z)
}

// PointMass is δ_A: G = 1/(z−A), M = A/(z−A), S = 1/A (table F15).
type PointMass struct{ A float64 }

// Density returns 0.
func (l PointMass) Density(x float64) float64 { return 0 }

// Atoms returns {(A, 1)}.
func (l PointMass) Atoms() []Atom { return []Atom{{l.A, 1}} }

// Support returns [A, A].
func (l PointMass) Support() (lo, hi float64) { return l.A, l.A }

// Stieltjes returns 1/(z−A).
func (l PointMass) Stieltjes(z complex128) complex128 { return 1 / (z - complex(l.A, 0)) }

// Moment returns A^k.
func (l PointMass) Moment(k int) float64 { return math.Pow(l.A, float64(k)) }

// S returns 1/A; panics if A = 0.
func (l PointMass) S(z complex128) complex128 {
	if l.A == 0 {
		panic("freeprob: the S-transform of δ_0 does not exist")
	}
	return complex(1/l.A, 0)
}

// Bernoulli is mass P at 1 and 1−P at 0 — the law of D² for ReLU, hard
// tanh and shifted ReLU (P18 Table 1): M(z) = P/(z−1), M^{−1}(z) = 1+P/z,
// S(z) = (1+z)/(z+P).
type Bernoulli struct{ P float64 }

func (l Bernoulli) check() {
	if !(l.P > 0 && l.P <= 1) {
		panic(fmt.Sprintf("freeprob: Bernoulli needs P in (0, 1] (got %g)", l.P))
	}
}

// Density returns 0.
func (l Bernoulli) Density(x float64) float64 { return 0 }

// Atoms returns (1, P) and, if P < 1, (0, 1−P).
func (l Bernoulli) Atoms() []Atom {
	l.check()
	if l.P == 1 {
		return []Atom{{1, 1}}
	}
	return []Atom{{0, 1 - l.P}, {1, l.P}}
}

// Support returns [0, 1].
func (l Bernoulli) Support() (lo, hi float64) { return 0, 1 }

// Stieltjes returns (1−P)/z + P/(z−1).
func (l Bernoulli) Stieltjes(z complex128) complex128 {
	l.check()
	return complex(1-l.P, 0)/z + complex(l.P, 0)/(z-1)
}

// Moment returns P for k ≥ 1.
func (l Bernoulli) Moment(k int) float64 {
	l.check()
	if k == 0 {
		return 1
	}
	return l.P
}

// S returns (1+z)/(z+P).
func (l Bernoulli) S(z complex128) complex128 {
	l.check()
	return (1 + z) / (z + complex(l.P, 0))
}

func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// SquaredMPS is the S-transform of the product of two free
// Marchenko–Pastur laws of ratio 1 and variance 1 (the Gram matrix of a
// product of two square Gaussian layers W₂W₁), on the real axis:
//
//	S(z) = S_MP(z)² = 1/((1 + z)(1 + z)),
//
// by S_{AB} = S_A S_B for free A, B (P18 eq. (12); F13 of
// lib/sources/tanner2024.md#formulas) with S_MP(z) = 1/(1 + z)
// (MarchenkoPastur.S, F15). It panics at z = −1.
//
//sigprop:eq pennington2018 eq12
func SquaredMPS(z float64) float64 {
	if z == -1 {
		panic("freeprob: SquaredMPS has a pole at z = -1")
	}
	return 1 / ((1 + z) * (1 + z))
}
