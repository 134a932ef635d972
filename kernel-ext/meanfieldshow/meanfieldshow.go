package meanfieldshow

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
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

// checked returns the networks of checks, each of which must have been
// drawn at the given width and number of networks (the arguments of the
// caller, which the caption states).
func checked(fn string, checks []randmlp.LayerCheck) (mf []meanfield.Net, width, nets int) {
	want(len(checks) > 0, "%s: no checks", fn)
	out := make([]meanfield.Net, len(checks))
	width, nets = checks[0].MLP.Width, checks[0].Nets
	for k, r := range checks {
		want(r.MLP.Width == width && r.Nets == nets, "%s: check %d ran %d networks of width %d, check 0 %d of width %d", fn, k, r.Nets, r.MLP.Width, nets, width)
		out[k] = r.MLP.MeanField()
	}
	return out, width, nets
}

// falseAlarm bounds the chance that one of k independent z-scores passes 5
// under the null, k·P(|z| > 5) with P(|z| > 5) < 5.8e-7, in words.
func falseAlarm(k int) string {
	if p := float64(k) * 5.8e-7; p >= 1e-5 {
		return fmt.Sprintf("about %.1e", p)
	}
	return "below 1e-5"
}

// netsZ returns a with its Value set to the largest normal-equivalent
// z-score of the estimates mean ± se over nets networks against theory
// (empirical.MaxZDOF with nets − 1 degrees of freedom: each network is one
// sample, and unit says what it averages), its Kind set to
// TheoryVsSimulation and its Basis prefixed with the rule. Fewer than 2
// networks, or an SE that is not positive, give NaN, a failing check,
// with the reason in the Note.
func netsZ(a show.Agreement, mean, se, theory []float64, nets int, unit string) show.Agreement {
	a.Kind, a.Value = show.TheoryVsSimulation, math.NaN()
	if nets < 2 {
		a.Note = fmt.Sprintf("%d network: no standard error", nets)
	} else if z, err := empirical.MaxZDOF(mean, se, theory, nets-1); err != nil {
		a.Note = err.Error()
	} else {
		a.Value = z
	}
	a.Basis = fmt.Sprintf("max |z| over %d points ≤ %g, z the normal equivalent of the t-score over %d networks (%d degrees of freedom; each network is one sample, %s); %s",
		len(mean), a.Tol, nets, nets-1, unit, a.Basis)
	return a
}

// bothInputs is the sample unit of a QCheckSettings run (netsZ).
const bothInputs = "the average of its 2 inputs, which share its weights"

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

// QIteration shows, for each start q¹ = checks[k].Start, the z check of
// the q-map against finite networks (checks[k], from
// randmlp.QCheckSettings; their width, number of networks and seed are
// the ones the checks record), then figure qmap-iteration.
func QIteration(checks []randmlp.LayerCheck) show.View {
	mf, width, nets := checked("QIteration", checks)
	seed := checks[0].Seed
	_, same := family(mf)
	w2 := mf[0].SigmaW2
	for _, n := range mf {
		same = same && n.SigmaW2 == w2
	}
	paper := randmlp.LectureQIteration().Ran(checks)
	var v show.View
	var series []show.Series
	for _, r := range checks {
		q1 := r.Start
		series = append(series, show.Series{Name: fmt.Sprintf("q-map from q¹=%g", q1), X: r.Layers, Y: r.Theory},
			show.Scatter(fmt.Sprintf("N=%d, %d nets", width, nets), r.Layers, r.Mean, r.SE))
		v = append(v, show.Agree(netsZ(show.Agreement{Name: fmt.Sprintf("q-map vs simulation from q¹=%g: max |z|", q1), Tol: 5, Figure: "qmap-iteration",
			Basis: fmt.Sprintf("N = %d, Gaussian weights; 5 keeps a false alarm over %d layers %s", width, len(r.Layers), falseAlarm(len(r.Layers))), Paper: papers.TannerQMap.Text}, r.Mean, r.SE, r.Theory, r.Nets, bothInputs)))
	}
	caption := "q^ℓ of the networks of the legend: the q-map (lines) against finite networks (points, ±1 SE)."
	params := map[string]float64{"width": float64(width)}
	if same {
		caption = fmt.Sprintf("q^ℓ for %s, σ_w² = %g, σ_b² = %g: the q-map (lines) against finite networks (points, ±1 SE).", mf[0].Phi.Name, w2, mf[0].SigmaB2)
		params["sigma_w2"], params["sigma_b2"] = w2, mf[0].SigmaB2
		if q, err := mf[0].QStar(); err == nil && paper {
			caption += fmt.Sprintf(" Both starts converge to q* = %.4f within a few layers.", q)
		} else if err == nil {
			caption += fmt.Sprintf(" The fixed point is q* = %.4f.", q)
		}
	}
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "qmap-iteration", Caption: caption,
		XLabel: "layer ℓ", YLabel: "q^ℓ", Series: series, Params: params, Seed: show.Seed(seed)}, paper)))
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

