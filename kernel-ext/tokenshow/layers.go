package tokenshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// OneBlock is the check of one simulated block against F, case k: q′/d
// within 4 SE plus the attention term F leaves out (Curves.AttBias), and
// p′/q′ within 4 SE. c must come from tokencheck.Layers.Curves with L >= 1.
func OneBlock(k int, c tokencheck.Curves) show.View {
	m, st := c.Model, c.Sim
	at := fmt.Sprintf("α=%.3g σ_w=%g from (q,p)=(%g,%g)", m.AlphaA, m.SigmaW, c.Start.Q, c.Start.P)
	nets := fmt.Sprintf("%d networks, n = %d, d = %g", st.Samples, m.N, m.D)
	return show.View{
		show.Agree(show.Agreement{Name: fmt.Sprintf("one block q'/d, sim − F (case %d)", k), Kind: show.TheoryVsSimulation,
			Value: st.QOverD[1] - c.Q[1], Tol: 4*st.QOverDSE[1] + c.AttBias,
			Basis: fmt.Sprintf("4 SE (SE %.2g from %s, mostly the χ²_d spread of the inputs' shared component) + the O(α_A²σ_A²(1−ρ²)²/d) = %.2g attention term", st.QOverDSE[1], nets, c.AttBias),
			Note:  fmt.Sprintf("%s: sim %.4f ± %.4f, theory %.4f", at, st.QOverD[1], st.QOverDSE[1], c.Q[1])}),
		show.Agree(show.Agreement{Name: fmt.Sprintf("one block p'/q', sim − F (case %d)", k), Kind: show.TheoryVsSimulation,
			Value: st.Cos[1] - c.Cos[1], Tol: 4 * st.CosSE[1],
			Basis: fmt.Sprintf("4 SE, SE %.2g from %s", st.CosSE[1], nets),
			Note:  fmt.Sprintf("%s: sim %.4f ± %.4f, theory %.4f", at, st.Cos[1], st.CosSE[1], c.Cos[1])}),
	}
}

// LayerFigure is Fig. 2's per-layer means, fig2-layers-sw<σ_w>: the
// simulated q/d and p/q (mean ± SE) against F's iterates, with the largest
// |z| over layers 1–min(8, L) of p/q and, when checkNorm, of q/d
// (tolerance 4). The figure claims Fig. 2 only at the paper's n = 256,
// d = 64, σ_w = 1 or 5, over at least 8 layers. The seed shown is the one
// c ran with. It panics unless c has at least one layer.
func LayerFigure(c tokencheck.Curves, checkNorm bool) show.View {
	m, st := c.Model, c.Sim
	L := len(c.Q) - 1
	if L < 1 {
		panic(fmt.Sprintf("tokenshow: LayerFigure needs curves of at least one layer, got %d", L))
	}
	k := min(tokencheck.Fig2Checked, L) // the layers checked
	paper := c.AtFig2()
	layers := empirical.Linspace(0, float64(L), L+1)
	id := fmt.Sprintf("fig2-layers-sw%g", m.SigmaW)
	p := show.View{show.Fig(show.AtPaper(show.Figure{ID: id, Seed: show.Seed(c.Seeds.Seed),
		Caption: fmt.Sprintf("Token norm q/d and cosine p/q per layer at σ_w = %g: theory iterates of F (lines) and the random transformer (points, mean ± SE of %d networks).", m.SigmaW, st.Samples),
		Paper:   papers.Claim(papers.Cowsik2024Fig2), PaperNote: "second and third columns, means",
		XLabel: "layer t", YLabel: "q/d and p/q",
		Series: []show.Series{{Name: "theory q/d", X: layers, Y: c.Q}, show.Scatter("simulation q/d", layers, st.QOverD, st.QOverDSE),
			{Name: "theory p/q", X: layers, Y: c.Cos}, show.Scatter("simulation p/q", layers, st.Cos, st.CosSE)},
		Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "networks": float64(st.Samples)}}, paper))}
	basis := fmt.Sprintf("SE from %d networks, n = %d, d = %g", st.Samples, m.N, m.D)
	if checkNorm {
		p = append(p, show.Agree(show.MaxZ(show.Agreement{Name: fmt.Sprintf("Fig. 2 σ_w=%g: max |z| of q/d, layers 1–%d", m.SigmaW, k), Tol: 4, Figure: id,
			Basis: basis, Paper: papers.Cowsik2024Fig2Match.Text}, st.QOverD[1:k+1], st.QOverDSE[1:k+1], c.Q[1:k+1])))
	}
	return append(p, show.Agree(show.MaxZ(show.Agreement{Name: fmt.Sprintf("Fig. 2 σ_w=%g: max |z| of p/q, layers 1–%d", m.SigmaW, k), Tol: 4, Figure: id,
		Basis: basis, Paper: papers.Cowsik2024Fig2Match.Text, Central: true}, st.Cos[1:k+1], st.CosSE[1:k+1], c.Cos[1:k+1])))
}

