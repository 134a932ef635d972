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

// sliceSteps is how far TestCommittedRuns retrains: the records at steps
// 0 and 30 of Paper() (EvalEvery 30).
const sliceSteps = 30

// TestCommittedRuns: the committed runs.json holds exactly Plan() with the
// current settings, from a clean checkout; and the first sliceSteps steps of
// each schedule's first seed, trained again here on the committed subset,
// give the stored records at steps 0 and 30 to the last bit (JSON keeps
// every float64 exactly), with a at the full run's schedule.
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
		t.Skip("retrains 2 × 30 steps (~6 s)")
	}
	s := prov.Settings.Settings
	train, test, err := shtanhtrain.LoadData(os.DirFS(subset), s)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		if j.Seed != shtanhtrain.Seeds[0] {
			continue
		}
		got, err := shtanhtrain.TrainFirst(s, j.Schedule, j.Seed, train, test, sliceSteps)
		if err != nil {
			t.Fatal(err)
		}
		want := prefix(runs[i], len(got.Step))
		if got.Step[len(got.Step)-1] != sliceSteps || !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			t.Errorf("%s: recomputed\n %s\nstored\n %s", j.Schedule.Name, gb, wb)
		}
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
