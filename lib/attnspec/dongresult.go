package attnspec

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
)

// DongSlopeTol is the tolerance of the two contraction exponents of
// DongRun.ContractionCurves (the fitted log-log slope against 3 and 1).
const DongSlopeTol = 0.05

// dongRecord is the record of a DongRun's figure drawn from seed: T, d,
// d_k and s. Sec. 2 of Noci et al. 2022 recalls Dong et al. without a
// figure, so it claims none.
func (r DongRun) dongRecord(seed uint64) result.Record {
	return result.Record{Params: map[string]float64{"T": float64(r.T), "d": float64(r.D), "d_k": float64(r.DK), "s": r.Contraction.LogitsScale},
		Seed: seed, HasSeed: true, NoPaperFigure: true}
}

// DepthCurves is the rank-collapse residual ‖X − 1x̄ᵀ‖/‖X‖ of pure
// self-attention against depth: the query–key stack (its seed, Seed+1)
// and the i.i.d.-logit stack, with the geometric law r_T^ℓ (Geometric,
// F36, r_T = BulkRadius) through the i.i.d. stack's first layer. It
// panics unless the two stacks have the same depth ≥ 1 (a caller bug).
//
//sigprop:eq tanner2024 F36
func (r DongRun) DepthCurves() result.Curves {
	kq, iid := r.KeyQuery.Residual, r.IID.Residual
	L := len(kq) - 1
	if L < 1 || len(iid) != L+1 {
		panic(fmt.Sprintf("attnspec: DongRun.DepthCurves: depths %d and %d, want equal and ≥ 1", L, len(iid)-1))
	}
	s := r.Contraction.LogitsScale
	rT := BulkRadius(r.T, s)
	layers := empirical.Linspace(0, float64(L), L+1)
	widths := fmt.Sprintf("d = d_k = %d", r.D)
	if r.DK != r.D {
		widths = fmt.Sprintf("d = %d, d_k = %d", r.D, r.DK)
	}
	return result.Curves{
		Caption: fmt.Sprintf("Rank-collapse residual ‖X − 1x̄ᵀ‖/‖X‖ of pure self-attention against depth (T = %d, %s): query–key attention collapses doubly exponentially to round-off; i.i.d. N(0, %g) logits shrink it by ≈ r_T = %.3f per layer.", r.T, widths, s, rT),
		X:       result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "residual", Log: true},
		Lines: []result.Line{{Name: "query–key attention", Role: result.SimulatedLine, X: layers, Y: kq}, {Name: "i.i.d. logits", Role: result.SimulatedLine, X: layers, Y: iid},
			{Name: "r_T^ℓ from layer 1", Role: result.Theory, X: layers[1:], Y: Geometric(layers[1:], iid[1], 1, rT)}},
		Record: r.dongRecord(r.Seed + 1),
	}
}

// ContractionCurves is one attention layer's contraction (its seed,
// Seed+3): the residual after the layer against the residual before it,
// for the query–key layer and the i.i.d.-logit layer, with the cubic and
// linear laws through the largest ε (Contraction.References, F37), and
// the checks of their fitted log-log slopes (LogSlope) against 3 and 1
// within DongSlopeTol. It panics unless the contraction has ≥ 2 points,
// one per ε (a caller bug).
//
//sigprop:eq tanner2024 F37
func (r DongRun) ContractionCurves() result.Curves {
	c := r.Contraction
	k := len(c.In)
	if k < 2 || len(c.Eps) != k {
		panic(fmt.Sprintf("attnspec: DongRun.ContractionCurves: %d points for %d ε, want ≥ 2, one per ε", k, len(c.Eps)))
	}
	cubic, linear := c.References()
	return result.Curves{
		Caption: "One attention layer, same weights at every ε: the residual after it against the residual before it. Query–key attention contracts cubically (slope 3), i.i.d. logits linearly (slope 1).",
		X:       result.Axis{Label: "residual in", Log: true}, Y: result.Axis{Label: "residual out", Log: true},
		Lines: []result.Line{{Name: "query–key attention", Role: result.Simulated, X: c.In, Y: c.KeyQuery}, {Name: "i.i.d. logits", Role: result.Simulated, X: c.In, Y: c.IIDLogits},
			{Name: "∝ r³", Role: result.Theory, X: c.In, Y: cubic}, {Name: "∝ r", Role: result.Theory, X: c.In, Y: linear}},
		Checks: []result.Check{
			{Name: "Dong et al.: one query–key layer's contraction exponent (log-log slope) − 3", Kind: result.TheoryVsSimulation, Value: LogSlope(c.In, c.KeyQuery) - 3, Tol: DongSlopeTol,
				Basis: fmt.Sprintf("least squares over %d residuals, ε from %g to %g; the next order of the expansion is relative O(r), which moves a fit over this range by ≲ 0.01 (TestOneLayerContraction, another draw: 3.002)", k, c.Eps[0], c.Eps[k-1])},
			{Name: "i.i.d. logits: one layer's contraction exponent − 1", Kind: result.TheoryVsSimulation, Value: LogSlope(c.In, c.IIDLogits) - 1, Tol: DongSlopeTol,
				Basis: "the residual of A(1x̄ᵀ + εR)W_V is exactly linear in ε; only the normalisation by ‖X_ε‖ bends it, by O(ε²)"}},
		Record: r.dongRecord(r.Seed + 3),
	}
}
