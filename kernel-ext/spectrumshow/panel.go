package spectrumshow

import (
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmlp"
	"github.com/sigprop/sigprop/lib/result"
)

// Panels draws the panels of P18 Figs. 2 and 4 from stored simulations:
// special builders, as each figure carries several spectra each with its
// own checks after it, and the notebook may declare a known deviation of
// any of them (Deviations), which lib/result does not carry.
type Panels struct {
	Stored map[string][]randmlp.SpectrumSample // by figure id (randmlp.ReadSpectra)
	Theory freeprob.Continuation               // for the theory curves
	Check  freeprob.Continuation               // for the KS distances and atom counts (randmlp.SpectrumChecks)
	// Deviations declares, by figure id, the samples known to deviate
	// from their theory (randmlp.SpectrumChecks); none today.
	Deviations map[string][]Deviation
	// Fig4Points and Fig4RatePoints are the points of a Fig4 panel's
	// theory curves (on [0.005, 2]) and of its convergence check (on [0.05,
	// 3]); Fig4MaxDepth is the deepest stored sample it draws and checks
	// (every shallower one too); randmlp.Fig4Panel.Validate holds their
	// ranges (notebook 04's parameters cell sets them).
	Fig4Points, Fig4RatePoints, Fig4MaxDepth int
}

// Fig2 draws f, a panel of P18 Fig. 2 named by the notebook (ID, and
// Paper and LogY as it likes): render.Curves over randmlp.Fig2Curves of
// the stored networks of f.ID on (0, smax], then each sample's outcome
// (its checks, quoting papers.P18Fig2Overlay, or the line saying why it
// was not compared), with the panel's declared Deviations attached.
func (p Panels) Fig2(f show.Figure, smax float64) (show.View, error) {
	ss, ds := p.Stored[f.ID], p.Deviations[f.ID]
	c, os, err := randmlp.Fig2Curves(f.ID, ss, smax, p.Theory, p.Check, deviating(ds)...)
	if err != nil {
		return nil, err
	}
	return declareDeviations(outcomes(render.Curves(f, c, render.After()), f.ID, os, c.Record), f.ID, ss, ds), nil
}

// Fig4 draws fg, a panel of P18 Fig. 4 for the activation f, its limit
// law and theory depths Ls at σ₀² = randmlp.Fig4Sigma02, named by the
// notebook (ID, and Paper): render.Curves over randmlp.Fig4Panel.Curves
// (the convergence check at rate, the stored networks of fg.ID up to
// Fig4MaxDepth; a panel that leaves a stored sample out claims nothing),
// then each sample's outcome, with the panel's declared Deviations
// attached. Errors: a Fig4Points, Fig4RatePoints or Fig4MaxDepth out of
// range (randmlp.ErrParam), the theory's.
func (p Panels) Fig4(fg show.Figure, f activation.Func, limit jacspectrum.Spectrum, Ls []int, rate float64) (show.View, error) {
	ss, ds := p.Stored[fg.ID], p.Deviations[fg.ID]
	panel := randmlp.Fig4Panel{Phi: f, Limit: limit, Depths: Ls, Rate: rate, Points: p.Fig4Points, RatePoints: p.Fig4RatePoints, MaxDepth: p.Fig4MaxDepth}
	c, os, err := panel.Curves(fg.ID, ss, p.Theory, p.Check, deviating(ds)...)
	if err != nil {
		return nil, err
	}
	return declareDeviations(outcomes(render.Curves(fg, c, render.After()), fg.ID, os, c.Record), fg.ID, ss, ds), nil
}

// deviating are the depths of the declared deviations ds.
func deviating(ds []Deviation) []int {
	var out []int
	for _, d := range ds {
		out = append(out, d.Depth)
	}
	return out
}

// declareDeviations attaches each declared deviation of figure fig to the
// KS check of its sample, with the sample's draw seeds.
func declareDeviations(v show.View, fig string, ss []randmlp.SpectrumSample, ds []Deviation) show.View {
	for _, d := range ds {
		for _, s := range ss {
			if s.Depth == d.Depth {
				dd := d.Disagreement
				v = declare(v, randmlp.SpectrumKSName(fig, s), &dd, s.DrawSeeds())
			}
		}
	}
	return v
}

// outcomes are the samples' outcomes after the figure of v, in order:
// each sample's checks (render.Checks, claiming as rec does), or its line.
func outcomes(v show.View, id string, os []randmlp.SampleOutcome, rec result.Record) show.View {
	for _, o := range os {
		if o.NotCompared != "" {
			v = append(v, show.Text(o.NotCompared))
			continue
		}
		v = append(v, render.Checks(id, o.Checks, rec)...)
	}
	return v
}