// CIteration shows, for each case k (c¹ = checks[k].Start, at the σ_w²
// and width checks[k] ran with), the z check of the covariance map
// against finite networks (checks[k], from randmlp.CCheckSettings), then
// figure cmap-iteration, whose seed is the one checks[0] records.
func CIteration(checks []randmlp.LayerCheck) show.View {
	mf, width, _ := checked("CIteration", checks)
	seed := checks[0].Seed
	fam, same := family(mf)
	paper := randmlp.LectureCIteration().Ran(checks)
	var v show.View
	var series []show.Series
	for k, r := range checks {
		series = append(series, show.Series{Name: fmt.Sprintf("σ_w²=%g, c¹=%g", mf[k].SigmaW2, r.Start), X: r.Layers, Y: r.Theory}, show.Scatter("", r.Layers, r.Mean, r.SE))
		v = append(v, show.Agree(netsZ(show.Agreement{Name: fmt.Sprintf("c-map vs simulation, σ_w²=%g, c¹=%g: max |z|", mf[k].SigmaW2, r.Start), Tol: 5, Figure: "cmap-iteration",
			Basis: fmt.Sprintf("width %d; 5 keeps a false alarm over %d layers %s", width, len(r.Layers), falseAlarm(len(r.Layers))), Paper: papers.TannerCMap.Text}, r.Mean, r.SE, r.Theory, r.Nets, "the correlation of its input pair")))
	}
	params := b2Params(mf, same)
	if params == nil {
		params = map[string]float64{}
	}
	params["width"] = float64(width)
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "cmap-iteration", Caption: fmt.Sprintf("Correlation of two inputs, %s: covariance map (lines) against finite networks (points, ±1 SE).", fam),
		XLabel: "layer ℓ", YLabel: "c^ℓ", Series: series, Params: params, Seed: show.Seed(seed)}, paper)))
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

// Chi1 shows the z check of χ₁ on and beside the critical line against
// finite networks (p, from randmlp.Chi1Settings, at the activation,
// width, depth and seed p records), then figure chi1-sim, at the paper's
// settings for tanh's 15 points 0.3 apart, 10 width-1000 networks of
// depth 3 each.
func Chi1(p randmlp.Chi1Points) show.View {
	width, depth, seed := p.Width, p.Depth, p.Seed
	k, units := len(p.SigmaW2), p.Nets*p.Width
	paper := p.At(randmlp.LectureChi1())
	crit := fmt.Sprintf("%d of %s's", k/3, p.Phi)
	if paper {
		crit = "five"
	}
	chi := show.Estimates{X: p.SigmaW2, Mean: p.Mean, SE: p.SE, Theory: p.Theory}
	return show.View{show.Agree(netsZ(show.Agreement{Name: "χ₁ on and beside the critical line vs simulation: max |z|", Tol: 5, Figure: "chi1-sim",
		Basis: fmt.Sprintf("%d units per point; 5 over %d points", units, k), Paper: papers.TannerChi1.Text, Central: true}, chi.Mean, chi.SE, chi.Theory, p.Nets, fmt.Sprintf("the mean over its %d units, which share its last-layer input", width))),
		show.Fig(show.AtPaper(show.Figure{ID: "chi1-sim", Paper: papers.Claim(papers.TannerFig1), PaperNote: "χ₁ = 1 on the critical line, checked against finite networks", Caption: fmt.Sprintf("χ₁ at %s critical points (σ_w² on the curve, χ₁ = 1) and %g to either side of each: mean-field theory and finite networks (±1 SE).", crit, p.Offset),
			XLabel: "σ_w²", YLabel: "χ₁", Series: []show.Series{show.Scatter("theory", chi.X, chi.Theory, nil), chi.Scatter(fmt.Sprintf("N=%d simulation", width))},
			Params: map[string]float64{"width": float64(width), "depth": float64(depth)}, Seed: show.Seed(seed)}, paper))}
}

