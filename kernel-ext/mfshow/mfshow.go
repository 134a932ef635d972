package mfshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// want panics with an "mfshow:" message when a setting the caption states
// does not hold.
func want(ok bool, format string, args ...any) { show.Want(ok, "mfshow", format, args...) }

func tanhAt(nets []meanfield.Net, fn string) {
	want(len(nets) > 0, "%s: no networks", fn)
	for _, n := range nets {
		want(n.Phi.Name == "tanh" && n.SigmaB2 == 0.05, "%s: φ = %s, σ_b² = %v; want tanh, 0.05", fn, n.Phi.Name, n.SigmaB2)
	}
}

// QMap shows the check that each q* is a root of V to rounding, max |V(q*)
// − q*| over nets (tanh, σ_b² = 0.05), and figure qmap: V(q) at the
// abscissae qs with the diagonal and the fixed points.
//
// Errors: those of meanfield.Net.QStar.
func QMap(nets []meanfield.Net, qs []float64) (show.View, error) {
	tanhAt(nets, "QMap")
	series := []show.Series{{Name: "q' = q", X: qs, Y: qs}}
	residual := 0.0
	for _, n := range nets {
		qstar, err := n.QStar()
		if err != nil {
			return nil, err
		}
		residual = math.Max(residual, math.Abs(n.QMap(qstar)-qstar))
		series = append(series, show.Curve(fmt.Sprintf("V(q), σ_w²=%g", n.SigmaW2), qs, n.QMap),
			show.Scatter(fmt.Sprintf("q* = %.4f", qstar), []float64{qstar}, []float64{qstar}, nil))
	}
	return show.View{show.Agreement{Name: "tanh, σ_w² = 1, 2, 3: max |V(q*) − q*|", Kind: show.TheoryVsTheory, Value: residual, Tol: 1e-14, Figure: "qmap",
		Basis: "QStar refines the root to ~1e-15 relative, so the residual is a few ulps of q* ≤ 1.5 (an ulp is 2.2e-16 there); 1e-14 allows about 45"},
		show.Figure{ID: "qmap", Caption: "The variance map V(q) for tanh, σ_b² = 0.05, and its fixed points.",
			XLabel: "q", YLabel: "V(q)", Series: series, Params: map[string]float64{"sigma_b2": 0.05}}}, nil
}

// QIteration shows, for each start q¹ = q1s[k], the z check of the q-map
// against finite networks (checks[k], nets networks of the given width,
// σ_w² = 2), then figure qmap-iteration.
func QIteration(checks []randmlp.LayerCheck, q1s []float64, width, nets int, seed uint64) show.View {
	want(len(checks) == len(q1s) && width == 1000 && nets == 6, "QIteration: %d checks for %d starts, width %d, %d networks; want equal counts, 1000, 6", len(checks), len(q1s), width, nets)
	var v show.View
	var series []show.Series
	for k, r := range checks {
		q1 := q1s[k]
		series = append(series, show.Series{Name: fmt.Sprintf("q-map from q¹=%g", q1), X: r.Layers, Y: r.Theory},
			show.Scatter(fmt.Sprintf("N=%d, %d nets", width, nets), r.Layers, r.Mean, r.SE))
		v = append(v, show.MaxZ(show.Agreement{Name: fmt.Sprintf("q-map vs simulation from q¹=%g: max |z|", q1), Tol: 5, Figure: "qmap-iteration",
			Basis: "SE over 6 networks × 2 uncorrelated inputs, N = 1000, Gaussian weights; 5 SE keeps a false alarm over 10 layers below 1e-5"}, r.Mean, r.SE, r.Theory))
	}
	return append(v, show.Figure{ID: "qmap-iteration", Caption: "q^ℓ for tanh, σ_w² = 2, σ_b² = 0.05: the q-map (lines) against finite networks (points, ±1 SE). Both starts converge to q* = 0.7218 within a few layers.",
		XLabel: "layer ℓ", YLabel: "q^ℓ", Series: series, Params: map[string]float64{"sigma_w2": 2, "sigma_b2": 0.05, "width": float64(width)}, Seed: show.Seed(seed)})
}

