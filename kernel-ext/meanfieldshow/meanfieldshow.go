package meanfieldshow

import (
	"fmt"
	"math"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
)

// want panics with an "meanfieldshow:" message unless ok: a caller bug, such as
// an argument that disagrees with the settings a result records. It never
// pins a setting: at settings other than the paper's a figure claims
// nothing (show.AtPaper).
func want(ok bool, format string, args ...any) { show.Want(ok, "meanfieldshow", format, args...) }

// family describes the activation and σ_b² that nets share, as "tanh,
// σ_b² = 0.05", and reports whether they share them.
func family(nets []meanfield.Net) (desc string, same bool) {
	phi, b2 := nets[0].Phi.Name, nets[0].SigmaB2
	for _, n := range nets {
		if n.Phi.Name != phi || n.SigmaB2 != b2 {
			return "the activations and σ_b² of the legend", false
		}
	}
	return fmt.Sprintf("%s, σ_b² = %g", phi, b2), true
}

// label names network n in a legend: "σ_w²=2", with its activation and
// σ_b² when the networks of the figure differ in them (same is false).
func label(n meanfield.Net, same bool) string {
	if same {
		return fmt.Sprintf("σ_w²=%g", n.SigmaW2)
	}
	return fmt.Sprintf("%s, σ_w²=%g, σ_b²=%g", n.Phi.Name, n.SigmaW2, n.SigmaB2)
}

// b2Params is {"sigma_b2": σ_b²} of nets when they share it, else nil.
func b2Params(nets []meanfield.Net, same bool) map[string]float64 {
	if !same {
		return nil
	}
	return map[string]float64{"sigma_b2": nets[0].SigmaB2}
}

// sigmaW2s returns the σ_w² of nets.
func sigmaW2s(nets []meanfield.Net) []float64 {
	w := make([]float64, len(nets))
	for i, n := range nets {
		w[i] = n.SigmaW2
	}
	return w
}

// joinG joins xs formatted with %g by ", ".
func joinG(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%g", x)
	}
	return strings.Join(parts, ", ")
}

// ulp is the spacing of the floats at x > 0.
func ulp(x float64) float64 { return math.Nextafter(x, math.Inf(1)) - x }

// QMap shows the check that each q* is a root of V to rounding, max |V(q*)
// − q*| over nets, and figure qmap: V(q) at the abscissae qs with the
// diagonal and the fixed points.
//
// Errors: those of meanfield.Net.QStar.
func QMap(nets []meanfield.Net, qs []float64) (show.View, error) {
	want(len(nets) > 0, "QMap: no networks")
	fam, same := family(nets)
	paper := meanfield.SameNets(nets, meanfield.LectureQMap())
	series := []show.Series{{Name: "q' = q", X: qs, Y: qs}}
	residual, qmax := 0.0, 0.0
	for _, n := range nets {
		qstar, err := n.QStar()
		if err != nil {
			return nil, err
		}
		residual, qmax = math.Max(residual, math.Abs(n.QMap(qstar)-qstar)), math.Max(qmax, qstar)
		series = append(series, show.Curve("V(q), "+label(n, same), qs, n.QMap),
			show.Scatter(fmt.Sprintf("q* = %.4f", qstar), []float64{qstar}, []float64{qstar}, nil))
	}
	// 1e-14 is about 45 ulps of a q* in [1, 2); a larger q* scales it by its ulp.
	tol := 1e-14 * math.Max(1, ulp(qmax)/ulp(1))
	name := "networks of the legend: max |V(q*) − q*|"
	if same {
		name = fmt.Sprintf("%s, σ_w² = %s: max |V(q*) − q*|", nets[0].Phi.Name, joinG(sigmaW2s(nets)))
	}
	basis := fmt.Sprintf("QStar refines the root to ~1e-15 relative, so the residual is a few ulps of q* ≤ %.4g (an ulp is %.2g there); %.3g allows about %.0f", qmax, ulp(qmax), tol, tol/ulp(qmax))
	if paper {
		basis = "QStar refines the root to ~1e-15 relative, so the residual is a few ulps of q* ≤ 1.5 (an ulp is 2.2e-16 there); 1e-14 allows about 45"
	}
	return show.View{show.Agree(show.Agreement{Name: name, Kind: show.TheoryVsTheory, Value: residual, Tol: tol, Figure: "qmap", Basis: basis}),
		show.Fig(show.AtPaper(show.Figure{ID: "qmap", Caption: fmt.Sprintf("The variance map V(q) for %s, and its fixed points.", fam),
			XLabel: "q", YLabel: "V(q)", Series: series, Params: b2Params(nets, same)}, paper))}, nil
}

