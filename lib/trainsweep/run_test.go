package trainsweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/vit"
)

// TestTrainEvalMatchesSteps: TrainEval is vit.Train then vit.Evaluate
// from the stated generators, bit for bit, on 1 and 2 workers; a run
// with lr = 1e300 diverges into Run.Err with NaN test numbers.
func TestTrainEvalMatchesSteps(t *testing.T) {
	cfg := tinyViT()
	cfg.AlphaA, cfg.AlphaM, cfg.SigmaW = 0.5, 0.5, 1
	rng := rand.New(rand.NewPCG(1, 1))
	ds := Data{Train: synthetic(cfg, 100, rng), Test: synthetic(cfg, 30, rng)}
	s := vit.TrainSettings{Steps: 12, Batch: 8}
	m := vit.New(cfg, rand.New(rand.NewPCG(4, 1)))
	tr, err := vit.Train(m, ds.Train, s, rand.New(rand.NewPCG(4, 2)))
	if err != nil {
		t.Fatal(err)
	}
	tl, acc, err := vit.Evaluate(m, ds.Test, 256)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 2} {
		s.Workers = w
		var steps []int
		s.Every = 5
		r, err := TrainEval(cfg, ds, s, 4, func(m *vit.Model, step int, _ float64) { steps = append(steps, step) })
		if len(steps) != 3 || steps[2] != 12 {
			t.Errorf("record called at steps %v, want 5, 10, 12", steps)
		}
		if err != nil || r.Err != nil {
			t.Fatal(err, r.Err)
		}
		if r.TestLoss != tl || r.TestAccuracy != acc || len(r.TrainLoss) != 12 || r.TrainLoss[11] != tr.TrainLoss[11] {
			t.Errorf("%d workers: %v %v, want %v %v", w, r.TestLoss, r.TestAccuracy, tl, acc)
		}
	}
	if got, want := (Run{TrainLoss: []float64{1, 2, 3, 4}}).TailMean(3), 3.0; got != want {
		t.Errorf("TailMean = %v, want %v", got, want)
	}
	s.Optimizer = &vit.Adam{LR: 1e300}
	r, err := TrainEval(cfg, ds, s, 4, nil)
	if err != nil || r.Err == nil || !math.IsNaN(r.TestLoss) {
		t.Errorf("lr 1e300: err %v, run error %v, test loss %v; want a diverged run", err, r.Err, r.TestLoss)
	}
}