// CMap shows, for each network (tanh, σ_b² = 0.05), the check of χ₁
// against a one-sided difference of R at c = 1 (step 1e-6), then figure
// cmap: R(c) at the abscissae cs with the diagonal.
//
// Errors: those of meanfield.Net.DepthScales.
func CMap(nets []meanfield.Net, cs []float64) (show.View, error) {
	tanhAt(nets, "CMap")
	var v show.View
	series := []show.Series{{Name: "R(c) = c", X: cs, Y: cs}}
	for _, n := range nets {
		s, err := n.DepthScales()
		if err != nil {
			return nil, err
		}
		r := func(c float64) float64 { return n.CMap(s.QStar, c) }
		series = append(series, show.Curve(fmt.Sprintf("σ_w²=%g: χ₁=%.3f, c*=%.3f", n.SigmaW2, s.Chi1, s.CStar), cs, r))
		e := 1e-6 // χ₁ is the slope at c = 1: compare with a one-sided difference
		slope := (r(1) - r(1-e)) / e
		v = append(v, show.Agreement{Name: fmt.Sprintf("σ_w²=%g: χ₁ − R′(1) (finite difference)", n.SigmaW2), Kind: show.TheoryVsTheory, Value: s.Chi1 - slope, Tol: 2e-6,
			Basis:  "one-sided difference with step h = 1e-6: truncation R″(1)·h/2 ≲ 1e-6 plus the rounding of R over h ≲ 1e-6",
			Figure: "cmap", Note: "χ₁ = σ_w² E φ′² against (R(1) − R(1−1e-6))/1e-6"})
	}
	return append(v, show.Figure{ID: "cmap", Caption: "Correlation map R(c) of tanh at σ_b² = 0.05: ordered (σ_w² = 1.5, c* = 1) and chaotic (σ_w² = 2, 3; c* < 1).",
		XLabel: "c", YLabel: "R(c)", Series: series, Params: map[string]float64{"sigma_b2": 0.05}}), nil
}

// CIteration shows, for each case k (σ_w² = sigmaW2[k], c¹ = c1[k]), the z
// check of the covariance map against finite networks (checks[k], 6
// networks of the given width), then figure cmap-iteration.
func CIteration(checks []randmlp.LayerCheck, sigmaW2, c1 []float64, width int, seed uint64) show.View {
	want(len(checks) == len(sigmaW2) && len(c1) == len(sigmaW2) && width == 1000, "CIteration: %d checks, %d σ_w², %d c¹, width %d; want equal counts and 1000", len(checks), len(sigmaW2), len(c1), width)
	var v show.View
	var series []show.Series
	for k, r := range checks {
		series = append(series, show.Series{Name: fmt.Sprintf("σ_w²=%g, c¹=%g", sigmaW2[k], c1[k]), X: r.Layers, Y: r.Theory}, show.Scatter("", r.Layers, r.Mean, r.SE))
		v = append(v, show.MaxZ(show.Agreement{Name: fmt.Sprintf("c-map vs simulation, σ_w²=%g, c¹=%g: max |z|", sigmaW2[k], c1[k]), Tol: 5, Figure: "cmap-iteration",
			Basis: "SE over 6 networks of width 1000; 5 SE keeps a false alarm over 10 layers below 1e-5"}, r.Mean, r.SE, r.Theory))
	}
	return append(v, show.Figure{ID: "cmap-iteration", Caption: "Correlation of two inputs, tanh, σ_b² = 0.05: covariance map (lines) against finite networks (points, ±1 SE).",
		XLabel: "layer ℓ", YLabel: "c^ℓ", Series: series, Params: map[string]float64{"sigma_b2": 0.05, "width": float64(width)}, Seed: show.Seed(seed)})
}

// PhaseDiagram shows the check of the critical line at the spec's
// reference points (σ_w² atRef computed at refB against refW, printed to 4
// decimals), then figures fig1-phase-diagram (the line σ_w²(σ_b²) = w2 at
// b2) and fig1-qstar (q* = qs along it).
func PhaseDiagram(b2, w2, qs, refB, refW, atRef []float64) show.View {
	return show.View{show.Agreement{Name: "EoC curve vs spec reference points: max |Δσ_w²|", Kind: show.TheoryVsPrinted, Value: empirical.MaxAbsDiff(atRef, refW), Tol: 5e-5,
		Basis: "the spec prints σ_w² to 4 decimals: rounding up to 5e-5 (spec §5 Fig. 1; §7 check 8)", Figure: "fig1-phase-diagram"},
		show.Figure{ID: "fig1-phase-diagram", PaperFigure: "Tanner lecture, Fig. 1",
			Caption: "Order–chaos transition for tanh: the critical line χ₁ = 1. Ordered (vanishing gradients) above-left, chaotic (exploding gradients) below-right.",
			XLabel:  "σ_w²", YLabel: "σ_b²", Series: []show.Series{{Name: "χ₁ = 1", X: w2, Y: b2}, show.Scatter("spec reference", refW, refB, nil)}},
		show.Figure{ID: "fig1-qstar", PaperFigure: "Tanner lecture, Fig. 1 (the colour of the critical line: q* along it)",
			Caption: "q* along the critical line: it grows from 0 at (1, 0) to 1.318 at σ_b² = 0.25.",
			XLabel:  "σ_w² on the critical line", YLabel: "q*", Series: []show.Series{{Name: "q*", X: w2, Y: qs}}}}
}

