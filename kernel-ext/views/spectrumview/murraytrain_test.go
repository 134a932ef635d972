package spectrumview

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/shtanhtrain"
)

// TestMurrayView: the view notebook 04 draws (murrayView) shows the
// provenance table, the two curves with their SEs and the claim, a known
// disagreement (shtanhtrain.MurrayDecayDisagreement) on the runs' seeds
// whose record has timing AfterSeen, quoting no paper of its own (the
// disagreement carries it).
func TestMurrayView(t *testing.T) {
	mk := func(name string, seed uint64, acc float64) shtanhtrain.Run {
		return shtanhtrain.Run{Schedule: name, Seed: seed, Step: []int{0, 30}, A: []float64{3, 3}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	m := shtanhtrain.StoredRuns{Runs: []shtanhtrain.Run{mk("fixed", 1, 0.5), mk("fixed", 2, 0.6), mk("fixed", 3, 0.7), mk("decay", 1, 0.6), mk("decay", 2, 0.6), mk("decay", 3, 0.9)}}
	m.Prov.Settings = shtanhtrain.CurrentStored()
	m.Prov.Settings.Schedules = []shtanhtrain.Schedule{{Name: "fixed", A0: 3, A1: 3}, {Name: "decay", A0: 5, A1: 2}}
	r, err := m.Fig2()
	if err != nil {
		t.Fatal(err)
	}
	f := show.Figure{ID: "murray-fig2", Paper: papers.Claim(papers.TannerMurrayFig2)}
	v := murrayView(f, r)
	figs, tabs, checks := v.Figures(), v.Tables(), v.Agreements()
	if len(figs) != 1 || len(tabs) != 1 || len(checks) != 1 || tabs[0].ID != "murray-fig2-provenance" || checks[0].Disagreement == nil || checks[0].Disagreement.Paper != papers.TannerMurrayDecay.Text {
		t.Fatalf("view has %d figures, %d tables, %d checks", len(figs), len(tabs), len(checks))
	}
	if s := figs[0].Series; len(s) != 2 || len(s[0].YErr) != 2 || s[1].Y[1] != r.Decay.Acc[1] {
		t.Errorf("series %+v", s)
	}
	a := checks[0]
	d, err := a.Metric()
	if err != nil || a.Paper != "" || d.Outcome() != bundle.Known || !reflect.DeepEqual(d.Disagreement.Declared.DataSeeds, []uint64{1, 2, 3}) || d.Disagreement.Declared.Timing() != bundle.AfterSeen {
		t.Errorf("declared: %+v (%v), want a known disagreement on seeds 1, 2, 3 with timing AfterSeen", d.Disagreement, err)
	}
	if shtanhtrain.MurrayDecayDisagreement.Declared.DataSeeds != nil {
		t.Errorf("the view wrote the seeds into the declaration")
	}
}

// murrayView is the Murray Fig. 2 cell of notebook 04: the provenance
// table, then render.Curves over shtanhtrain.Fig2Result.Curves.
func murrayView(f show.Figure, r shtanhtrain.Fig2Result) show.View {
	return append(render.Table(bundle.Table{ID: f.ID + "-provenance"}, r.Provenance()),
		render.Curves(f, r.Curves(), render.Legend(show.BottomRight), render.After())...)
}