// CMap shows, for each network, the check of χ₁ against a one-sided
// difference of R at c = 1 (step 1e-6), then figure cmap: R(c) at the
// abscissae cs with the diagonal. The check's tolerance bounds the
// truncation R″(1)·h/2 of tanh at σ_b² = 0.05, σ_w² ≤ 3; at other settings
// (where R″(1) may be unbounded, as for ReLU-like φ) it is not applicable.
//
// Errors: those of meanfield.Net.DepthScales.
func CMap(nets []meanfield.Net, cs []float64) (show.View, error) {
	want(len(nets) > 0, "CMap: no networks")
	_, same := family(nets)
	paper := meanfield.SameNets(nets, meanfield.LectureCMap())
	var v show.View
	var ordered, chaotic []float64
	series := []show.Series{{Name: "R(c) = c", X: cs, Y: cs}}
	for _, n := range nets {
		s, err := n.DepthScales()
		if err != nil {
			return nil, err
		}
		if s.Chi1 < 1 {
			ordered = append(ordered, n.SigmaW2)
		} else {
			chaotic = append(chaotic, n.SigmaW2)
		}
		r := func(c float64) float64 { return n.CMap(s.QStar, c) }
		series = append(series, show.Curve(fmt.Sprintf("%s: χ₁=%.3f, c*=%.3f", label(n, same), s.Chi1, s.CStar), cs, r))
		slope := n.Chi1Difference(s.QStar, 1e-6) // χ₁ is the slope at c = 1: compare with a one-sided difference
		v = append(v, show.PaperCheck(show.Agreement{Name: fmt.Sprintf("%s: χ₁ − R′(1) (finite difference)", label(n, same)), Kind: show.TheoryVsTheory, Value: s.Chi1 - slope, Tol: 2e-6,
			Basis:  "one-sided difference with step h = 1e-6: truncation R″(1)·h/2 ≲ 1e-6 plus the rounding of R over h ≲ 1e-6",
			Figure: "cmap", Note: "χ₁ = σ_w² E φ′² against (R(1) − R(1−1e-6))/1e-6"},
			meanfield.LectureFamily(n) && n.SigmaW2 <= 3, "the 2e-6 tolerance bounds R″(1)·h/2 for tanh at σ_b² = 0.05, σ_w² ≤ 3 only"))
	}
	of := "the networks of the legend"
	if same {
		of = fmt.Sprintf("%s at σ_b² = %g", nets[0].Phi.Name, nets[0].SigmaB2)
	}
	var phases []string
	if len(ordered) > 0 {
		phases = append(phases, fmt.Sprintf("ordered (σ_w² = %s, c* = 1)", joinG(ordered)))
	}
	if len(chaotic) > 0 {
		phases = append(phases, fmt.Sprintf("chaotic (σ_w² = %s; c* < 1)", joinG(chaotic)))
	}
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "cmap", Caption: fmt.Sprintf("Correlation map R(c) of %s: %s.", of, strings.Join(phases, " and ")),
		XLabel: "c", YLabel: "R(c)", Series: series, Params: b2Params(nets, same)}, paper))), nil
}

// PhaseDiagram shows the check of the critical line at the notes' (lib/sources/tanner2024.md)
// reference points (σ_w² atRef computed at refB against refW, printed to 4
// decimals), then figures fig1-phase-diagram (the line σ_w²(σ_b²) = w2 at
// b2) and fig1-qstar (q* = qs along it).
func PhaseDiagram(b2, w2, qs, refB, refW, atRef []float64) show.View {
	return show.View{show.Agree(show.Agreement{Name: "EoC curve vs spec reference points: max |Δσ_w²|", Kind: show.TheoryVsPrinted, Value: empirical.MaxAbsDiff(atRef, refW), Tol: 5e-5,
		Basis: "the notes (lib/sources/tanner2024.md) print σ_w² to 4 decimals: rounding up to 5e-5 (lib/sources/tanner2024.md#figure-1, #check-8)", Figure: "fig1-phase-diagram"}),
		show.Fig(show.Figure{ID: "fig1-phase-diagram", Paper: papers.Claim(papers.TannerFig1),
			Caption: "Order–chaos transition for tanh: the critical line χ₁ = 1. Ordered (vanishing gradients) above-left, chaotic (exploding gradients) below-right.",
			XLabel:  "σ_w²", YLabel: "σ_b²", Series: []show.Series{{Name: "χ₁ = 1", X: w2, Y: b2}, show.Scatter("spec reference", refW, refB, nil)}}),
		show.Fig(show.Figure{ID: "fig1-qstar", Paper: papers.Claim(papers.TannerFig1), PaperNote: "the colour of the critical line: q* along it",
			Caption: "q* along the critical line: it grows from 0 at (1, 0) to 1.318 at σ_b² = 0.25.",
			XLabel:  "σ_w² on the critical line", YLabel: "q*", Series: []show.Series{{Name: "q*", X: w2, Y: qs}}})}
}
