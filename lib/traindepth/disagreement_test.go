package traindepth

import (
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// TestDeclaredChecks: the depth grid's two checks carry
// DepthSpreadDisagreement and DepthMeanDisagreement, the budget grid's
// "grows" check BudgetGrowDisagreement and its "stays" check none, each
// quoting its claim in the disagreement (no Statement of its own), with
// the runs' seeds (here 3 and 5, not the seed 1 of the stored grids) as
// its DataSeeds; the package's declarations keep no seeds, and every
// record is well formed.
func TestDeclaredChecks(t *testing.T) {
	s := Paper()
	s.Seeds = []uint64{3, 5}
	r, err := storedUpTo(t, s, func(xi float64) float64 { return PaperRatio * xi }).Depth()
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{3, 5}
	check := func(name string, c result.Check, d *result.Disagreement, st *papers.Statement) {
		t.Helper()
		got := c.Disagreement
		if got == nil || c.Statement != nil || got.Paper != st.Text || got.Measured != d.Measured || got.Why != d.Why ||
			got.Declared.Commit != d.Declared.Commit || got.Declared.Seen != d.Declared.Seen || got.Declared.Pilot != d.Declared.Pilot ||
			!slices.Equal(got.Declared.PilotSeeds, d.Declared.PilotSeeds) || !slices.Equal(got.Declared.DataSeeds, want) || got.Wellformed() != nil {
			t.Errorf("%s: check %q carries %+v (statement %v), want %s on seeds %v", name, c.Name, got, c.Statement, d.Declared.Commit, want)
		}
		if d.Declared.DataSeeds != nil {
			t.Errorf("%s: the declaration's DataSeeds were written: %v", name, d.Declared.DataSeeds)
		}
	}
	cs := r.Checks()
	check("spread", cs[0], &DepthSpreadDisagreement, papers.TannerSchoenholzSpread)
	check("mean", cs[1], &DepthMeanDisagreement, papers.TannerSchoenholzMean)
	if p := r.Plane(); p.Checks[0].Disagreement == nil || p.Checks[1].Disagreement == nil {
		t.Error("the plane's checks lost their declarations")
	}
	bs := budgetChecks(t, []uint64{3, 5})
	if bs[0].Disagreement != nil || bs[0].Statement != papers.TannerSchoenholzBudgetStays {
		t.Errorf("stays check %+v: want its statement and no disagreement", bs[0])
	}
	check("grows", bs[1], &BudgetGrowDisagreement, papers.TannerSchoenholzBudgetGrows)
}

// budgetChecks are the checks of a budget grid run with seeds, trainable
// to 32 layers everywhere.
func budgetChecks(t *testing.T, seeds []uint64) []result.Check {
	t.Helper()
	s := Budget()
	s.Seeds = seeds
	d := StoredRuns{Prov: Provenance{Settings: Stored{Settings: s}}}
	for _, c := range Plan(s) {
		r := Run{Cell: c, Step: []int{0}, Loss: []float64{2.3}, TestAcc: []float64{Chance}, TestLoss: []float64{2.3}}
		for _, st := range RecordedSteps(s) {
			a := Chance
			if c.Depth <= 32 {
				a = 0.8
			}
			r.Step, r.Loss, r.TestAcc, r.TestLoss = append(r.Step, st), append(r.Loss, 1), append(r.TestAcc, a), append(r.TestLoss, 1)
		}
		d.Runs = append(d.Runs, r)
	}
	b, err := d.Budget()
	if err != nil {
		t.Fatal(err)
	}
	return b.Checks()
}
