package spectra

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// Outcome is the comparison of one sample with its theory: an Agreement,
// or Err when the theory solver failed and there is nothing to compare.
type Outcome struct {
	show.Agreement
	Err error // "<fig> L=<depth>: not compared, the theory solver failed: ..."
}

// Agreements compares every sample of figure fig with its theory by
// randmlp.CheckFigure(ss, k, c): a TheoryVsSimulation metric of the KS
// distance against k standard deviations of the pooled ECDF. Beyond that
// tolerance the metric becomes a claim that the disagreement is a
// finite-width effect, which shrinks with width: the KS at the sample's
// width over the KS of the same seeds at 2/5 of it
// (randmlp.SpectrumSample.KSAtWidth), at most 1. It returns the error of
// the narrower recomputation.
func Agreements(fig string, ss []randmlp.SpectrumSample, k float64, c freeprob.Continuation) ([]Outcome, error) {
	checks, rho, pts := randmlp.CheckFigure(ss, k, c)
	out := make([]Outcome, len(checks))
	for i, ch := range checks {
		s := ch.Sample
		if ch.Err != nil {
			out[i].Err = fmt.Errorf("%s L=%d: not compared, the theory solver failed: %w", fig, s.Depth, ch.Err)
			continue
		}
		a := show.Agreement{Name: fmt.Sprintf("%s L=%d: KS(N=%d simulation, theory)", fig, s.Depth, s.Width), Kind: show.TheoryVsSimulation,
			Value: ch.KS, Tol: ch.Tol, Figure: fig, Basis: fmt.Sprintf("%g SD of the pooled ECDF of %d network(s), n = %d eigenvalues: SD ≤ ρ̂·½/√n, ρ̂ = %.3f the RMS ratio of the ECDF spread between independent networks of this figure to the i.i.d. spread (%d points)", k, s.Draws, ch.N, rho, pts)}
		if ch.KS > ch.Tol {
			w := s.Width * 2 / 5
			ks, err := s.KSAtWidth(w, c)
			if err != nil {
				return nil, err
			}
			a = show.Agreement{Name: a.Name + ": known finite-width deviation", Kind: show.Claim, Value: ch.KS / ks, Tol: 1, Rule: show.AtMost, Figure: fig,
				Basis: fmt.Sprintf("a finite-width effect shrinks with width: KS at N = %d over KS at N = %d (same seeds) below 1", s.Width, w),
				Note:  fmt.Sprintf("KS %.4f is %.1f× its sampling tolerance %.4f (%s); at N = %d the KS is %.4f", ch.KS, ch.KS/ch.Tol, ch.Tol, a.Basis, w, ks)}
		}
		out[i].Agreement = a
	}
	return out, nil
}

// Check shows the Agreements of fig in order (show.Check), printing the
// line of each sample that could not be compared; it panics on an error.
func Check(fig string, ss []randmlp.SpectrumSample, k float64, c freeprob.Continuation) {
	out, err := Agreements(fig, ss, k, c)
	show.Must(err)
	display(out)
}
