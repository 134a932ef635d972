package vit

import (
	"math"
	"testing"
)

// TestOptimizersMatchPyTorch runs 7 steps of each optimiser on the
// coupled quartic f(θ) = Σ c_i(θ_i − t_i)⁴/4 + θ₀θ₁ and compares with
// torch.optim (1.13, float64) as printed by testdata/adam_ref.py. Both
// sides do the same float64 arithmetic up to operation order, so they
// agree to ~1e-15; the tolerance 1e-12 allows reordering.
func TestOptimizersMatchPyTorch(t *testing.T) {
	c := []float64{1, 2, 0.5}
	tg := []float64{0.3, -1, 2}
	grad := func(th, g []float64) {
		for i := range th {
			r := th[i] - tg[i]
			g[i] = c[i] * r * r * r
		}
		g[0] += th[1]
		g[1] += th[0]
	}
	for _, tc := range []struct {
		name string
		opt  Optimizer
		want []float64
	}{
		{"adam lr 1e-3", &Adam{LR: 1e-3}, []float64{0.9930034236471235, 0.49300217216651665, -0.4930013880820994}},
		{"adam lr 0.1 β (0.8, 0.99) ε 1e-6", &Adam{LR: 0.1, Beta1: 0.8, Beta2: 0.99, Eps: 1e-6}, []float64{0.4427985823581443, -0.13527915481350666, 0.16286329430451155}},
		{"sgd", &SGD{LR: 0.05}, []float64{0.9449112032609289, -0.5123089707413582, 0.6656064388205285}},
		{"sgd momentum 0.9", &SGD{LR: 0.05, Momentum: 0.9}, []float64{1.3096813829287746, -2.5475616723830043, 3.0587794907412897}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th := []float64{1, 0.5, -0.5}
			g := make([]float64, 3)
			for range 7 {
				grad(th, g)
				tc.opt.Step(th, g)
			}
			for i := range th {
				if math.Abs(th[i]-tc.want[i]) > 1e-12*math.Max(1, math.Abs(tc.want[i])) {
					t.Errorf("θ[%d] = %.17g, torch %.17g", i, th[i], tc.want[i])
				}
			}
		})
	}
}

// TestAdamDefaults: the zero Adam is lr 3e-4 (paper App. D), β = (0.9,
// 0.999), ε = 1e-8. At step 1 the bias-corrected moments are m̂ = g and
// v̂ = g², so the closed form is θ₁ = θ₀ − 3e-4·g/(|g| + 1e-8).
func TestAdamDefaults(t *testing.T) {
	th := []float64{1, -2}
	g := []float64{0.5, -4}
	var a Adam
	a.Step(th, g)
	want := []float64{1 - 3e-4*0.5/(0.5+1e-8), -2 + 3e-4*4/(4+1e-8)}
	for i := range th {
		if math.Abs(th[i]-want[i]) > 1e-15 {
			t.Errorf("θ[%d] = %.17g, want %.17g", i, th[i], want[i])
		}
	}
	if a.Steps() != 1 {
		t.Errorf("Steps = %d, want 1", a.Steps())
	}
	// Effective rates at step 1: 3e-4/(|g| + 1e-8), same closed form.
	eff := make([]float64, 2)
	a.EffectiveLR(eff)
	for i, gi := range g {
		if want := 3e-4 / (math.Abs(gi) + 1e-8); math.Abs(eff[i]-want) > 1e-15*want {
			t.Errorf("EffectiveLR[%d] = %.17g, want %.17g", i, eff[i], want)
		}
	}
}
