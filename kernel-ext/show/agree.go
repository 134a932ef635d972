package show

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// joinNote appends b to the note a with "; ".
func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
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

// NetsZ returns a with its Value set to the largest normal-equivalent
// z-score of the estimates mean ± se over nets networks against theory
// (empirical.MaxZDOF with nets − 1 degrees of freedom: each network is one
// sample, and unit says what it averages), its Kind set to
// TheoryVsSimulation and its Basis prefixed with the rule. Fewer than 2
// networks, or an SE that is not positive, give NaN, a failing check,
// with the reason in the Note.
func NetsZ(a Agreement, mean, se, theory []float64, nets int, unit string) Agreement {
	a.Kind, a.Value = TheoryVsSimulation, math.NaN()
	if nets < 2 {
		a.Note = fmt.Sprintf("%d network: no standard error", nets)
	} else if z, err := empirical.MaxZDOF(mean, se, theory, nets-1); err != nil {
		a.Note = err.Error()
	} else {
		a.Value = z
	}
	a.Basis = fmt.Sprintf("max |z| over %d points ≤ %g, z the normal equivalent of the t-score over %d networks (%d degrees of freedom; each network is one sample, %s); %s",
		len(mean), a.Tol, nets, nets-1, unit, a.Basis)
	return a
}
