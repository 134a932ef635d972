package sde

import (
	"math"
	"slices"
)

// KS2 is the two-sample Kolmogorov–Smirnov distance
//
//	D = sup_x |F_x(x) − F_y(x)|
//
// between the empirical distributions of x and y (inputs are not modified).
// It is the agreement metric between SDE and finite-network samples
// (spec §4.3). It panics on empty input or NaN.
func KS2(x, y []float64) float64 {
	if len(x) == 0 || len(y) == 0 {
		panic("sde: KS2 of an empty sample")
	}
	a, b := slices.Clone(x), slices.Clone(y)
	for _, v := range append(a[:len(a):len(a)], b...) {
		if math.IsNaN(v) {
			panic("sde: KS2 of NaN")
		}
	}
	slices.Sort(a)
	slices.Sort(b)
	na, nb := float64(len(a)), float64(len(b))
	i, j, d := 0, 0, 0.0
	for i < len(a) && j < len(b) {
		t := math.Min(a[i], b[j])
		for i < len(a) && a[i] <= t {
			i++
		}
		for j < len(b) && b[j] <= t {
			j++
		}
		d = math.Max(d, math.Abs(float64(i)/na-float64(j)/nb))
	}
	return d
}

// KSCritical is the asymptotic two-sample KS critical value at level
// alpha ∈ {0.05, 0.01, 0.001}: c(α)√((n₁+n₂)/(n₁n₂)), c = 1.358, 1.628, 1.949.
// Under equal distributions D exceeds it with probability ≈ alpha; it is the
// sampling tolerance of a KS comparison.
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
		panic("sde: KSCritical supports alpha 0.05, 0.01, 0.001")
	}
	return c * math.Sqrt(float64(n1+n2)/float64(n1*n2))
}

// Quantile is the q-quantile (linear interpolation between order
// statistics, type 7) of x; x is not modified. It panics on empty x or
// q outside [0, 1].
func Quantile(x []float64, q float64) float64 {
	if len(x) == 0 || !(q >= 0 && q <= 1) {
		panic("sde: Quantile needs a non-empty sample and q in [0, 1]")
	}
	s := slices.Clone(x)
	slices.Sort(s)
	h := q * float64(len(s)-1)
	lo := int(math.Floor(h))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// MeanSD returns the sample mean and standard deviation (n−1).
func MeanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	if len(x) > 1 {
		sd = math.Sqrt(sd / float64(len(x)-1))
	}
	return mean, sd
}

// DropNaN returns the non-NaN entries of x (a new slice) and how many were
// dropped.
func DropNaN(x []float64) ([]float64, int) {
	out := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) {
			out = append(out, v)
		}
	}
	return out, len(x) - len(out)
}

// Histogram returns the bin centres and the density (fraction per unit
// length) of x on [lo, hi] split into bins equal bins; values outside the
// range or NaN are ignored but still count in the normalisation, so the
// density integrates to the fraction of x inside [lo, hi]. It panics on
// bins < 1 or hi <= lo.
func Histogram(x []float64, lo, hi float64, bins int) (centers, density []float64) {
	if bins < 1 || !(hi > lo) {
		panic("sde: Histogram needs bins >= 1 and hi > lo")
	}
	w := (hi - lo) / float64(bins)
	centers = make([]float64, bins)
	density = make([]float64, bins)
	for i := range centers {
		centers[i] = lo + (float64(i)+0.5)*w
	}
	for _, v := range x {
		if !(v >= lo && v <= hi) {
			continue
		}
		i := int((v - lo) / w)
		if i == bins {
			i--
		}
		density[i]++
	}
	for i := range density {
		density[i] /= float64(len(x)) * w
	}
	return centers, density
}
