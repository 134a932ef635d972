package tokencheck

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"

	"github.com/sigprop/sigprop/lib/compose"
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
// describes, with L blocks: tokennet.FromBlock of compose.Cowsik with n,
// d, ℓ, α_A, α_M, σ_w, σ_A² and φ from m (tanh when m's is unset),
// acausal. For tokengeom.NewModel(α, α, σ_w) this is
// tokennet.PaperTransformer(α, σ_w); a φ that computes tanh runs on
// lib/dense's tanh with the committed figures' bits, any other as
// TransformerConfig.Act. It panics unless L >= 1 and m.D is a whole number
// >= 1, or on a model FromBlock refuses (outside tokengeom.Model.Validate's
// ranges). Its Workers is GOMAXPROCS: every simulation of this package
// spreads its networks over the cores (empirical.DrawRun, the draws in
// their serial order, so the results do not depend on it).
func Network(m tokengeom.Model, L int) tokennet.TransformerConfig {
	if L < 1 {
		panic(fmt.Sprintf("tokencheck: L must be >= 1, got %d", L))
	}
	if !(m.D >= 1) || m.D != math.Trunc(m.D) || m.D > 1<<31 {
		panic(fmt.Sprintf("tokencheck: the model's d must be a whole number >= 1 to simulate, got %v", m.D))
	}
	b := compose.Cowsik(m.N, int(m.D), L, m.AlphaA, m.AlphaM, m.SigmaW, m.SigmaA2, m.MLPLayers, m.Act).WithDefaults()
	cfg, err := tokennet.FromBlock(b)
	if err != nil {
		panic("tokencheck: " + err.Error())
	}
	cfg.Workers = runtime.GOMAXPROCS(0) // every core: the results do not depend on it (tokennet.TestTransformerWorkersIdentical)
	return cfg
}
