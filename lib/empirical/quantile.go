package empirical

import (
	"math"
	"slices"
)

// Quantile is the q-quantile of x by linear interpolation between order
// statistics (Hyndman & Fan's type 7, R's and NumPy's default):
//
//	h = q (n − 1),   Q = x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎).
//
// gonum's stat.Quantile offers the empirical (type 1) and LinInterp
// (type 4) rules but not this one. x is not modified. It panics on an
// empty x or q outside [0, 1].
func Quantile(x []float64, q float64) float64 {
	return Quantiles(x, q)[0]
}

// Quantiles is Quantile at each of qs, sorting x once.
func Quantiles(x []float64, qs ...float64) []float64 {
	if len(x) == 0 {
		panic("empirical: Quantile of an empty sample")
	}
	s := slices.Clone(x)
	slices.Sort(s)
	out := make([]float64, len(qs))
	for k, q := range qs {
		if !(q >= 0 && q <= 1) {
			panic("empirical: Quantile needs q in [0, 1]")
		}
		h := q * float64(len(s)-1)
		lo := int(math.Floor(h))
		if lo >= len(s)-1 {
			out[k] = s[len(s)-1]
			continue
		}
		out[k] = s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
	}
	return out
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
