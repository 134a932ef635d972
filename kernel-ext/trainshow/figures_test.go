package trainshow

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
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
// record, not the committed runs' numbers: here Noci runs of 100 steps, seeds 12–14, 500
// test images, d = 32, Adam lr 1e-3; each keeps the notebook's ID and
// Paper.
func TestFigureBuilders(t *testing.T) {
	n := testNoci(t)
	n.Prov.Settings.Steps, n.Prov.Settings.Seeds, n.Prov.Settings.NTest, n.Prov.Settings.D, n.Prov.Settings.AdamLR = 100, []uint64{12, 13, 14}, 500, 32, 1e-3
	wantIn(t, rendered(t, n.DepthFigure(show.Figure{ID: "acc"}, []string{"a", "b"}, true))[0], "test accuracy after 100 steps", "seeds 12, 13, 14", "test on its 500")
	wantIn(t, rendered(t, n.CurvesFigure(show.Figure{ID: "curves"}, []string{"a", "b"}, 2))[0], "seeds 12, 13, 14", "d = 32, L = 2 ViT")
	sh := rendered(t, n.ShapedFigures(show.Figure{ID: "c"}, show.Figure{ID: "ent"}, []string{"a", "b"}, []string{"A", "B"}, 2))
	wantIn(t, sh[0], "d = 32, L = 2 ViT", "Adam lr 1e-3", "test on its 500")
	wantIn(t, sh[1], "layers 1, every", "ln n = 2.833", "at lr 1e-3")
}
