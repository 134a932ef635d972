package murraydata

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/shtanhtrain"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "murray-fig2")
	subset    = filepath.Join("..", "..", "..", "notebooks", "data", "fashion-mnist-subset")
)

// TestPlan: every (schedule, seed) once.
func TestPlan(t *testing.T) {
	seen := map[string]bool{}
	for _, j := range Plan() {
		k := fmt.Sprint(j.Schedule.Name, j.Seed)
		if seen[k] {
			t.Errorf("job %s seed %d twice", j.Schedule.Name, j.Seed)
		}
		seen[k] = true
	}
	if n, _ := Len(); n != len(shtanhtrain.Schedules())*len(shtanhtrain.Seeds) {
		t.Errorf("plan has %d runs, want %d", n, len(shtanhtrain.Schedules())*len(shtanhtrain.Seeds))
	}
}

// sliceSteps is how far TestCommittedRuns retrains a schedule whose a
// moves: the records at steps 0 and 30 of Paper() (EvalEvery 30), one of
// each kind Train writes (the one at initialisation, with the first
// batch's loss; and one after EvalEvery SGD steps, with the mean training
// loss since the last record). A schedule with a fixed runs the same
// code with a constant a, so its first step only is retrained, for its own
// record at step 0 (its σ_w², q*, initialisation and first batch): the
// record at 30 of "fixed a = 3" would retrain 30 steps of the code the
// record at 30 of "a from 5 to 2" already checks.
const sliceSteps = 30

// TestCommittedRuns: the committed runs.json holds exactly Plan() with the
// current settings, from a clean checkout; and the first seed of each
// schedule, trained again here on the committed subset for sliceSteps
// steps (a moving) or one step (a fixed), gives the stored records at
// steps 0 and 30 (or 0) to the last bit (JSON keeps every float64
// exactly), with a at the full run's schedule.
func TestCommittedRuns(t *testing.T) {
	runs, prov, err := shtanhtrain.ReadRuns(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	jobs := Plan()
	if len(runs) != len(jobs) {
		t.Fatalf("%d runs stored, the plan has %d", len(runs), len(jobs))
	}
	for i, j := range jobs {
		if runs[i].Schedule != j.Schedule.Name || runs[i].Seed != j.Seed {
			t.Errorf("run %d is %s seed %d, the plan says %s seed %d", i, runs[i].Schedule, runs[i].Seed, j.Schedule.Name, j.Seed)
		}
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	if !reflect.DeepEqual(prov.Settings, shtanhtrain.CurrentStored()) {
		t.Errorf("stored settings %+v, current %+v", prov.Settings, shtanhtrain.CurrentStored())
	}
	if testing.Short() {
		t.Skip("retrains 30 + 1 steps (~6 CPU-s)")
	}
	s := prov.Settings.Settings
	train, test, err := shtanhtrain.LoadData(os.DirFS(subset), s)
	if err != nil {
		t.Fatal(err)
	}
	moving := 0
	for i, j := range jobs {
		if j.Seed != shtanhtrain.Seeds[0] {
			continue
		}
		steps, last := 1, 0
		if j.Schedule.A0 != j.Schedule.A1 {
			steps, last = sliceSteps, sliceSteps
			moving++
		}
		got, err := shtanhtrain.TrainFirst(s, j.Schedule, j.Seed, train, test, steps)
		if err != nil {
			t.Fatal(err)
		}
		want := prefix(runs[i], len(got.Step))
		if got.Step[len(got.Step)-1] != last || !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			t.Errorf("%s: recomputed\n %s\nstored\n %s", j.Schedule.Name, gb, wb)
		}
	}
	if moving == 0 {
		t.Error("no schedule with a moving: the records after training are not checked")
	}
}

// prefix is r cut to its first k records.
func prefix(r shtanhtrain.Run, k int) shtanhtrain.Run {
	if len(r.Step) < k {
		return r
	}
	r.Step, r.A, r.Loss, r.TestAcc, r.TestLoss = r.Step[:k], r.A[:k], r.Loss[:k], r.TestAcc[:k], r.TestLoss[:k]
	return r
}
