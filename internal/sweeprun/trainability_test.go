package sweeprun

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/fashionmnist"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// needFashionMNIST skips without Debian's dataset-fashion-mnist, except
// under CI, whose .ci/run installs it.
func needFashionMNIST(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(fashionmnist.DebianDir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing (%v): .ci/run must install %s", fashionmnist.DebianDir, err, fashionmnist.DebianPackage)
		}
		t.Skipf("%s not installed: apt-get install -y %s to run this test", fashionmnist.DebianDir, fashionmnist.DebianPackage)
	}
}

// tinyTrainability is a 2×2 trainability sweep that trains in well under a
// second per point: d = 8, L = 2, 10 Adam steps on 64 images.
func tinyTrainability() trainsweep.Settings {
	return trainsweep.Settings{Alphas: []float64{0.2, 0.8}, SigmaWs: []float64{0.5, 2}, D: 8, Layers: 2, Patch: 7,
		Steps: 10, Batch: 8, LR: 1e-3, Train: 64, Val: 32, Test: 64, Seed: 3, SplitSeed: 1, DataDir: fashionmnist.DebianDir}
}

// The trainability kind writes what lib/trainsweep computes, point for
// point, whatever the number of workers.
func TestTrainabilityRun(t *testing.T) {
	needFashionMNIST(t)
	s := tinyTrainability()
	var got [2][]trainsweep.Result
	for k, workers := range []int{1, 2} {
		dir := t.TempDir()
		if _, err := PlanTrainability(dir, s, NewInvocation("plan", 0)); err != nil {
			t.Fatal(err)
		}
		if sum, err := Run(context.Background(), dir, RunOptions{Workers: workers}); err != nil || sum.Computed != 4 {
			t.Fatalf("%d workers: %+v, %v", workers, sum, err)
		}
		sw, err := sweep.Read(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		if got[k], err = sweep.Decode[trainsweep.Result](sw); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := trainsweep.LoadData(os.DirFS(s.DataDir), s.Train, s.Val, s.Test, s.SplitSeed)
	if err != nil {
		t.Fatal(err)
	}
	task := s.Spec(ds).Task()
	for i, p := range (trainsweep.Grid{Alphas: s.Alphas, SigmaWs: s.SigmaWs}).Points() {
		want, err := task(p)
		if err != nil {
			t.Fatal(err)
		}
		for k := range got {
			if !sameExceptSeconds(got[k][i], want) {
				t.Errorf("point %s, run %d: %+v, trainsweep gives %+v", p.Key(), k, got[k][i], want)
			}
		}
	}
}

// sameExceptSeconds compares two results field by field, bit for bit
// (through their JSON, which distinguishes every float64), ignoring the
// wall time.
func sameExceptSeconds(a, b trainsweep.Result) bool {
	a.Seconds, b.Seconds = 0, 0
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return reflect.DeepEqual(ja, jb)
}
