package randmlp

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/result"
)

// Panels are the panels of P18 Figs. 2 and 4 drawn from stored
// simulations, by figure id: the stored samples, the continuations of the
// theory curves and of the checks, the declared deviations, and how much
// a Fig. 2 and a Fig. 4 panel draw (notebook 04's parameters cell sets
// Fig2Points, Fig2MaxDepth, Fig4Points, Fig4RatePoints and Fig4MaxDepth;
// CheckFig2 and Fig4Panel.Validate hold their ranges).
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
	// Fig2Points is the number of points of a Fig. 2 panel's theory
	// curves (notebook 04's default: the constant Fig2Points, 150; the
	// number drawn claims nothing) and
	// Fig2MaxDepth the deepest stored sample it draws and checks (every
	// shallower one too); a panel without all of its stored samples
	// claims no paper figure.
	Fig2Points, Fig2MaxDepth int
}

// CheckFig2 returns an error wrapping ErrParam unless a Fig. 2 panel can
// draw points theory points (at least 2) and the stored samples up to
// depth maxDepth (at least 1).
func CheckFig2(points, maxDepth int) error {
	switch {
	case points < 2:
		return fmt.Errorf("%w: Panels.Fig2Points = %d, want >= 2", ErrParam, points)
	case maxDepth < 1:
		return fmt.Errorf("%w: Panels.Fig2MaxDepth = %d, want >= 1", ErrParam, maxDepth)
	}
	return nil
}

// Fig2 is the panel fig of P18 Fig. 2 on (0, smax]: fig2Curves of the
// stored samples of fig up to depth Fig2MaxDepth on Fig2Points points,
// with its declared deviations; it claims P18's figure only with every
// stored sample. Errors: CheckFig2's (ErrParam), no stored sample up to
// Fig2MaxDepth (a figure with none at all among them), fig2Curves's.
func (p Panels) Fig2(fig string, smax float64) (result.SampleCurves, error) {
	if err := CheckFig2(p.Fig2Points, p.Fig2MaxDepth); err != nil {
		return result.SampleCurves{}, err
	}
	stored := p.Stored[fig]
	ss, err := upToDepth(fig, stored, p.Fig2MaxDepth)
	if err != nil {
		return result.SampleCurves{}, err
	}
	c, err := fig2Curves(fig, ss, smax, p.Fig2Points, p.Theory, p.Check, p.Deviations[fig]...)
	c.Record.AtPaper = c.Record.AtPaper && len(ss) == len(stored)
	return c, err
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
