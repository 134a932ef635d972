package empirical

import (
	"fmt"
	"math"
)

// MeanShift is the mean difference of two sets of independent estimates
// a_i ± sa_i and b_i ± sb_i over the indices i with keep(i) (all when keep
// is nil), and its standard error:
//
//	shift = (1/m) Σ (a_i − b_i),   se = (1/m) √(Σ (sa_i² + sb_i²)),
//
// e.g. the average change of a simulated exponent over a phase diagram
// when one setting changes (causal against acausal attention). It panics
// when the slices differ in length or no index is kept.
func MeanShift(a, sa, b, sb []float64, keep func(i int) bool) (shift, se float64) {
	if len(sa) != len(a) || len(b) != len(a) || len(sb) != len(a) {
		panic("empirical: MeanShift needs slices of equal length")
	}
	m, v := 0, 0.0
	for i := range a {
		if keep != nil && !keep(i) {
			continue
		}
		m++
		shift += a[i] - b[i]
		v += sa[i]*sa[i] + sb[i]*sb[i]
	}
	if m == 0 {
		panic(fmt.Sprintf("empirical: MeanShift kept none of %d indices", len(a)))
	}
	return shift / float64(m), math.Sqrt(v) / float64(m)
}
