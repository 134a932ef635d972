package empirical

import (
	"errors"
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

// ErrZeroSE is returned (wrapped) by MaxZ for a point whose standard
// error is zero, negative or not finite: such a point cannot be scored, and
// skipping it would let a curve with no error estimates pass.
var ErrZeroSE = errors.New("standard error not positive and finite")

// MaxZ is the largest |sim_i − theory_i|/se_i over all points: the usual
// agreement rule of a simulated curve against its theory. A NaN in sim or
// theory gives NaN. It returns NaN and an error wrapping ErrZeroSE, naming
// the first such point, when some se_i is not > 0 and finite (a point with
// an exact value, such as a fixed input layer, must be left out by the
// caller). It panics when the slices differ in length or are empty.
func MaxZ(sim, se, theory []float64) (float64, error) {
	if len(sim) != len(se) || len(sim) != len(theory) {
		panic("empirical: MaxZ needs slices of equal length")
	}
	if len(sim) == 0 {
		panic("empirical: MaxZ needs at least one point")
	}
	z := 0.0
	for i := range sim {
		if !(se[i] > 0) || math.IsInf(se[i], 0) {
			return math.NaN(), fmt.Errorf("empirical: MaxZ: point %d of %d has se = %v: %w", i, len(sim), se[i], ErrZeroSE)
		}
		d := math.Abs(sim[i]-theory[i]) / se[i]
		if math.IsNaN(d) {
			z = d
			continue
		}
		if !math.IsNaN(z) {
			z = math.Max(z, d)
		}
	}
	return z, nil
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

// MaxZDOF is MaxZ for standard errors that each come from dof + 1 sample
// units (networks): the largest |NormalZ((sim_i − theory_i)/se_i, dof)|,
// so that the score is judged on the normal scale whatever the number of
// units. Its errors and panics are those of MaxZ; it panics for dof < 1.
func MaxZDOF(sim, se, theory []float64, dof int) (float64, error) {
	if dof < 1 {
		panic(fmt.Sprintf("empirical: MaxZDOF needs dof >= 1, got %d", dof))
	}
	if _, err := MaxZ(sim, se, theory); err != nil {
		return math.NaN(), err
	}
	z := 0.0
	for i := range sim {
		d := math.Abs(NormalZ((sim[i]-theory[i])/se[i], dof))
		if math.IsNaN(d) || math.IsNaN(z) {
			z = math.NaN()
			continue
		}
		z = math.Max(z, d)
	}
	return z, nil
}
