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
//	max_i |sim_i − theory_i|/se_i   (empirical.MaxZ),
//
// which passes at |z| <= tol (tol = 5 makes a false alarm over a few dozen
// points unlikely: P(|z| > 5) ≈ 6e-7 per point). A point whose SE is not
// positive makes the value NaN, a failure, with the error in the note.
func ZMetric(name string, sim, se, theory []float64, tol float64, note string) Metric {
	z, err := empirical.MaxZ(sim, se, theory)
	if err != nil {
		note = joinNote(note, err.Error())
	}
	return NewMetric(name, z, tol, note)
}

// joinNote appends b to the note a with "; ".
func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
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

// MaxZ returns a with its Value set to the largest z-score of a simulated
// curve against its theory (empirical.MaxZ: every se_i must be > 0, or the
// Value is NaN, a failing check, with the error in the Note),
// its Kind set to TheoryVsSimulation when unset, and its Basis prefixed
// with the rule, so a.Basis need only describe the standard errors:
//
//	show.View{show.Agree(show.MaxZ(show.Agreement{Name: "...", Tol: 4, Figure: "fig4",
//		Basis: "SE from 20 networks of width 256"}, sim, se, theory))}.Show()
//
// gives the basis "max |z| over 12 points ≤ 4; SE from 20 networks of
// width 256".
func MaxZ(a Agreement, sim, se, theory []float64) Agreement {
	if a.Kind == "" {
		a.Kind = TheoryVsSimulation
	}
	z, err := empirical.MaxZ(sim, se, theory)
	if err != nil {
		a.Note = joinNote(a.Note, err.Error())
	}
	a.Value = z
	a.Basis = fmt.Sprintf("max |z| over %d points ≤ %g; %s", len(sim), a.Tol, a.Basis)
	return a
}

// KS returns a with its Value set to the two-sample Kolmogorov–Smirnov
// distance between x and y (empirical.KS2), its Tol to the asymptotic
// critical value at level alpha (empirical.KSCritical: under equal laws
// it fails with probability ≈ alpha) and its Basis prefixed with that
// rule and the sample sizes. a.Kind must be set by the caller (a network
// against its SDE is SimulationVsSimulation; samples against a sampled
// theory law TheoryVsSimulation).
func KS(a Agreement, x, y []float64, alpha float64) Agreement {
	a.Value = empirical.KS2(x, y)
	a.Tol = empirical.KSCritical(len(x), len(y), alpha)
	basis := fmt.Sprintf("KS critical value at level %g for %d vs %d samples", alpha, len(x), len(y))
	if a.Basis != "" {
		basis += "; " + a.Basis
	}
	a.Basis = basis
	return a
}
