package spectrumshow

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

// Deviation declares that the sample of depth Depth of a figure is
// known to miss its theory by more than sampling noise (a finite-width
// effect): its KS check carries the Disagreement, and a second metric
// checks that the KS shrinks with width. The Disagreement's Declared
// record is completed here with the sample's seeds (DataSeeds).
type Deviation struct {
	Depth int
	show.Disagreement
}

// Agreements compares every sample of figure fig with its theory by
// randmlp.CheckFigure(ss, c), the network as the sample unit: a
// TheoryVsSimulation metric of the KS distance of the continuous part of
// the spectrum (above the floor and off the atoms) against the DKW bound at
// level randmlp.CheckAlpha for its eigenvalue count, then one metric per
// counted region (the mass at λ ≤ floor, which holds the atom at 0 of
// Bernoulli D², and the atom at σ_w^{2L} of orthogonal weights when the
// theory has one) against randmlp.CheckZ model SDs of the count. Each
// metric quotes paper, the figure's claim. A sample named in known keeps
// its KS check, with its declared disagreement, and is followed by a
// SimulationVsSimulation metric that the deviation shrinks with width: the
// KS at the sample's width over the KS of the same seeds at 2/5 of it
// (randmlp.SpectrumSample.KSAtWidth), at most 1. Which checks are made
// never depends on the result. It returns the error of a narrower
// recomputation, and panics on a declared depth that fig does not have.
func Agreements(fig, paper string, ss []randmlp.SpectrumSample, c freeprob.Continuation, known ...Deviation) ([]Outcome, error) {
	declared := map[int]*show.Disagreement{}
	for _, d := range known {
		i := slices.IndexFunc(ss, func(s randmlp.SpectrumSample) bool { return s.Depth == d.Depth })
		if i < 0 {
			panic(fmt.Sprintf("spectrumshow: a deviation is declared at L=%d, which figure %s does not have", d.Depth, fig))
		}
		dd := d.Disagreement
		dd.Declared.DataSeeds = drawSeeds(ss[i])
		declared[d.Depth] = &dd
	}
	var out []Outcome
	for _, ch := range randmlp.CheckFigure(ss, c) {
		s := ch.Sample
		if ch.Err != nil {
			out = append(out, Outcome{Err: fmt.Errorf("%s L=%d: not compared, the theory solver failed: %w", fig, s.Depth, ch.Err)})
			continue
		}
		a := show.Agreement{Name: fmt.Sprintf("%s L=%d: KS(N=%d simulation, theory), continuous part", fig, s.Depth, s.Width), Kind: show.TheoryVsSimulation,
			Value: ch.KS, Tol: ch.Tol, Figure: fig, Disagreement: declared[s.Depth],
			Basis: fmt.Sprintf("DKW bound at α = %g for n = %d eigenvalues of the continuous part (λ > %.3g = 10⁻⁶·max, off the atoms) of %d network(s) of width %d (%v each): each network counted as that many i.i.d. draws, which repelling eigenvalues vary less than", randmlp.CheckAlpha, ch.N, ch.Floor, s.Draws, s.Width, ch.PerNetwork)}
		if a.Disagreement == nil {
			a.Paper = paper
		}
		out = append(out, Outcome{Agreement: a})
		for _, at := range ch.Atoms {
			region := "mass at λ ≤ 10⁻⁶·max (with the atom at 0)"
			if at.Loc > 0 {
				region = fmt.Sprintf("atom at λ = σ_w^{2L} = %.4g", at.Loc)
			}
			out = append(out, Outcome{Agreement: show.Agreement{Name: fmt.Sprintf("%s L=%d: %s, |simulated − theory|", fig, s.Depth, region), Kind: show.TheoryVsSimulation,
				Value: at.Dev(), Tol: at.Tol, Rule: show.AtMost, Figure: fig, Paper: paper,
				Basis: fmt.Sprintf("%.4g model SDs of the pooled fraction, SD %.4g per network of width %d (binomial counts of active units, randmlp.SpectrumSample.CheckAgainst) over √%d networks, plus half an eigenvalue of the %d pooled; normal at α = %g", randmlp.CheckZ, at.SD, s.Width, s.Draws, s.Width*s.Draws, randmlp.CheckAlpha),
				Note:  fmt.Sprintf("counts %v of %d per network: fraction %.4f, theory %.4f", at.Counts, s.Width, at.Observed, at.Theory)}})
		}
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

// drawSeeds are the seeds of the draws of s: draw i is seeded by
// SplitMix64(Seed + i) (randmlp.SpectrumSpec), named here by Seed + i.
func drawSeeds(s randmlp.SpectrumSample) []uint64 {
	out := make([]uint64, s.Draws)
	for i := range out {
		out[i] = s.Seed + uint64(i)
	}
	return out
}

// Checks are the Agreements of fig as a show.View (View): each check in
// order, and the line of each sample that could not be compared.
func Checks(fig, paper string, ss []randmlp.SpectrumSample, c freeprob.Continuation) (show.View, error) {
	out, err := Agreements(fig, paper, ss, c)
	if err != nil {
		return nil, err
	}
	return View(out), nil
}
