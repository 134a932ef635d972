package nocidata

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
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

// TestCommittedNormPrefixes: TestCommittedRuns retrains a run without
// normalisation only, so a change confined to the PRE-LN or POST-LN paths
// of lib/vit (the branch-input norm, its pull-back) would pass it. Here the
// first NociEvery steps of a stored L = 2 run of each norm (first seed) are
// retrained and their ρ, σ_x², τ, first
// NociEvery/NociWindow loss windows and first entropy record must equal
// the stored run's to the last bit (ts.NociPrefix). The test-set
// evaluation that ends a run is the full run's in the store, not the
// prefix's, so it runs on one image.
func TestCommittedNormPrefixes(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two L = 2 models for 25 steps (~2 s)")
	}
	runs, _, err := Read(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	ds, err := LoadData(os.DirFS(subset))
	if err != nil {
		t.Fatal(err)
	}
	ds.Test.X, ds.Test.Labels = ds.Test.X[:len(ds.Test.X)/ds.Test.Len()], ds.Test.Labels[:1]
	jobs := Plan()
	for _, block := range []string{"pre-ln", "post-ln"} {
		// The first variant of this block with a stored L = 2 run (Adam
		// PRE-LN and SGD POST-LN: both norm paths and both optimizers).
		i := slices.IndexFunc(jobs, func(j Job) bool { return j.Variant.Block == block && j.Layers == 2 && j.Seed == Seeds[0] })
		if i < 0 {
			t.Errorf("no %s variant has a stored run at L = 2, seed %d", block, Seeds[0])
			continue
		}
		v := jobs[i].Variant
		want := runs[i]
		got, err := ts.NociPrefix(v, 2, Seeds[0], ds, 2, ts.NociEvery)
		if err != nil {
			t.Fatal(err)
		}
		bits := func(what string, g, w []float64) {
			t.Helper()
			if len(g) > len(w) {
				t.Errorf("%s %s: %d values recomputed, %d stored", v.Name, what, len(g), len(w))
				return
			}
			for k := range g {
				if math.Float64bits(g[k]) != math.Float64bits(w[k]) {
					t.Errorf("%s %s[%d]: recomputed %v, stored %v", v.Name, what, k, g[k], w[k])
				}
			}
		}
		bits("ρ, σ_x², τ", []float64{got.Rho, got.SX2, got.Tau}, []float64{want.Rho, want.SX2, want.Tau})
		if n := ts.NociEvery / ts.NociWindow; len(got.Curve) < n || n < 1 {
			t.Fatalf("%s: %d loss windows in %d steps", v.Name, len(got.Curve), ts.NociEvery)
		}
		bits("curve", got.Curve[:ts.NociEvery/ts.NociWindow], want.Curve)
		if len(got.EntropySteps) != 1 || len(want.EntropySteps) == 0 || got.EntropySteps[0] != want.EntropySteps[0] {
			t.Fatalf("%s: entropy steps %v recomputed, stored %v", v.Name, got.EntropySteps, want.EntropySteps)
		}
		for k := range got.Entropy {
			bits("entropy of layer "+strconv.Itoa(got.EntropyLayers[k]), got.Entropy[k], want.Entropy[k][:1])
		}
		// NociRun.PrefixDiff, notebook 06's check of its retrained
		// prefix, compares the same values and finds them equal.
		if d, w, r := got.PrefixDiff(want, ts.NociEvery); d != 0 || w != ts.NociEvery/ts.NociWindow || r != 1 {
			t.Errorf("%s: PrefixDiff = %v over %d windows and %d entropy records, want 0 over %d and 1", v.Name, d, w, r, ts.NociEvery/ts.NociWindow)
		}
	}
}