// HistogramFigures are Fig. 2's histograms at every layer as the paper
// draws them, fig2-hist-norms-sw<σ_w> and fig2-hist-cosines-sw<σ_w>: each
// a heat map with one column per layer and F's iterate on top. The row
// named in PaperNote is the paper's: top in the ordered phase (λ_a <= 0),
// bottom in the chaotic one. They claim it only at the paper's n = 256,
// d = 64, α = 8^{-1/2}, for one network, as the paper draws them. The seed
// shown is the one h ran with.
func HistogramFigures(h tokencheck.Histograms) show.View {
	m := h.Model
	layers := empirical.Linspace(0, float64(len(h.Q)-1), len(h.Q))
	row := "top"
	if tokengeom.LambdaA(m) > 0 {
		row = "bottom"
	}
	nets := "one network"
	if h.Networks != 1 {
		nets = fmt.Sprintf("%d networks", h.Networks)
	}
	paper := h.AtFig2()
	var p show.View
	for _, c := range []struct {
		kind, label, column string
		hist                tokennet.LayerHistogram
		theory              []float64
	}{{"norms", "|X_i|²/d", "second", h.Norms, h.Q}, {"cosines", "cos(X_i, X_j)", "third", h.Cosines, h.Cos}} {
		x, y, z := c.hist.Plane()
		p = append(p, show.Fig(show.AtPaper(show.Figure{ID: fmt.Sprintf("fig2-hist-%s-sw%g", c.kind, m.SigmaW), Seed: show.Seed(h.Seeds.Seed),
			Caption: fmt.Sprintf("Histograms of %s at every layer, σ_w = %g, %s (n = %d, d = %g): each column is a layer's density; red: the theory iterate of F.", c.label, m.SigmaW, nets, m.N, m.D),
			Paper:   papers.Claim(papers.Cowsik2024Fig2), PaperNote: c.column + " column, " + row + " row",
			XLabel: "layer t", YLabel: c.label, Legend: show.NoLegend,
			Heat:   &show.Heat{Name: "density of " + c.label, X: x, Y: y, Z: z, ZLabel: "density"},
			Series: []show.Series{{Name: "theory", X: layers, Y: c.theory}},
			Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "networks": float64(h.Networks)}}, paper)))
	}
	return p
}

// SymmetryFigure is Fig. 3, fig3-symmetry: the simulated p1/p2 (line with
// points) and p/q per layer, the fixed point of F and the symmetric level
// p1/p2 = 1; checked by the paper's claim that at least three quarters of
// the excess p1/p2 − 1 is gone at the last layer, and by p/q there against
// the fixed point (4 SE). The caption states the setting s ran at; the
// figure claims Fig. 3, and the claim is checked, only at the paper's
// σ_w = 2, p1 = 1.5 p2 = 0.75d, q = d, with n = 256, d = 64, α = 8^{-1/2}
// (the claim over at least 32 blocks); the p/q check applies at any
// settings. The seed shown is the one s ran with.
func SymmetryFigure(s tokencheck.Symmetry) show.View {
	st, m := s.Sim, s.Model
	L := len(st.QOverD) - 1
	layers := empirical.Linspace(0, float64(L), L+1)
	q := "d"
	if s.Q != m.D {
		q = fmt.Sprintf("%gd", s.Q/m.D)
	}
	paper := s.At(tokencheck.Fig3())
	return show.View{show.Fig(show.AtPaper(show.Figure{ID: "fig3-symmetry", Paper: papers.Claim(papers.Cowsik2024Fig3), Seed: show.Seed(s.Seeds.Seed),
		Caption: fmt.Sprintf("Two-group initial condition (eq. 12), p1 = %g p2 = %gd, q = %s, σ_w = %g, α = %s: the within/across dot-product ratio p1/p2 (mean ± SE of %d networks) decays towards 1; p/q approaches the non-collapsed fixed point of F (dashed level).",
			s.P1/s.P2, s.P1/m.D, q, m.SigmaW, alphaText(m.AlphaA), st.Samples),
		XLabel: "layer t", YLabel: "p1/p2 and p/q",
		Series: []show.Series{
			{Name: "simulation p1/p2", X: layers, Y: st.QOverD, YErr: st.QOverDSE, Style: show.LinePoints},
			show.Scatter("simulation p/q", layers, st.Cos, st.CosSE),
			show.Level("fixed point p/q of F", 0, float64(L), s.FixedCos),
			show.Level("symmetric (p1/p2 = 1)", 0, float64(L), 1),
		},
		Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "q": s.Q, "p1": s.P1, "p2": s.P2}}, paper)),
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("Fig. 3: (p1/p2 − 1) at layer %d relative to layer 0", L), Kind: show.Claim,
			Value: (st.QOverD[L] - 1) / (st.QOverD[0] - 1), Tol: 0.25, Rule: show.AtMost, Figure: "fig3-symmetry",
			Basis: fmt.Sprintf("the paper's claim that p1/p2 → 1: at least three quarters of the excess gone in %d layers (simulation in lib/sources/cowsik2024.md#figure-3: 0.06/0.55 ≈ 0.11)", L),
			Note:  fmt.Sprintf("p1/p2: %.3f ± %.3f → %.3f ± %.3f", st.QOverD[0], st.QOverDSE[0], st.QOverD[L], st.QOverDSE[L]), Paper: papers.Cowsik2024Fig3Symmetry.Text, Central: true}, paper && L >= tokencheck.Fig3().L,
			fmt.Sprintf("the paper's claim read over 32 blocks at its settings; here %d blocks, n = %d, d = %g", L, m.N, m.D)),
		show.Agree(show.Agreement{Name: fmt.Sprintf("Fig. 3: p/q at layer %d − fixed point of F", L), Kind: show.TheoryVsSimulation,
			Value: st.Cos[L] - s.FixedCos, Tol: 4 * st.CosSE[L], Figure: "fig3-symmetry",
			Basis: fmt.Sprintf("4 SE, SE %.2g from %d networks, n = %d, d = %g", st.CosSE[L], st.Samples, m.N, m.D)}),
	}
}
