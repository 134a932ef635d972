package meanfieldshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// This file: the views of notebook 01's section "Beyond tanh", which runs
// an activation of the papers' successors (GELU) through the same theory
// and simulations as tanh. Its figures claim no paper figure.

// Phases shows the check that no edge-of-chaos point of name's curve
// (edge) or tanh's (tanhEdge) has a repelling q* (χ_q ≥ 1), then figure
// beyond-phases: name's phase diagram g as coloured cells (1 ordered,
// 2 critical, 3 chaotic, 4 divergent) with both curves on top.
func Phases(name string, g meanfield.PhaseGrid, edge, tanhEdge meanfield.EdgeCurve) show.View {
	want(len(g.SigmaW2) > 1 && len(g.SigmaB2) > 1, "Phases: grid %d×%d, want at least 2×2", len(g.SigmaW2), len(g.SigmaB2))
	bad := 0
	for _, c := range [][]float64{edge.ChiQ, tanhEdge.ChiQ} {
		for _, x := range c {
			if x >= 1 {
				bad++
			}
		}
	}
	z := make([]float64, 0, len(g.SigmaW2)*len(g.SigmaB2))
	for _, row := range g.Phase {
		for _, p := range row {
			z = append(z, float64(p))
		}
	}
	div := "none"
	if n := len(edge.Divergent); n > 0 {
		div = fmt.Sprintf("%d of the σ_b² asked for, up to %g", n, edge.Divergent[n-1])
	}
	return show.View{show.Agree(show.Agreement{Name: fmt.Sprintf("edge-of-chaos points of %s and tanh with χ_q ≥ 1", name), Kind: show.TheoryVsTheory,
		Value: float64(bad), Tol: 0.5, Figure: "beyond-phases",
		Basis: fmt.Sprintf("every point of an edge-of-chaos curve must attract (χ_q = dq′/dq < 1 at q*); one repelling point fails (%d + %d points checked)", len(edge.ChiQ), len(tanhEdge.ChiQ))}),
		show.Fig(show.Figure{ID: "beyond-phases",
			Caption: fmt.Sprintf("Phases of %s from q¹ = 1 (cells: 1 ordered, 2 critical, 3 chaotic, 4 divergent) with its edge of chaos χ₁ = 1 at an attracting q* and tanh's. "+
				"σ_b² in %s's divergent region, where χ₁ = 1 holds only at a repelling q*: %s.", name, name, div),
			XLabel: "σ_w²", YLabel: "σ_b²",
			Heat:   &show.Heat{Name: "phase", X: g.SigmaW2, Y: g.SigmaB2, Z: z, ZLabel: "phase", Min: 1, Max: 4},
			Series: []show.Series{{Name: name + ": χ₁ = 1", X: edge.SigmaW2, Y: edge.SigmaB2}, {Name: "tanh: χ₁ = 1", X: tanhEdge.SigmaW2, Y: tanhEdge.SigmaB2}}})}
}

// EdgeChi1 shows the z check of χ₁ on name's edge of chaos and p.Offset to
// either side of it against finite networks (p from randmlp.Chi1Settings:
// p.Nets networks of width p.Width and depth p.Depth per point, the
// settings p records, with its seed), then figure beyond-chi1.
func EdgeChi1(name string, p randmlp.Chi1Points) show.View {
	want(len(p.SigmaW2) > 0 && len(p.SigmaW2)%3 == 0, "EdgeChi1: %d points, want 3 per σ_b² (below, on and above the edge)", len(p.SigmaW2))
	offset, width, depth, nets, seed := p.Offset, p.Width, p.Depth, p.Nets, p.Seed
	chi := show.Estimates{X: p.SigmaW2, Mean: p.Mean, SE: p.SE, Theory: p.Theory}
	return show.View{show.Agree(show.NetsZ(show.Agreement{Name: fmt.Sprintf("%s: χ₁ on and beside the edge of chaos vs simulation: max |z|", name), Tol: 5, Figure: "beyond-chi1",
		Basis: fmt.Sprintf("%d units per point; 5 over %d points", nets*width, len(p.SigmaW2))}, chi.Mean, chi.SE, chi.Theory, nets, fmt.Sprintf("the mean over its %d units, which share its last-layer input", width))),
		show.Fig(show.Figure{ID: "beyond-chi1",
			Caption: fmt.Sprintf("χ₁ for %s at %d points of its edge of chaos (χ₁ = 1) and σ_w² ∓ %g beside each: mean-field theory and finite networks (±1 SE).", name, len(p.SigmaW2)/3, offset),
			XLabel:  "σ_w²", YLabel: "χ₁", Series: []show.Series{show.Scatter("theory", chi.X, chi.Theory, nil), chi.Scatter(fmt.Sprintf("N=%d simulation", width))},
			Params: map[string]float64{"width": float64(width), "depth": float64(depth), "offset": offset}, Seed: show.Seed(seed)})}
}

