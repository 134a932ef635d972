package trainsweep

import (
	"math"
	"testing"
)

func TestSeedMean(t *testing.T) {
	ln10 := math.Log(10)
	runs := [][]Result{
		{{Alpha: 0.1, TestLoss: 1, TrainLoss: 0.5, TestAccuracy: 0.6}, {Alpha: 0.2, Diverged: true, TestLoss: math.NaN()}},
		{{Alpha: 0.1, TestLoss: 2, TrainLoss: 1.5, TestAccuracy: 0.4}, {Alpha: 0.2, TestLoss: 2}},
	}
	mean, sd, err := SeedMean(runs, FitSettings{})
	if err != nil {
		t.Fatal(err)
	}
	// Point 0: mean 1.5, SD of {1, 2} = 1/√2. Point 1: the diverged seed
	// counts ln 10, so mean (ln 10 + 2)/2 and SD |ln 10 − 2|/√2.
	if math.Abs(mean[0].TestLoss-1.5) > 1e-15 || math.Abs(sd[0]-1/math.Sqrt2) > 1e-15 ||
		math.Abs(mean[0].TrainLoss-1) > 1e-15 || math.Abs(mean[0].TestAccuracy-0.5) > 1e-15 || mean[0].Alpha != 0.1 {
		t.Errorf("point 0: %+v, sd %v", mean[0], sd[0])
	}
	if math.Abs(mean[1].TestLoss-(ln10+2)/2) > 1e-15 || math.Abs(sd[1]-(ln10-2)/math.Sqrt2) > 1e-12 || mean[1].Diverged {
		t.Errorf("point 1: %+v, sd %v", mean[1], sd[1])
	}
	if _, sd, _ := SeedMean(runs[:1], FitSettings{}); !math.IsNaN(sd[0]) {
		t.Errorf("one seed: sd %v, want NaN", sd[0])
	}
	if _, _, err := SeedMean([][]Result{runs[0], runs[1][:1]}, FitSettings{}); err == nil {
		t.Error("runs of different lengths: no error")
	}
}

func TestSaturated(t *testing.T) {
	s := FitSettings{}
	for _, c := range []struct {
		r    Result
		want bool
	}{
		{Result{TestLoss: 1}, false},
		{Result{TestLoss: math.Log(10) - 0.04}, true},
		{Result{TestLoss: 0.1, Diverged: true}, true},
	} {
		if got := s.Saturated(c.r); got != c.want {
			t.Errorf("Saturated(%+v) = %v, want %v", c.r, got, c.want)
		}
	}
}

func TestEqualButSeed(t *testing.T) {
	a := Settings{Alphas: []float64{0.1}, SigmaWs: []float64{1}, D: 64, Seed: 1}
	b := a
	b.Seed = 2
	if !a.EqualButSeed(b) {
		t.Error("settings differing in the seed only: not equal")
	}
	b.Alphas = []float64{0.2}
	if a.EqualButSeed(b) {
		t.Error("settings with another grid: equal")
	}
}
