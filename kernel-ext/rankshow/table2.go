package rankshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// table2Names label the runs of rankexp.Table2Residuals, in its order.
var table2Names = []string{"α = 1", "α = 0.5", "α = 1/√L", "α = 0.1"}

// EqShare is the share of the change predicted by eqs. (17)–(18) that
// Figs. 3 and 9's gradient claims require. The equations give the
// expected gradient norms of one block under uniform attention from the
// correlation ρ of its input, ‖∂S/∂W^Q‖ ∝ (1 − ρ) and ‖∂S/∂W^V‖ ∝
// √(1 + ρ(n − 1)) at fixed σ_x; the runs change σ_x and backpropagate
// through the later blocks, which they leave out, so a claim is read as
// at least half the change they predict from the run's own mean cosines.
const EqShare = 0.5

// gradDecades returns the log10 change from the first block to the last
// (index 11) of the norm ‖∂S/∂W‖ that eq. (18) (queries) and eq. (17)
// (values) predict from the mean cosines c at the blocks' inputs (c[0]
// and c[11]) for n tokens.
func gradDecades(c []float64, n int) (q, v float64) {
	const d = 32 // cancels in the ratios
	q0 := must(rankcollapse.GradQ(n, d, c[0], 1, rankcollapse.FormPaper))
	q1 := must(rankcollapse.GradQ(n, d, c[11], 1, rankcollapse.FormPaper))
	v0 := must(rankcollapse.GradV(n, d, c[0], 1))
	v1 := must(rankcollapse.GradV(n, d, c[11], 1))
	return 0.5 * math.Log10(q1/q0), 0.5 * math.Log10(v1/v0)
}

// must returns x or panics with err (an input the caller validated).
func must(x float64, err error) float64 {
	if err != nil {
		panic("rankshow: " + err.Error())
	}
	return x
}

// normDecades is log10 of the norm ratio (RMS over draws) of the last
// block's mean squared gradient norm g[11] to the first's.
func normDecades(g []float64) float64 { return 0.5 * math.Log10(g[11]/g[0]) }