// DepthScales shows figure depth-scales: ξ_c and ξ_q along the sweep sc
// (the notebook's: tanh, σ_b² = 0.05) with the critical σ_w² = wc in the
// caption; the activation and σ_b² are those sc ran at.
func DepthScales(sc meanfield.Scan, wc float64) show.View {
	return show.View{show.Fig(show.Figure{ID: "depth-scales", Caption: fmt.Sprintf("Depth scales for %s, σ_b² = %g: ξ_c diverges at the critical σ_w² = %.4f, ξ_q stays finite.", sc.Phi, sc.SigmaB2, wc),
		XLabel: "σ_w²", YLabel: "depth scale", LogY: true, Series: []show.Series{{Name: "ξ_c", X: sc.SigmaW2, Y: sc.XiC}, {Name: "ξ_q", X: sc.SigmaW2, Y: sc.XiQ}},
		Params: map[string]float64{"sigma_b2": sc.SigmaB2}})}
}

// TanhTable shows table tanh-table (q*, χ₁, c*, ξ_c, ξ_q of sc with the
// reference rows ref of lib/sources/tanner2024.md#check-9 in brackets) and the check of the largest
// relative deviation, against the notes' (lib/sources/tanner2024.md) rounding. The caption
// states the activation and σ_b² sc ran at (the notes': tanh, 0.05).
func TanhTable(sc meanfield.Scan, ref [][]float64) show.View {
	labels := make([]string, len(sc.SigmaW2))
	for i, w := range sc.SigmaW2 {
		labels[i] = fmt.Sprint(w)
	}
	t, _, worst := show.Versus(bundle.Table{ID: "tanh-table", Caption: fmt.Sprintf("%s, σ_b² = %g: library (reference in brackets)", sc.Phi, sc.SigmaB2), Header: []string{"σ_w²", "q*", "χ₁", "c*", "ξ_c", "ξ_q"}},
		labels, sc.Rows(), ref, "%.7g (%g)")
	return show.View{show.Tab(t), show.Agree(show.Agreement{Name: "tanh mean-field table vs spec: max relative deviation", Kind: show.TheoryVsPrinted, Value: worst, Tol: 5e-5,
		Basis: "the notes (lib/sources/tanner2024.md) print ξ to 4 decimals: relative rounding up to 4.8e-5 (ξ_q = 1.0415)", Figure: "tanh-table"})}
}

