package composeshow

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// newTraining is notebook 07's new cell: the renderers called directly.
func newTraining(plane *compose.Phase, training *trainsweep.PhaseTraining) show.View {
	var v show.View
	res := training.Results(plane)
	v = append(v, rd.Plane(show.Figure{ID: "no-norm-tanh-training-phase"}, res.Phase)...)
	v = append(v, rd.Curves(show.Figure{ID: "no-norm-tanh-training-test-loss"}, res.TestLoss)...)
	v = append(v, rd.Curves(show.Figure{ID: "no-norm-tanh-training-accuracy"}, res.Accuracy)...)
	v = append(v, rd.Curves(show.Figure{ID: "no-norm-tanh-training-train-loss"}, res.TrainLoss)...)
	v = append(v, rd.Table(bundle.Table{ID: "no-norm-tanh-training"}, res.Points)...)
	return append(v, rd.Table(bundle.Table{ID: "no-norm-tanh-training-gaps"}, res.Gaps)...)
}

// TestTmpOldNew: Training against the renderers called as the new cell
// calls them, on the stored training at the notebook's settings and on a
// made-up one (temporary: deleted with Training).
func TestTmpOldNew(t *testing.T) {
	// the notebook's cell at its default parameters, read from the store
	trainTask := vit.PaperTask()
	trainBlock := show.Val(compose.ParseBlock(strings.NewReader(fmt.Sprintf("n = %d\nd = %d\ndepth = %d\nnorm = none\nattn = softmax\nphi = tanh\nmlp_layers = 2", trainTask.Tokens(), 16, 6))))
	seeds := []uint64{11, 12, 13, 14}
	training, stored, err := trainsweep.PhaseTrainSettings{Block: trainBlock, XKey: "alpha", YKey: "sigma_ff",
		Points: []trainsweep.PhasePoint{{Name: "ordered", X: 0.8, Y: 1.5}, {Name: "edge", X: 0.8, Y: 2.15}, {Name: "chaotic", X: 0.8, Y: 3.5}},
		Task:   trainTask, Split: trainsweep.Split{Train: 3000, Test: 500, Seed: 11},
		Steps:  200, Batch: 32, Every: 25, Seeds: seeds, Workers: 2}.StoredOrRun(os.DirFS("../../notebooks/data/compose-training"), os.DirFS("../../notebooks/data/fashion-mnist-subset"))
	if err != nil || !stored {
		t.Fatalf("stored %v, %v", stored, err)
	}
	plane := show.Val(compose.PhaseLambdaA(trainBlock, "alpha", empirical.Linspace(0.05, 0.95, 16), "sigma_ff", empirical.Linspace(0.2, 4, 16), 2))
	cmp(t, "stored", Training("no-norm-tanh-training", plane, training), newTraining(plane, training))
	// made up (TestTraining's)
	b := compose.Cowsik(17, 8, 2, 0.8, 0.8, 1.5, 1, 2, activation.Tanh())
	b.Norm = compose.NoNorm
	ph, err := compose.PhaseLambdaA(b, "alpha", []float64{0.5, 0.8}, "sigma_ff", []float64{1.5, 3.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64, final float64) trainsweep.PhaseTrainRun {
		return trainsweep.PhaseTrainRun{Seed: seed, Step: []int{5, 10}, TrainLoss: []float64{2, 1.5}, TestLoss: []float64{2, final}, TestAccuracy: []float64{0.2, 0.5}}
	}
	curve := trainsweep.Curve{Step: []int{5, 10}, Mean: []float64{2, 1.5}, SE: []float64{0.1, 0.1}}
	pt := func(name string, y, l1, l2 float64) trainsweep.PhaseTrainPoint {
		return trainsweep.PhaseTrainPoint{PhasePoint: trainsweep.PhasePoint{Name: name, X: 0.8, Y: y}, Block: b, LambdaA: -0.5, LambdaG: math.NaN(),
			TheoryErr: "no theory here", Runs: []trainsweep.PhaseTrainRun{run(1, l1), run(2, l2)}, TrainLoss: curve, TestLoss: curve, TestAccuracy: curve,
			FinalLoss: 1.25, FinalLossSE: 0.125, FinalAccuracy: 0.5, Finished: 2}
	}
	r := &trainsweep.PhaseTraining{Settings: trainsweep.PhaseTrainSettings{Block: b, XKey: "alpha", YKey: "sigma_ff", Steps: 10, Batch: 4, Seeds: []uint64{1, 2}},
		Points: []trainsweep.PhaseTrainPoint{pt("ordered", 1.5, 1, 1.5), pt("chaotic", 3.5, 2, 2.25)}}
	cmp(t, "made up", Training("no-norm-tanh-training", ph, r), newTraining(ph, r))
}

// cmp compares two views item by item: the same kinds in the same order,
// figures and tables DeepEqual NaN-aware, no check in either.
func cmp(t *testing.T, name string, old, new show.View) {
	t.Helper()
	if len(old) != len(new) || len(old.Agreements()) != 0 || len(new.Agreements()) != 0 || len(old.Texts()) != 0 || len(new.Texts()) != 0 {
		t.Fatalf("%s: %d items, new %d (checks %d, %d)", name, len(old), len(new), len(old.Agreements()), len(new.Agreements()))
	}
	var ids []string
	for i := range old {
		if f0, ok := old[i].Figure(); ok {
			f1, ok1 := new[i].Figure()
			if !ok1 || !equalNaN(reflect.ValueOf(f0), reflect.ValueOf(f1)) {
				t.Errorf("%s item %d: figure %s differs", name, i, f0.ID)
			}
			ids = append(ids, f0.ID+" ("+f0.Caption[:min(30, len(f0.Caption))]+"…)")
			continue
		}
		x0, ok := old[i].Table()
		x1, ok1 := new[i].Table()
		if !ok || !ok1 || !equalNaN(reflect.ValueOf(x0), reflect.ValueOf(x1)) {
			t.Errorf("%s item %d: table differs:\n%#v\n%#v", name, i, x0, x1)
		}
		ids = append(ids, x0.ID)
	}
	t.Logf("%s: %d items equal: %q", name, len(old), ids)
}
// equalNaN is reflect.DeepEqual with NaN equal to NaN.
func equalNaN(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() || (a.IsValid() && a.Type() != b.Type()) {
		return false
	}
	if !a.IsValid() {
		return true
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || (x != x && y != y)
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equalNaN(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalNaN(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !equalNaN(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !equalNaN(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	}
	return reflect.DeepEqual(valueOf(a), valueOf(b))
}

// valueOf reads unexported fields too (comparison only).
func valueOf(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.String:
		return v.String()
	case reflect.Complex64, reflect.Complex128:
		return v.Complex()
	}
	panic("equalNaN: kind " + v.Kind().String())
}
