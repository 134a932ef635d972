package rankshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// Fig8SoftmaxLemmas is the known disagreement of Fig. 8 at depth with
// true softmax attention. A pilot decided it (200 draws of the scaled
// network at L = 96 from seed 77 of stream 3; the notebook's runs draw
// from seeds 150–152 of stream 2022); its record (Declared) gives the
// declaring commit, which added it with the builder and the notebook cell
// that run the reported data. SoftmaxDepths sets Declared.DataSeeds from
// the run it reads.
var Fig8SoftmaxLemmas = show.Disagreement{
	Paper:    papers.Noci2022SoftmaxLemmas.Text,
	Measured: "with true softmax attention at L = 96 under 1/√L, a 200-draw pilot gave ρ^L = 0.044 ± 0.002 against the lemma's 0.033 (z = 4.7) and ‖X^L‖² = 6039 ± 68 against 4474 (z = 23)",
	Why:      "the lemmas assume uniform attention (Assumption 3.1); with unit-variance tokens and d_k = d_v the logits have variance ≈ 1 and the softmax is not uniform, so the values are not the lemmas' although they are stabilised (App. B.2 shows the same departure in Fig. 11)",
	Declared: bundle.Declaration{Commit: "cc7a434", Pilot: "200 draws of the 1/√L-scaled true-softmax network at L = 96 (n = 50, d = 32), empirical.Rand(77, stream 3)", PilotSeeds: []uint64{77}},
}

