package trainsweep

import (
	"math"
	"reflect"

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
