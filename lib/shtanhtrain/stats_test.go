package shtanhtrain

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestFig2Paired: the paired difference and its SE by hand for three seeds.
func TestFig2Paired(t *testing.T) {
	mk := func(name string, seed uint64, acc float64) Run {
		return Run{Schedule: name, Seed: seed, Step: []int{0, 10}, A: []float64{1, 1}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	runs := []Run{mk("f", 1, 0.5), mk("f", 2, 0.6), mk("f", 3, 0.7), mk("d", 1, 0.6), mk("d", 2, 0.6), mk("d", 3, 0.9)}
	c, err := Fig2(runs, "f", "d")
	if err != nil {
		t.Fatal(err)
	}
	// differences 0.1, 0, 0.2: mean 0.1, sd 0.1, SE 0.1/√3.
	if math.Abs(c.Diff-0.1) > 1e-15 || math.Abs(c.DiffSE-0.1/math.Sqrt(3)) > 1e-15 || c.Seeds != 3 {
		t.Errorf("Diff %v ± %v over %d, want 0.1 ± %v over 3", c.Diff, c.DiffSE, c.Seeds, 0.1/math.Sqrt(3))
	}
	if math.Abs(c.Fixed.Acc[1]-0.6) > 1e-15 || math.Abs(c.Fixed.AccSE[1]-0.1/math.Sqrt(3)) > 1e-15 {
		t.Errorf("fixed curve %v ± %v", c.Fixed.Acc, c.Fixed.AccSE)
	}
	if _, err := Fig2(runs[:4], "f", "d"); err == nil || !strings.Contains(err.Error(), "need ≥ 2") {
		t.Errorf("one decaying run: err %v", err)
	}
	runs[5].Seed = 4
	if _, err := Fig2(runs, "f", "d"); err == nil || !strings.Contains(err.Error(), "cannot pair") {
		t.Errorf("unpaired seeds: err %v", err)
	}
}

func tinyData(n, in int, rng *rand.Rand) Examples {
	e := Examples{X: make([]float64, n*in), Labels: make([]int, n)}
	for i := range e.X {
		e.X[i] = 2*rng.Float64() - 1
	}
	for i := range e.Labels {
		e.Labels[i] = rng.IntN(Classes)
	}
	return e
}

// TestTrainFirstIsPrefix: stopping early keeps the schedule of the full
// run, so its records equal the full run's first ones bit for bit; and a
// decaying schedule records a falling a.
func TestTrainFirstIsPrefix(t *testing.T) {
	s := Settings{Depth: 4, Width: 8, SigmaB2: 0.5, Steps: 20, Batch: 8, LR: 0.05, EvalEvery: 5, NTrain: 40, NTest: 20}
	rng := rand.New(rand.NewPCG(3, 3))
	train, test := tinyData(40, 12, rng), tinyData(20, 12, rng)
	c := Schedule{Name: "decay", A0: 5, A1: 2}
	full, err := Train(s, c, 9, train, test)
	if err != nil {
		t.Fatal(err)
	}
	part, err := TrainFirst(s, c, 9, train, test, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part.Step, []int{0, 5, 10}) || !reflect.DeepEqual(part.TestAcc, full.TestAcc[:3]) || !reflect.DeepEqual(part.Loss, full.Loss[:3]) || !reflect.DeepEqual(part.A, full.A[:3]) {
		t.Errorf("first 10 steps %+v, full run %+v", part, full)
	}
	if want := 5 - 3*10.0/19; math.Abs(part.A[2]-want) > 1e-15 || full.A[len(full.A)-1] != 2 {
		t.Errorf("a at step 10 = %v (want %v), at the end %v (want 2)", part.A[2], want, full.A[len(full.A)-1])
	}
	if _, err := TrainFirst(s, c, 9, train, test, 21); err == nil {
		t.Error("steps beyond Steps accepted")
	}
}

// TestValidate: each size out of range is an error naming it.
func TestValidate(t *testing.T) {
	for name, mod := range map[string]func(*Settings){
		"Depth": func(s *Settings) { s.Depth = 0 }, "Width": func(s *Settings) { s.Width = 0 },
		"SigmaB2": func(s *Settings) { s.SigmaB2 = 0 }, "Steps": func(s *Settings) { s.Steps = 0 },
		"Batch": func(s *Settings) { s.Batch = 0 }, "LR": func(s *Settings) { s.LR = math.NaN() },
		"EvalEvery": func(s *Settings) { s.EvalEvery = 0 }, "NTrain": func(s *Settings) { s.NTrain = 0 },
	} {
		s := Paper()
		mod(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s out of range: err %v", name, err)
		}
	}
	if err := Paper().Validate(); err != nil {
		t.Error(err)
	}
}

// TestFig2Stored: the provenance's schedules in order, fixed then
// decaying (the difference by hand: 0.1 as in TestFig2Paired, and −0.1
// with the two swapped), and a provenance without two schedules is an
// error.
func TestFig2Stored(t *testing.T) {
	mk := func(name string, seed uint64, acc float64) Run {
		return Run{Schedule: name, Seed: seed, Step: []int{0, 10}, A: []float64{1, 1}, Loss: []float64{2, 1}, TestAcc: []float64{0.1, acc}, TestLoss: []float64{2, 1}}
	}
	runs := []Run{mk("f", 1, 0.5), mk("f", 2, 0.6), mk("f", 3, 0.7), mk("d", 1, 0.6), mk("d", 2, 0.6), mk("d", 3, 0.9)}
	var p Provenance
	p.Settings.Schedules = []Schedule{{Name: "f"}, {Name: "d"}}
	c, err := Fig2Stored(runs, p)
	if err != nil || math.Abs(c.Diff-0.1) > 1e-15 {
		t.Errorf("fixed f, decaying d: Diff %v, err %v; want 0.1", c.Diff, err)
	}
	p.Settings.Schedules[0], p.Settings.Schedules[1] = p.Settings.Schedules[1], p.Settings.Schedules[0]
	if c, err := Fig2Stored(runs, p); err != nil || math.Abs(c.Diff+0.1) > 1e-15 {
		t.Errorf("swapped: Diff %v, err %v; want −0.1", c.Diff, err)
	}
	p.Settings.Schedules = p.Settings.Schedules[:1]
	if _, err := Fig2Stored(runs, p); err == nil || !strings.Contains(err.Error(), "want 2") {
		t.Errorf("one schedule: err %v", err)
	}
}
