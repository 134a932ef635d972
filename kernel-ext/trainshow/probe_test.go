package trainshow

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// The probe's figure shows the Q/V and K/V ratios per block 1…L after the
// first and the last snapshot; the claims are log10 of geometric means,
// by hand.
func TestProbeViews(t *testing.T) {
	p := &ts.Probe{Snapshots: []ts.LayerSnapshot{
		{Step: 25, GradQ: []float64{1, 4}, GradK: []float64{2, 2}, GradV: []float64{10, 10}, LRQ: []float64{2, 8}, LRV: []float64{1, 1}},
		{Step: 50, GradQ: []float64{1, 1}, GradK: []float64{1, 1}, GradV: []float64{1, 1}, LRQ: []float64{10, 1000}, LRV: []float64{1, 1}},
	}}
	f := GradRatioFigure(p.Snapshots[0], p.Snapshots[1])
	if len(f.Series) != 4 || f.Series[0].Name != "W^Q, step 25" || f.Series[0].X[1] != 2 || f.Series[0].Y[1] != 0.4 || f.Series[3].Name != "W^K, step 50" {
		t.Errorf("grad-ratio series %+v", f.Series)
	}
	if _, _, err := show.RenderFigure(f); err != nil {
		t.Error(err)
	}
	layers := []int{0, 1}
	steps, eff := p.EffLRRatios(layers)
	es := EffLRSeries(steps, eff, layers)
	if len(es) != 2 || es[1].Name != "layer 2" || es[1].X[1] != 50 || es[1].Y[0] != 8 {
		t.Errorf("effective-LR series %+v", es)
	}
	// The stored runs' length: the first ten losses 2, the rest 1.
	tr := ts.Run{TrainLoss: make([]float64, ts.NociSteps)}
	for i := range tr.TrainLoss {
		tr.TrainLoss[i] = map[bool]float64{true: 2, false: 1}[i < 10]
	}
	v := ProbeClaims(p, layers, tr)
	as, tab := v.Agreements(), v.Tables()[0]
	if _, last := v[len(v)-1].Table(); !last {
		t.Errorf("the view ends with %+v, want the table after the metrics", v[len(v)-1])
	}
	// First snapshot: Q/V = 0.1, 0.4, geometric mean 0.2; last LR ratios 10, 1000: geometric mean 100.
	if len(as) != 2 || math.Abs(as[0].Value-math.Log10(0.2)) > 1e-12 || math.Abs(as[1].Value-2) > 1e-12 || as[1].Rule != show.AtLeast {
		t.Errorf("claims %+v", as)
	}
	if as[1].Name != "Noci 2022 Fig. 6: log10 geometric-mean effective-LR ratio W^Q/W^V (layers 1, 2), last step" {
		t.Errorf("claim name %q", as[1].Name)
	}
	if tab.Rows[0][2] != "supported" || tab.Rows[1][1] != "ratio at step 50: layer 1 10, layer 2 1e+03" || tab.Rows[2][1] != "train loss 2.000 (first 10 steps) → 1.000 (last 10 steps)" {
		t.Errorf("claims table %v", tab.Rows)
	}
	v.Show()
	fig := show.Figure{ID: "noci-adam-effective-lr", Paper: papers.Claim(papers.Noci2022Fig6)}
	if f := EffLRFigure(fig, p, layers, tr).Figures()[0]; len(f.Paper) == 0 || len(f.Series) != 2 || *f.Seed != 11 {
		t.Errorf("effective-LR figure after %d steps: %+v", ts.NociSteps, f)
	}
	// A shorter run: the figure claims nothing, the claims are not applicable, the table stays.
	short := ts.Run{TrainLoss: tr.TrainLoss[:20]}
	showtest.AtYourSettings(t, "EffLRFigure of 20 steps", EffLRFigure(fig, p, layers, short), nil, nil, nil)
	sv := ProbeClaims(p, layers, short)
	showtest.AtYourSettings(t, "ProbeClaims of 20 steps", sv, nil, nil, []string{as[0].Name, as[1].Name})
	if len(sv.Tables()) != 1 {
		t.Errorf("ProbeClaims of 20 steps: %d tables, want the claims table", len(sv.Tables()))
	}
}
