package rankshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/empirical"
)

// Dong fills depth and contraction (the notebook's dong-depth and
// dong-contraction) with Dong et al.'s (2021) rank collapse of pure
// self-attention, as Sec. 2 of Noci et al. 2022 recalls it, from r
// (attnspec.DongSettings: T tokens of width d, key width d_k and the seeds,
// as r records them). depth: the residual ‖X − 1x̄ᵀ‖/‖X‖ against depth of
// the query–key stack kq (attnspec.KeyQueryStack, seed Seed+1) and of the
// i.i.d.-logit stack iid (attnspec.Stack with logits N(0, s²)), with
// r_T^ℓ (attnspec.BulkRadius) through iid's first layer. contraction: c
// (attnspec.OneLayerContraction, seed Seed+3), the residual out against
// in, with ∝ r³ and ∝ r through the largest ε. Then the two log-log
// slopes against 3 and 1, tolerance 0.05. It panics unless kq and iid have
// the same depth ≥ 1 and c has ≥ 2 points, one per ε.
func Dong(depth, contraction show.Figure, r attnspec.DongRun) show.View {
	T, d, dk, kq, iid, c := r.T, r.D, r.DK, r.KeyQuery, r.IID, r.Contraction
	kqSeed, cSeed := r.Seed+1, r.Seed+3
	L, k := len(kq.Residual)-1, len(c.In)
	want(L >= 1 && len(iid.Residual) == L+1 && k >= 2 && len(c.Eps) == k, "Dong: want equal depths ≥ 1 and ≥ 2 contraction points, one per ε, got %d, %d, %d for %d ε", L, len(iid.Residual)-1, k, len(c.Eps))
	s := c.LogitsScale
	rT := attnspec.BulkRadius(T, s)
	layers := empirical.Linspace(0, float64(L), L+1)
	params := map[string]float64{"T": float64(T), "d": float64(d), "d_k": float64(dk), "s": s}
	depth.Caption = fmt.Sprintf("Rank-collapse residual ‖X − 1x̄ᵀ‖/‖X‖ of pure self-attention against depth (T = %d, d = d_k = %d): query–key attention collapses doubly exponentially to round-off; i.i.d. N(0, %g) logits shrink it by ≈ r_T = %.3f per layer.", T, d, s, rT)
	if dk != d {
		depth.Caption = fmt.Sprintf("Rank-collapse residual ‖X − 1x̄ᵀ‖/‖X‖ of pure self-attention against depth (T = %d, d = %d, d_k = %d): query–key attention collapses doubly exponentially to round-off; i.i.d. N(0, %g) logits shrink it by ≈ r_T = %.3f per layer.", T, d, dk, s, rT)
	}
	depth.XLabel, depth.YLabel, depth.LogY, depth.Legend, depth.Seed = "layer ℓ", "residual", true, show.BottomLeft, show.Seed(kqSeed)
	depth.Series = []show.Series{{Name: "query–key attention", X: layers, Y: kq.Residual, Style: show.LinePoints}, {Name: "i.i.d. logits", X: layers, Y: iid.Residual, Style: show.LinePoints},
		{Name: "r_T^ℓ from layer 1", X: layers[1:], Y: attnspec.Geometric(layers[1:], iid.Residual[1], 1, rT)}}
	depth.Params = params
	cubic, linear := c.References()
	contraction.Caption = "One attention layer, same weights at every ε: the residual after it against the residual before it. Query–key attention contracts cubically (slope 3), i.i.d. logits linearly (slope 1)."
	contraction.XLabel, contraction.YLabel, contraction.LogX, contraction.LogY, contraction.Legend, contraction.Seed = "residual in", "residual out", true, true, show.BottomRight, show.Seed(cSeed)
	contraction.Series = []show.Series{show.Scatter("query–key attention", c.In, c.KeyQuery, nil), show.Scatter("i.i.d. logits", c.In, c.IIDLogits, nil),
		{Name: "∝ r³", X: c.In, Y: cubic}, {Name: "∝ r", X: c.In, Y: linear}}
	contraction.Params = params
	return show.View{show.Fig(depth), show.Fig(contraction),
		show.Agree(show.Agreement{Name: "Dong et al.: one query–key layer's contraction exponent (log-log slope) − 3", Kind: show.TheoryVsSimulation, Value: attnspec.LogSlope(c.In, c.KeyQuery) - 3, Tol: 0.05, Figure: contraction.ID,
			Basis: fmt.Sprintf("least squares over %d residuals, ε from %g to %g; the next order of the expansion is relative O(r), which moves a fit over this range by ≲ 0.01 (TestOneLayerContraction, another draw: 3.002)", k, c.Eps[0], c.Eps[k-1])}),
		show.Agree(show.Agreement{Name: "i.i.d. logits: one layer's contraction exponent − 1", Kind: show.TheoryVsSimulation, Value: attnspec.LogSlope(c.In, c.IIDLogits) - 1, Tol: 0.05, Figure: contraction.ID,
			Basis: "the residual of A(1x̄ᵀ + εR)W_V is exactly linear in ε; only the normalisation by ‖X_ε‖ bends it, by O(ε²)"})}
}