// Chi1 shows the z check of χ₁ on and beside the critical line against
// finite networks (p: 15 points, 3 networks of the given width and depth
// each), then figure chi1-sim.
func Chi1(p randmlp.Chi1Points, width, depth int, seed uint64) show.View {
	want(len(p.SigmaW2) == 15 && width == 1000, "Chi1: %d points, width %d; want 15, 1000", len(p.SigmaW2), width)
	chi := show.Estimates{X: p.SigmaW2, Mean: p.Mean, SE: p.SE, Theory: p.Theory}
	return show.View{chi.MaxZ(show.Agreement{Name: "χ₁ on and beside the critical line vs simulation: max |z|", Tol: 5, Figure: "chi1-sim",
		Basis: "SE from 3000 units per point (3 networks of width 1000; units are conditionally independent given the previous layer); 5 SE over 15 points"}),
		show.Figure{ID: "chi1-sim", Caption: "χ₁ at five critical points (σ_w² on the curve, χ₁ = 1) and 0.3 to either side of each: mean-field theory and finite networks (±1 SE).",
			XLabel: "σ_w²", YLabel: "χ₁", Series: []show.Series{show.Scatter("theory", chi.X, chi.Theory, nil), chi.Scatter("N=1000 simulation")},
			Params: map[string]float64{"width": float64(width), "depth": float64(depth)}, Seed: show.Seed(seed)}}
}

// DepthScales shows figure depth-scales: ξ_c and ξ_q along the sweep sc
// (tanh, σ_b² = 0.05) with the critical σ_w² = wc in the caption.
func DepthScales(sc meanfield.Scan, wc float64) show.View {
	return show.View{show.Figure{ID: "depth-scales", Caption: fmt.Sprintf("Depth scales for tanh, σ_b² = 0.05: ξ_c diverges at the critical σ_w² = %.4f, ξ_q stays finite.", wc),
		XLabel: "σ_w²", YLabel: "depth scale", LogY: true, Series: []show.Series{{Name: "ξ_c", X: sc.SigmaW2, Y: sc.XiC}, {Name: "ξ_q", X: sc.SigmaW2, Y: sc.XiQ}},
		Params: map[string]float64{"sigma_b2": 0.05}}}
}

// TanhTable shows table tanh-table (q*, χ₁, c*, ξ_c, ξ_q of sc with the
// spec's reference rows ref in brackets) and the check of the largest
// relative deviation, against the spec's rounding.
func TanhTable(sc meanfield.Scan, ref [][]float64) show.View {
	labels := make([]string, len(sc.SigmaW2))
	for i, w := range sc.SigmaW2 {
		labels[i] = fmt.Sprint(w)
	}
	t, _, worst := show.Versus(bundle.Table{ID: "tanh-table", Caption: "tanh, σ_b² = 0.05: library (spec reference in brackets)", Header: []string{"σ_w²", "q*", "χ₁", "c*", "ξ_c", "ξ_q"}},
		labels, sc.Rows(), ref, "%.7g (%g)")
	return show.View{t, show.Agreement{Name: "tanh mean-field table vs spec: max relative deviation", Kind: show.TheoryVsPrinted, Value: worst, Tol: 5e-5,
		Basis: "the spec prints ξ to 4 decimals: relative rounding up to 4.8e-5 (ξ_q = 1.0415)", Figure: "tanh-table"}}
}

// XiCDecay shows the z check of 1 − c^ℓ against finite networks (r, from
// CCheck with gap, 4 networks of the given width, σ_w² = 1.2) and figure
// xi-c-decay with the asymptote e^{−ℓ/ξ_c} through the last layer.
func XiCDecay(r randmlp.LayerCheck, xiC float64, width int, seed uint64) show.View {
	depth := len(r.Layers)
	want(depth == 20 && width == 1000, "XiCDecay: %d layers, width %d; want 20, 1000", depth, width)
	asym := show.Map(r.Layers, func(l float64) float64 { return r.Theory[depth-1] * math.Exp((float64(depth)-l)/xiC) })
	return show.View{show.MaxZ(show.Agreement{Name: "1 − c^ℓ vs simulation, σ_w²=1.2: max |z|", Tol: 5, Figure: "xi-c-decay",
		Basis: "SE over 4 networks of width 1000; 5 SE over 20 layers"}, r.Mean, r.SE, r.Theory),
		show.Figure{ID: "xi-c-decay", Caption: fmt.Sprintf("Ordered phase, tanh, σ_w² = 1.2, σ_b² = 0.05: 1 − c^ℓ decays like e^{−ℓ/ξ_c}, ξ_c = %.3f.", xiC),
			XLabel: "layer ℓ", YLabel: "1 − c^ℓ", LogY: true, Params: map[string]float64{"sigma_w2": 1.2, "sigma_b2": 0.05, "width": float64(width)}, Seed: show.Seed(seed),
			Series: []show.Series{{Name: "c-map", X: r.Layers, Y: r.Theory}, {Name: "e^{−ℓ/ξ_c}", X: r.Layers, Y: asym}, show.Scatter("N=1000", r.Layers, r.Mean, r.SE)}}}
}