// Table2 shows the runs of rankexp.Table2Runs (L = 12, n = 50, 50 draws)
// under POST-LN (post, drawn from postSeed) and PRE-LN (pre, from
// preSeed): Fig. 3 (panels fig3a–c and the α-order check), the paper's
// claims on it at α = 1 and 1/√L, table fig1-init (Fig. 1 at
// initialisation: the layer-L cosine of the POST-LN α = 1 run), Fig. 9
// (fig9a–c) and its claims against POST-LN. The gradient panels show
// norms relative to the first block (the root of the mean squared norm
// over draws), as the paper plots them; the claims on them are in decades
// of those norms, against EqShare of what eqs. (17)–(18) predict.
func Table2(post, pre []rankblock.Profile, postSeed, preSeed uint64) show.View {
	const n = 50
	v := table2Panels("fig3", "Noci et al. 2022, Fig. 3", "POST-LN, Table 2", post, postSeed)
	s := post[2]
	c := post[0].MeanCos
	qPred, vPred := gradDecades(c, n)
	qDrop, vRise := normDecades(post[0].GradWQ), normDecades(post[0].GradWV)
	v = append(v, show.Agreement{Name: "fig3b-qk-drop-alpha1", Kind: show.Claim, Value: qDrop, Tol: EqShare * qPred, Rule: show.AtMost, Figure: "fig3b",
		Basis: fmt.Sprintf("paper: Q/K gradients diminish with depth (Thm 3.2: they vanish as the tokens align); required: at least %g of the fall eq. (18)'s (1 − ρ) predicts from the run's mean cosines %.3f → %.4f (%.2f decades)", EqShare, c[0], c[11], qPred),
		Note:  "log10(last/first W^Q gradient norm), α = 1"},
		show.Agreement{Name: "fig3c-v-over-q-alpha1", Kind: show.Claim, Value: vRise - qDrop, Tol: EqShare * (vPred - qPred), Rule: show.AtLeast, Figure: "fig3c",
			Basis: fmt.Sprintf("paper: the opposite of the Q/K trend happens for the values; required: a rise of the W^V/W^Q norm ratio of at least %g of what eqs. (17)–(18) predict from the same cosines (%.2f decades)", EqShare, vPred-qPred),
			Note:  fmt.Sprintf("log10 of the rise of the W^V/W^Q gradient norm ratio from the first to the last block, α = 1 (W^V alone: %+.3f decades, predicted %+.3f)", vRise, vPred)},
		fmt.Sprintf("α = 1: W^V gradient norm last/first = %.2f (paper: values grow with depth), W^Q %.2g\n", math.Pow(10, vRise), math.Pow(10, qDrop)),
		show.Agreement{Name: "fig3b-qk-kept-sqrtL", Kind: show.Claim, Value: normDecades(s.GradWQ), Tol: 0.5, Figure: "fig3b",
			Basis: "paper: 1/√L scaling keeps the Q/K gradients; read as within half a decade of the first block's norm (a factor √10)", Note: "log10(last/first W^Q gradient norm) under 1/√L"},
		bundle.Table{ID: "fig1-init", Caption: "Fig. 1 at initialisation: last-layer mean cosine of a POST-LN Table 2 network of depth L, α = 1 (the layer-L cosine of the runs above)",
			Header: []string{"depth L", "2", "4", "6", "8", "12"},
			Rows:   [][]string{{"mean cosine", show.FormatFloat(c[2]), show.FormatFloat(c[4]), show.FormatFloat(c[6]), show.FormatFloat(c[8]), show.FormatFloat(c[12])}}})
	v = append(v, table2Panels("fig9", "Noci et al. 2022, Fig. 9", "PRE-LN, Table 2", pre, preSeed)...)
	pr, po := pre[0], post[0]
	prPred, _ := gradDecades(pr.MeanCos, n)
	return append(v, show.Agreement{Name: "fig9-slower-than-postln", Kind: show.Claim, Value: (pr.MeanCos[12] - po.MeanCos[12]) / math.Hypot(pr.MeanCosSE[12], po.MeanCosSE[12]),
		Tol: -4, Rule: show.AtMost, Figure: "fig9a", Basis: "4 SE of the difference, SE from 50 draws each", Note: "(PRE-LN − POST-LN) ℓ = 12 mean cosine in SE, α = 1"},
		show.Agreement{Name: "fig9-qk-preserved", Kind: show.Claim, Value: normDecades(pr.GradWQ) - qDrop,
			Tol: EqShare * (prPred - qPred), Rule: show.AtLeast, Figure: "fig9b",
			Basis: fmt.Sprintf("paper: Q/K gradients better preserved than with POST-LN; required: at least %g of the difference eq. (18)'s (1 − ρ) predicts from the two runs' mean cosines (%.2f decades)", EqShare, prPred-qPred),
			Note:  "log10 fall of the W^Q gradient norm, PRE-LN minus POST-LN, α = 1"},
		show.Agreement{Name: "fig9-v-opposite", Kind: show.Claim, Value: normDecades(pr.GradWV), Tol: 0, Rule: show.AtMost, Figure: "fig9c",
			Basis: "paper: the value trend is opposite to POST-LN's rise; sign only", Note: fmt.Sprintf("log10(last/first W^V gradient norm), PRE-LN α = 1 (POST-LN: %+.2f)", vRise)})
}

