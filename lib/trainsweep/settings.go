package trainsweep

import (
	"fmt"
	"math"
	"reflect"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// Settings are the trainability sweep's settings that determine every
// result (`sigprop sweep plan DIR trainability`, recorded in the sweep
// directory's provenance.json; the field names are those of the files the
// former cmd/trainsweep wrote); a result directory must not mix two of
// them. Zero Train or Test means all available examples.
type Settings struct {
	Alphas, SigmaWs  []float64
	D, Layers, Patch int
	Steps, Batch     int
	LR               float64
	Train, Val, Test int
	Seed             uint64 // initialisation and batch order
	SplitSeed        uint64 // train/validation split
	DataDir          string // Fashion-MNIST (fashionmnist.DebianDir)
}

// UniformLoss is ln C, C the classes every point trains on (Model: the
// 10 of Fashion-MNIST): the cross-entropy of guessing uniformly, the test
// loss a point that learned nothing sits at.
var UniformLoss = math.Log(float64(Settings{}.Model().Classes))

// Validate returns ErrParam naming the first setting out of its range:
// α in [0, 1], σ_w in (0, +inf), D, Layers, Steps, Batch >= 1, Patch a
// divisor of 28 (Fashion-MNIST's side), LR in (0, +inf), Train, Test >= 0
// (0: all), Val in [0, 59999], a data directory, and a grid whose points
// have distinct keys (sweep.TrainabilityGrid). `sigprop sweep plan`
// reports a field by its flag (internal/sweeprun.CheckTrainability).
func (s Settings) Validate() error {
	for i, a := range s.Alphas {
		if err := alphaRange.Check(ErrParam, fmt.Sprintf("Settings.Alphas[%d]", i), a); err != nil {
			return err
		}
	}
	for i, x := range s.SigmaWs {
		if err := sigmaWRange.Check(ErrParam, fmt.Sprintf("Settings.SigmaWs[%d]", i), x); err != nil {
			return err
		}
	}
	if err := param.AtLeast(ErrParam, param.Min("Settings.D", s.D, 1), param.Min("Settings.Layers", s.Layers, 1)); err != nil {
		return err
	}
	if !(s.Patch >= 1 && 28%s.Patch == 0) {
		return param.Err(ErrParam, "Settings.Patch", s.Patch, "a divisor of 28 (1, 2, 4, 7, 14, 28)")
	}
	if err := param.AtLeast(ErrParam, param.Min("Settings.Steps", s.Steps, 1), param.Min("Settings.Batch", s.Batch, 1)); err != nil {
		return err
	}
	if err := lrRange.Check(ErrParam, "Settings.LR", s.LR); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("Settings.Train", s.Train, 0)); err != nil {
		return err
	}
	if err := valRange.CheckInt(ErrParam, "Settings.Val", s.Val); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("Settings.Test", s.Test, 0)); err != nil {
		return err
	}
	if s.DataDir == "" {
		return param.Err(ErrParam, "Settings.DataDir", `""`, "a Fashion-MNIST directory")
	}
	if _, err := sweep.TrainabilityGrid(s.Alphas, s.SigmaWs).Points(); err != nil {
		return fmt.Errorf("%w: %v", ErrParam, err)
	}
	return nil
}

var (
	alphaRange  = param.Range{Min: 0, Max: 1}
	sigmaWRange = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true}
	lrRange     = sigmaWRange
	valRange    = param.Range{Min: 0, Max: 59999, Integer: true}
)

// Model returns the vit configuration every point of the sweep trains:
// 28×28 Fashion-MNIST images in Patch×Patch patches, width D, Layers
// blocks with an ℓ = 2 tanh MLP, σ_A² = 1, 10 classes; α_A, α_M and σ_w
// are set per point.
func (s Settings) Model() vit.Config {
	return vit.Config{Rows: 28, Cols: 28, Patch: s.Patch, D: s.D, Layers: s.Layers, MLPLayers: 2, Classes: 10, SigmaA2: 1}
}

// Spec returns the sweep's Spec on the data ds (LoadData with the
// settings' sizes and split seed).
func (s Settings) Spec(ds Data) Spec {
	return Spec{Model: s.Model(), Train: ds.Train, Val: ds.Val, Test: ds.Test,
		Steps: s.Steps, Batch: s.Batch, LR: s.LR, Seed: s.Seed}
}

// EqualButSeed reports whether s and o describe the same sweep but for the
// seed of initialisation and batch order: two sweeps whose results may be
// averaged over seeds (SeedMean).
func (s Settings) EqualButSeed(o Settings) bool {
	s.Seed, o.Seed = 0, 0
	return reflect.DeepEqual(s, o)
}
