package empirical

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
)

// MeanSD returns the sample mean and the standard deviation with the n − 1
// denominator (gonum stat.MeanStdDev; sd = 0 for one sample). It panics on
// an empty sample.
func MeanSD(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		panic("empirical: MeanSD of an empty sample")
	}
	if len(x) == 1 {
		return x[0], 0
	}
	return stat.MeanStdDev(x, nil)
}

// MeanSE returns the sample mean and its standard error s/√n (s with the
// n − 1 denominator, gonum stat.StdErr). A single sample carries no
// estimate of its error: se = 0. It panics on an empty sample.
func MeanSE(x []float64) (mean, se float64) {
	mean, sd := MeanSD(x)
	if len(x) > 1 {
		se = stat.StdErr(sd, float64(len(x)))
	}
	return mean, se
}

// Z is the z-score of an estimate against theory,
//
//	z = |mean − theory|/se,
//
// +Inf when se = 0 and mean ≠ theory, 0 when both agree exactly.
func Z(mean, se, theory float64) float64 {
	d := math.Abs(mean - theory)
	if d == 0 {
		return 0
	}
	return d / se
}

// MaxZ is the largest |sim_i − theory_i|/se_i over the points with
// se_i > 0 (a point without an error estimate cannot be scored): the usual
// agreement rule of a simulated curve against its theory. It panics when
// the slices differ in length.
func MaxZ(sim, se, theory []float64) float64 {
	if len(sim) != len(se) || len(sim) != len(theory) {
		panic("empirical: MaxZ needs slices of equal length")
	}
	z := 0.0
	for i := range sim {
		if se[i] > 0 {
			z = math.Max(z, math.Abs(sim[i]-theory[i])/se[i])
		}
	}
	return z
}

// MaxAbsDiff returns max_i |a_i − b_i| (0 for empty slices): the largest
// gap between a simulated curve and its theory when the gap is systematic
// rather than noise. It panics if the lengths differ.
func MaxAbsDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		panic(fmt.Sprintf("empirical: MaxAbsDiff lengths %d and %d differ", len(a), len(b)))
	}
	var m float64
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// MinDiffZ is the smallest standardised difference (a_i − b_i)/√(sa_i² +
// sb_i²) of two sets of independent means a ± sa and b ± sb: how clearly a
// stays above b at every point, in standard errors of the difference (a
// one-sided claim "a > b everywhere" holds at k SE when MinDiffZ ≥ k). It
// panics on slices of different or zero length.
func MinDiffZ(a, sa, b, sb []float64) float64 {
	if len(a) == 0 || len(sa) != len(a) || len(b) != len(a) || len(sb) != len(a) {
		panic(fmt.Sprintf("empirical: MinDiffZ needs four slices of one non-zero length, have %d, %d, %d, %d", len(a), len(sa), len(b), len(sb)))
	}
	z := math.Inf(1)
	for i := range a {
		z = math.Min(z, (a[i]-b[i])/math.Hypot(sa[i], sb[i]))
	}
	return z
}
