package rankshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// table2Names label the runs of rankexp.Table2Residuals, in its order.
var table2Names = []string{"α = 1", "α = 0.5", "α = 1/√L", "α = 0.1"}

// Table2 shows the runs of rankexp.Table2Runs (L = 12, 50 draws) under
// POST-LN (post, drawn from postSeed) and PRE-LN (pre, from preSeed): Fig. 3
// (panels fig3a–c and the α-order check), the paper's claims on it at α = 1
// and 1/√L, table fig1-init (Fig. 1 at initialisation: the layer-L cosine
// of the POST-LN α = 1 run), Fig. 9 (fig9a–c) and its claims against
// POST-LN.
func Table2(post, pre []rankblock.Profile, postSeed, preSeed uint64) show.View {
	v := table2Panels("fig3", "Noci et al. 2022, Fig. 3", "POST-LN, Table 2", post, postSeed)
	q, w := rankblock.RelativeToFirst(post[0].GradWQ), rankblock.RelativeToFirst(post[0].GradWV)
	s := post[2]
	c := post[0].MeanCos
	v = append(v, show.Agreement{Name: "fig3b-qk-drop-alpha1", Kind: show.Claim, Value: math.Log10(q[11]), Tol: -1, Rule: show.AtMost, Figure: "fig3b",
		Basis: "paper: Q/K gradients vanish with depth; read as at least a decade over 12 blocks", Note: "log10(last/first W^Q gradient norm²), α = 1"},
		show.Agreement{Name: "fig3c-v-over-q-alpha1", Kind: show.Claim, Value: math.Log10(w[11] / q[11]), Tol: 1, Rule: show.AtLeast, Figure: "fig3c",
			Basis: "paper: the gradient moves from queries/keys to values with depth; at least a decade", Note: "log10 of the rise of W^V/W^Q gradient norm² from the first to the last block, α = 1"},
		fmt.Sprintf("α = 1: W^V gradient last/first = %.2f (paper: values grow with depth), W^Q %.2g\n", w[11], q[11]),
		show.Agreement{Name: "fig3b-qk-kept-sqrtL", Kind: show.Claim, Value: math.Log10(s.GradWQ[11] / s.GradWQ[0]), Tol: 1, Figure: "fig3b",
			Basis: "paper: 1/√L scaling keeps the Q/K gradients; read as within one decade", Note: "log10(last/first W^Q gradient norm²) under 1/√L"},
		bundle.Table{ID: "fig1-init", Caption: "Fig. 1 at initialisation: last-layer mean cosine of a POST-LN Table 2 network of depth L, α = 1 (the layer-L cosine of the runs above)",
			Header: []string{"depth L", "2", "4", "6", "8", "12"},
			Rows:   [][]string{{"mean cosine", show.FormatFloat(c[2]), show.FormatFloat(c[4]), show.FormatFloat(c[6]), show.FormatFloat(c[8]), show.FormatFloat(c[12])}}})
	v = append(v, table2Panels("fig9", "Noci et al. 2022, Fig. 9", "PRE-LN, Table 2", pre, preSeed)...)
	pr, po := pre[0], post[0]
	return append(v, show.Agreement{Name: "fig9-slower-than-postln", Kind: show.Claim, Value: (pr.MeanCos[12] - po.MeanCos[12]) / math.Hypot(pr.MeanCosSE[12], po.MeanCosSE[12]),
		Tol: -4, Rule: show.AtMost, Figure: "fig9a", Basis: "4 SE of the difference, SE from 50 draws each", Note: "(PRE-LN − POST-LN) ℓ = 12 mean cosine in SE, α = 1"},
		show.Agreement{Name: "fig9-qk-preserved", Kind: show.Claim, Value: math.Log10(pr.GradWQ[11]/pr.GradWQ[0]) - math.Log10(po.GradWQ[11]/po.GradWQ[0]),
			Tol: 1, Rule: show.AtLeast, Figure: "fig9b", Basis: "paper: Q/K gradients better preserved than with POST-LN; read as a decade less drop", Note: "log10 drop of W^Q gradient, PRE-LN minus POST-LN, α = 1"},
		show.Agreement{Name: "fig9-v-opposite", Kind: show.Claim, Value: math.Log10(pr.GradWV[11] / pr.GradWV[0]), Tol: 0, Rule: show.AtMost, Figure: "fig9c",
			Basis: "paper: the value trend is opposite to POST-LN's rise; sign only", Note: fmt.Sprintf("log10(last/first W^V gradient norm²), PRE-LN α = 1 (POST-LN: %+.2f)", math.Log10(po.GradWV[11]/po.GradWV[0]))})
}

