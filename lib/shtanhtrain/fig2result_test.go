package shtanhtrain

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// fakeStored are three seeds of two schedules whose final accuracies
// differ by (0.1, 0, 0.2), mean 0.1, SE 0.1/√3.
func fakeStored() StoredRuns {
	mk := func(name string, seed uint64, acc float64) Run {
		return Run{Schedule: name, Seed: seed, Step: []int{0, 30}, A: []float64{3, 3}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	m := StoredRuns{Runs: []Run{mk("fixed", 1, 0.5), mk("fixed", 2, 0.6), mk("fixed", 3, 0.7), mk("decay", 1, 0.6), mk("decay", 2, 0.6), mk("decay", 3, 0.9)}}
	m.Prov.Settings = CurrentStored()
	m.Prov.Settings.Schedules = []Schedule{{Name: "fixed", A0: 3, A1: 3}, {Name: "decay", A0: 5, A1: 2}}
	return m
}

// TestFig2Result: the claim's value is the paired difference over its SE,
// 0.1/(0.1/√3) = √3, against t(0.975, 2 dof) = 4.3027 (scipy
// t.ppf(0.975, 2)), so it fails, a known disagreement
// (MurrayDecayDisagreement on the runs' seeds); the curves are the schedules' means ±
// SE in two colours; the provenance names the model; at Paper() the
// result claims Murray Fig. 2, at another depth it does not.
func TestFig2Result(t *testing.T) {
	r, err := fakeStored().Fig2()
	if err != nil {
		t.Fatal(err)
	}
	k := r.Claim()
	if math.Abs(k.Value-math.Sqrt(3)) > 1e-12 || math.Abs(k.Tol-4.302652729911275) > 1e-9 || k.Rule != result.AtLeast || k.Value >= k.Tol || k.Statement != nil {
		t.Errorf("claim %+v", k)
	}
	// the known disagreement, quoting the claim, on the runs' seeds; the
	// declaration itself keeps none
	d := k.Disagreement
	if d == nil || d.Paper != papers.TannerMurrayDecay.Text || d.Declared.Commit != MurrayDecayDisagreement.Declared.Commit || d.Declared.Seen != MurrayDecayDisagreement.Declared.Seen ||
		!slices.Equal(d.Declared.PilotSeeds, []uint64{1}) || !slices.Equal(d.Declared.DataSeeds, []uint64{1, 2, 3}) || d.Wellformed() != nil || MurrayDecayDisagreement.Declared.DataSeeds != nil {
		t.Errorf("claim's disagreement %+v, want MurrayDecayDisagreement on seeds 1, 2, 3", d)
	}
	c := r.Curves()
	if err := c.Wellformed(); err != nil || len(c.Lines) != 2 || len(c.Lines[0].SE) != 2 || c.Lines[1].Y[1] != r.Decay.Acc[1] || c.Lines[1].Pair != 3 || !c.Record.AtPaper {
		t.Errorf("curves %+v, %v", c, err)
	}
	p := r.Provenance()
	if err := p.Wellformed(); err != nil || !strings.Contains(p.Rows[1][1], "64 hidden Shtanh layers of width 96") {
		t.Errorf("provenance %+v", p)
	}
	m := fakeStored()
	m.Prov.Settings.Settings.Depth = 8
	if r, _ := m.Fig2(); r.Curves().Record.AtPaper {
		t.Errorf("depth 8 claims Murray Fig. 2")
	}
}
