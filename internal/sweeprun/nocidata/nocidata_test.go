package nocidata

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

var (
	committed = filepath.Join("..", "..", "..", "notebooks", "data", "noci-training")
	subset    = filepath.Join("..", "..", "..", "notebooks", "data", "fashion-mnist-subset")
)

// TestPlan: every job is distinct, every variant appears at TableDepth
// from every seed and Fig. 5's variants at every depth.
func TestPlan(t *testing.T) {
	seen := map[Job]bool{}
	for _, j := range Plan() {
		if seen[j] {
			t.Errorf("job %+v twice", j)
		}
		seen[j] = true
	}
	for _, v := range ts.NociVariants {
		for _, s := range Seeds {
			if !seen[Job{v, TableDepth, s}] {
				t.Errorf("%s missing at L = %d, seed %d", v.Name, TableDepth, s)
			}
		}
	}
	for _, name := range Fig5 {
		v, err := ts.NociVariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, L := range Depths {
			if !seen[Job{v, L, Seeds[0]}] {
				t.Errorf("Fig. 5 variant %s missing at L = %d", name, L)
			}
		}
	}
}

// TestCommittedRuns: the committed runs.json holds exactly Plan() (same
// variants, depths and seeds, in order), its provenance the current
// settings, and its cheapest run (SGD res-scale with τ, L = 2, the first
// seed) recomputed here equals the stored one to the last bit (JSON keeps
// every float64 exactly), τ, ρ, losses and accuracy alike.
func TestCommittedRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("trains one L = 2 model (~10 s)")
	}
	runs, prov, err := Read(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	jobs := Plan()
	if len(runs) != len(jobs) {
		t.Fatalf("%d runs stored, the plan has %d", len(runs), len(jobs))
	}
	for i, j := range jobs {
		r := runs[i]
		if r.Variant != j.Variant.Name || r.Layers != j.Layers || r.Seed != j.Seed {
			t.Errorf("run %d is %s L=%d seed %d, the plan says %s L=%d seed %d", i, r.Variant, r.Layers, r.Seed, j.Variant.Name, j.Layers, j.Seed)
		}
	}
	if inv := prov.Invocation; len(inv.Command) == 0 || len(inv.Revision) != 40 || inv.Modified != "false" || inv.Started.IsZero() {
		t.Errorf("provenance invocation incomplete or from a modified checkout: %+v", inv)
	}
	if !reflect.DeepEqual(prov.Settings, CurrentSettings()) {
		t.Errorf("stored settings %+v, current %+v", prov.Settings, CurrentSettings())
	}
	v, err := ts.NociVariantByName("SGD, res-scale 1/√L + τ")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := LoadData(os.DirFS(subset))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ts.RunNoci(v, 2, Seeds[0], ds, 2)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.Index(jobs, Job{v, 2, Seeds[0]})
	want := runs[i]
	got.Seconds = want.Seconds
	if !reflect.DeepEqual(got, want) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		t.Errorf("recomputed\n %s\nstored\n %s", gb, wb)
	}
}
