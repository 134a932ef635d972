package spectrumshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
)

// This file holds the remaining figures of notebook 04 (the ReLU
// closed form, Murray's theorem and the random-attention panels): the
// notebook names each in a show.Figure literal (ID, Paper) and these
// functions fill caption, series, Params and seed from what ran.

// ReLUOrthogonal fills f (the notebook's relu-orth-L2) with the spectral
// density of JJᵀ of the critical ReLU network with orthogonal weights at
// depth 2 and q* = 1 (jacspectrum.Critical), by P18's Algorithm 1 with
// continuation c at lams, against its closed form: the arcsine law
// ρ(λ) = 1/(2π√(λ(4 − λ))) on (0, 4) plus an atom ½ at 0 (D² is
// Bernoulli(½), so the S-transform is that of a free product of two
// projections). Checks: the largest relative error (tolerance 1e-6, the
// Cauchy smoothing near the 1/√λ edges at ε = 1e-10) and |m₃ − 10| (F21
// is algebraic in μ_k = ½: rounding only); then a line listing the atoms.
func ReLUOrthogonal(f show.Figure, lams []float64, c freeprob.Continuation) (show.View, error) {
	const L = 2 // the closed form is the depth-2 one
	n := jacspectrum.Critical(activation.ReLU(), jacspectrum.Orthogonal, L, 1)
	rho, err := n.Density(lams, c)
	if err != nil {
		return nil, err
	}
	closed := show.Map(lams, jacspectrum.ArcsineDensity)
	f.Caption = fmt.Sprintf("ReLU–orthogonal, L = %d: master equation by continuation vs the arcsine closed form (plus an atom ½ at 0).", L)
	f.XLabel, f.YLabel = "λ", "ρ(λ)"
	f.Series = []show.Series{{Name: "closed form", X: lams, Y: closed}, {Name: "Algorithm 1", X: lams, Y: rho, Style: show.Points}}
	return show.View{show.Fig(f),
		show.Agree(show.Agreement{Name: fmt.Sprintf("ReLU-orth L=%d: max relative error", L), Kind: show.TheoryVsClosedForm, Value: empirical.MaxRelDiff(rho, closed), Tol: 1e-6, Figure: f.ID,
			Basis: fmt.Sprintf("lib/sources/tanner2024.md#check-15: continuation at ε = %g matches the closed form to 5e-7 relative on (0.01, 3.9) (Cauchy smoothing near the 1/√λ edges)", c.Eps)}),
		show.Agree(show.Agreement{Name: fmt.Sprintf("ReLU-orth L=%d: |m₃ − 10|", L), Kind: show.TheoryVsClosedForm, Value: n.Moments().M3 - 10, Tol: 1e-9, Figure: f.ID,
			Basis: "F21 is algebraic in μ_k = ½: rounding only"}),
		show.Text(fmt.Sprintln("atoms:", n.Atoms())),
	}, nil
}