// SlopeLaws shows, for the activation name, the check of the largest
// Kolmogorov distance between the CDF of φ′(h) and the networks' empirical
// CDF over laws (one per q* = qs[j], 4000 samples each) against the DKW
// bound at level 1e-3, then figure fig3-<name>.
func SlopeLaws(name string, laws []randmlp.SlopeLaw, qs []float64, width int, seed uint64) show.View {
	want(len(laws) == len(qs) && width == 1000, "SlopeLaws: %d laws for %d q*, width %d; want equal counts and 1000", len(laws), len(qs), width)
	var series []show.Series
	worst, tol := 0.0, 0.0
	for j, l := range laws {
		want(l.Samples == 4000, "SlopeLaws: %d samples, want 4000", l.Samples)
		worst, tol = math.Max(worst, empirical.MaxAbsDiff(l.CDF, l.ECDF)), empirical.DKW(l.Samples, 1e-3)
		series = append(series, show.Series{Name: fmt.Sprintf("q* = %g", qs[j]), X: l.T, Y: l.CDF}, show.Scatter("", l.T, l.ECDF, nil))
	}
	return show.View{show.Agreement{Name: name + ": sup |CDF − empirical CDF| of φ′(h)", Kind: show.TheoryVsSimulation, Value: worst, Tol: tol, Figure: "fig3-" + name,
		Basis: "DKW bound at level 1e-3 for 4000 samples (2 networks × 2 inputs × N = 1000); the value is the largest Kolmogorov distance over 4 q* on a 131-point grid"},
		show.Figure{ID: "fig3-" + name, PaperFigure: "Tanner lecture, Fig. 3 (bottom row, as CDFs)",
			Caption: "Law of φ′(h), h ~ N(0, q*), for " + name + ": CDF (lines) and a width-1000 network at the edge of chaos (points).",
			XLabel:  "t", YLabel: "P(φ′(h) ≤ t)", Series: series, Params: map[string]float64{"width": float64(width)}, Seed: show.Seed(seed)}}
}

// Atoms shows table fig3-atoms (P(φ′ = 1) = μ₁ of each activation at q* =
// 2, 1, 0.5, 0.2 with the spec's values ref in brackets) and the check of
// the largest deviation against the spec's rounding.
func Atoms(phis []activation.Func, qs []float64, ref [][]float64) show.View {
	want(len(qs) == 4 && qs[0] == 2 && qs[3] == 0.2, "Atoms: q* = %v, want 2, 1, 0.5, 0.2", qs)
	var names []string
	var p [][]float64
	for _, phi := range phis {
		names, p = append(names, phi.Name), append(p, show.Map(qs, func(q float64) float64 { return phi.Mu(q, 1) }))
	}
	t, worst, _ := show.Versus(bundle.Table{ID: "fig3-atoms", Caption: "P(φ′ = 1) = μ₁ at q* = 2, 1, 0.5, 0.2 (spec value in brackets)", Header: []string{"φ", "q*=2", "q*=1", "q*=0.5", "q*=0.2"}},
		names, p, ref, "%.4f (%g)")
	return show.View{t, show.Agreement{Name: "P(φ′=1) vs spec Fig. 3 values: max |Δ|", Kind: show.TheoryVsPrinted, Value: worst, Tol: 5e-5,
		Basis: "the spec prints 4 decimals: rounding up to 5e-5", Figure: "fig3-atoms"}}
}

// Activations shows figure fig3-phi: each φ on the abscissae hs with the
// densities of N(0, q*) for each q* of qs.
func Activations(phis []activation.Func, qs, hs []float64) show.View {
	var top []show.Series
	for _, phi := range phis {
		top = append(top, show.Curve("φ = "+phi.Name, hs, phi.Phi))
	}
	for _, q := range qs {
		density := func(h float64) float64 { return math.Exp(-h*h/(2*q)) / math.Sqrt(2*math.Pi*q) }
		top = append(top, show.Scatter(fmt.Sprintf("density of N(0, q* = %g)", q), hs, show.Map(hs, density), nil))
	}
	return show.View{show.Figure{ID: "fig3-phi", PaperFigure: "Tanner lecture, Fig. 3 (top row, the five activations in one panel)",
		Caption: "The activations and the pre-activation densities N(0, q*) at q* = 2, 1, 0.5, 0.2 whose slopes φ′(h) the CDFs above describe.",
		XLabel:  "h", YLabel: "φ(h); density", Series: top}}
}