// XiCDecay shows the z check of 1 − c^ℓ against finite networks (r, from
// randmlp.CCheckSettings with Gap, at the width and seed it records) and
// figure xi-c-decay with the asymptote e^{−ℓ/ξ_c} through the last layer.
func XiCDecay(r randmlp.LayerCheck, xiC float64) show.View {
	mf, width, _ := checked("XiCDecay", []randmlp.LayerCheck{r})
	seed := r.Seed
	n := mf[0]
	depth := len(r.Layers)
	paper := randmlp.LectureXiC().Ran([]randmlp.LayerCheck{r})
	asym := meanfield.DecayThrough(r.Layers, r.Theory[depth-1], float64(depth), xiC)
	caption := fmt.Sprintf("%s, σ_w² = %g, σ_b² = %g: 1 − c^ℓ against the c-map and e^{−ℓ/ξ_c}, ξ_c = %.3f.", n.Phi.Name, n.SigmaW2, n.SigmaB2, xiC)
	if paper {
		caption = fmt.Sprintf("Ordered phase, tanh, σ_w² = 1.2, σ_b² = 0.05: 1 − c^ℓ decays like e^{−ℓ/ξ_c}, ξ_c = %.3f.", xiC)
	}
	return show.View{show.Agree(netsZ(show.Agreement{Name: fmt.Sprintf("1 − c^ℓ vs simulation, σ_w²=%g: max |z|", n.SigmaW2), Tol: 5, Figure: "xi-c-decay",
		Basis: fmt.Sprintf("width %d; 5 over %d layers", width, depth), Paper: papers.TannerCMap.Text}, r.Mean, r.SE, r.Theory, r.Nets, "1 − the correlation of its input pair")),
		show.Fig(show.AtPaper(show.Figure{ID: "xi-c-decay", Caption: caption,
			XLabel: "layer ℓ", YLabel: "1 − c^ℓ", LogY: true, Params: map[string]float64{"sigma_w2": n.SigmaW2, "sigma_b2": n.SigmaB2, "width": float64(width)}, Seed: show.Seed(seed),
			Series: []show.Series{{Name: "c-map", X: r.Layers, Y: r.Theory}, {Name: "e^{−ℓ/ξ_c}", X: r.Layers, Y: asym}, show.Scatter(fmt.Sprintf("N=%d", width), r.Layers, r.Mean, r.SE)}}, paper))}
}

// SlopeLaws shows, for the activation name, the check of the largest
// Kolmogorov distance between the CDF of φ′(h) and the networks' empirical
// CDF over laws (one per q* = laws[j].Q, from randmlp.SlopeLawSettings,
// all at one width; the figure's seed is the one laws[0] records) against
// the DKW bound at level 1e-3 for their
// samples, then figure fig3-<name>, which claims Fig. 3 only at the
// lecture's q* = 2, 1, 0.5, 0.2 with 2 width-1000 networks.
func SlopeLaws(name string, laws []randmlp.SlopeLaw) show.View {
	want(len(laws) > 0, "SlopeLaws: no laws")
	l0 := laws[0]
	width, seed := l0.Width, l0.Seed
	qs := make([]float64, len(laws))
	for j, l := range laws {
		qs[j] = l.Q
	}
	for j, l := range laws {
		want(l.Width == width && l.Samples == l0.Samples && l.Nets == l0.Nets && len(l.T) == len(l0.T), "SlopeLaws: law %d ran %d networks of width %d (%d samples, %d points), law 0 %d of width %d (%d samples, %d points)",
			j, l.Nets, l.Width, l.Samples, len(l.T), l0.Nets, l0.Width, l0.Samples, len(l0.T))
	}
	paper := randmlp.LectureSlopeLaws(activation.Func{Name: name}).Ran(laws)
	var series []show.Series
	worst, tol := 0.0, empirical.DKW(l0.Samples, 1e-3)
	for j, l := range laws {
		worst = math.Max(worst, empirical.MaxAbsDiff(l.CDF, l.ECDF))
		series = append(series, show.Series{Name: fmt.Sprintf("q* = %g", qs[j]), X: l.T, Y: l.CDF}, show.Scatter("", l.T, l.ECDF, nil))
	}
	return show.View{show.Agree(show.Agreement{Name: name + ": sup |CDF − empirical CDF| of φ′(h)", Kind: show.TheoryVsSimulation, Value: worst, Tol: tol, Figure: "fig3-" + name,
		Basis: fmt.Sprintf("DKW bound at level 1e-3 for %d samples (%d networks × N = %d units of one input, independent given the network's last-layer input); the value is the largest Kolmogorov distance over %d q* on a %d-point grid", l0.Samples, l0.Nets, width, len(laws), len(l0.T)), Paper: papers.TannerSlopeLaw.Text}),
		show.Fig(show.AtPaper(show.Figure{ID: "fig3-" + name, Paper: papers.Claim(papers.TannerFig3), PaperNote: "bottom row, as CDFs",
			Caption: fmt.Sprintf("Law of φ′(h), h ~ N(0, q*), for %s: CDF (lines) and a width-%d network at the edge of chaos (points).", name, width),
			XLabel:  "t", YLabel: "P(φ′(h) ≤ t)", Series: series, Params: map[string]float64{"width": float64(width)}, Seed: show.Seed(seed)}, paper))}
}

