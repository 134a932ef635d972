package reversedata

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/seqtf"
)

var committed = filepath.Join("..", "..", "..", "notebooks", "data", "noci-reverse")

// TestPlan: every (variant, seed) once.
func TestPlan(t *testing.T) {
	seen := map[string]bool{}
	for _, j := range Plan() {
		k := fmt.Sprint(j.Variant.Name, j.Seed)
		if seen[k] {
			t.Errorf("job %s seed %d twice", j.Variant.Name, j.Seed)
		}
		seen[k] = true
	}
	if n, _ := Len(); n != len(seqtf.ReverseVariants())*len(Seeds) {
		t.Errorf("plan has %d runs, want %d", n, len(seqtf.ReverseVariants())*len(Seeds))
	}
}

// sliceSteps is how far TestCommittedRuns retrains each variant: the
// records at steps 1 and 20 of Fig6Settings (LogEvery 20), one of each
// kind RunReverse writes (the first step's, and one averaging the loss
// over a LogEvery interval; the record at 40 would run the same code
// again, for twice the training).
const sliceSteps = 20

// TestCommittedRuns: the committed runs.json holds exactly Plan() (same
// variants and seeds, in order) with the current settings, from a clean
// checkout; and the first sliceSteps steps of each variant's first seed,
// trained again here, give the stored records at those steps to the last
// bit (JSON keeps every float64 exactly): losses, accuracies, effective
// learning rates, α, cosines and norms, and the statistics at
// initialisation.
func TestCommittedRuns(t *testing.T) {
	runs, prov, err := Read(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	jobs := Plan()
	if len(runs) != len(jobs) {
		t.Fatalf("%d runs stored, the plan has %d", len(runs), len(jobs))
	}
	for i, j := range jobs {
		if runs[i].Variant != j.Variant.Name || runs[i].Seed != j.Seed {
			t.Errorf("run %d is %s seed %d, the plan says %s seed %d", i, runs[i].Variant, runs[i].Seed, j.Variant.Name, j.Seed)
		}
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	if !reflect.DeepEqual(prov.Settings, CurrentSettings()) {
		t.Errorf("stored settings %+v, current %+v", prov.Settings, CurrentSettings())
	}
	if testing.Short() {
		t.Skip("retrains 3 × 20 steps (~3 CPU-s)")
	}
	s := CurrentSettings().Training
	s.Steps = sliceSteps
	for i, j := range jobs {
		if j.Seed != Seeds[0] {
			continue
		}
		got, err := seqtf.RunReverse(j.Variant.Config, s, j.Seed)
		if err != nil {
			t.Fatal(err)
		}
		got.Variant, got.Seconds = j.Variant.Name, runs[i].Seconds
		want := prefix(runs[i], len(got.Step))
		if got.Step[len(got.Step)-1] != sliceSteps || !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			t.Errorf("%s: recomputed\n %s\nstored\n %s", j.Variant.Name, gb, wb)
		}
	}
}

// prefix is r cut to its first k records.
func prefix(r seqtf.ReverseRun, k int) seqtf.ReverseRun {
	if len(r.Step) < k {
		return r
	}
	r.Step, r.TrainLoss, r.Accuracy, r.ExactMatch = r.Step[:k], r.TrainLoss[:k], r.Accuracy[:k], r.ExactMatch[:k]
	r.EffQ, r.EffK, r.EffV, r.Alpha1, r.Alpha2 = r.EffQ[:k], r.EffK[:k], r.EffV[:k], r.Alpha1[:k], r.Alpha2[:k]
	r.Cosine, r.Norm = r.Cosine[:k], r.Norm[:k]
	return r
}
