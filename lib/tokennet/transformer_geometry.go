package tokennet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
)

// TokenGeometry is empirical.TokenGeometry: the empirical q and p of the
// token rows of x, eqs. (22)–(23) of Cowsik et al. 2024.
//
//sigprop:eq cowsik2024 eq22,23
func TokenGeometry(x mat.Matrix) (q, p float64) { return empirical.TokenGeometry(x) }

// TokenSqNorms writes |X_i|²/d for each token row of x into dst (length n)
// and returns it; dst == nil allocates.
func TokenSqNorms(dst []float64, x mat.Matrix) []float64 {
	n, d := x.Dims()
	if dst == nil {
		dst = make([]float64, n)
	}
	if len(dst) != n {
		panic(fmt.Sprintf("tokennet: TokenSqNorms dst has length %d, want %d", len(dst), n))
	}
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			s += v * v
		}
		dst[i] = s / float64(d)
	}
	return dst
}

// PairCosines is empirical.PairCosines: the n(n−1)/2 cosines between
// the token rows of x (the angle histograms of Fig. 2).
func PairCosines(x mat.Matrix) []float64 { return empirical.PairCosines(x) }

// SymmetricTokens fills dst (n×d) with permutation-symmetric Gaussian
// tokens of expected squared norm q and dot product p (App. A of Cowsik et
// al. 2024, "correlated Gaussian, uncorrelated components"):
//
//	X_i = √(p/d) g₀ + √((q−p)/d) g_i,   g₀, g_i ~ N(0, I_d).
//
// It panics unless q > 0 and 0 <= p <= q.
func SymmetricTokens(dst *mat.Dense, q, p float64, rng *rand.Rand) {
	if !(q > 0) || !(p >= 0 && p <= q) || math.IsInf(q, 0) {
		panic(fmt.Sprintf("tokennet: SymmetricTokens needs q > 0 and 0 <= p <= q, got q=%v p=%v", q, p))
	}
	n, d := dst.Dims()
	fd := float64(d)
	a, b := math.Sqrt(p/fd), math.Sqrt((q-p)/fd)
	g0 := make([]float64, d)
	for j := range g0 {
		g0[j] = rng.NormFloat64()
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			dst.Set(i, j, a*g0[j]+b*rng.NormFloat64())
		}
	}
}

// TwoGroupTokens fills dst (n×d) with the symmetry-breaking initial
// condition of eq. (12) of Cowsik et al. 2024: C_ii = q, C_ij = p1 within
// each half (i, j <= n/2 or i, j > n/2), C_ij = p2 across halves, via
//
//	X_i = √(p2/d) g₀ + √((p1−p2)/d) g_{group(i)} + √((q−p1)/d) g_i.
//
// It panics unless q > 0 and 0 <= p2 <= p1 <= q, or n < 2.
//
//sigprop:eq cowsik2024 eq12
func TwoGroupTokens(dst *mat.Dense, q, p1, p2 float64, rng *rand.Rand) {
	if !(q > 0) || !(p2 >= 0 && p2 <= p1 && p1 <= q) || math.IsInf(q, 0) {
		panic(fmt.Sprintf("tokennet: TwoGroupTokens needs q > 0 and 0 <= p2 <= p1 <= q, got q=%v p1=%v p2=%v", q, p1, p2))
	}
	n, d := dst.Dims()
	if n < 2 {
		panic("tokennet: TwoGroupTokens needs n >= 2")
	}
	fd := float64(d)
	a, b, c := math.Sqrt(p2/fd), math.Sqrt((p1-p2)/fd), math.Sqrt((q-p1)/fd)
	g := make([]float64, 3*d)
	for j := range g {
		g[j] = rng.NormFloat64()
	}
	for i := 0; i < n; i++ {
		grp := g[d : 2*d]
		if i >= n/2 {
			grp = g[2*d:]
		}
		for j := 0; j < d; j++ {
			dst.Set(i, j, a*g[j]+b*grp[j]+c*rng.NormFloat64())
		}
	}
}

// GroupDots returns the mean within-group and across-group dot products
// (p1, p2) of the two halves of eq. (12), for the symmetry-restoration
// curve of Fig. 3 (p1/p2 → 1).
func GroupDots(x mat.Matrix) (p1, p2 float64) {
	n, d := x.Dims()
	h := n / 2
	if h < 2 || n-h < 2 {
		panic("tokennet: GroupDots needs at least 2 tokens per half")
	}
	s1, s2 := make([]float64, d), make([]float64, d)
	var q1, q2 float64
	for i := 0; i < n; i++ {
		s, qq := s1, &q1
		if i >= h {
			s, qq = s2, &q2
		}
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			s[j] += v
			*qq += v * v
		}
	}
	var a1, a2, cross float64
	for j := 0; j < d; j++ {
		a1 += s1[j] * s1[j]
		a2 += s2[j] * s2[j]
		cross += s1[j] * s2[j]
	}
	nh, nt := float64(h), float64(n-h)
	within := (a1 - q1 + a2 - q2) / (nh*(nh-1) + nt*(nt-1))
	return within, cross / (nh * nt)
}

// NewSymmetricTokens allocates an n×d matrix and fills it with
// SymmetricTokens(q, p).
func NewSymmetricTokens(n, d int, q, p float64, rng *rand.Rand) *mat.Dense {
	x := mat.NewDense(n, d, nil)
	SymmetricTokens(x, q, p, rng)
	return x
}