// SoftmaxDepths shows Fig. 8 at depth with true softmax (runs from
// rankexp.Sizes.SoftmaxDepths: scaled at L/2 and L, unscaled at L): figures
// fig8-deep-cos and fig8-deep-norm with the uniform-attention lemmas
// dashed, the paper's claim that 1/√L stabilises both (doubling the depth
// moves neither end value by more than 4 SE), that the depth is one where
// the claim is not trivial (unscaled, the tokens align: mean cosine ≥ 0.5
// at L), and the lemmas' last-layer values under softmax as declared known
// disagreements (Fig8SoftmaxLemmas). The figures claim Fig. 8 only at the
// chosen setting (rankexp.Fig8Deep).
func SoftmaxDepths(runs []rankexp.DeepRun) show.View {
	want(len(runs) == 3 && runs[0].Scaled && runs[1].Scaled && !runs[2].Scaled, "SoftmaxDepths: want scaled L/2, scaled L, unscaled L runs")
	half, deep, flat := runs[0], runs[1], runs[2]
	seed := half.Seed // runs i drew from Seed+i
	L, draws := deep.L, deep.Sim.Draws
	paper := atSizes(rankexp.Fig8Deep(), deep.N, deep.D, L, draws)
	var cos, norm []show.Series
	for _, r := range runs {
		name := fmt.Sprintf("L = %d, α = 1", r.L)
		if r.Scaled {
			name = fmt.Sprintf("L = %d, α = 1/√L", r.L)
		}
		cos = append(cos, show.ByLayer(name, r.Sim.Rho, r.Sim.RhoSE, show.LinePoints), show.ByLayer(name+", Lemma 3.2", r.Rho, nil, show.Line))
		norm = append(norm, show.ByLayer(name, r.Sim.SqNorm, r.Sim.SqNormSE, show.LinePoints), show.ByLayer(name+", Lemma 3.3", r.SqNorm, nil, show.Line))
	}
	zr, zn := rankexp.LastZ(half, deep)
	t := bundle.Table{ID: "fig8-deep-last", Caption: fmt.Sprintf("Last layer of each run (%d draws, true softmax): simulated ρ^L and ‖X^L‖² ± SE against the uniform-attention lemmas", draws),
		Header: []string{"run", "ρ^L", "Lemma 3.2", "‖X^L‖²", "Lemma 3.3"}}
	for _, r := range runs {
		t.Rows = append(t.Rows, []string{fmt.Sprintf("L = %d, scaled %v", r.L, r.Scaled), fmt.Sprintf("%.4f ± %.4f", r.Sim.Rho[r.L], r.Sim.RhoSE[r.L]), fmt.Sprintf("%.4f", r.Rho[r.L]),
			fmt.Sprintf("%.4g ± %.2g", r.Sim.SqNorm[r.L], r.Sim.SqNormSE[r.L]), fmt.Sprintf("%.4g", r.SqNorm[r.L])})
	}
	reason := fmt.Sprintf("a claim of the paper read at n = 50, d = 32, L = 96, 100 draws; here n = %d, d = %d, L = %d, %d draws", deep.N, deep.D, L, draws)
	basis := fmt.Sprintf("the two end values of independent runs (%d draws each), SE by the delta method for ρ and from the draws for the norm", draws)
	v := show.View{
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("fig8-deep: ρ^L stabilised under 1/√L, z of ρ^%d − ρ^%d", L, half.L), Kind: show.Claim, Value: zr, Tol: 4, Figure: "fig8-deep-cos", Basis: basis, Paper: papers.Noci2022Stabilised.Text, Central: true}, paper, reason),
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("fig8-deep: ‖X^L‖² stabilised under 1/√L, z of ‖X^%d‖² − ‖X^%d‖²", L, half.L), Kind: show.Claim, Value: zn, Tol: 4, Figure: "fig8-deep-norm", Basis: basis, Paper: papers.Noci2022Stabilised.Text, Central: true}, paper, reason),
		show.PaperCheck(show.Agreement{Name: fmt.Sprintf("fig8-deep: without the scaling the tokens align by L = %d (mean cosine)", L), Kind: show.Claim, Rule: show.AtLeast, Value: flat.Sim.MeanCos[L], Tol: 0.5, Figure: "fig8-deep-cos", Paper: papers.Noci2022UnscaledAligns.Text,
			Basis: "the depth must make the claim non-trivial: at α = 1 Lemma 3.2 gives ρ^L = 1 − O(2^−L), and a mean cosine above ½ is well on the way to collapse (the scaled runs stay near 0.04)"}, paper, reason),
		show.PaperCheck(show.MaxZ(show.Agreement{Name: fmt.Sprintf("fig8-deep: ρ^%d under 1/√L vs Lemma 3.2 (softmax)", L), Kind: show.Claim, Tol: 4, Figure: "fig8-deep-cos", Disagreement: declared(Fig8SoftmaxLemmas, deep.Seed),
			Basis: fmt.Sprintf("SE by the delta method from %d draws", draws)}, deep.Sim.Rho[L:], deep.Sim.RhoSE[L:], deep.Rho[L:]), paper, reason),
		show.PaperCheck(show.MaxZ(show.Agreement{Name: fmt.Sprintf("fig8-deep: ‖X^%d‖² under 1/√L vs Lemma 3.3 (softmax)", L), Kind: show.Claim, Tol: 4, Figure: "fig8-deep-norm", Disagreement: declared(Fig8SoftmaxLemmas, deep.Seed),
			Basis: fmt.Sprintf("SE from %d draws", draws)}, deep.Sim.SqNorm[L:], deep.Sim.SqNormSE[L:], deep.SqNorm[L:]), paper, reason),
		show.Tab(t),
		show.Fig(show.AtPaper(show.Figure{ID: "fig8-deep-cos", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right, at depth with true softmax",
			Caption: fmt.Sprintf("Token correlation ρ^ℓ (ratio of means, eq. 14) vs layer, true softmax, linear FF, no LN, n = %d, d = %d, %d draws; lines: uniform-attention Lemma 3.2", deep.N, deep.D, draws),
			XLabel:  "layer ℓ", YLabel: "ρ^ℓ", Series: cos, Seed: show.Seed(seed), Legend: show.BottomRight, Height: 340,
			Params: map[string]float64{"n": float64(deep.N), "d": float64(deep.D), "L": float64(L), "draws": float64(draws)}}, paper)),

		show.Fig(show.AtPaper(show.Figure{ID: "fig8-deep-norm", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "left, at depth with true softmax",
			Caption: "‖X^ℓ‖_F² vs layer, same runs; lines: Lemma 3.3. Without the scaling the norm grows like 4^ℓ.",
			XLabel:  "layer ℓ", YLabel: "‖X^ℓ‖²", LogY: true, Series: norm, Seed: show.Seed(seed), Legend: show.TopLeft, Height: 340,
			Params: map[string]float64{"n": float64(deep.N), "d": float64(deep.D), "L": float64(L), "draws": float64(draws)}}, paper)),
	}
	return v
}
