package spectrumview

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// TestDepthView: on a synthetic grid trainable exactly up to 6ξ_c, the view
// shows the provenance table, the heat map (σ_w² × log₂ L) with the 6ξ_c and
// ξ_c curves and the measured boundary, and two valid Claims that pass,
// each carrying its known disagreement (traindepth.DepthSpreadDisagreement,
// DepthMeanDisagreement) on the runs' seeds. The grid is not Paper()'s
// (five σ_w²), so the figure claims nothing. The view is the one notebook
// 04 draws (depthView).
func TestDepthView(t *testing.T) {
	d := traindepth.StoredRuns{}
	d.Prov.Settings = traindepth.CurrentStored()
	s := &d.Prov.Settings.Settings
	s.SigmaW2 = []float64{1, 1.25, 1.5, 3, 4}
	sc, err := meanfield.ScanSigmaW2(activation.Tanh(), s.SigmaW2, s.SigmaB2)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range traindepth.Plan(*s) {
		acc := traindepth.Chance
		if float64(c.Depth) <= 6*sc.XiC[k/(len(s.Depths)*len(s.Seeds))] {
			acc = 0.8
		}
		d.Runs = append(d.Runs, traindepth.Run{Cell: c, TestAcc: []float64{0.1, acc}})
	}
	r, err := d.Depth()
	if err != nil {
		t.Fatal(err)
	}
	v := depthView(show.Figure{ID: "schoenholz-depth", Paper: papers.Claim(papers.TannerSchoenholzFig5)}, r)
	if c := v.Agreements(); c[0].Disagreement == nil || c[1].Disagreement == nil || c[0].Disagreement.Paper != papers.TannerSchoenholzSpread.Text ||
		c[1].Disagreement.Paper != traindepth.DepthMeanDisagreement.Paper || !reflect.DeepEqual(c[1].Disagreement.Declared.DataSeeds, s.Seeds) || c[0].Paper != "" || !c[0].Central || c[1].Paper != "" {
		t.Errorf("declarations carried as %v, %v; want spread's and mean's, with the runs' seeds %v", c[0].Disagreement, c[1].Disagreement, s.Seeds)
	}
	if traindepth.DepthMeanDisagreement.Declared.DataSeeds != nil {
		t.Error("the view wrote the runs' seeds into the declaration")
	}
	figs, tabs, checks := v.Figures(), v.Tables(), v.Agreements()
	if len(figs) != 1 || len(tabs) != 1 || len(checks) != 2 {
		t.Fatalf("view has %d figures, %d tables, %d checks", len(figs), len(tabs), len(checks))
	}
	f := figs[0]
	if f.Heat == nil || len(f.Heat.Z) != len(s.SigmaW2)*len(s.Depths) || f.Heat.Y[0] != 2 || f.Heat.Min != traindepth.Chance || len(f.Paper) != 0 {
		t.Fatalf("heat %+v", f.Heat)
	}
	if _, _, err := picture.RenderFigure(f); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, sr := range f.Series {
		names[sr.Name] = true
	}
	if !names["6 ξ_c (mean field)"] || !names["ξ_c (mean field)"] || !names["measured boundary √(L_train·L_next)"] {
		t.Errorf("series %v", names)
	}
	for i, a := range checks {
		m, err := a.Metric()
		if err != nil {
			t.Fatal(err)
		}
		if !m.Pass || m.Disagreement == nil {
			t.Errorf("check %d %q: value %v tol %v pass %v disagreement %v", i, m.Name, m.Value, m.Tolerance, m.Pass, m.Disagreement != nil)
		}
	}
	if !strings.Contains(tabs[0].Rows[1][1], "width 64") || !strings.Contains(f.Caption, "width 64") {
		t.Errorf("model row %q, caption %q", tabs[0].Rows[1][1], f.Caption)
	}
}

// depthView is the trainable-depth cell of notebook 04: the provenance
// table, then render.Plane over traindepth.DepthResult.Plane.
func depthView(f show.Figure, r traindepth.DepthResult) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Plane(f, r.Plane(), render.Legend(show.Outside), render.After())...)
}
