package spectra

import (
	"fmt"
	"slices"

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

// Deviation declares, before the report runs, that the sample of depth
// Depth of a figure is expected to miss its theory by more than sampling
// noise (a finite-width effect): its KS check carries the Disagreement,
// and a second metric checks that the KS shrinks with width.
type Deviation struct {
	Depth int
	show.Disagreement
}

// Agreements compares every sample of figure fig with its theory by
// randmlp.CheckFigure(ss, k, c): a TheoryVsSimulation metric of the KS
// distance against k standard deviations of the pooled ECDF. A sample
// named in known keeps that check, with its declared disagreement, and is
// followed by a SimulationVsSimulation metric that the deviation shrinks
// with width: the KS at the sample's width over the KS of the same seeds
// at 2/5 of it (randmlp.SpectrumSample.KSAtWidth), at most 1. Which
// checks are made never depends on the result. It returns the error of a
// narrower recomputation, and panics on a declared depth that fig does not
// have.
func Agreements(fig string, ss []randmlp.SpectrumSample, k float64, c freeprob.Continuation, known ...Deviation) ([]Outcome, error) {
	declared := map[int]*show.Disagreement{}
	for _, d := range known {
		if !slices.ContainsFunc(ss, func(s randmlp.SpectrumSample) bool { return s.Depth == d.Depth }) {
			panic(fmt.Sprintf("spectra: a deviation is declared at L=%d, which figure %s does not have", d.Depth, fig))
		}
		declared[d.Depth] = &d.Disagreement
	}
	checks, rho, pts := randmlp.CheckFigure(ss, k, c)
	var out []Outcome
	for _, ch := range checks {
		s := ch.Sample
		if ch.Err != nil {
			out = append(out, Outcome{Err: fmt.Errorf("%s L=%d: not compared, the theory solver failed: %w", fig, s.Depth, ch.Err)})
			continue
		}
		a := show.Agreement{Name: fmt.Sprintf("%s L=%d: KS(N=%d simulation, theory)", fig, s.Depth, s.Width), Kind: show.TheoryVsSimulation,
			Value: ch.KS, Tol: ch.Tol, Figure: fig, Disagreement: declared[s.Depth],
			Basis: fmt.Sprintf("%g SD of the pooled ECDF of %d network(s), n = %d eigenvalues: SD ≤ ρ̂·½/√n, ρ̂ = %.3f the RMS ratio of the ECDF spread between independent networks of this figure to the i.i.d. spread (%d points)", k, s.Draws, ch.N, rho, pts)}
		out = append(out, Outcome{Agreement: a})
		if declared[s.Depth] == nil {
			continue
		}
		w := s.Width * 2 / 5
		ks, err := s.KSAtWidth(w, c)
		if err != nil {
			return nil, err
		}
		out = append(out, Outcome{Agreement: show.Agreement{Name: a.Name + ": the deviation shrinks with width", Kind: show.SimulationVsSimulation,
			Value: ch.KS / ks, Tol: 1, Rule: show.AtMost, Figure: fig,
			Basis: fmt.Sprintf("a finite-width effect shrinks with width: KS at N = %d over KS at N = %d (same seeds) below 1", s.Width, w),
			Note:  fmt.Sprintf("KS %.4f at N = %d, %.4f at N = %d", ch.KS, s.Width, ks, w)}})
	}
	return out, nil
}

// Checks are the Agreements of fig as a show.View (View): each check in
// order, and the line of each sample that could not be compared.
func Checks(fig string, ss []randmlp.SpectrumSample, k float64, c freeprob.Continuation) (show.View, error) {
	out, err := Agreements(fig, ss, k, c)
	if err != nil {
		return nil, err
	}
	return View(out), nil
}