// DivergentRun shows the z check of q^ℓ in name's divergent region
// against finite networks (r from randmlp.QCheckSettings: r.Nets networks
// of r.MLP's width at its σ_w², σ_b², with the seed r records), then
// figure beyond-divergent on a log scale.
func DivergentRun(name string, r randmlp.LayerCheck) show.View {
	want(len(r.Layers) > 1, "DivergentRun: %d layers, want at least 2", len(r.Layers))
	sigmaW2, sigmaB2, width, seed := r.MLP.SigmaW2, r.MLP.SigmaB2, r.MLP.Width, r.Seed
	last := len(r.Theory) - 1
	return show.View{show.Agree(show.NetsZ(show.Agreement{Name: fmt.Sprintf("%s in the divergent region: q^ℓ vs simulation, max |z|", name), Tol: 5, Figure: "beyond-divergent",
		Basis: fmt.Sprintf("width %d; 5 over %d layers", width, len(r.Layers))}, r.Mean, r.SE, r.Theory, r.Nets, bothInputs)),
		show.Fig(show.Figure{ID: "beyond-divergent",
			Caption: fmt.Sprintf("%s at σ_w² = %g, σ_b² = %g (divergent region): q^ℓ grows without bound, from %.3g to %.3g over %d layers — the q-map (line) and finite networks (points, ±1 SE).",
				name, sigmaW2, sigmaB2, r.Theory[0], r.Theory[last], len(r.Layers)),
			XLabel: "layer ℓ", YLabel: "q^ℓ", LogY: true,
			Series: []show.Series{{Name: "q-map", X: r.Layers, Y: r.Theory}, show.Scatter(fmt.Sprintf("N=%d", width), r.Layers, r.Mean, r.SE)},
			Params: map[string]float64{"sigma_w2": sigmaW2, "sigma_b2": sigmaB2, "width": float64(width)}, Seed: show.Seed(seed)})}
}

// CriticalSpectra shows, for each activation names[k], the check of the
// KS distance between the limit law of JJᵀ at its edge of chaos and two
// simulated networks (cs[k], randmlp.CriticalSpectrumSettings) against
// 2·D12 + 10/N, then figure beyond-spectrum: the CDFs, with the seed
// cs[0] records.
func CriticalSpectra(names []string, cs []randmlp.CriticalSpectrum) show.View {
	want(len(names) == len(cs) && len(cs) > 0, "CriticalSpectra: %d names for %d spectra", len(names), len(cs))
	width, depth, seed := cs[0].Width, cs[0].Depth, cs[0].Seed // as the spectra record them
	for k, c := range cs {
		want(c.Width == width && c.Depth == depth && c.SigmaB2 == cs[0].SigmaB2, "CriticalSpectra: spectrum %d ran at width %d, depth %d, σ_b² %g; spectrum 0 at %d, %d, %g", k, c.Width, c.Depth, c.SigmaB2, width, depth, cs[0].SigmaB2)
	}
	var v show.View
	var series []show.Series
	for k, c := range cs {
		v = append(v, show.Agree(show.Agreement{Name: fmt.Sprintf("%s: KS distance of the critical spectrum to 2 networks", names[k]), Kind: show.TheoryVsSimulation,
			Value: c.KS, Tol: 2*c.D12 + 10/float64(width), Figure: "beyond-spectrum",
			Basis: fmt.Sprintf("2·D12 + 10/N: D12 = %.4f is the KS distance between the two networks' spectra (their sampling spread), 10/N the finite-width edge; %d eigenvalues", c.D12, c.Samples)}))
		series = append(series, show.Series{Name: fmt.Sprintf("%s, q* = %.3g", names[k], c.QStar), X: c.X, Y: c.Theory}, show.Scatter("", c.X, c.Empirical, nil))
	}
	return append(v, show.Fig(show.Figure{ID: "beyond-spectrum",
		Caption: fmt.Sprintf("CDF of the squared singular values of the input–output Jacobian at the edge of chaos (σ_b² = %g, orthogonal weights, L = %d): limit law (lines) and two networks of width %d (points).",
			cs[0].SigmaB2, depth, width),
		XLabel: "λ", YLabel: "P(λ_JJᵀ ≤ λ)", Series: series, Params: map[string]float64{"sigma_b2": cs[0].SigmaB2, "depth": float64(depth), "width": float64(width)}, Seed: show.Seed(seed)}))
}
