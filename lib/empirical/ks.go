package empirical

import (
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// KS2 is the two-sample Kolmogorov–Smirnov distance
//
//	D = sup_t |F_x(t) − F_y(t)|
//
// between the empirical distributions of x and y, computed by gonum's
// stat.KolmogorovSmirnov on sorted copies (inputs are not modified). Ties,
// within and across the samples, are stepped over together, so D is the
// supremum over the values themselves. It panics on an empty sample or NaN.
func KS2(x, y []float64) float64 {
	if len(x) == 0 || len(y) == 0 {
		panic("empirical: KS2 of an empty sample")
	}
	a, b := slices.Clone(x), slices.Clone(y)
	for _, v := range append(a[:len(a):len(a)], b...) {
		if math.IsNaN(v) {
			panic("empirical: KS2 of NaN")
		}
	}
	slices.Sort(a)
	slices.Sort(b)
	return stat.KolmogorovSmirnov(a, nil, b, nil)
}

// KSCritical is the asymptotic two-sample KS critical value at level
// alpha ∈ {0.05, 0.01, 0.001},
//
//	c(α) √((n₁+n₂)/(n₁n₂)),   c = 1.358, 1.628, 1.949,
//
// so that under equal distributions KS2 exceeds it with probability ≈ α:
// the sampling tolerance of a two-sample comparison. It panics on another
// alpha or a sample size < 1.
func KSCritical(n1, n2 int, alpha float64) float64 {
	var c float64
	switch alpha {
	case 0.05:
		c = 1.358
	case 0.01:
		c = 1.628
	case 0.001:
		c = 1.949
	default:
		panic("empirical: KSCritical supports alpha 0.05, 0.01, 0.001")
	}
	if n1 < 1 || n2 < 1 {
		panic("empirical: KSCritical needs sample sizes >= 1")
	}
	return c * math.Sqrt(float64(n1+n2)/float64(n1*n2))
}

// DKW is the Dvoretzky–Kiefer–Wolfowitz bound with Massart's constant,
//
//	ε = √(ln(2/α)/(2n)),
//
// which sup_t |F̂_n(t) − F(t)| exceeds with probability at most α for n
// i.i.d. samples from a continuous F: the tolerance of a one-sample
// comparison with a known CDF. It panics on n < 1 or α outside (0, 1).
func DKW(n int, alpha float64) float64 {
	if n < 1 || !(alpha > 0 && alpha < 1) {
		panic("empirical: DKW needs n >= 1 and alpha in (0, 1)")
	}
	return math.Sqrt(math.Log(2/alpha) / (2 * float64(n)))
}

// ECDF is the empirical distribution function of a sorted sample at t,
// #{x_i ≤ t}/n. It panics on an empty sample.
func ECDF(sorted []float64, t float64) float64 {
	if len(sorted) == 0 {
		panic("empirical: ECDF of an empty sample")
	}
	return float64(sort.Search(len(sorted), func(i int) bool { return sorted[i] > t })) / float64(len(sorted))
}
