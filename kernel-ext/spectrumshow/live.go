package spectrumshow

import (
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// MPDensity fills f (the notebook's mp-density) with the Marchenko–Pastur
// law against the simulated Gaussian layers s: render.Curves over
// randmlp.SpectrumSample.MPCurves (closed form, Algorithm 1 by
// continuation c, the histogram, the Algorithm 1 check), then the outcome
// of s by continuation check (no source's claim: a textbook law). A
// special builder for the same reason as Panels: the sample's checks
// come after the figure's.
func MPDensity(f show.Figure, lams []float64, c freeprob.Continuation, s randmlp.SpectrumSample, check freeprob.Continuation) (show.View, error) {
	r, os, err := s.MPCurves(f.ID, lams, c, check)
	if err != nil {
		return nil, err
	}
	return outcomes(render.Curves(f, r, render.After()), f.ID, os, r.Record), nil
}
