package meanfield

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
)

// PhasesPlane: the check counts the points of both curves with χ_q ≥ 1
// (0, then 2 with one repelling point on each), the plane holds the
// phases row by row in the fixed range 1…4, and a 1 × 2 grid panics.
func TestPhasesPlane(t *testing.T) {
	g := PhaseGrid{SigmaW2: []float64{1, 2}, SigmaB2: []float64{0, 0.5}, Phase: [][]Phase{{Ordered, Chaotic}, {Critical, Divergent}}}
	edge := EdgeCurve{SigmaB2: []float64{0.5}, SigmaW2: []float64{1.96}, QStar: []float64{22}, ChiQ: []float64{0.99}, Divergent: []float64{0.01}}
	p := PhasesPlane("gelu", g, edge, edge)
	if err := p.Wellformed(); err != nil || p.Checks[0].Value != 0 || p.Z[1] != 3 || p.Z[3] != 4 || p.ZMin != 1 || p.ZMax != 4 || !strings.Contains(p.Caption, "1 of the σ_b² asked for, up to 0.01") {
		t.Errorf("plane %+v (%v)", p, err)
	}
	edge.ChiQ[0] = 1.07
	if v := PhasesPlane("gelu", g, edge, edge).Checks[0].Value; v != 2 {
		t.Errorf("repelling points: %v, want 2", v)
	}
	g.SigmaW2 = g.SigmaW2[:1]
	mustpanic.WithPrefix(t, "a 1 × 2 grid", "meanfield:", func() { PhasesPlane("gelu", g, edge, edge) })
}

// ActivationCurves: φ on the abscissae (tanh(1)), the N(0, q*) densities
// as points (1/√(2π·2) at 0 for q* = 2), the claim at the lecture's q*
// only.
func TestActivationCurves(t *testing.T) {
	tanh, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	c := ActivationCurves([]activation.Func{tanh}, LectureQStars(), []float64{-1, 0, 1})
	if err := c.Wellformed(); err != nil || len(c.Lines) != 5 || c.Lines[0].Y[2] != math.Tanh(1) || math.Abs(c.Lines[1].Y[1]-1/math.Sqrt(4*math.Pi)) > 1e-15 || !c.Record.AtPaper {
		t.Errorf("curves %+v (%v)", c, err)
	}
	if c.Lines[1].Y[0] != gauss.Density(-1, 2) || ActivationCurves([]activation.Func{tanh}, []float64{1}, []float64{0}).Record.AtPaper {
		t.Error("q* = 1 alone claims Fig. 3, or the density is not N(0, 2)'s")
	}
}