// table2Panels returns panels a (cosine), b (W^Q) and c (W^V) of runs as
// figures id+"a", id+"b", id+"c" and checks that larger α aligns faster:
// the smallest drop of the last layer's cosine between neighbouring α, in
// SE. Panels b and c show gradient norms relative to the first block.
func table2Panels(id, paper, setting string, runs []rankblock.Profile, seed uint64) show.View {
	want(len(runs) == len(table2Names), "Table2: %d runs, want %d (rankexp.Table2Residuals)", len(runs), len(table2Names))
	var a, b, c []show.Series
	var last, lastSE []float64 // the ℓ = 12 mean cosine of each run
	for i, p := range runs {
		want(len(p.MeanCos) == 13 && p.Draws == 50 && len(p.GradWQ) == 12, "Table2: L=%d draws=%d, want 12 and 50 with gradients", len(p.MeanCos)-1, p.Draws)
		name := table2Names[i]
		a = append(a, show.ByLayer(name, p.MeanCos, p.MeanCosSE, show.LinePoints))
		b = append(b, show.ByLayer("W^Q, "+name, normRatio(p.GradWQ), nil, show.LinePoints),
			show.ByLayer("W^K, "+name, normRatio(p.GradWK), nil, show.Line))
		c = append(c, show.ByLayer("W^V, "+name, normRatio(p.GradWV), nil, show.LinePoints))
		last, lastSE = append(last, p.MeanCos[12]), append(lastSE, p.MeanCosSE[12])
	}
	zmin := empirical.MinDiffZ(last[:len(last)-1], lastSE[:len(last)-1], last[1:], lastSE[1:])
	params := map[string]float64{"n": 50, "d_v": 32, "d_F": 128, "heads": 4, "L": 12, "draws": 50}
	var v show.View
	for _, f := range []show.Figure{
		{ID: id + "a", Caption: "Mean pairwise cosine vs layer, " + setting, YLabel: "mean cosine", Series: a, Legend: show.TopLeft},
		{ID: id + "b", Caption: "Query/key gradient norm per block / first block (root of the mean squared norm over draws), " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖ / ‖∂𝓛/∂W^1‖", Series: b, LogY: true, Legend: show.BottomLeft},
		{ID: id + "c", Caption: "Value gradient norm per block / first block (root of the mean squared norm over draws), " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖ / ‖∂𝓛/∂W^1‖", Series: c, LogY: true, Legend: show.BottomLeft},
	} {
		f.PaperFigure, f.XLabel, f.Seed, f.Params = paper+f.ID[len(id):]+" ("+setting+")", "layer ℓ", show.Seed(seed), params
		v = append(v, f)
	}
	return append(v, show.Agreement{Name: id + "-alpha-order", Kind: show.Claim, Value: zmin, Tol: 4, Rule: show.AtLeast, Figure: id + "a",
		Basis: "4 SE of the difference, SE from 50 draws", Note: "smallest drop of the ℓ = 12 mean cosine from one α to the next smaller (paper: larger α aligns faster)"})
}

// normRatio is √(g_ℓ/g_1): the norm ratio of mean squared gradient norms.
func normRatio(g []float64) []float64 {
	r := rankblock.RelativeToFirst(g)
	for i := range r {
		r[i] = math.Sqrt(r[i])
	}
	return r
}

// Fig11Softmax is the known disagreement of Fig. 11's centre panel,
// declared with its check in NormLaws.
var Fig11Softmax = show.Disagreement{
	Paper:    "the centre panel (softmax attention, input std 1/√d) matches Lemma 3.3 like the uniform one",
	Measured: "the simulated mean ‖X^ℓ‖² runs above the lemma from ℓ ≈ 6 on, by 14–30% at ℓ = 6–10 (4–6 SE of 1000 draws)",
	Why:      "the norm grows like 4^ℓ, and the logits with it, so the softmax leaves the uniform attention the lemma assumes; on the paper's density plot a 14–30% shift of the mean is 0.06–0.11 in log10, hard to see",
}

// NormLaws shows Fig. 11 (n = 10, d = 30, L = 10, 1000 draws; case i drawn
// from seed+i) for each run, with figure id "fig11-"+ids[i] and label
// names[i]: a line of mean ‖X^ℓ‖² over Lemma 3.3 at ℓ = 1, 5, 10, a z check
// over layers 1–10 for the first run (uniform attention, where the lemma
// holds) and for the second (the softmax centre panel, a declared known
// disagreement, Fig11Softmax), and the densities of log10 ‖X^ℓ‖² with the
// mean and the lemma's value at ℓ = 10 marked.
func NormLaws(runs []rankexp.NormLaw, ids, names []string, seed uint64) show.View {
	want(len(ids) == len(runs) && len(names) == len(runs), "NormLaws: %d ids and %d names for %d runs", len(ids), len(names), len(runs))
	var v show.View
	for i, r := range runs {
		p, th, n0 := r.Sim, r.Theory, r.N0
		want(r.N == 10 && r.D == 30 && len(th) == 11 && p.Draws == 1000, "NormLaws: n=%d d=%d L=%d draws=%d, want 10, 30, 10, 1000", r.N, r.D, len(th)-1, p.Draws)
		v = append(v, fmt.Sprintf("%-18s mean ‖X^ℓ‖² / Lemma 3.3 at ℓ = 1, 5, 10: %.3f %.3f %.3f (± %.3f at ℓ = 10)\n", names[i], p.SqNorm[1]/th[1], p.SqNorm[5]/th[5], p.SqNorm[10]/th[10], p.SqNormSE[10]/th[10]))
		switch i {
		case 0: // uniform attention, where Lemma 3.3 is exact
			v = append(v, show.MaxZ(show.Agreement{Name: "fig11-uniform-maxz", Tol: 5, Figure: "fig11-" + ids[i], Basis: "SE from 1000 draws, layers 1–10 (heavy tails at depth make the SE itself noisy)"}, p.SqNorm[1:11], p.SqNormSE[1:11], th[1:11]))
		case 1: // the centre panel: the softmax, which the paper says matches the lemma too
			v = append(v, show.MaxZ(show.Agreement{Name: "fig11-softmax-maxz", Kind: show.Claim, Tol: 5, Figure: "fig11-" + ids[i], Disagreement: &Fig11Softmax,
				Basis: "SE from 1000 draws, layers 1–10 (heavy tails at depth make the SE itself noisy)"}, p.SqNorm[1:11], p.SqNormSE[1:11], th[1:11]))
		}
		var series []show.Series
		for l := 1; l <= 10; l++ {
			series = append(series, show.Density(fmt.Sprintf("ℓ = %d", l), p.SqNormDraws[l], math.Log10, math.Log10(n0)-1.5, math.Log10(th[10])+2.5, 60))
		}
		series = append(series, show.Series{Name: "mean at ℓ = 10", X: []float64{math.Log10(p.SqNorm[10]), math.Log10(p.SqNorm[10])}, Y: []float64{0, 3}, Style: show.LinePoints},
			show.Series{Name: "Lemma 3.3 at ℓ = 10", X: []float64{math.Log10(th[10]), math.Log10(th[10])}, Y: []float64{0, 3}, Style: show.LinePoints})
		v = append(v, show.Figure{ID: "fig11-" + ids[i], PaperFigure: "Noci et al. 2022, Fig. 11 (" + names[i] + "; n = 10, α = 1, linear FF chosen)",
			Caption: "Density of log10 ‖X^ℓ‖² for ℓ = 1…10 (1000 draws, n = 10, d = 30, no LN), " + names[i], XLabel: "log10 ‖X^ℓ‖²", YLabel: "density",
			Series: series, Seed: show.Seed(seed + uint64(i)), Legend: show.TopRight, Width: 520})
	}
	return v
}

// Uniformity shows figure fig7-uniformity (Fig. 7: the distance from
// uniform attention against d_k = 10…10⁴, d_v = 100, n = 10, 200 draws,
// drawn from seed) after a z check against the small-logit asymptote for
// d_k ≥ 1000 and a check of the log-log slope between d_k = 10³ and 10⁴.
func Uniformity(u rankexp.Uniformity, seed uint64) show.View {
	want(len(u.DK) == 7 && u.DK[4] == 1000 && u.DK[6] == 10000, "Uniformity: key widths %v, want 7 ending 1000, 3000, 10000", u.DK)
	var gap show.Estimates
	for i, dk := range u.DK {
		gap.Add(float64(dk), u.MC[i], u.SE[i], u.Theory[i])
	}
	mc, se, th := gap.Mean, gap.SE, gap.Theory
	slope, slopeSE, asym := u.Slope(4, 6)
	return show.View{show.MaxZ(show.Agreement{Name: "fig7-asymptote-maxz", Tol: 5, Figure: "fig7-uniformity", Basis: "SE from 200 draws per d_k ≥ 1000"}, mc[4:], se[4:], th[4:]),
		show.Agreement{Name: "fig7-slope", Kind: show.TheoryVsSimulation, Value: slope - asym, Tol: 4 * slopeSE, Figure: "fig7-uniformity",
			Basis: fmt.Sprintf("4 SE; SE %.3f of the log-log slope from 200 draws at each end", slopeSE),
			Note:  fmt.Sprintf("log-log slope between d_k = 10³ and 10⁴ (%.3f) minus the small-logit asymptote's (%.3f; −2 only for d_k ≫ d_v under the Glorot variance 2/(d_v+d_k))", slope, asym)},
		show.Figure{ID: "fig7-uniformity", PaperFigure: "Noci et al. 2022, Fig. 7 (App. A.5)",
			Caption: "Distance from uniform attention vs d_k (d_v = 100, n = 10, Glorot Q/K)", XLabel: "d_k", YLabel: "(1/n²)‖A − 11ᵀ/n‖²",
			LogX: true, LogY: true, Seed: show.Seed(seed), Series: []show.Series{{Name: "small-logit asymptote", X: gap.X, Y: th}, gap.Scatter("simulation")}}}
}
