package rankshow

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// table2Names label the runs of rankexp.Table2Residuals, in its order.
var table2Names = []string{"α = 1", "α = 0.5", "α = 1/√L", "α = 0.1"}

// Table2 shows the runs of rankexp.Table2Runs under POST-LN (post, drawn
// from postSeed) and PRE-LN (pre, from preSeed): Fig. 3 (panels fig3a–c and
// the α-order check), the paper's claims on it at α = 1 and 1/√L, table
// fig1-init (Fig. 1 at initialisation: the layer-L cosine of the POST-LN
// α = 1 run at the depths 2, 4, 6, 8, 12 the runs reach), Fig. 9 (fig9a–c)
// and its claims against POST-LN. The figures claim Figs. 3 and 9, and the
// claims apply, only at the paper's depth L = 12 with 50 draws.
func Table2(post, pre []rankblock.Profile, postSeed, preSeed uint64) show.View {
	v := table2Panels("fig3", "Noci et al. 2022, Fig. 3", "POST-LN, Table 2", post, postSeed)
	q, w := rankblock.RelativeToFirst(post[0].GradWQ), rankblock.RelativeToFirst(post[0].GradWV)
	s := post[2]
	c := post[0].MeanCos
	L, draws := len(c)-1, post[0].Draws
	want(len(pre) > 0 && len(pre[0].MeanCos)-1 == L && pre[0].Draws == draws, "Table2: POST-LN runs of depth %d with %d draws, PRE-LN runs of another setting", L, draws)
	paper := L == rankexp.Table2().L && draws == rankexp.Table2().Draws
	why := fmt.Sprintf("a claim of the paper read at depth L = 12 with 50 draws; here L = %d, %d draws", L, draws)
	init := bundle.Table{ID: "fig1-init", Caption: "Fig. 1 at initialisation: last-layer mean cosine of a POST-LN Table 2 network of depth L, α = 1 (the layer-L cosine of the runs above)",
		Header: []string{"depth L"}, Rows: [][]string{{"mean cosine"}}}
	for _, l := range []int{2, 4, 6, 8, 12} {
		if l <= L {
			init.Header, init.Rows[0] = append(init.Header, fmt.Sprint(l)), append(init.Rows[0], show.FormatFloat(c[l]))
		}
	}
	v = append(v, show.PaperCheck(show.Agreement{Name: "fig3b-qk-drop-alpha1", Kind: show.Claim, Value: math.Log10(q[L-1]), Tol: -1, Rule: show.AtMost, Figure: "fig3b",
		Basis: "paper: Q/K gradients vanish with depth; read as at least a decade over 12 blocks", Note: "log10(last/first W^Q gradient norm²), α = 1"}, paper, why),
		show.PaperCheck(show.Agreement{Name: "fig3c-v-over-q-alpha1", Kind: show.Claim, Value: math.Log10(w[L-1] / q[L-1]), Tol: 1, Rule: show.AtLeast, Figure: "fig3c",
			Basis: "paper: the gradient moves from queries/keys to values with depth; at least a decade", Note: "log10 of the rise of W^V/W^Q gradient norm² from the first to the last block, α = 1"}, paper, why),
		fmt.Sprintf("α = 1: W^V gradient last/first = %.2f (paper: values grow with depth), W^Q %.2g\n", w[L-1], q[L-1]),
		show.PaperCheck(show.Agreement{Name: "fig3b-qk-kept-sqrtL", Kind: show.Claim, Value: math.Log10(s.GradWQ[L-1] / s.GradWQ[0]), Tol: 1, Figure: "fig3b",
			Basis: "paper: 1/√L scaling keeps the Q/K gradients; read as within one decade", Note: "log10(last/first W^Q gradient norm²) under 1/√L"}, paper, why),
		init)
	v = append(v, table2Panels("fig9", "Noci et al. 2022, Fig. 9", "PRE-LN, Table 2", pre, preSeed)...)
	pr, po := pre[0], post[0]
	return append(v, show.PaperCheck(show.Agreement{Name: "fig9-slower-than-postln", Kind: show.Claim, Value: (pr.MeanCos[L] - po.MeanCos[L]) / math.Hypot(pr.MeanCosSE[L], po.MeanCosSE[L]),
		Tol: -4, Rule: show.AtMost, Figure: "fig9a", Basis: "4 SE of the difference, SE from 50 draws each", Note: "(PRE-LN − POST-LN) ℓ = 12 mean cosine in SE, α = 1"}, paper, why),
		show.PaperCheck(show.Agreement{Name: "fig9-qk-preserved", Kind: show.Claim, Value: math.Log10(pr.GradWQ[L-1]/pr.GradWQ[0]) - math.Log10(po.GradWQ[L-1]/po.GradWQ[0]),
			Tol: 1, Rule: show.AtLeast, Figure: "fig9b", Basis: "paper: Q/K gradients better preserved than with POST-LN; read as a decade less drop", Note: "log10 drop of W^Q gradient, PRE-LN minus POST-LN, α = 1"}, paper, why),
		show.PaperCheck(show.Agreement{Name: "fig9-v-opposite", Kind: show.Claim, Value: math.Log10(pr.GradWV[L-1] / pr.GradWV[0]), Tol: 0, Rule: show.AtMost, Figure: "fig9c",
			Basis: "paper: the value trend is opposite to POST-LN's rise; sign only", Note: fmt.Sprintf("log10(last/first W^V gradient norm²), PRE-LN α = 1 (POST-LN: %+.2f)", math.Log10(po.GradWV[L-1]/po.GradWV[0]))}, paper, why))
}

