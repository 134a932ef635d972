package shtanhtrain

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/fctrain"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// Classes is the number of Fashion-MNIST classes.
const Classes = fctrain.Classes

// Settings are the sizes of one experiment.
type Settings struct {
	Depth     int     // hidden Shtanh layers L (Width × Width, orthogonal)
	Width     int     // hidden width N
	SigmaB2   float64 // bias variance σ_b², the same for every schedule
	Steps     int     // SGD steps
	Batch     int     // training examples per step, drawn with replacement
	LR        float64 // SGD learning rate
	EvalEvery int     // record every EvalEvery steps (and at step 0)
	NTrain    int     // training examples used (the first NTrain of the subset)
	NTest     int     // held-out test examples (the first NTest of the subset's test file)
}

// Paper returns the settings of the stored runs (notebooks/data/murray-fig2):
// the lecture states none of them. Depth 64 at width 96 is "very deep" for
// the width (L/N = 2/3); σ_b² = 0.5 puts y = σ_b²/a² at 0.056 for a = 3 and 0.02
// for a = 5.
func Paper() Settings {
	return Settings{Depth: 64, Width: 96, SigmaB2: 0.5, Steps: 600, Batch: 64, LR: 0.01, EvalEvery: 30, NTrain: 6000, NTest: 2000}
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("shtanhtrain")

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (s Settings) Validate() error {
	switch {
	case s.Depth < 1:
		return fmt.Errorf("%w: Depth must be ≥ 1, got %d", ErrParam, s.Depth)
	case s.Width < 1:
		return fmt.Errorf("%w: Width must be ≥ 1, got %d", ErrParam, s.Width)
	case !(s.SigmaB2 > 0) || math.IsInf(s.SigmaB2, 1):
		return fmt.Errorf("%w: SigmaB2 must be in (0, +inf), got %v", ErrParam, s.SigmaB2)
	case s.Steps < 1:
		return fmt.Errorf("%w: Steps must be ≥ 1, got %d", ErrParam, s.Steps)
	case s.Batch < 1:
		return fmt.Errorf("%w: Batch must be ≥ 1, got %d", ErrParam, s.Batch)
	case !(s.LR > 0) || math.IsInf(s.LR, 1):
		return fmt.Errorf("%w: LR must be in (0, +inf), got %v", ErrParam, s.LR)
	case s.EvalEvery < 1:
		return fmt.Errorf("%w: EvalEvery must be ≥ 1, got %d", ErrParam, s.EvalEvery)
	case s.NTrain < 1 || s.NTest < 1:
		return fmt.Errorf("%w: NTrain and NTest must be ≥ 1, got %d and %d", ErrParam, s.NTrain, s.NTest)
	}
	return nil
}

// Schedule is the linear-region width a as a function of the training step:
// a(t) = A0 + (A1 − A0)·t/(Steps − 1), t = 0 … Steps−1.
type Schedule struct {
	Name   string
	A0, A1 float64
}

// At returns a at step t of steps.
func (c Schedule) At(t, steps int) float64 {
	if steps <= 1 {
		return c.A0
	}
	return c.A0 + (c.A1-c.A0)*float64(t)/float64(steps-1)
}

// Schedules returns the lecture's two: a fixed at 3, and a decreasing from 5
// to 2 during training.
func Schedules() []Schedule {
	return []Schedule{{Name: "fixed a = 3", A0: 3, A1: 3}, {Name: "a from 5 to 2", A0: 5, A1: 2}}
}

// Examples are images (row-major, 784 per example, in [−1, 1]) and labels.
type Examples = fctrain.Examples

// Run is one training run.
type Run struct {
	Schedule string
	Seed     uint64
	SigmaW2  float64 // edge of chaos at A0 and SigmaB2
	QStar    float64 // its fixed point q*
	Step     []int
	A        []float64 // a at the recorded step
	Loss     []float64 // mean training cross-entropy since the last record (at step 0: of the first batch, before the update)
	TestAcc  []float64 // accuracy on the test examples
	TestLoss []float64 // mean cross-entropy on the test examples
}

// ErrDiverged is wrapped when the loss stops being finite.
var ErrDiverged = fctrain.ErrDiverged

// Train trains one network with schedule c from seed (initialisation
// PCG(seed, 1), minibatches PCG(seed, 2)) on train and records test loss and
// accuracy on test every s.EvalEvery steps and after the last. It returns an
// error for settings out of range, a schedule with a non-positive a, empty or
// inconsistent data, no edge of chaos, or a non-finite loss (wrapping
// ErrDiverged; the run so far is returned with it).
func Train(s Settings, c Schedule, seed uint64, train, test Examples) (Run, error) {
	return TrainFirst(s, c, seed, train, test, s.Steps)
}

// TrainFirst is Train stopped after the first steps of s.Steps (1 ≤ steps ≤
// s.Steps), with the schedule still spread over s.Steps: its records are
// those of Train's run up to that step, bit for bit (the slice the stored
// runs' test recomputes).
func TrainFirst(s Settings, c Schedule, seed uint64, train, test Examples, steps int) (Run, error) {
	if err := s.Validate(); err != nil {
		return Run{}, err
	}
	if steps < 1 || steps > s.Steps {
		return Run{}, fmt.Errorf("shtanhtrain: steps must be in [1, %d], got %d", s.Steps, steps)
	}
	if !(c.A0 > 0) || !(c.A1 > 0) || math.IsInf(c.A0, 1) || math.IsInf(c.A1, 1) {
		return Run{}, fmt.Errorf("shtanhtrain: schedule %q needs A0, A1 in (0, +inf), got %v, %v", c.Name, c.A0, c.A1)
	}
	if err := fctrain.CheckData(train, test); err != nil {
		return Run{}, fmt.Errorf("shtanhtrain: %w", err)
	}
	sw2, q, err := meanfield.EoCSigmaW2(activation.Shtanh(c.A0), s.SigmaB2)
	if err != nil {
		return Run{}, fmt.Errorf("shtanhtrain: edge of chaos of shtanh a = %v at σ_b² = %v: %w", c.A0, s.SigmaB2, err)
	}
	in := len(train.X) / train.Len()
	n := fctrain.New(fctrain.Init{Depth: s.Depth, Width: s.Width, SigmaW2: sw2, SigmaB2: s.SigmaB2, QStar: q, Orthogonal: true}, in, rand.New(rand.NewPCG(seed, 1)))
	o := fctrain.SGD{Steps: s.Steps, Batch: s.Batch, LR: s.LR, EvalEvery: s.EvalEvery, NTrain: s.NTrain}
	tr, err := fctrain.Fit(n, o, func(t int) activation.Func { return activation.Shtanh(c.At(t, s.Steps)) }, rand.New(rand.NewPCG(seed, 2)), train, test, steps)
	run := Run{Schedule: c.Name, Seed: seed, SigmaW2: sw2, QStar: q, Step: tr.Step, Loss: tr.Loss, TestAcc: tr.TestAcc, TestLoss: tr.TestLoss}
	for _, t := range tr.Step {
		run.A = append(run.A, c.At(min(t, s.Steps-1), s.Steps))
	}
	if err != nil {
		return run, fmt.Errorf("shtanhtrain: schedule %q, seed %d: %w", c.Name, seed, err)
	}
	return run, nil
}
