package tokenshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
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

// WidthBias are the lines and checks of the Fig. 2 norm bias at layer w.L
// at two widths (tokencheck.MeasureWidthBias; figure
// fig2-layers-sw<σ_w>): one line per width, the relative bias of q/d at
// the first width against 3 SE of its own run (the paper's claim that the
// simulation follows F, declared a known disagreement: the large-d map
// drops a 1/d attention term), and the difference of d × bias between the
// two widths against 3 SE, which a 1/d effect passes. Both apply at any
// settings (their SE is the run's own). It panics unless w has two widths.
func WidthBias(w tokencheck.WidthBias) show.View {
	if len(w.Widths) != 2 {
		panic(fmt.Sprintf("tokenshow: WidthBias needs a run at two widths, got %v", w.Widths))
	}
	m := w.Model
	id := fmt.Sprintf("fig2-layers-sw%g", m.SigmaW)
	var v show.View
	for k, d := range w.Widths {
		v = append(v, show.Text(fmt.Sprintf("d = %3d: layer-%d q/d sim %.4f ± %.4f, theory %.4f: relative bias %+.4f ± %.4f, d × bias %.2f ± %.2f\n",
			d, w.L, w.Sim[k], w.SimSE[k], w.Theory, w.Bias[k], w.BiasSE[k], float64(d)*w.Bias[k], float64(d)*w.BiasSE[k])))
	}
	d0, d1 := w.Widths[0], w.Widths[1]
	declared := declaredFig2Norm
	declared.DataSeeds = []uint64{w.Seeds.Seed}
	measured := fmt.Sprintf("at σ_w = %g and d = %d the simulated q/d runs above the theory by 3–4%% at layer %d, many SE", m.SigmaW, d0, w.L)
	if !w.AtFig2() {
		measured = fmt.Sprintf("at σ_w = %g and d = %d the simulated q/d runs above the theory at layer %d (at the paper's n = 256, d = 64, layer 8 and σ_w = 1: by 3–4%%, many SE)", m.SigmaW, d0, w.L)
	}
	return append(v,
		show.Agree(show.Agreement{Name: fmt.Sprintf("Fig. 2 σ_w=%g: relative bias of q/d at layer %d, d = %d, in SE", m.SigmaW, w.L, d0), Kind: show.TheoryVsSimulation,
			Value: w.Bias[0] / w.BiasSE[0], Tol: 3, Figure: id,
			Basis: fmt.Sprintf("3 SE, SE from %d networks (P(|z| > 3) ≈ 0.3%% for one point)", w.Networks),
			Note:  fmt.Sprintf("bias %+.4f ± %.4f", w.Bias[0], w.BiasSE[0]),
			Disagreement: &show.Disagreement{Paper: papers.Cowsik2024Fig2Norm.Text,
				Measured: measured, Declared: declared,
				Why: fmt.Sprintf("the large-d map drops the finite-d attention term (≈ α²σ_A²/d per block while tokens are nearly orthogonal), which accumulates over layers; the next metric checks that d × bias is the same at d = %d and %d, as a 1/d effect must", d0, d1)}}),
		show.Agree(show.Agreement{Name: fmt.Sprintf("Fig. 2 σ_w=%g: d × bias at d = %d minus at d = %d, in SE", m.SigmaW, d0, d1), Kind: show.SimulationVsSimulation,
			Value: w.ScaledDiffZ(0, 1), Tol: 3, Figure: id,
			Basis: fmt.Sprintf("3 SE of the difference, SE from %d networks per width: a 1/d bias has the same d × bias at both widths", w.Networks),
			Note:  fmt.Sprintf("d × bias: %.2f ± %.2f at d = %d, %.2f ± %.2f at d = %d", float64(d0)*w.Bias[0], float64(d0)*w.BiasSE[0], d0, float64(d1)*w.Bias[1], float64(d1)*w.BiasSE[1], d1)}))
}
