package spectrumshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
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

// MurrayFigure fills f (the notebook's murray-fig1) with the two
// deviations of Murray's theorem for Shtanh against y = σ_b²/a²
// (MurraySeries of rows): both vanish as y → 0. Its check (MurrayVanish,
// the theorem's claim) follows the figure.
func MurrayFigure(f show.Figure, rows []jacspectrum.MurrayRow) show.View {
	f.Caption = "Murray's theorem for Shtanh: both deviations from the identity vanish as y = σ_b²/a² → 0."
	f.Series, f.XLabel, f.YLabel, f.LogX, f.LogY, f.Legend = MurraySeries(rows), "y = σ_b²/a²", "deviation", true, true, show.BottomRight
	return show.View{show.Fig(f), show.Agree(MurrayVanish(f.ID, rows))}
}

// MurrayVanish is Murray's theorem (papers.TannerMurrayTheorem.Text) on the rows of the
// Shtanh table as a Claim metric: at the smallest y of rows, each
// deviation (μ₂/μ₁² − 1 and max|R − ρ| = R(0)) in units of its value at
// the largest y, the larger of the two, at most 0.1: "→ 0" read over the
// table's span of y as falling by at least a factor 10 (sigprop's reading;
// the theorem states no rate the lecture prints). It panics on fewer than
// two rows.
func MurrayVanish(id string, rows []jacspectrum.MurrayRow) show.Agreement {
	if len(rows) < 2 {
		panic(fmt.Sprintf("spectrumshow: MurrayVanish needs two rows, got %d", len(rows)))
	}
	lo, hi := rows[0], rows[0]
	for _, r := range rows {
		if r.Y < lo.Y {
			lo = r
		}
		if r.Y > hi.Y {
			hi = r
		}
	}
	v := math.Max(lo.Dev/hi.Dev, lo.R0/hi.R0)
	return show.Agreement{Name: fmt.Sprintf("Murray's theorem: deviations at y = %g over those at y = %g (the larger ratio)", lo.Y, hi.Y), Kind: show.Claim,
		Value: v, Tol: 0.1, Rule: show.AtMost, Figure: id, Paper: papers.TannerMurrayTheorem.Text, Central: true,
		Basis: fmt.Sprintf("\"→ 0\" over a factor %g in y read as a fall by at least 10 (sigprop's reading: the lecture prints no rate)", hi.Y/lo.Y),
		Note:  fmt.Sprintf("μ₂/μ₁² − 1: %.4g → %.4g; R(0): %.4g → %.4g", hi.Dev, lo.Dev, hi.R0, lo.R0)}
}
