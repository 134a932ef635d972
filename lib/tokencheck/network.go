package tokencheck

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// Seeds gives each point of an experiment over several points its own
// generator: point i draws its networks from PCG(Seed + i, Stream)
// (empirical.Rand), so a point's result depends on its seed alone, not on
// the other points or their order.
type Seeds struct{ Seed, Stream uint64 }

// Rand returns the generator of point i.
func (s Seeds) Rand(i int) *rand.Rand { return empirical.Rand(s.Seed+uint64(i), s.Stream) }

// Network returns the finite-width transformer that the theory model m
// describes, with L blocks: n, d, ℓ, α_A, α_M, σ_w and σ_A² from m, acausal
// (for tokengeom.NewModel(α, α, σ_w) this is tokennet.PaperTransformer(α,
// σ_w)), and m's φ: a φ that computes tanh (isTanh) is the default tanh MLP
// on lib/dense's tanh, with the committed figures' bits; any other runs as
// TransformerConfig.Act. It panics unless L >= 1 and m.D is a whole number
// >= 1.
func Network(m tokengeom.Model, L int) tokennet.TransformerConfig {
	if L < 1 {
		panic(fmt.Sprintf("tokencheck: L must be >= 1, got %d", L))
	}
	if !(m.D >= 1) || m.D != math.Trunc(m.D) || m.D > 1<<31 {
		panic(fmt.Sprintf("tokencheck: the model's d must be a whole number >= 1 to simulate, got %v", m.D))
	}
	cfg := tokennet.TransformerConfig{N: m.N, D: int(m.D), Layers: L, MLPLayers: m.MLPLayers,
		AlphaA: m.AlphaA, AlphaM: m.AlphaM, SigmaW: m.SigmaW, SigmaA2: m.SigmaA2}
	if m.Act.Phi != nil && !isTanh(m.Act) {
		act := m.Act
		cfg.Act = &act
	}
	return cfg
}

// isTanh reports whether f computes tanh and its derivative (to 1e-15 at
// 9 points over [−4, 4]): the φ that tokennet's default MLP runs, judged
// by what f computes rather than by its name.
func isTanh(f activation.Func) bool {
	for _, h := range []float64{-4, -2.5, -1, -0.3, 0, 0.4, 1.1, 2.7, 4} {
		p, d := f.Both(h)
		t := math.Tanh(h)
		if math.Abs(p-t) > 1e-15 || math.Abs(d-(1-t*t)) > 1e-15 {
			return false
		}
	}
	return true
}
