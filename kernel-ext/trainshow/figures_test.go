package trainshow

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/trainability"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// rendered renders every figure of v and returns them.
func rendered(t *testing.T, v show.View) []show.Figure {
	t.Helper()
	for _, f := range v.Figures() {
		if _, _, err := show.RenderFigure(f); err != nil {
			t.Errorf("figure %s: %v", f.ID, err)
		}
	}
	return v.Figures()
}

// wantIn reports each of want that the caption of f does not contain.
func wantIn(t *testing.T, f show.Figure, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(f.Caption, w) {
			t.Errorf("%s: caption %q does not state %q", f.ID, f.Caption, w)
		}
	}
}

// The builders of notebook 06 state what the runs and their provenance
// record, not the committed runs' numbers: here a sweep of 2 seeds at
// d = 16, L = 4 (17 tokens) and Noci runs of 100 steps, seeds 12–14, 500
// test images, d = 32, Adam lr 1e-3; each keeps the notebook's ID and
// Paper.
func TestFigureBuilders(t *testing.T) {
	set := testSet()
	lam := func(r ts.Result) float64 { return r.LambdaG }
	f := rendered(t, LossVsFigure(show.Figure{ID: "v", Paper: papers.Claim(papers.Cowsik2024Fig7)}, set, "λ_g", lam))[0]
	wantIn(t, f, "mean over 2 seeds", "exponent λ_g")
	if f.ID != "v" || !slices.Equal(f.Paper, papers.Claim(papers.Cowsik2024Fig7)) {
		t.Errorf("LossVsFigure id %q, paper figure %q", f.ID, f.Paper)
	}
	fc := ts.LossFit{WA: 1, WG: 0.5, B: 0.25, R2: 0.75}
	if f := rendered(t, FitFigure(show.Figure{ID: "fit"}, set, fc))[0]; f.Params["w_g"] != 0.5 || f.Params["R2"] != 0.75 {
		t.Errorf("FitFigure Params %v", f.Params)
	}
	e := trainability.Edges{AlphaA: []float64{0.1, 0.3}, SigmaA: []float64{1.5, 1.6}, AlphaG: []float64{0.2}, SigmaG: []float64{2}}
	wantIn(t, rendered(t, LossHeatFigure(show.Figure{ID: "heat"}, set, e, set.Mean[0]))[0], "mean over 2 seeds", "λ_g^(4) = 0", "n = 17, d = 16")

	n := testNoci(t)
	n.Prov.Settings.Steps, n.Prov.Settings.Seeds, n.Prov.Settings.NTest, n.Prov.Settings.D, n.Prov.Settings.AdamLR = 100, []uint64{12, 13, 14}, 500, 32, 1e-3
	wantIn(t, rendered(t, n.DepthFigure(show.Figure{ID: "acc"}, []string{"a", "b"}, true))[0], "test accuracy after 100 steps", "seeds 12, 13, 14", "test on its 500")
	wantIn(t, rendered(t, n.CurvesFigure(show.Figure{ID: "curves"}, []string{"a", "b"}, 2))[0], "seeds 12, 13, 14", "d = 32, L = 2 ViT")
	sh := rendered(t, n.ShapedFigures(show.Figure{ID: "c"}, show.Figure{ID: "ent"}, []string{"a", "b"}, []string{"A", "B"}, 2))
	wantIn(t, sh[0], "d = 32, L = 2 ViT", "Adam lr 1e-3", "test on its 500")
	wantIn(t, sh[1], "layers 1, every", "ln n = 2.833", "at lr 1e-3")
}
