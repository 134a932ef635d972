package meanfieldshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// This file: the views of notebook 01's section "Beyond tanh", which runs
// an activation of the papers' successors (GELU) through the same theory
// and simulations as tanh. Its figures claim no paper figure.

// Phases shows the check that no edge-of-chaos point of name's curve
// (edge) or tanh's (tanhEdge) has a repelling q* (χ_q ≥ 1), then figure
// beyond-phases: name's phase diagram g as coloured cells (1 ordered,
// 2 critical, 3 chaotic, 4 divergent) with both curves on top.
func Phases(name string, g meanfield.PhaseGrid, edge, tanhEdge meanfield.EdgeCurve) show.View {
	want(len(g.SigmaW2) > 1 && len(g.SigmaB2) > 1, "Phases: grid %d×%d, want at least 2×2", len(g.SigmaW2), len(g.SigmaB2))
	bad := 0
	for _, c := range [][]float64{edge.ChiQ, tanhEdge.ChiQ} {
		for _, x := range c {
			if x >= 1 {
				bad++
			}
		}
	}
	z := make([]float64, 0, len(g.SigmaW2)*len(g.SigmaB2))
	for _, row := range g.Phase {
		for _, p := range row {
			z = append(z, float64(p))
		}
	}
	div := "none"
	if n := len(edge.Divergent); n > 0 {
		div = fmt.Sprintf("%d of the σ_b² asked for, up to %g", n, edge.Divergent[n-1])
	}
	return show.View{show.Agree(show.Agreement{Name: fmt.Sprintf("edge-of-chaos points of %s and tanh with χ_q ≥ 1", name), Kind: show.TheoryVsTheory,
		Value: float64(bad), Tol: 0.5, Figure: "beyond-phases",
		Basis: fmt.Sprintf("every point of an edge-of-chaos curve must attract (χ_q = dq′/dq < 1 at q*); one repelling point fails (%d + %d points checked)", len(edge.ChiQ), len(tanhEdge.ChiQ))}),
		show.Fig(show.Figure{ID: "beyond-phases",
			Caption: fmt.Sprintf("Phases of %s from q¹ = 1 (cells: 1 ordered, 2 critical, 3 chaotic, 4 divergent) with its edge of chaos χ₁ = 1 at an attracting q* and tanh's. "+
				"σ_b² in %s's divergent region, where χ₁ = 1 holds only at a repelling q*: %s.", name, name, div),
			XLabel: "σ_w²", YLabel: "σ_b²",
			Heat:   &show.Heat{Name: "phase", X: g.SigmaW2, Y: g.SigmaB2, Z: z, ZLabel: "phase", Min: 1, Max: 4},
			Series: []show.Series{{Name: name + ": χ₁ = 1", X: edge.SigmaW2, Y: edge.SigmaB2}, {Name: "tanh: χ₁ = 1", X: tanhEdge.SigmaW2, Y: tanhEdge.SigmaB2}}})}
}
