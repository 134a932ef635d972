package spectrumview

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/traindepth"
)

// budgetRuns is the budget grid with accuracy 0.8 up to bound(σ_w² row, step)
// and chance beyond.
func budgetRuns(bound func(i, t int) int) traindepth.StoredRuns {
	d := traindepth.StoredRuns{}
	d.Prov.Settings = traindepth.CurrentBudgetStored()
	s := d.Prov.Settings.Settings
	for k, c := range traindepth.Plan(s) {
		i := k / (len(s.Depths) * len(s.Seeds))
		r := traindepth.Run{Cell: c, Step: []int{0}, Loss: []float64{2.3}, TestAcc: []float64{traindepth.Chance}, TestLoss: []float64{2.3}}
		for _, t := range traindepth.RecordedSteps(s) {
			a := traindepth.Chance
			if c.Depth <= bound(i, t) {
				a = 0.8
			}
			r.Step, r.Loss, r.TestAcc, r.TestLoss = append(r.Step, t), append(r.Loss, 1), append(r.TestAcc, a), append(r.TestLoss, 1)
		}
		d.Runs = append(d.Runs, r)
	}
	return d
}

func budget(t *testing.T, d traindepth.StoredRuns) traindepth.BudgetResult {
	t.Helper()
	r, err := d.Budget()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBudgetView: on a synthetic budget grid where the recalled reading
// holds (σ_w² = 1 fixed at 32, σ_w² = 1.75 one depth step deeper every 300
// steps) the view has the provenance table, one figure with a line per σ_w²
// and 6ξ_c dashed for σ_w² = 1 and 4 only (1.75's is far above the grid),
// and two Claims that pass on the right rows; on the reversed grid both
// fail; the "grows" check carries its known disagreement
// (traindepth.BudgetGrowDisagreement), the "stays" check none. The view
// is the one notebook 04 draws (budgetView).
func TestBudgetView(t *testing.T) {
	holds := budgetRuns(func(i, t int) int {
		if i == 1 {
			return []int{23, 32, 45, 64, 91}[t/300-1]
		}
		return 32
	})
	v := budgetView(show.Figure{ID: "schoenholz-budget", Paper: papers.Claim(papers.TannerSchoenholzFig5)}, budget(t, holds))
	figs, tabs, checks := v.Figures(), v.Tables(), v.Agreements()
	if len(figs) != 1 || len(tabs) != 1 || len(checks) != 2 {
		t.Fatalf("view has %d figures, %d tables, %d checks", len(figs), len(tabs), len(checks))
	}
	names := map[string]bool{}
	for _, sr := range figs[0].Series {
		names[sr.Name] = true
	}
	if len(names) != 5 || !names["σ_w² = 1.75"] || !names["6ξ_c at σ_w² = 1 (mean field)"] || !names["6ξ_c at σ_w² = 4 (mean field)"] || names["6ξ_c at σ_w² = 1.75 (mean field)"] {
		t.Errorf("series %v", names)
	}
	if _, _, err := picture.RenderFigure(figs[0]); err != nil {
		t.Fatal(err)
	}
	for i, a := range checks {
		m, err := a.Metric()
		if err != nil {
			t.Fatal(err)
		}
		if !m.Pass || float64(m.Value) != []float64{0, 4}[i] {
			t.Errorf("reading holds, check %d: %+v", i, m)
		}
	}
	reversed := budgetRuns(func(i, t int) int {
		if i == 0 && t == 1500 {
			return 64
		}
		return 32
	})
	for i, a := range budgetView(show.Figure{ID: "schoenholz-budget"}, budget(t, reversed)).Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Fatal(err)
		}
		if m.Pass || float64(m.Value) != []float64{2, 0}[i] || (i == 1) != (m.Disagreement != nil) {
			t.Errorf("reversed, check %d: %+v", i, m)
		}
	}
}

// budgetView is the budget cell of notebook 04: the provenance table, then
// render.Curves over traindepth.BudgetResult.Curves.
func budgetView(f show.Figure, r traindepth.BudgetResult) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Curves(f, r.Curves(), render.Legend(show.Outside), render.After())...)
}
