package depthdata

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/fctrain"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/traindepth"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "schoenholz-depth")
	budget    = filepath.Join("..", "..", "..", "notebooks", "data", "schoenholz-budget")
	subset    = filepath.Join("..", "..", "..", "notebooks", "data", "fashion-mnist-subset")
)

// sliceSteps is how far TestCommittedRuns retrains: the records at steps
// 0 and 100 of Paper() (EvalEvery 100).
const sliceSteps = 100

// sliceCells are the retrained cells: one on each side of the edge of chaos.
var sliceCells = []traindepth.Cell{{SigmaW2: 1, Depth: 8, Seed: 1}, {SigmaW2: 4, Depth: 6, Seed: 1}}

// TestCommittedRuns: the committed runs.json holds exactly the plan of the
// current settings, from a clean checkout, each run with the mean-field q*
// and ξ_c of its σ_w²; and the first sliceSteps steps of two cells, trained
// again here on the committed subset, give the stored records at steps 0
// and 100 to the last bit (JSON keeps every float64 exactly).
func TestCommittedRuns(t *testing.T) {
	runs, prov, err := traindepth.ReadRuns(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(prov.Settings, traindepth.CurrentStored()) {
		t.Errorf("stored settings %+v, current %+v", prov.Settings, traindepth.CurrentStored())
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	s := prov.Settings.Settings
	for _, r := range runs {
		st, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: r.SigmaW2, SigmaB2: s.SigmaB2}.DepthScales()
		if err != nil || st.XiC != r.XiC || st.QStar != r.QStar {
			t.Errorf("%+v: stored ξ_c %v q* %v, mean field %v %v (%v)", r.Cell, r.XiC, r.QStar, st.XiC, st.QStar, err)
		}
	}
	if testing.Short() {
		t.Skip("retrains 2 × 100 steps (~3 s)")
	}
	train, test, err := fctrain.LoadData(os.DirFS(subset), s.NTrain, s.NTest)
	if err != nil {
		t.Fatal(err)
	}
	plan := traindepth.Plan(s)
	for _, c := range sliceCells {
		k := slices.Index(plan, c)
		if k < 0 {
			t.Fatalf("slice cell %+v is not in the plan", c)
		}
		got, err := traindepth.TrainFirst(s, plan[k], train, test, sliceSteps)
		if err != nil {
			t.Fatal(err)
		}
		want := prefix(runs[k], len(got.Step))
		if got.Step[len(got.Step)-1] != sliceSteps || !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			t.Errorf("%+v: recomputed\n %s\nstored\n %s", plan[k], gb, wb)
		}
	}
}

// prefix is r cut to its first k records.
func prefix(r traindepth.Run, k int) traindepth.Run {
	if len(r.Step) < k {
		return r
	}
	r.Step, r.Loss, r.TestAcc, r.TestLoss = r.Step[:k], r.Loss[:k], r.TestAcc[:k], r.TestLoss[:k]
	return r
}

// budgetCell is the budget grid's retrained cell, its cheapest (σ_w² = 1,
// L = 16), up to its first record after step 0.
var budgetCell = traindepth.Cell{SigmaW2: 1, Depth: 16, Seed: 1}

// TestCommittedBudget: the committed budget grid holds exactly the plan of
// traindepth.CurrentBudgetStored() from a clean checkout, with the mean-field
// q* and ξ_c of each σ_w²; every run's test accuracy and loss at step 300 are
// those the stored Paper grid recorded at its last step (300) for the same
// cell, bit for bit (the same streams: Budget's claim that its first 300
// steps are the Paper grid's); and 300 steps of budgetCell, trained again
// here, give its records at steps 0 and 300 exactly (~1 s).
func TestCommittedBudget(t *testing.T) {
	runs, prov, err := traindepth.ReadRuns(os.DirFS(budget))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(prov.Settings, traindepth.CurrentBudgetStored()) {
		t.Errorf("stored settings %+v, current %+v", prov.Settings, traindepth.CurrentBudgetStored())
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	s := prov.Settings.Settings
	paper, _, err := traindepth.ReadRuns(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	pplan := traindepth.Plan(traindepth.Paper())
	for _, r := range runs {
		st, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: r.SigmaW2, SigmaB2: s.SigmaB2}.DepthScales()
		if err != nil || st.XiC != r.XiC || st.QStar != r.QStar {
			t.Errorf("%+v: stored ξ_c %v q* %v, mean field %v %v (%v)", r.Cell, r.XiC, r.QStar, st.XiC, st.QStar, err)
		}
		k := slices.Index(pplan, r.Cell)
		if k < 0 {
			t.Fatalf("budget cell %+v is not in the Paper grid", r.Cell)
		}
		p := paper[k]
		if len(r.Step) < 2 || r.Step[1] != 300 || p.Step[len(p.Step)-1] != 300 || r.TestAcc[1] != p.TestAcc[len(p.TestAcc)-1] || r.TestLoss[1] != p.TestLoss[len(p.TestLoss)-1] {
			t.Errorf("%+v: step 300 test accuracy/loss %v/%v, the Paper grid's %v/%v", r.Cell, r.TestAcc[1], r.TestLoss[1], p.TestAcc[len(p.TestAcc)-1], p.TestLoss[len(p.TestLoss)-1])
		}
	}
	if testing.Short() {
		t.Skip("retrains 300 steps (~1 s)")
	}
	train, test, err := fctrain.LoadData(os.DirFS(subset), s.NTrain, s.NTest)
	if err != nil {
		t.Fatal(err)
	}
	k := slices.Index(traindepth.Plan(s), budgetCell)
	if k < 0 {
		t.Fatalf("budget cell %+v is not in the plan", budgetCell)
	}
	got, err := traindepth.TrainFirst(s, budgetCell, train, test, s.EvalEvery)
	if err != nil {
		t.Fatal(err)
	}
	want := prefix(runs[k], len(got.Step))
	if got.Step[len(got.Step)-1] != s.EvalEvery || !reflect.DeepEqual(got, want) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		t.Errorf("%+v: recomputed\n %s\nstored\n %s", budgetCell, gb, wb)
	}
}
