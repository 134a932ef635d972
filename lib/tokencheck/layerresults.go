package tokencheck

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// This file gives the per-layer figures of notebook 02 (Figs. 2 and 3 and
// the one-block checks) as the result kinds of lib/result, drawn by
// kernel-ext/render. Each Record is at the paper's settings only when the
// run's own settings are the figure's (AtFig2, Symmetry.At(Fig3())); the
// notebook's figure literal names the paper figure.

// OneBlockChecks are the checks of one simulated block (c from
// Layers.Curves with L >= 1) against F, case k of the notebook's list:
// q′/d within 4 SE plus the attention term F leaves out (c.AttBias), and
// p′/q′ within 4 SE. They draw no figure (render.Checks).
func (c Curves) OneBlockChecks(k int) []result.Check {
	m, st := c.Model, c.Sim
	at := fmt.Sprintf("α=%.3g σ_w=%g from (q,p)=(%g,%g)", m.AlphaA, m.SigmaW, c.Start.Q, c.Start.P)
	nets := fmt.Sprintf("%d networks, n = %d, d = %g", st.Samples, m.N, m.D)
	return []result.Check{
		{Name: fmt.Sprintf("one block q'/d, sim − F (case %d)", k), Kind: result.TheoryVsSimulation,
			Value: st.QOverD[1] - c.Q[1], Tol: 4*st.QOverDSE[1] + c.AttBias,
			Basis: fmt.Sprintf("4 SE (SE %.2g from %s, mostly the χ²_d spread of the inputs' shared component) + the O(α_A²σ_A²(1−ρ²)²/d) = %.2g attention term", st.QOverDSE[1], nets, c.AttBias),
			Note:  fmt.Sprintf("%s: sim %.4f ± %.4f, theory %.4f", at, st.QOverD[1], st.QOverDSE[1], c.Q[1])},
		{Name: fmt.Sprintf("one block p'/q', sim − F (case %d)", k), Kind: result.TheoryVsSimulation,
			Value: st.Cos[1] - c.Cos[1], Tol: 4 * st.CosSE[1],
			Basis: fmt.Sprintf("4 SE, SE %.2g from %s", st.CosSE[1], nets),
			Note:  fmt.Sprintf("%s: sim %.4f ± %.4f, theory %.4f", at, st.Cos[1], st.CosSE[1], c.Cos[1])},
	}
}

// LayerCurves is Fig. 2's per-layer means (its second and third columns):
// the simulated q/d and p/q (mean ± SE) against F's iterates, with the
// largest |z| over layers 1–min(Fig2Checked, L) of p/q (central) and,
// when checkNorm, of q/d (tolerance 4; the claim
// papers.Cowsik2024Fig2Match). At the paper's settings (AtFig2) only.
// It panics unless c has at least one layer.
func (c Curves) LayerCurves(checkNorm bool) result.Curves {
	m, st := c.Model, c.Sim
	L := len(c.Q) - 1
	if L < 1 {
		panic(fmt.Sprintf("tokencheck: LayerCurves needs curves of at least one layer, got %d", L))
	}
	k := min(Fig2Checked, L) // the layers checked
	layers := empirical.Linspace(0, float64(L), L+1)
	basis := fmt.Sprintf("SE from %d networks, n = %d, d = %g", st.Samples, m.N, m.D)
	z := func(what string, y, se, th []float64, central bool) result.Check {
		return result.Check{Name: fmt.Sprintf("Fig. 2 σ_w=%g: max |z| of %s, layers 1–%d", m.SigmaW, what, k), Test: result.MaxZ, Tol: 4, Basis: basis,
			Statement: papers.Cowsik2024Fig2Match, Central: central, Points: &result.Points{Y: y[1 : k+1], SE: se[1 : k+1], Theory: th[1 : k+1]}}
	}
	r := result.Curves{Caption: fmt.Sprintf("Token norm q/d and cosine p/q per layer at σ_w = %g: theory iterates of F (lines) and the random transformer (points, mean ± SE of %d networks).", m.SigmaW, st.Samples),
		X: result.Axis{Label: "layer t"}, Y: result.Axis{Label: "q/d and p/q"},
		Lines: []result.Line{{Name: "theory q/d", X: layers, Y: c.Q}, {Name: "simulation q/d", Role: result.Simulated, X: layers, Y: st.QOverD, SE: st.QOverDSE},
			{Name: "theory p/q", X: layers, Y: c.Cos}, {Name: "simulation p/q", Role: result.Simulated, X: layers, Y: st.Cos, SE: st.CosSE}},
		Record: result.Record{Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "networks": float64(st.Samples)},
			Seed: c.Seeds.Seed, HasSeed: true, AtPaper: c.AtFig2()}}
	if checkNorm {
		r.Checks = append(r.Checks, z("q/d", st.QOverD, st.QOverDSE, c.Q, false))
	}
	r.Checks = append(r.Checks, z("p/q", st.Cos, st.CosSE, c.Cos, true))
	return r
}

// Fig2Row is the row of Fig. 2 whose phase m is in: "top" in the ordered
// phase (λ_a <= 0, the paper's σ_w = 1), "bottom" in the chaotic one
// (σ_w = 5).
func Fig2Row(m tokengeom.Model) string {
	if tokengeom.LambdaA(m) > 0 {
		return "bottom"
	}
	return "top"
}