// Atoms shows table fig3-atoms (P(φ′ = 1) = μ₁ of each activation at each
// q* of qs) and, at the lecture's q* = 2, 1, 0.5, 0.2, the notes' (lib/sources/tanner2024.md) values
// ref in brackets with the check of the largest deviation against the
// reference's rounding; at other q* the notes (lib/sources/tanner2024.md) print nothing to check against.
func Atoms(phis []activation.Func, qs []float64, ref [][]float64) show.View {
	paper := slices.Equal(qs, meanfield.LectureQStars())
	var names []string
	var p [][]float64
	for _, phi := range phis {
		names, p = append(names, phi.Name), append(p, show.Map(qs, func(q float64) float64 { return phi.Mu(q, 1) }))
	}
	header := []string{"φ"}
	for _, q := range qs {
		header = append(header, fmt.Sprintf("q*=%g", q))
	}
	const name = "P(φ′=1) vs spec Fig. 3 values: max |Δ|"
	if !paper {
		t := bundle.Table{ID: "fig3-atoms", Caption: fmt.Sprintf("P(φ′ = 1) = μ₁ at q* = %s%s", joinG(qs), show.YourSettings), Header: header}
		for i, row := range p {
			cells := []string{names[i]}
			for _, x := range row {
				cells = append(cells, fmt.Sprintf("%.4f", x))
			}
			t.Rows = append(t.Rows, cells)
		}
		return show.View{show.Tab(t), show.NotApplicable(name, "the notes (lib/sources/tanner2024.md) print μ₁ at q* = 2, 1, 0.5, 0.2 only")}
	}
	t, worst, _ := show.Versus(bundle.Table{ID: "fig3-atoms", Paper: papers.Claim(papers.TannerFig3), Caption: fmt.Sprintf("P(φ′ = 1) = μ₁ at q* = %s (reference value in brackets)", joinG(qs)), Header: header},
		names, p, ref, "%.4f (%g)")
	return show.View{show.Tab(t), show.Agree(show.Agreement{Name: name, Kind: show.TheoryVsPrinted, Value: worst, Tol: 5e-5,
		Basis: "the notes (lib/sources/tanner2024.md) print 4 decimals: rounding up to 5e-5", Figure: "fig3-atoms", Paper: papers.TannerAtoms.Text, Central: true})}
}

// Activations shows figure fig3-phi: each φ on the abscissae hs with the
// densities of N(0, q*) for each q* of qs.
func Activations(phis []activation.Func, qs, hs []float64) show.View {
	var top []show.Series
	for _, phi := range phis {
		top = append(top, show.Curve("φ = "+phi.Name, hs, phi.Phi))
	}
	for _, q := range qs {
		top = append(top, show.Scatter(fmt.Sprintf("density of N(0, q* = %g)", q), hs, show.Map(hs, func(h float64) float64 { return gauss.Density(h, q) }), nil))
	}
	return show.View{show.Fig(show.AtPaper(show.Figure{ID: "fig3-phi", Paper: papers.Claim(papers.TannerFig3), PaperNote: "top row, the five activations in one panel",
		Caption: fmt.Sprintf("The activations and the pre-activation densities N(0, q*) at q* = %s whose slopes φ′(h) the CDFs above describe.", joinG(qs)),
		XLabel:  "h", YLabel: "φ(h); density", Series: top}, slices.Equal(qs, []float64{2, 1, 0.5, 0.2})))}
}
