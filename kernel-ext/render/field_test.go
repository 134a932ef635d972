package render

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// TestField: the quiver comes first (segments as a line broken by NaN,
// then their heads; a zero step is skipped, a step along x ends lx away),
// then the lines in their roles' styles; the figure claims its paper
// figure only at the paper's settings; a malformed field panics.
func TestField(t *testing.T) {
	r := result.Field{Caption: "F", X: result.Axis{Label: "q/d"}, Y: result.Axis{Label: "p/q"},
		Xs: []float64{1, 1}, Ys: []float64{0.5, 0.6}, DX: []float64{0.1, 0}, DY: []float64{0, 0}, LX: 0.1, LY: 0.05,
		Lines: []result.Line{{Name: "trajectory", Role: result.TheoryLinePoints, X: []float64{1, 0.8}, Y: []float64{0, 0.1}},
			{Name: "stable FP", Role: result.TheoryPoints, X: []float64{2}, Y: []float64{0.2}}},
		Record: result.Record{AtPaper: true, Params: map[string]float64{"sigma_w": 1}}}
	fig := show.Figure{ID: "fig2-field-sw1", Paper: papers.Claim(papers.Cowsik2024Fig2)}
	v := Field(fig, r)
	fs := v.Figures()
	if len(v) != 1 || len(fs) != 1 {
		t.Fatalf("view of %d items, %d figures", len(v), len(fs))
	}
	s := fs[0].Series
	if len(s) != 4 || s[0].Style != show.Line || s[1].Style != show.Points || s[2].Name != "trajectory" || s[2].Style != show.LinePoints || s[3].Name != "stable FP" || s[3].Style != show.Points {
		t.Fatalf("series %+v", s)
	}
	if len(s[0].X) != 3 || !math.IsNaN(s[0].X[2]) || len(s[1].X) != 1 || s[1].X[0] != 1.1 || s[1].Y[0] != 0.5 {
		t.Errorf("segments %v, heads %v, %v: want one segment to a head at (1.1, 0.5)", s[0].X, s[1].X, s[1].Y)
	}
	if len(fs[0].Paper) == 0 || fs[0].XLabel != "q/d" || fs[0].Params["sigma_w"] != 1 {
		t.Errorf("at the paper's settings: %+v", fs[0])
	}
	r.Record.AtPaper = false
	if f := Field(fig, r).Figures()[0]; len(f.Paper) != 0 {
		t.Errorf("away from the paper's settings the figure claims %v", f.Paper)
	}
	r.LY = 0
	mustpanic.Check(t, "a zero extent", func() { Field(fig, r) })
}
