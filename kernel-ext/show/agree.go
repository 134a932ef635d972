package show

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
)

// The standard agreement rules of a theory-vs-simulation metric, so that
// every notebook states an agreement the same way. Each computes the
// value from the samples with package empirical and returns NewMetric.

// ZMetric is the largest z-score of a simulated curve against its theory,
//
//	max_i |sim_i − theory_i|/se_i   (points with se_i > 0; empirical.MaxZ),
//
// which passes at |z| <= tol (tol = 5 makes a false alarm over a few dozen
// points unlikely: P(|z| > 5) ≈ 6e-7 per point).
func ZMetric(name string, sim, se, theory []float64, tol float64, note string) Metric {
	return NewMetric(name, empirical.MaxZ(sim, se, theory), tol, note)
}

// KSMetric is the two-sample Kolmogorov–Smirnov distance between samples x
// and y (empirical.KS2), with the asymptotic critical value at level alpha
// (empirical.KSCritical) as tolerance: under equal laws it fails with
// probability ≈ alpha. The note is completed with the rule and the
// sample sizes.
func KSMetric(name string, x, y []float64, alpha float64, note string) Metric {
	return NewMetric(name, empirical.KS2(x, y), empirical.KSCritical(len(x), len(y), alpha),
		fmt.Sprintf("%s; KS distance, tolerance = %g%% critical value for %d vs %d samples", note, 100*alpha, len(x), len(y)))
}
