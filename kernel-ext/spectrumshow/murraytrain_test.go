package spectrumshow

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"

	"github.com/sigprop/sigprop/lib/shtanhtrain"
)

// TestMurrayView: the view shows the provenance table, the two curves with
// their SEs, and a valid Claim whose value is the paired difference over
// its SE and whose tolerance is t(0.975, 2 dof) = 4.303 for three seeds.
func TestMurrayView(t *testing.T) {
	mk := func(name string, seed uint64, acc float64) shtanhtrain.Run {
		return shtanhtrain.Run{Schedule: name, Seed: seed, Step: []int{0, 30}, A: []float64{3, 3}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	m := MurrayRuns{Runs: []shtanhtrain.Run{mk("fixed", 1, 0.5), mk("fixed", 2, 0.6), mk("fixed", 3, 0.7), mk("decay", 1, 0.6), mk("decay", 2, 0.6), mk("decay", 3, 0.9)}}
	m.Prov.Settings = shtanhtrain.CurrentStored()
	m.Prov.Settings.Schedules = []shtanhtrain.Schedule{{Name: "fixed", A0: 3, A1: 3}, {Name: "decay", A0: 5, A1: 2}}
	c, err := m.Fig2()
	if err != nil {
		t.Fatal(err)
	}
	v := m.MurrayView(c, nil)
	figs, tabs, checks := v.Figures(), v.Tables(), v.Agreements()
	if len(figs) != 1 || len(tabs) != 1 || len(checks) != 1 {
		t.Fatalf("view has %d figures, %d tables, %d checks", len(figs), len(tabs), len(checks))
	}
	if s := figs[0].Series; len(s) != 2 || len(s[0].YErr) != 2 || s[1].Y[1] != c.Decay.Acc[1] {
		t.Errorf("series %+v", s)
	}
	met, err := checks[0].Metric()
	if err != nil {
		t.Fatal(err)
	}
	if want := 0.1 / (0.1 / math.Sqrt(3)); math.Abs(float64(met.Value)-want) > 1e-12 || math.Abs(float64(met.Tolerance)-4.302652729911275) > 1e-9 || met.Pass {
		t.Errorf("claim value %v tolerance %v pass %v, want %v, 4.3027, false", met.Value, met.Tolerance, met.Pass, want)
	}
	d, err := MurrayClaim(c, &MurrayDecayDisagreement).Metric()
	if err != nil || d.Outcome() != bundle.Known || !reflect.DeepEqual(d.Disagreement.Declared.DataSeeds, []uint64{1, 2, 3}) || d.Disagreement.Declared.Timing() != bundle.AfterSeen {
		t.Errorf("declared: %+v (%v), want a known disagreement on seeds 1, 2, 3 with timing AfterSeen", d.Disagreement, err)
	}
	if !strings.Contains(tabs[0].Rows[1][1], "64 hidden Shtanh layers of width 96") {
		t.Errorf("model row %q", tabs[0].Rows[1][1])
	}
}
