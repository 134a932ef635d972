package tokenshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// This file holds the figures of notebook 02 that the notebook names (ID
// and Paper in a show.Figure literal) and these functions fill from
// the models and results they draw, so that a caption, its Params and its
// sample counts say what ran. A figure claims its paper figure only at the
// paper's n = 256 tokens of width d = 64 (and α = 8^{-1/2}, σ_A² = 1 where
// the figure fixes them); at other settings it claims nothing and says so
// (show.AtPaper).

// a8 is the paper's α = α_A = α_M = 8^{-1/2} (Figs. 2–5: tokencheck.Fig2's),
// which captions write by name.
var a8 = tokencheck.Fig2(1).Model.AlphaA

// alphaText is α as the captions write it: 8^{-1/2} for the paper's value.
func alphaText(a float64) string {
	if a == a8 {
		return "8^{-1/2}"
	}
	return fmt.Sprintf("%.3g", a)
}

// Field fills f (the notebook's fig2-field-sw<σ_w>) with the phase
// portrait pt of F for the model m (tokengeom.PhasePortrait, drawn by
// PortraitSeries with segments of extent (lx, ly)): its field, its
// trajectory and its fixed points. It claims f.Paper at the paper's
// n, d, α = 8^{-1/2} and σ_A² = 1 and a σ_w of one of Fig. 2's rows
// (tokencheck.AtFig2Row).
func Field(f show.Figure, m tokengeom.Model, pt tokengeom.Portrait, lx, ly float64) show.View {
	f.Series = portraitSeries(pt, lx, ly)
	f.Caption = fmt.Sprintf("Vector field of F at σ_w = %g, α = %s, σ_A² = %g (segments point from a grid point towards its image; heads marked), the %d-block trajectory from (d, 0), and the fixed points (FP); λ_a = %.4f.",
		m.SigmaW, alphaText(m.AlphaA), m.SigmaA2, len(pt.TrajX)-1, pt.LambdaA)
	f.XLabel, f.YLabel = "q/d", "p/q"
	f.Params = map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "sigma_a2": m.SigmaA2}
	return show.View{show.Fig(show.AtPaper(f, tokencheck.AtFig2Row(m)))}
}
