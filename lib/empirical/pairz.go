package empirical

import (
	"math"
	"slices"
)

// ECDFPairZ returns, at each point t of ts, the difference of the
// empirical CDFs of two independent samples a and b in units of its
// standard deviation under i.i.d. sampling from a common law,
//
//	z(t) = (F̂_a(t) − F̂_b(t)) / √(F̂(t)(1 − F̂(t))(1/n_a + 1/n_b)),
//
// F̂ the pooled ECDF; points where F̂(1 − F̂) = 0 are skipped. For i.i.d.
// samples the root mean square of z is about 1; for samples whose ECDF
// fluctuates less than i.i.d. draws would (eigenvalues of one random
// matrix repel) it is below 1. The result measures the sampling spread of
// an ECDF from two replicates. It panics on an empty sample.
func ECDFPairZ(a, b, ts []float64) []float64 {
	if len(a) == 0 || len(b) == 0 {
		panic("empirical: ECDFPairZ of an empty sample")
	}
	sa, sb := slices.Clone(a), slices.Clone(b)
	slices.Sort(sa)
	slices.Sort(sb)
	na, nb := float64(len(a)), float64(len(b))
	var z []float64
	for _, t := range ts {
		fa, fb := ECDF(sa, t), ECDF(sb, t)
		f := (fa*na + fb*nb) / (na + nb)
		if v := f * (1 - f) * (1/na + 1/nb); v > 0 {
			z = append(z, (fa-fb)/math.Sqrt(v))
		}
	}
	return z
}

// RMS returns √(Σx²/n); it panics on an empty x.
func RMS(x []float64) float64 {
	if len(x) == 0 {
		panic("empirical: RMS of an empty slice")
	}
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	return math.Sqrt(s / float64(len(x)))
}
