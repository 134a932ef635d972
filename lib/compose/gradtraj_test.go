package compose

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// uniformGradBlocks are three blocks whose attention does not depend on
// its input, one per norm placement kind the gradient theory composes:
// Cowsik et al.'s pre-RMS tanh block (α = 0.7, σ_w = 1) with uniform
// attention, the post-LN GELU block (α = 0.5, σ_w = 1.2) with uniform
// attention, and the pre-RMS tanh block with softmax at σ_A² = 0 under a
// causal mask.
func uniformGradBlocks(n, d, depth int) []Block {
	cow := Cowsik(n, d, depth, 0.7, 0.7, 1, 0, 1, activation.Tanh())
	cow.Attn.Kind = Uniform
	post := postLNBlocks(n, d, depth)[0]
	post.Attn.Kind, post.Attn.SigmaA2 = Uniform, 0
	causal := Cowsik(n, d, depth, 0.7, 0.7, 1, 0, 1, activation.Tanh())
	causal.Attn.Causal = true
	return []Block{cow, post, causal}
}

// At the collapsed point (K⁰ = q*𝟏𝟏ᵀ) the trajectory's reverse pass is
// the two-mode theory: GradTrajectory = GradModes.GradNorm at every layer
// (1e-10 relative), for the unmasked blocks of uniformGradBlocks.
func TestGradTrajectoryAtCollapse(t *testing.T) {
	for _, b := range uniformGradBlocks(6, 32, 7)[:2] {
		qs, err := b.CollapsedQ(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		k0 := EquicorrGram(b.N, qs, qs)
		g, err := b.GradTrajectory(k0)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.GradModes(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		for l := range g {
			if w := m.GradNorm(b.N, b.Depth, l); relErr(g[l], w) > 1e-10 {
				t.Errorf("%v %s layer %d: GradTrajectory %v, GradNorm %v", b.Norm, b.FF.Act.Name, l, g[l], w)
			}
		}
	}
}

// Softmax at σ_A² > 0 and shaped attention are refused with
// ErrNoGradientTheory.
func TestGradTrajectoryCovers(t *testing.T) {
	for _, kind := range []AttnKind{Softmax, Shaped} {
		b := DefaultBlock()
		b.Attn.Kind = kind
		if err := b.GradTrajectoryCovers(); !errors.Is(err, ErrNoGradientTheory) {
			t.Errorf("%v: %v, want ErrNoGradientTheory", kind, err)
		}
	}
}

// The gradient norm along the trajectory against the simulator's reverse
// pass (lib/sources/compose.md#check-7): the blocks of uniformGradBlocks,
// n = 16 tokens from ρ⁰ = 0.3, L = 24, 64 networks (the sample unit),
// seeds 51, 52, 53, d = 64 and 128. Per layer ℓ = 0..L−1, z = |sim −
// theory|/SE; the trajectory theory passes when max |z| over the 24
// layers is at most the family-wise 1 % threshold for them
// (FamilyWiseT(0.01, 24, 64) = 3.73).
// The collapsed-point theory (GradModes.GradNorm; unmasked blocks) is
// logged beside it.
func TestGradTrajectorySimulation(t *testing.T) {
	const n, L, nets, rho0 = 16, 24, 64, 0.3
	for bi := range uniformGradBlocks(n, 64, L) {
		for _, d := range []int{64, 128} {
			b := coarseTheory(uniformGradBlocks(n, d, L)[bi])
			name := fmt.Sprintf("%v %v %s causal %v d = %d", b.Norm, b.NormKind, b.FF.Act.Name, b.Attn.Causal, d)
			s := SimSettings{Nets: nets, Seed: uint64(51 + bi), Rho0: rho0, Backward: true, Workers: 2}.withDefaults(b) // Workers: both cores; the results do not depend on it
			run, err := Simulate(b, s)
			if err != nil {
				t.Fatal(err)
			}
			g, err := b.GradTrajectory(EquicorrGram(n, s.Q0, rho0*s.Q0))
			if err != nil {
				t.Fatal(err)
			}
			var collapsed []float64
			if m, err := b.GradModes(FixedSettings{}); err == nil && !b.Attn.Causal {
				for l := 0; l <= L; l++ {
					collapsed = append(collapsed, m.GradNorm(n, L, l))
				}
			}
			thr := FamilyWiseT(0.01, L, nets)
			var maxZ, maxZc float64
			for l := 0; l < L; l++ {
				maxZ = math.Max(maxZ, zScore(run.Grad.Mean[l], run.Grad.SE[l], g[l]))
				if collapsed != nil {
					maxZc = math.Max(maxZc, zScore(run.Grad.Mean[l], run.Grad.SE[l], collapsed[l]))
				}
			}
			fl := float64(L)
			lg, lgSim, lgSE := math.Log(g[0])/fl, math.Log(run.Grad.Mean[0])/fl, run.Grad.SE[0]/(fl*run.Grad.Mean[0])
			coll := "not derived under a mask"
			if collapsed != nil {
				coll = fmt.Sprintf("max |z| %.2f, λ_g %.4f", maxZc, math.Log(collapsed[0])/fl)
			}
			t.Logf("%s: max |z| %.2f over %d layers (threshold %.2f); λ_g trajectory %.4f, sim %.4f ± %.4f (z %.2f); collapsed-point theory %s",
				name, maxZ, L, thr, lg, lgSim, lgSE, math.Abs(lg-lgSim)/lgSE, coll)
			if maxZ > thr {
				t.Errorf("%s: max |z| %.2f > family-wise threshold %.2f", name, maxZ, thr)
			}
		}
	}
}
