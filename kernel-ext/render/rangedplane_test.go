package render

import (
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// TestRangedPlane: the heat map keeps the plane's values and takes the
// fixed colour range; the plane's lines and checks are Plane's (a given
// count of 1 against 0.5 fails); a plane without a range panics.
func TestRangedPlane(t *testing.T) {
	x := []float64{0, 1}
	p := result.RangedPlane{Plane: result.Plane{Caption: "phases", X: result.Axis{Label: "a"}, Y: result.Axis{Label: "b"}, Xs: x, Ys: x, Z: []float64{1, 1, 2, 2}, ZName: "phase",
		Lines:  []result.Line{{Name: "edge", Role: result.Theory, X: x, Y: x}},
		Checks: []result.Check{{Name: "bad points", Kind: result.TheoryVsTheory, Value: 1, Tol: 0.5, Basis: "none may fail"}}, Record: result.Record{NoPaperFigure: true}}, Min: 1, Max: 4}
	v := RangedPlane(show.Figure{ID: "phases"}, p)
	f := v.Figures()[0]
	if f.Heat == nil || f.Heat.Min != 1 || f.Heat.Max != 4 || f.Heat.Z[2] != 2 || len(f.Series) != 1 {
		t.Errorf("figure %+v", f)
	}
	if m := metric(t, v.Agreements()[0]); m.Pass {
		t.Errorf("1 bad point against 0.5 passed: %+v", m)
	}
	p.Max = p.Min
	mustpanic.WithPrefix(t, "an empty range", "render:", func() { RangedPlane(show.Figure{ID: "phases"}, p) })
}
