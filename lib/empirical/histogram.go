package empirical

import (
	"fmt"
	"math"
)

// Histogram returns the bin centres and the density (count per unit length
// over all of x) of x on [lo, hi] split into bins equal bins. A value equal
// to hi falls in the last bin; values outside [lo, hi] and NaN fall in none
// but still count in the normalisation, so the density integrates to the
// fraction of x inside [lo, hi]. gonum's stat.Histogram counts sorted data
// between dividers; this is the normalised fixed-range form every figure
// of sigprop draws. It panics on bins < 1 or a range that is not finite
// with lo < hi.
func Histogram(x []float64, lo, hi float64, bins int) (centres, density []float64) {
	if bins < 1 || !(hi > lo) || math.IsInf(hi-lo, 0) {
		panic(fmt.Sprintf("empirical: Histogram needs bins >= 1 and finite lo < hi, got %d, [%v, %v]", bins, lo, hi))
	}
	w := (hi - lo) / float64(bins)
	centres = make([]float64, bins)
	density = make([]float64, bins)
	for i := range centres {
		centres[i] = lo + (float64(i)+0.5)*w
	}
	for _, v := range x {
		if !(v >= lo && v <= hi) {
			continue
		}
		density[min(int((v-lo)/w), bins-1)]++
	}
	for i := range density {
		density[i] /= float64(len(x)) * w
	}
	return centres, density
}

// Linspace returns k evenly spaced values from lo to hi inclusive,
// lo + (hi − lo)·i/(k − 1) (k = 1: just lo). It panics if k < 1.
func Linspace(lo, hi float64, k int) []float64 {
	if k < 1 {
		panic(fmt.Sprintf("empirical: Linspace needs k >= 1, got %d", k))
	}
	v := make([]float64, k)
	for i := range v {
		if k == 1 {
			v[i] = lo
		} else {
			v[i] = lo + (hi-lo)*float64(i)/float64(k-1)
		}
	}
	return v
}

// Ints returns lo, lo+1, …, hi as float64: layer indices as a figure's
// x values. It panics if hi < lo.
func Ints(lo, hi int) []float64 {
	if hi < lo {
		panic(fmt.Sprintf("empirical: Ints needs hi >= lo, got %d, %d", lo, hi))
	}
	v := make([]float64, hi-lo+1)
	for i := range v {
		v[i] = float64(lo + i)
	}
	return v
}
