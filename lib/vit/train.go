package vit

import (
	"fmt"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// Examples is a labelled image set in the model's input layout: N images
// of Rows·Cols pixels each, row-major, image after image.
type Examples struct {
	X      []float64 // len N·Rows·Cols
	Labels []int     // len N
}

// Len returns the number of examples.
func (e Examples) Len() int { return len(e.Labels) }

// TrainSettings configures Train. Zero values mean: Batch 64, Steps 100,
// Adam with the paper's settings (LR 3e-4).
type TrainSettings struct {
	Steps     int       // optimiser steps
	Batch     int       // examples per step (the last ones of an epoch wrap into the next permutation)
	Optimizer Optimizer // nil: &Adam{}
	// Workers > 0 sets the model's worker count (Model.SetWorkers) for this
	// and later passes; 0 keeps it. Results do not depend on it.
	Workers int
	// Every > 0 calls Callback after every Every steps (and after the last).
	Every    int
	Callback func(step int, trainLoss float64)
}

// TrainResult summarises a run.
type TrainResult struct {
	Steps     int       // steps taken
	TrainLoss []float64 // mini-batch loss before each step
}

// Validate returns ErrParam for Steps < 0, Batch < 0 or Workers < 0
// (zero Steps and Batch take their defaults, 100 and 64).
func (s TrainSettings) Validate() error {
	if s.Steps < 0 {
		return param.Err(ErrParam, "TrainSettings.Steps", s.Steps, "an integer >= 0 (0: 100)")
	}
	if s.Batch < 0 {
		return param.Err(ErrParam, "TrainSettings.Batch", s.Batch, "an integer >= 0 (0: 64)")
	}
	if s.Workers < 0 {
		return param.Err(ErrParam, "TrainSettings.Workers", s.Workers, "an integer >= 0")
	}
	return nil
}

// Train runs s.Steps optimiser steps of mini-batch training on data,
// drawing a fresh permutation of the examples from rng for each epoch
// (same rng state, same run). It returns an error wrapping ErrNonFinite if
// the loss diverges; the result then holds the steps taken before that.
//
// It panics with Validate's error (a caller bug: trainsweep validates what
// a user types).
func Train(m *Model, data Examples, s TrainSettings, rng *rand.Rand) (TrainResult, error) {
	if rng == nil {
		panic("vit: Train needs a non-nil *rand.Rand")
	}
	if s.Steps == 0 {
		s.Steps = 100
	}
	if s.Batch == 0 {
		s.Batch = 64
	}
	if s.Optimizer == nil {
		s.Optimizer = &Adam{}
	}
	N, px := data.Len(), m.cfg.Pixels()
	if err := s.Validate(); err != nil {
		panic(err.Error())
	}
	if s.Workers > 0 {
		m.SetWorkers(s.Workers)
	}
	if N == 0 || len(data.X) != N*px {
		panic(fmt.Sprintf("vit: Train data have %d labels and %d pixels; want N >= 1 and N·%d pixels", N, len(data.X), px))
	}
	x := make([]float64, s.Batch*px)
	y := make([]int, s.Batch)
	var perm []int
	pos := N
	res := TrainResult{TrainLoss: make([]float64, 0, s.Steps)}
	for step := 0; step < s.Steps; step++ {
		for b := 0; b < s.Batch; b++ {
			if pos == N {
				perm, pos = rng.Perm(N), 0
			}
			i := perm[pos]
			pos++
			copy(x[b*px:(b+1)*px], data.X[i*px:(i+1)*px])
			y[b] = data.Labels[i]
		}
		loss, _, err := m.LossGrad(x, y)
		if err != nil {
			return res, fmt.Errorf("vit: step %d: %w", step, err)
		}
		res.TrainLoss = append(res.TrainLoss, loss)
		s.Optimizer.Step(m.params, m.grads)
		res.Steps = step + 1
		if s.Every > 0 && s.Callback != nil && (res.Steps%s.Every == 0 || res.Steps == s.Steps) {
			s.Callback(res.Steps, loss)
		}
	}
	return res, nil
}

// Evaluate returns the mean cross-entropy and the accuracy of m on data,
// in batches of at most batch examples (0: 64, the training default; the
// forward caches grow to the largest batch seen). It returns an error
// wrapping ErrNonFinite if a forward pass is not finite.
func Evaluate(m *Model, data Examples, batch int) (loss, accuracy float64, err error) {
	if batch == 0 {
		batch = 64
	}
	N, px := data.Len(), m.cfg.Pixels()
	if batch < 1 || N == 0 || len(data.X) != N*px {
		panic(fmt.Sprintf("vit: Evaluate needs batch >= 1 and N >= 1 examples of %d pixels; got batch %d, %d labels, %d pixels", px, batch, N, len(data.X)))
	}
	var sum float64
	correct := 0
	for i := 0; i < N; i += batch {
		j := min(i+batch, N)
		l, c, err := m.Loss(data.X[i*px:j*px], data.Labels[i:j])
		if err != nil {
			return 0, 0, err
		}
		sum += l * float64(j-i)
		correct += c
	}
	return sum / float64(N), float64(correct) / float64(N), nil
}