// Planes are Fig. 2's histograms at every layer as the paper draws them,
// of the norms |X_i|²/d and of the cosines: each a plane with one column
// per layer (tokennet.LayerHistogram.Plane) and F's iterate on top. At
// the paper's settings (AtFig2: one network) only.
func (h Histograms) Planes() (norms, cosines result.Plane) {
	m := h.Model
	layers := empirical.Linspace(0, float64(len(h.Q)-1), len(h.Q))
	nets := "one network"
	if h.Networks != 1 {
		nets = fmt.Sprintf("%d networks", h.Networks)
	}
	rec := result.Record{Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "n": float64(m.N), "d": m.D, "networks": float64(h.Networks)},
		Seed: h.Seeds.Seed, HasSeed: true, AtPaper: h.AtFig2()}
	plane := func(label string, x, y, z, theory []float64) result.Plane {
		return result.Plane{Caption: fmt.Sprintf("Histograms of %s at every layer, σ_w = %g, %s (n = %d, d = %g): each column is a layer's density; red: the theory iterate of F.", label, m.SigmaW, nets, m.N, m.D),
			X: result.Axis{Label: "layer t"}, Y: result.Axis{Label: label}, Xs: x, Ys: y, Z: z, ZName: "density of " + label, ZLabel: "density",
			Lines: []result.Line{{Name: "theory", X: layers, Y: theory}}, Record: rec}
	}
	x, y, z := h.Norms.Plane()
	norms = plane("|X_i|²/d", x, y, z, h.Q)
	x, y, z = h.Cosines.Plane()
	return norms, plane("cos(X_i, X_j)", x, y, z, h.Cos)
}

// Curves is Fig. 3: the simulated p1/p2 (line with points) and p/q per
// layer, the fixed point of F and the symmetric level p1/p2 = 1; checked
// by the paper's claim (papers.Cowsik2024Fig3Symmetry) that at least three
// quarters of the excess p1/p2 − 1 is gone at the last layer, at the
// paper's settings (At(Fig3())) over at least Fig3().L blocks only, and by
// p/q there against the fixed point (4 SE) at any settings.
func (s Symmetry) Curves() result.Curves {
	st, m := s.Sim, s.Model
	L := len(st.QOverD) - 1
	layers := empirical.Linspace(0, float64(L), L+1)
	q := "d"
	if s.Q != m.D {
		q = fmt.Sprintf("%gd", s.Q/m.D)
	}
	paper := s.At(Fig3())
	why := fmt.Sprintf("the paper's claim read over 32 blocks at its settings; here %d blocks, n = %d, d = %g", L, m.N, m.D)
	claim := result.Check{Name: fmt.Sprintf("Fig. 3: (p1/p2 − 1) at layer %d relative to layer 0", L), Kind: result.Claim,
		Value: (st.QOverD[L] - 1) / (st.QOverD[0] - 1), Tol: 0.25, Rule: result.AtMost,
		Basis:     fmt.Sprintf("the paper's claim that p1/p2 → 1: at least three quarters of the excess gone in %d layers (simulation in lib/sources/cowsik2024.md#figure-3: 0.06/0.55 ≈ 0.11)", L),
		Note:      fmt.Sprintf("p1/p2: %.3f ± %.3f → %.3f ± %.3f", st.QOverD[0], st.QOverDSE[0], st.QOverD[L], st.QOverDSE[L]),
		Statement: papers.Cowsik2024Fig3Symmetry, Central: true, PaperOnly: true}
	if paper && L < Fig3().L {
		claim.NotApplicable = why
	}
	return result.Curves{Caption: fmt.Sprintf("Two-group initial condition (eq. 12), p1 = %g p2 = %gd, q = %s, σ_w = %g, α = %s: the within/across dot-product ratio p1/p2 (mean ± SE of %d networks) decays towards 1; p/q approaches the non-collapsed fixed point of F (dashed level).",
		s.P1/s.P2, s.P1/m.D, q, m.SigmaW, alphaText(m.AlphaA), st.Samples),
		X: result.Axis{Label: "layer t"}, Y: result.Axis{Label: "p1/p2 and p/q"},
		Lines: []result.Line{
			{Name: "simulation p1/p2", Role: result.SimulatedLine, X: layers, Y: st.QOverD, SE: st.QOverDSE},
			{Name: "simulation p/q", Role: result.Simulated, X: layers, Y: st.Cos, SE: st.CosSE},
			{Name: "fixed point p/q of F", X: []float64{0, float64(L)}, Y: []float64{s.FixedCos, s.FixedCos}},
			{Name: "symmetric (p1/p2 = 1)", X: []float64{0, float64(L)}, Y: []float64{1, 1}},
		},
		Checks: []result.Check{claim,
			{Name: fmt.Sprintf("Fig. 3: p/q at layer %d − fixed point of F", L), Kind: result.TheoryVsSimulation,
				Value: st.Cos[L] - s.FixedCos, Tol: 4 * st.CosSE[L],
				Basis: fmt.Sprintf("4 SE, SE %.2g from %d networks, n = %d, d = %g", st.CosSE[L], st.Samples, m.N, m.D)}},
		Record: result.Record{Params: map[string]float64{"sigma_w": m.SigmaW, "alpha": m.AlphaA, "q": s.Q, "p1": s.P1, "p2": s.P2},
			Seed: s.Seeds.Seed, HasSeed: true, AtPaper: paper, NotPaper: why}}
}
