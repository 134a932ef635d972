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

// sliceSteps is how far TestCommittedRuns retrains ReZero: the records at
// steps 1 and 20 of Fig6Settings (LogEvery 20), one of each kind
// RunReverse writes (the first step's, and one averaging the loss over a
// LogEvery interval after LogEvery Adam steps; the record at 40 would run
// the same code again, for twice the training). The other two variants
// are retrained for their first step only, for their statistics at
// initialisation and their record at step 1: that step runs their whole
// forward and backward pass (every block's branch has α ≠ 0, so every
// weight gets a gradient; POST-LN's layer-norm pullbacks, the no-LN
// variant's α gradients) and one Adam update, whose bits move with the
// gradient's (g/(|g|+ε), ε = 1e-8). ReZero needs the 20: its α start at
// 0, so at step 1 only the α are trained, and its blocks' weights are
// first updated (through the α) at step 2. The record at 20 of the other
// two would run the same code (Adam with moments, the interval's mean
// loss) as ReZero's.
const sliceSteps = 20

// retrainSteps is how far TestCommittedRuns retrains variant v.
func retrainSteps(v seqtf.ReverseVariant) int {
	if v.Name == seqtf.ReZeroName {
		return sliceSteps
	}
	return 1
}

// TestCommittedRuns: the committed runs.json holds exactly Plan() (same
// variants and seeds, in order) with the current settings, from a clean
// checkout; and the first retrainSteps steps of each variant's first
// seed, trained again here, give the stored records at those steps to the
// last bit (JSON keeps every float64 exactly): losses, accuracies, effective
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
		t.Skip("retrains 20 + 1 + 1 steps (~4 CPU-s)")
	}
	long := 0
	for i, j := range jobs {
		if j.Seed != Seeds[0] {
			continue
		}
		s := CurrentSettings().Training
		s.Steps = retrainSteps(j.Variant)
		if s.Steps == sliceSteps {
			long++
		}
		got, err := seqtf.RunReverse(j.Variant.Config, s, j.Seed)
		if err != nil {
			t.Fatal(err)
		}
		got.Variant, got.Seconds = j.Variant.Name, runs[i].Seconds
		want := prefix(runs[i], len(got.Step))
		if got.Step[len(got.Step)-1] != s.Steps || !reflect.DeepEqual(got, want) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			t.Errorf("%s: recomputed\n %s\nstored\n %s", j.Variant.Name, gb, wb)
		}
	}
	if long != 1 {
		t.Errorf("%d variants retrained for %d steps, want 1 (ReZero)", long, sliceSteps)
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
