package vit

import (
	"fmt"
	"math"
)

// Optimizer updates a parameter vector in place from its gradient.
type Optimizer interface {
	// Step applies one update; params and grads have the same length,
	// which must not change between calls.
	Step(params, grads []float64)
}

// Adam is torch.optim.Adam without weight decay or amsgrad (Kingma & Ba
// 2015, arXiv:1412.6980, Algorithm 1, in PyTorch's arithmetic): at step t,
//
//	m ← β₁m + (1−β₁)g,  v ← β₂v + (1−β₂)g²
//	θ ← θ − (lr/(1−β₁ᵗ)) · m / (√v/√(1−β₂ᵗ) + ε)
//
// Zero fields take the defaults of Cowsik et al. App. D: LR = 3e-4 and
// PyTorch's β₁ = 0.9, β₂ = 0.999, ε = 1e-8. (So β₁ = 0 cannot be asked
// for; use a tiny positive value.) The moment buffers are allocated on the
// first Step.
type Adam struct {
	LR, Beta1, Beta2, Eps float64

	m, v []float64
	t    int
}

func (a *Adam) settings() (lr, b1, b2, eps float64) {
	lr, b1, b2, eps = a.LR, a.Beta1, a.Beta2, a.Eps
	if lr == 0 {
		lr = 3e-4
	}
	if b1 == 0 {
		b1 = 0.9
	}
	if b2 == 0 {
		b2 = 0.999
	}
	if eps == 0 {
		eps = 1e-8
	}
	if !(lr > 0) || !(b1 > 0 && b1 < 1) || !(b2 > 0 && b2 < 1) || !(eps > 0) || math.IsInf(lr, 0) || math.IsInf(eps, 0) {
		panic(fmt.Sprintf("vit: Adam needs LR > 0, β₁, β₂ in (0, 1), ε > 0; got %v, %v, %v, %v", lr, b1, b2, eps))
	}
	return
}

// Step applies one Adam update.
func (a *Adam) Step(params, grads []float64) {
	lr, b1, b2, eps := a.settings()
	if len(params) != len(grads) {
		panic(fmt.Sprintf("vit: Adam.Step: %d params but %d grads", len(params), len(grads)))
	}
	if a.m == nil {
		a.m, a.v = make([]float64, len(params)), make([]float64, len(params))
	} else if len(a.m) != len(params) {
		panic(fmt.Sprintf("vit: Adam.Step: %d params, but the optimiser was started with %d", len(params), len(a.m)))
	}
	a.t++
	bc1 := 1 - math.Pow(b1, float64(a.t))
	sbc2 := math.Sqrt(1 - math.Pow(b2, float64(a.t)))
	step := lr / bc1
	for i, g := range grads {
		m := b1*a.m[i] + (1-b1)*g
		v := b2*a.v[i] + (1-b2)*g*g
		a.m[i], a.v[i] = m, v
		params[i] -= step * m / (math.Sqrt(v)/sbc2 + eps)
	}
}

// Steps returns the number of updates taken.
func (a *Adam) Steps() int { return a.t }

// SGD is torch.optim.SGD without dampening, Nesterov or weight decay:
//
//	b ← μb + g (b = g at the first step),  θ ← θ − lr·b
//
// with μ = Momentum (0: plain SGD). LR must be set (> 0).
type SGD struct {
	LR, Momentum float64

	buf []float64
}

// Step applies one SGD update.
func (s *SGD) Step(params, grads []float64) {
	if !(s.LR > 0) || math.IsInf(s.LR, 0) || !(s.Momentum >= 0 && s.Momentum < 1) {
		panic(fmt.Sprintf("vit: SGD needs LR > 0 and Momentum in [0, 1); got %v, %v", s.LR, s.Momentum))
	}
	if len(params) != len(grads) {
		panic(fmt.Sprintf("vit: SGD.Step: %d params but %d grads", len(params), len(grads)))
	}
	if s.Momentum == 0 {
		for i, g := range grads {
			params[i] -= s.LR * g
		}
		return
	}
	if s.buf == nil {
		s.buf = append([]float64(nil), grads...)
	} else {
		if len(s.buf) != len(params) {
			panic(fmt.Sprintf("vit: SGD.Step: %d params, but the optimiser was started with %d", len(params), len(s.buf)))
		}
		for i, g := range grads {
			s.buf[i] = s.Momentum*s.buf[i] + g
		}
	}
	for i, b := range s.buf {
		params[i] -= s.LR * b
	}
}

// EffectiveLR writes into dst (len(params)) the per-parameter learning
// rate of the last Step, lr/(√v̂_i + ε) with v̂ = v/(1−β₂ᵗ), by which the
// bias-corrected first moment m̂ = m/(1−β₁ᵗ) is multiplied (Adam's
// "effective learning rate", Noci et al. 2022, Fig. 6). It panics before
// the first Step or on a length mismatch.
func (a *Adam) EffectiveLR(dst []float64) {
	lr, _, b2, eps := a.settings()
	if a.t == 0 {
		panic("vit: Adam.EffectiveLR before the first Step")
	}
	if len(dst) != len(a.v) {
		panic(fmt.Sprintf("vit: Adam.EffectiveLR: dst has %d values, want %d", len(dst), len(a.v)))
	}
	sbc2 := math.Sqrt(1 - math.Pow(b2, float64(a.t)))
	for i, v := range a.v {
		dst[i] = lr / (math.Sqrt(v)/sbc2 + eps)
	}
}
