package tokenshow

import (
	"fmt"
	"math"

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
	f.Series = PortraitSeries(pt, lx, ly)
	f.Caption = fmt.Sprintf("Vector field of F at σ_w = %g, α = %s, σ_A² = %g (segments point from a grid point towards its image; heads marked), the %d-block trajectory from (d, 0), and the fixed points (FP); λ_a = %.4f.",
		m.SigmaW, alphaText(m.AlphaA), m.SigmaA2, len(pt.TrajX)-1, pt.LambdaA)
	f.XLabel, f.YLabel = "q/d", "p/q"
	f.Params = map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "sigma_a2": m.SigmaA2}
	return show.View{show.Fig(show.AtPaper(f, tokencheck.AtFig2Row(m)))}
}

// LambdaASlice fills f (the notebook's fig4-lambda-a-slice) with λ_a
// against σ_w at the α of e's models: the eigenvalue definition
// (tokengeom.LambdaA) and the one-step expansion of eq. (24)
// (tokengeom.LambdaAOneStep from (d, 0.99d)) on the abscissae fine, and
// the simulation e (tokencheck.AngleExponents; the seed shown is e's first); edge
// is the σ_w where λ_a = 0, stated in the caption. Then the largest |z| of
// the simulation against its one-step theory (tolerance 4), which applies
// at any settings (its SE is the run's own).
func LambdaASlice(f show.Figure, e tokencheck.Exponents, edge float64, fine []float64) show.View {
	m := e.Models[0]
	at := func(sw float64) tokengeom.Model { c := m; c.SigmaW = sw; return c }
	sws := make([]float64, len(e.Models))
	for i, x := range e.Models {
		sws[i] = x.SigmaW
	}
	f.Seed = show.Seed(e.Seeds.Seed)
	f.Caption = fmt.Sprintf("λ_a at α = %s: eigenvalue definition (theory), one-step expansion from (d, 0.99d) (theory of eq. 24) and its simulation (%d networks per point). λ_a = 0 at σ_w = %.4f (the paper's text says ≈ 2).", alphaText(m.AlphaA), e.Networks, edge)
	f.XLabel, f.YLabel = "σ_w", "λ_a"
	f.Series = []show.Series{
		show.Curve("theory: top eigenvalue − 1", fine, func(sw float64) float64 { return tokengeom.LambdaA(at(sw)) }),
		show.Curve("theory: one-step eq. (24)", fine, func(sw float64) float64 { return tokengeom.LambdaAOneStep(at(sw), m.D, 0.99*m.D) }),
		show.Scatter("simulation eq. (24)", sws, e.Mean, e.SE),
	}
	f.Params = map[string]float64{"alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "networks": float64(e.Networks)}
	return show.View{show.Fig(show.AtPaper(f, tokencheck.AtFig2Block(m))),
		show.Agree(show.MaxZ(show.Agreement{Name: "Fig. 4: max |z| of simulated eq. (24) vs its one-step theory over σ_w", Tol: 4,
			Figure: f.ID, Basis: fmt.Sprintf("SE from %d networks, n = %d, d = %g", e.Networks, m.N, m.D), Paper: papers.Cowsik2024Fig4Agreement.Text}, e.Mean, e.SE, e.Theory))}
}

// LambdaGSlice fills f (the notebook's fig5-lambda-g-slice) with λ_g^(L)
// against σ_w, one group per run of es (tokencheck.GradientExponents at one
// α each; the seed shown is the first run's): the corrected theory and the
// paper's printed formula on the abscissae fine, and the simulation. Then
// the check of the paper's claim that the numerical λ_g matches the theory
// (Sec. 4.2): every point against t·SE of its own networks
// (tokencheck.SliceAgreement at family level 1%, the corrected theory, no
// finite-width allowance), whose note gives the score of the same check
// with the printed formula. It is a claim check at the paper's n = 256,
// d = 64, σ_A² = 1 (tokencheck.AtEnsemble), L = 16 with at least
// tokencheck.SliceNetworks networks per point; with fewer the SE's own
// uncertainty makes t so large that the
// check cannot tell the printed formula from the corrected one. It
// panics on runs of different n, d, L or network counts.
func LambdaGSlice(f show.Figure, es []tokencheck.Exponents, fine []float64) show.View {
	m, L, nets := es[0].Models[0], es[0].L, es[0].Networks
	var alphas []string
	points := 0
	maxDiff := 0.0
	f.Series = nil
	for _, e := range es {
		a := e.Models[0]
		if a.N != m.N || a.D != m.D || e.L != L || e.Networks != nets {
			panic(fmt.Sprintf("tokenshow: LambdaGSlice runs at n = %d, d = %g, L = %d, %d networks and n = %d, d = %g, L = %d, %d networks", m.N, m.D, L, nets, a.N, a.D, e.L, e.Networks))
		}
		alphas = append(alphas, "α = "+alphaText(a.AlphaA))
		points += len(e.Mean)
		sws := make([]float64, len(e.Models))
		for i, x := range e.Models {
			sws[i] = x.SigmaW
			maxDiff = math.Max(maxDiff, math.Abs(e.Mean[i]-e.Theory[i]))
		}
		lambdaG := func(v tokengeom.Variant) func(float64) float64 {
			return func(sw float64) float64 { c := a; c.SigmaW = sw; return tokengeom.LambdaG(c, L, v) }
		}
		tag := fmt.Sprintf("α=%.3g", a.AlphaA)
		f.Series = append(f.Series, show.Curve("corrected theory "+tag, fine, lambdaG(tokengeom.Corrected)),
			show.Curve("printed eqs. 17–19, 32 "+tag, fine, lambdaG(tokengeom.Paper)), show.Scatter("simulation "+tag, sws, e.Mean, e.SE))
	}
	and := alphas[0]
	for i, a := range alphas[1:] {
		if i == len(alphas)-2 {
			and += " and " + a
		} else {
			and += ", " + a
		}
	}
	f.Seed = show.Seed(es[0].Seeds.Seed)
	f.Caption = fmt.Sprintf("λ_g^(%d) against σ_w at %s, n = %d: corrected theory, the paper's printed formula, and the random transformer (%d networks per point, mean ± SE). The printed form falls with σ_w, contradicting the simulation and the paper's own Sec. 4.4.", L, and, m.N, nets)
	f.XLabel, f.YLabel = "σ_w", fmt.Sprintf("λ_g^(%d)", L)
	f.Params = map[string]float64{"n": float64(m.N), "d": m.D, "L": float64(L), "networks": float64(nets)}
	worst, tq := tokencheck.SliceAgreement(0.01, tokengeom.Corrected, es...)
	printed, _ := tokencheck.SliceAgreement(0.01, tokengeom.Paper, es...)
	paper := tokencheck.AtEnsemble(m) && L == tokencheck.GradientDepth
	why := fmt.Sprintf("the paper's λ_g is at n = 256, d = 64, σ_A² = 1, L = 16; here n = %d, d = %g, σ_A² = %g, L = %d", m.N, m.D, m.SigmaA2, L)
	if paper && nets < tokencheck.SliceNetworks {
		why = fmt.Sprintf("with %d networks per point the t quantile of the SE's own uncertainty is %.1f, too large to tell the printed λ_g from the corrected one (at least %d networks)", nets, tq, tokencheck.SliceNetworks)
	}
	return show.View{show.Fig(show.AtPaper(f, tokencheck.AtEnsemble(m))),
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("Fig. 5: worst |sim − corrected λ_g^(%d)| / (t·SE) over %d points", L, points), Kind: show.TheoryVsSimulation,
			Value: worst, Tol: 1, Rule: show.AtMost, Figure: f.ID, Paper: papers.Cowsik2024Fig5Match.Text, Central: true,
			Basis: fmt.Sprintf("each point against its own SE, from %d networks of n = %d, d = %g (one λ_g per network, the sample unit): t = %.2f, the two-sided Student t quantile with %d degrees of freedom at family level 1%% over the %d points; no finite-width allowance (none is resolved at these points: lib/sources/cowsik2024.md#protocol-lambda-g)", nets, m.N, m.D, tq, nets-1, points),
			Note:  fmt.Sprintf("largest |sim − corrected| %.3f; the same check with the printed λ_g scores %.2f", maxDiff, printed)}, paper && nets >= tokencheck.SliceNetworks, why)}
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