// table2Panels returns panels a (cosine), b (W^Q) and c (W^V) of runs as
// figures id+"a", id+"b", id+"c" and checks that larger α aligns faster:
// the smallest drop of the last layer's cosine between neighbouring α, in
// SE.
func table2Panels(id, paper, setting string, runs []rankblock.Profile, seed uint64) show.View {
	want(len(runs) == len(table2Names), "Table2: %d runs, want %d (rankexp.Table2Residuals)", len(runs), len(table2Names))
	var a, b, c []show.Series
	var last, lastSE []float64 // the ℓ = 12 mean cosine of each run
	for i, p := range runs {
		want(len(p.MeanCos) == 13 && p.Draws == 50 && len(p.GradWQ) == 12, "Table2: L=%d draws=%d, want 12 and 50 with gradients", len(p.MeanCos)-1, p.Draws)
		name := table2Names[i]
		a = append(a, show.ByLayer(name, p.MeanCos, p.MeanCosSE, show.LinePoints))
		b = append(b, show.ByLayer("W^Q, "+name, rankblock.RelativeToFirst(p.GradWQ), nil, show.LinePoints),
			show.ByLayer("W^K, "+name, rankblock.RelativeToFirst(p.GradWK), nil, show.Line))
		c = append(c, show.ByLayer("W^V, "+name, rankblock.RelativeToFirst(p.GradWV), nil, show.LinePoints))
		last, lastSE = append(last, p.MeanCos[12]), append(lastSE, p.MeanCosSE[12])
	}
	zmin := empirical.MinDiffZ(last[:len(last)-1], lastSE[:len(last)-1], last[1:], lastSE[1:])
	params := map[string]float64{"n": 50, "d_v": 32, "d_F": 128, "heads": 4, "L": 12, "draws": 50}
	var v show.View
	for _, f := range []show.Figure{
		{ID: id + "a", Caption: "Mean pairwise cosine vs layer, " + setting, YLabel: "mean cosine", Series: a, Legend: show.TopLeft},
		{ID: id + "b", Caption: "Query/key gradient norm² per block / first block, " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖² / ‖∂𝓛/∂W^0‖²", Series: b, LogY: true, Legend: show.BottomLeft},
		{ID: id + "c", Caption: "Value gradient norm² per block / first block, " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖² / ‖∂𝓛/∂W^0‖²", Series: c, LogY: true, Legend: show.BottomLeft},
	} {
		f.PaperFigure, f.XLabel, f.Seed, f.Params = paper+f.ID[len(id):]+" ("+setting+")", "layer ℓ", show.Seed(seed), params
		v = append(v, f)
	}
	return append(v, show.Agreement{Name: id + "-alpha-order", Kind: show.Claim, Value: zmin, Tol: 4, Rule: show.AtLeast, Figure: id + "a",
		Basis: "4 SE of the difference, SE from 50 draws", Note: "smallest drop of the ℓ = 12 mean cosine from one α to the next smaller (paper: larger α aligns faster)"})
}

// NormLaws shows Fig. 11 (n = 10, d = 30, L = 10, 1000 draws; case i drawn
// from seed+i) for each run, with figure id "fig11-"+ids[i] and label
// names[i]: a line of mean ‖X^ℓ‖² over Lemma 3.3 at ℓ = 1, 5, 10, a z check
// over layers 1–6 for the first run (uniform attention, where the lemma
// holds), and the densities of log10 ‖X^ℓ‖² with the mean and the lemma's
// value at ℓ = 10 marked.
func NormLaws(runs []rankexp.NormLaw, ids, names []string, seed uint64) show.View {
	want(len(ids) == len(runs) && len(names) == len(runs), "NormLaws: %d ids and %d names for %d runs", len(ids), len(names), len(runs))
	var v show.View
	for i, r := range runs {
		p, th, n0 := r.Sim, r.Theory, r.N0
		want(r.N == 10 && r.D == 30 && len(th) == 11 && p.Draws == 1000, "NormLaws: n=%d d=%d L=%d draws=%d, want 10, 30, 10, 1000", r.N, r.D, len(th)-1, p.Draws)
		v = append(v, fmt.Sprintf("%-18s mean ‖X^ℓ‖² / Lemma 3.3 at ℓ = 1, 5, 10: %.3f %.3f %.3f (± %.3f at ℓ = 10)\n", names[i], p.SqNorm[1]/th[1], p.SqNorm[5]/th[5], p.SqNorm[10]/th[10], p.SqNormSE[10]/th[10]))
		if i == 0 {
			v = append(v, show.MaxZ(show.Agreement{Name: "fig11-uniform-maxz", Tol: 5, Figure: "fig11-uniform", Basis: "SE from 1000 draws, layers 1–6"}, p.SqNorm[1:7], p.SqNormSE[1:7], th[1:7]))
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