// table2Panels returns panels a (cosine), b (W^Q) and c (W^V) of runs as
// figures id+"a", id+"b", id+"c" and checks that larger α aligns faster:
// the smallest drop of the last layer's cosine between neighbouring α, in
// SE.
func table2Panels(id, paper, setting string, runs []rankblock.Profile, seed uint64) show.View {
	want(len(runs) == len(table2Names), "Table2: %d runs, want %d (rankexp.Table2Residuals)", len(runs), len(table2Names))
	L, draws := len(runs[0].MeanCos)-1, runs[0].Draws
	atPaper := L == rankexp.Table2().L && draws == rankexp.Table2().Draws
	var a, b, c []show.Series
	var last, lastSE []float64 // the ℓ = L mean cosine of each run
	for i, p := range runs {
		want(len(p.MeanCos)-1 == L && p.Draws == draws && len(p.GradWQ) == L, "Table2: runs at L=%d with %d draws and L=%d with %d draws and %d gradient layers (rankexp.Table2Runs gives one setting, with gradients)", L, draws, len(p.MeanCos)-1, p.Draws, len(p.GradWQ))
		name := table2Names[i]
		a = append(a, show.ByLayer(name, p.MeanCos, p.MeanCosSE, show.LinePoints))
		b = append(b, show.ByLayer("W^Q, "+name, rankblock.RelativeToFirst(p.GradWQ), nil, show.LinePoints),
			show.ByLayer("W^K, "+name, rankblock.RelativeToFirst(p.GradWK), nil, show.Line))
		c = append(c, show.ByLayer("W^V, "+name, rankblock.RelativeToFirst(p.GradWV), nil, show.LinePoints))
		last, lastSE = append(last, p.MeanCos[L]), append(lastSE, p.MeanCosSE[L])
	}
	zmin := empirical.MinDiffZ(last[:len(last)-1], lastSE[:len(last)-1], last[1:], lastSE[1:])
	params := map[string]float64{"n": 50, "d_v": 32, "d_F": 128, "heads": 4, "L": float64(L), "draws": float64(draws)} // n, d_v, d_F, heads: fixed by rankexp.Table2Runs
	var v show.View
	for _, f := range []show.Figure{
		{ID: id + "a", Caption: "Mean pairwise cosine vs layer, " + setting, YLabel: "mean cosine", Series: a, Legend: show.TopLeft},
		{ID: id + "b", Caption: "Query/key gradient norm² per block / first block, " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖² / ‖∂𝓛/∂W^0‖²", Series: b, LogY: true, Legend: show.BottomLeft},
		{ID: id + "c", Caption: "Value gradient norm² per block / first block, " + setting, YLabel: "‖∂𝓛/∂W^ℓ‖² / ‖∂𝓛/∂W^0‖²", Series: c, LogY: true, Legend: show.BottomLeft},
	} {
		f.PaperFigure, f.XLabel, f.Seed, f.Params = paper+f.ID[len(id):]+" ("+setting+")", "layer ℓ", show.Seed(seed), params
		v = append(v, show.AtPaper(f, atPaper))
	}
	return append(v, show.PaperCheck(show.Agreement{Name: id + "-alpha-order", Kind: show.Claim, Value: zmin, Tol: 4, Rule: show.AtLeast, Figure: id + "a",
		Basis: "4 SE of the difference, SE from 50 draws", Note: "smallest drop of the ℓ = 12 mean cosine from one α to the next smaller (paper: larger α aligns faster)"},
		atPaper, fmt.Sprintf("a claim of the paper read at depth L = 12 with 50 draws; here L = %d, %d draws", L, draws)))
}

// NormLaws shows Fig. 11 (case i drawn from seed+i) for each run, with
// figure id "fig11-"+ids[i] and label names[i]: a line of mean ‖X^ℓ‖² over
// Lemma 3.3 at ℓ = 1, L/2, L, a z check over layers 1–min(6, L) for the
// first run (uniform attention, where the lemma holds), and the densities
// of log10 ‖X^ℓ‖² with the mean and the lemma's value at ℓ = L marked. The
// figures claim Fig. 11 only at the setting n = 10, d = 30, L = 10, 1000
// draws.
func NormLaws(runs []rankexp.NormLaw, ids, names []string, seed uint64) show.View {
	want(len(ids) == len(runs) && len(names) == len(runs), "NormLaws: %d ids and %d names for %d runs", len(ids), len(names), len(runs))
	var v show.View
	for i, r := range runs {
		p, th, n0 := r.Sim, r.Theory, r.N0
		L := len(th) - 1
		want(L >= 1, "NormLaws: run %d has no layer", i)
		paper := atSizes(rankexp.Fig11(), r.N, r.D, L, p.Draws)
		mid, zl := max(1, L/2), min(6, L)
		v = append(v, fmt.Sprintf("%-18s mean ‖X^ℓ‖² / Lemma 3.3 at ℓ = 1, %d, %d: %.3f %.3f %.3f (± %.3f at ℓ = %d)\n", names[i], mid, L, p.SqNorm[1]/th[1], p.SqNorm[mid]/th[mid], p.SqNorm[L]/th[L], p.SqNormSE[L]/th[L], L))
		if i == 0 {
			v = append(v, show.MaxZ(show.Agreement{Name: "fig11-uniform-maxz", Tol: 5, Figure: "fig11-uniform", Basis: fmt.Sprintf("SE from %d draws, layers 1–%d", p.Draws, zl)}, p.SqNorm[1:zl+1], p.SqNormSE[1:zl+1], th[1:zl+1]))
		}
		var series []show.Series
		for l := 1; l <= L; l++ {
			series = append(series, show.Density(fmt.Sprintf("ℓ = %d", l), p.SqNormDraws[l], math.Log10, math.Log10(n0)-1.5, math.Log10(th[L])+2.5, 60))
		}
		series = append(series, show.Series{Name: fmt.Sprintf("mean at ℓ = %d", L), X: []float64{math.Log10(p.SqNorm[L]), math.Log10(p.SqNorm[L])}, Y: []float64{0, 3}, Style: show.LinePoints},
			show.Series{Name: fmt.Sprintf("Lemma 3.3 at ℓ = %d", L), X: []float64{math.Log10(th[L]), math.Log10(th[L])}, Y: []float64{0, 3}, Style: show.LinePoints})
		v = append(v, show.AtPaper(show.Figure{ID: "fig11-" + ids[i], PaperFigure: "Noci et al. 2022, Fig. 11 (" + names[i] + "; n = 10, α = 1, linear FF chosen)",
			Caption: fmt.Sprintf("Density of log10 ‖X^ℓ‖² for ℓ = 1…%d (%d draws, n = %d, d = %d, no LN), ", L, p.Draws, r.N, r.D) + names[i], XLabel: "log10 ‖X^ℓ‖²", YLabel: "density",
			Series: series, Seed: show.Seed(seed + uint64(i)), Legend: show.TopRight, Width: 520}, paper))
	}
	return v
}

// Uniformity shows figure fig7-uniformity (Fig. 7: the distance from
// uniform attention against d_k, drawn from seed) after a z check against
// the small-logit asymptote at the key widths d_k ≥ 10 d_v (where it holds)
// and a check of the change of log10 of the gap between the first and the
// last of them. The figure claims Fig. 7 only at the spec's setting d_k =
// 10…10⁴, d_v = 100, n = 10, 200 draws; the checks apply at any setting
// with key widths that large (one for the z check, two for the slope).
func Uniformity(u rankexp.Uniformity, seed uint64) show.View {
	f7 := rankexp.Fig7()
	paper := u.N == f7.N && u.DV == f7.DV && u.Draws == f7.Draws && slices.Equal(u.DK, f7.DK)
	var gap show.Estimates
	first := len(u.DK) // the first key width d_k ≥ 10 d_v
	for i, dk := range u.DK {
		gap.Add(float64(dk), u.MC[i], u.SE[i], u.Theory[i])
		if dk >= 10*u.DV && first == len(u.DK) {
			first = i
		}
	}
	mc, se, th := gap.Mean, gap.SE, gap.Theory
	var v show.View
	if first < len(u.DK) {
		v = append(v, show.MaxZ(show.Agreement{Name: "fig7-asymptote-maxz", Tol: 5, Figure: "fig7-uniformity", Basis: fmt.Sprintf("SE from %d draws per d_k ≥ %d", u.Draws, 10*u.DV)}, mc[first:], se[first:], th[first:]))
	} else {
		v = append(v, show.NotApplicable("fig7-asymptote-maxz", fmt.Sprintf("no key width d_k ≥ 10 d_v = %d, where the small-logit asymptote holds", 10*u.DV)))
	}
	if last := len(u.DK) - 1; first < last {
		slope, slopeSE, asym := u.Slope(first, last)
		between := "log-log slope between d_k = 10³ and 10⁴"
		if u.DK[first] != 1000 || u.DK[last] != 10000 {
			between = fmt.Sprintf("change of log10 of the gap from d_k = %d to %d", u.DK[first], u.DK[last])
		}
		v = append(v, show.Agreement{Name: "fig7-slope", Kind: show.TheoryVsSimulation, Value: slope - asym, Tol: 4 * slopeSE, Figure: "fig7-uniformity",
			Basis: fmt.Sprintf("4 SE; SE %.3f of the log-log slope from %d draws at each end", slopeSE, u.Draws),
			Note:  fmt.Sprintf("%s (%.3f) minus the small-logit asymptote's (%.3f; −2 only for d_k ≫ d_v under the Glorot variance 2/(d_v+d_k))", between, slope, asym)})
	} else {
		v = append(v, show.NotApplicable("fig7-slope", fmt.Sprintf("fewer than two key widths d_k ≥ 10 d_v = %d", 10*u.DV)))
	}
	return append(v, show.AtPaper(show.Figure{ID: "fig7-uniformity", PaperFigure: "Noci et al. 2022, Fig. 7 (App. A.5)",
		Caption: fmt.Sprintf("Distance from uniform attention vs d_k (d_v = %d, n = %d, Glorot Q/K)", u.DV, u.N), XLabel: "d_k", YLabel: "(1/n²)‖A − 11ᵀ/n‖²",
		LogX: true, LogY: true, Seed: show.Seed(seed), Series: []show.Series{{Name: "small-logit asymptote", X: gap.X, Y: th}, gap.Scatter("simulation")}}, paper))
}
