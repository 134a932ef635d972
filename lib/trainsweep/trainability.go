package trainsweep

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"

	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/vit"
)

// Result is one grid point of the trainability sweep. Everything but
// Seconds is a deterministic function of the Spec and the point.
type Result struct {
	Alpha   float64 `json:"alpha"`
	SigmaW  float64 `json:"sigma_w"`
	LambdaA float64 `json:"lambda_a"` // tokengeom.LambdaA (eigenvalue − 1)
	LambdaG float64 `json:"lambda_g"` // tokengeom.LambdaG at the model's L and n
	Variant string  `json:"variant"`  // λ_g variant ("corrected")
	N       int     `json:"n"`        // tokens incl. the class token
	D       int     `json:"d"`
	Layers  int     `json:"layers"`

	Steps     int     `json:"steps"`
	Batch     int     `json:"batch"`
	LR        float64 `json:"lr"`
	Seed      uint64  `json:"seed"`       // sweep seed; the point's stream is (Seed, FNV-1a(Key))
	TrainSize int     `json:"train_size"` // examples trained on
	TestSize  int     `json:"test_size"`

	TrainLoss    float64 `json:"train_loss"` // mean mini-batch loss over the last 10 % of steps
	ValLoss      float64 `json:"val_loss"`   // 0 if no validation set
	ValAccuracy  float64 `json:"val_accuracy"`
	TestLoss     float64 `json:"test_loss"` // ln C if diverged (see Diverged)
	TestAccuracy float64 `json:"test_accuracy"`
	// Diverged reports a non-finite forward pass during training or
	// evaluation (at step DivergedAt); the losses are then set to the
	// uniform-guessing ceiling ln C and the accuracies to 1/C.
	Diverged   bool    `json:"diverged"`
	DivergedAt int     `json:"diverged_at,omitempty"`
	Seconds    float64 `json:"seconds"` // wall time of this point
}

// Spec is the fixed part of a trainability sweep: the model apart from
// (α, σ_w), the data and the training budget.
type Spec struct {
	Model            vit.Config // AlphaA, AlphaM, SigmaW are set per point
	Train, Val, Test vit.Examples
	Steps, Batch     int     // optimiser steps and batch size (zero: vit.TrainSettings defaults)
	LR               float64 // Adam learning rate (zero: 3e-4)
	Seed             uint64
	EvalBatch        int // zero: 256
}

// MaxAbsDiff returns the largest |difference| between r and o of the
// test, training and validation losses and the exponents λ_a and λ_g (NaN
// if one is NaN): 0 when two runs of the same point agree bit for bit.
func (r Result) MaxAbsDiff(o Result) float64 {
	var diff float64
	for _, d := range []float64{r.TestLoss - o.TestLoss, r.TrainLoss - o.TrainLoss, r.ValLoss - o.ValLoss, r.LambdaA - o.LambdaA, r.LambdaG - o.LambdaG} {
		diff = math.Max(diff, math.Abs(d))
	}
	return diff
}

// pointRNG returns the point's generator, seeded by (seed, FNV-1a of the
// key) so that it does not depend on the grid's shape or the worker count.
func pointRNG(seed uint64, p Point) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(p.Key()))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// Exponents returns λ_a and λ_g^(L) (corrected variant) of tokengeom for
// the model cfg: n = cfg.Tokens(), d = cfg.D, L = cfg.Layers, ℓ, σ_A². It
// panics unless cfg.IsPaperBlock() (the theory is for that block).
func Exponents(cfg vit.Config) (lambdaA, lambdaG float64) {
	if !cfg.IsPaperBlock() {
		panic("trainsweep: Exponents needs the paper's block (vit.UnitNorm residual, τ = 1)")
	}
	m := TheoryModel(cfg)
	return tokengeom.LambdaA(m), tokengeom.LambdaG(m, cfg.Layers, tokengeom.Corrected)
}

// TheoryModel returns the tokengeom model of cfg's blocks: α_A, α_M, σ_w,
// ℓ, σ_A², n = cfg.Tokens() and d = cfg.D (the depth L is an argument of
// the gradient exponent, not of the model).
func TheoryModel(cfg vit.Config) tokengeom.Model {
	return tokengeom.Model{AlphaA: cfg.AlphaA, AlphaM: cfg.AlphaM, SigmaW: cfg.SigmaW,
		MLPLayers: cfg.MLPLayers, N: cfg.Tokens(), D: float64(cfg.D), SigmaA2: cfg.SigmaA2}
}

// Task returns the trainability task for spec: at point p it builds the
// vit model with α_A = α_M = p.Alpha, σ_w = p.SigmaW, initialises it from
// the point's generator, trains it with Adam for spec.Steps steps and
// evaluates it on the validation and test sets.
func (spec Spec) Task() Task {
	return func(p Point) (Result, error) {
		t0 := time.Now()
		cfg := spec.Model
		cfg.AlphaA, cfg.AlphaM, cfg.SigmaW = p.Alpha, p.Alpha, p.SigmaW
		la, lg := Exponents(cfg)
		steps, batch, lr := cmp.Or(spec.Steps, 100), cmp.Or(spec.Batch, 64), cmp.Or(spec.LR, 3e-4)
		r := Result{Alpha: p.Alpha, SigmaW: p.SigmaW, LambdaA: la, LambdaG: lg,
			Variant: tokengeom.Corrected.String(), N: cfg.Tokens(), D: cfg.D, Layers: cfg.Layers,
			Steps: steps, Batch: batch, LR: lr, Seed: spec.Seed,
			TrainSize: spec.Train.Len(), TestSize: spec.Test.Len()}
		eb := cmp.Or(spec.EvalBatch, batch)
		rng := pointRNG(spec.Seed, p)
		m := vit.New(cfg, rng)
		res, err := vit.Train(m, spec.Train, vit.TrainSettings{Steps: steps, Batch: batch, Optimizer: &vit.Adam{LR: lr}}, rng)
		ceiling := math.Log(float64(cfg.Classes))
		diverge := func(at int) Result {
			r.Diverged, r.DivergedAt = true, at
			r.TrainLoss, r.ValLoss, r.TestLoss = ceiling, ceiling, ceiling
			r.ValAccuracy, r.TestAccuracy = 1/float64(cfg.Classes), 1/float64(cfg.Classes)
			r.Seconds = time.Since(t0).Seconds()
			return r
		}
		if err != nil {
			if errors.Is(err, vit.ErrNonFinite) {
				return diverge(res.Steps), nil
			}
			return Result{}, err
		}
		k := max(1, steps/10)
		for _, l := range res.TrainLoss[steps-k:] {
			r.TrainLoss += l / float64(k)
		}
		if spec.Val.Len() > 0 {
			if r.ValLoss, r.ValAccuracy, err = vit.Evaluate(m, spec.Val, eb); err != nil {
				if errors.Is(err, vit.ErrNonFinite) {
					return diverge(steps), nil
				}
				return Result{}, err
			}
		}
		if spec.Test.Len() == 0 {
			return Result{}, fmt.Errorf("trainsweep: spec has no test set")
		}
		if r.TestLoss, r.TestAccuracy, err = vit.Evaluate(m, spec.Test, eb); err != nil {
			if errors.Is(err, vit.ErrNonFinite) {
				return diverge(steps), nil
			}
			return Result{}, err
		}
		r.Seconds = time.Since(t0).Seconds()
		return r, nil
	}
}
