package randmlp

import (
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/result"
)

// Panels are the panels of P18 Figs. 2 and 4 drawn from stored
// simulations, by figure id: the stored samples, the continuations of the
// theory curves and of the checks, the declared deviations, and how much
// a Fig. 4 panel draws (notebook 04's parameters cell sets Fig4Points,
// Fig4RatePoints and Fig4MaxDepth; Fig4Panel.Validate holds their
// ranges).
type Panels struct {
	Stored map[string][]SpectrumSample // by figure id (ReadSpectra)
	Theory freeprob.Continuation       // for the theory curves
	Check  freeprob.Continuation       // for the KS distances and atom counts (SpectrumChecks)
	// Deviations declares, by figure id, the samples known to deviate
	// from their theory (SpectrumChecks); none today.
	Deviations map[string][]Deviation
	// Fig4Points and Fig4RatePoints are Fig4Panel's Points and RatePoints,
	// Fig4MaxDepth its MaxDepth.
	Fig4Points, Fig4RatePoints, Fig4MaxDepth int
}

// Fig2 is the panel fig of P18 Fig. 2 on (0, smax]: fig2Curves of the
// stored samples of fig, with its declared deviations. Errors:
// fig2Curves's (a figure with no stored samples among them).
func (p Panels) Fig2(fig string, smax float64) (result.SampleCurves, error) {
	return fig2Curves(fig, p.Stored[fig], smax, p.Theory, p.Check, p.Deviations[fig]...)
}

// Fig4 is the panel fig of P18 Fig. 4 for the activation f, its limit law
// and the theory depths Ls at the predicted rate (Fig4Panel.Curves of the
// stored samples of fig, with its declared deviations). Errors:
// Fig4Panel.Curves's (Fig4Points, Fig4RatePoints or Fig4MaxDepth out of
// range: ErrParam).
func (p Panels) Fig4(fig string, f activation.Func, limit jacspectrum.Spectrum, Ls []int, rate float64) (result.SampleCurves, error) {
	panel := Fig4Panel{Phi: f, Limit: limit, Depths: Ls, Rate: rate, Points: p.Fig4Points, RatePoints: p.Fig4RatePoints, MaxDepth: p.Fig4MaxDepth}
	return panel.Curves(fig, p.Stored[fig], p.Theory, p.Check, p.Deviations[fig]...)
}
