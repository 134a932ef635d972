package meanfield

import (
	"fmt"
	"slices"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/result"
)

// PhaseMin and PhaseMax are the colour range of a PhasesPlane: the phases 1 ordered,
// 2 critical, 3 chaotic and 4 divergent keep their colours whichever
// occur.
const PhaseMin, PhaseMax = float64(Ordered), float64(Divergent)

// PhasesPlane is figure beyond-phases: the phase diagram g of the
// activation name as coloured cells (1 ordered, 2 critical, 3 chaotic, 4
// divergent) with its edge of chaos edge and tanh's tanhEdge on top, and
// the check that no point of either curve has a repelling q* (χ_q ≥ 1;
// one such point fails). It claims no paper figure. It panics unless g is
// at least 2 × 2 (a caller bug).
func PhasesPlane(name string, g PhaseGrid, edge, tanhEdge EdgeCurve) result.Plane {
	if len(g.SigmaW2) < 2 || len(g.SigmaB2) < 2 {
		panic(fmt.Sprintf("meanfield: PhasesPlane: grid %d×%d, want at least 2×2", len(g.SigmaW2), len(g.SigmaB2)))
	}
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
	return result.Plane{
		Caption: fmt.Sprintf("Phases of %s from q¹ = 1 (cells: 1 ordered, 2 critical, 3 chaotic, 4 divergent) with its edge of chaos χ₁ = 1 at an attracting q* and tanh's. "+
			"σ_b² in %s's divergent region, where χ₁ = 1 holds only at a repelling q*: %s.", name, name, div),
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "σ_b²"}, Xs: g.SigmaW2, Ys: g.SigmaB2, Z: z, ZName: "phase", ZLabel: "phase",
		Lines: []result.Line{{Name: name + ": χ₁ = 1", Role: result.Theory, X: edge.SigmaW2, Y: edge.SigmaB2}, {Name: "tanh: χ₁ = 1", Role: result.Theory, X: tanhEdge.SigmaW2, Y: tanhEdge.SigmaB2}},
		Checks: []result.Check{{Name: fmt.Sprintf("edge-of-chaos points of %s and tanh with χ_q ≥ 1", name), Kind: result.TheoryVsTheory, Value: float64(bad), Tol: 0.5,
			Basis: fmt.Sprintf("every point of an edge-of-chaos curve must attract (χ_q = dq′/dq < 1 at q*); one repelling point fails (%d + %d points checked)", len(edge.ChiQ), len(tanhEdge.ChiQ))}},
		ZMin: PhaseMin, ZMax: PhaseMax, Record: result.Record{NoPaperFigure: true}}
}

// ActivationCurves is figure fig3-phi (Fig. 3 top row, the activations in
// one panel): each φ of phis on the abscissae hs (lines) with the
// densities of N(0, q*) for each q* of qs (points). It claims Fig. 3 only
// at the lecture's q* (LectureQStars).
func ActivationCurves(phis []activation.Func, qs, hs []float64) result.Curves {
	c := result.Curves{Caption: fmt.Sprintf("The activations and the pre-activation densities N(0, q*) at q* = %s whose slopes φ′(h) the CDFs above describe.", joinG(qs)),
		X: result.Axis{Label: "h"}, Y: result.Axis{Label: "φ(h); density"}, Record: result.Record{AtPaper: slices.Equal(qs, LectureQStars())}}
	for _, phi := range phis {
		y := make([]float64, len(hs))
		for i, h := range hs {
			y[i] = phi.Phi(h)
		}
		c.Lines = append(c.Lines, result.Line{Name: "φ = " + phi.Name, Role: result.Theory, X: hs, Y: y})
	}
	for _, q := range qs {
		y := make([]float64, len(hs))
		for i, h := range hs {
			y[i] = gauss.Density(h, q)
		}
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("density of N(0, q* = %g)", q), Role: result.TheoryPoints, X: hs, Y: y})
	}
	return c
}

// joinG joins xs formatted with %g by ", ".
func joinG(xs []float64) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%g", x)
	}
	return s
}
