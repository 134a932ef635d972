package compose

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gramMaxZ is the max over pairs i < j and layers ℓ >= 1 of |sim − theory|/SE
// for a theory's Gram trajectory (Depth+1 matrices) against c's run.
func gramMaxZ(c *GramComparison, tr []*mat.SymDense) float64 {
	n, mz := c.Block.N, 0.0
	for l := 1; l < len(tr); l++ {
		corr := GramCorr(tr[l])
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				mz = math.Max(mz, zScore(c.Run.Pair[l].Mean[i*n+j], c.Run.Pair[l].SE[i*n+j], corr.At(i, j)))
			}
		}
	}
	return mz
}

// gramPooledZ is a pooled, conservative z of a theory's Gram trajectory
// against c's run: the mean over pairs i < j and layers ℓ >= 1 of
// (sim − theory), over the mean of the SEs. Each SE is over networks (the
// sample unit); the comparisons share networks and are correlated, and the
// SE of a mean of K correlated means is at most the mean of their SEs
// (the triangle inequality for standard deviations), so |z| is at most
// the true one: a systematic shift that max |z| spreads over many
// comparisons adds up here.
func gramPooledZ(c *GramComparison, tr []*mat.SymDense) float64 {
	n := c.Block.N
	var dev, se float64
	for l := 1; l < len(tr); l++ {
		corr := GramCorr(tr[l])
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				dev += c.Run.Pair[l].Mean[i*n+j] - corr.At(i, j)
				se += c.Run.Pair[l].SE[i*n+j]
			}
		}
	}
	return math.Abs(dev) / se
}

// The causal softmax Gram map (C6, C7) against simulation
// (lib/sources/compose.md#check-6): the three blocks of
// causalSoftmaxBlocks, n = 16 tokens from ρ⁰ = 0.3, L = 24, 64 networks
// (the sample unit: per pair and layer the SE is over networks), seeds
// 41, 42, 43, widths d = 64 and 128. Every pair's correlation at every
// layer is compared (120 × 24 = 2880 z's per run); the theory passes when
// max |z| is at most the family-wise 1 % threshold for that many
// comparisons of means over 64 networks (FamilyWiseT: 5.09; 4.64 in the
// normal limit). A plausible wrong theory, the unmasked
// softmax map (eq. 10 on every pair: the softmax without the mask), must
// fail the same check at every block and width. The other, the uniform
// causal map (C1: the mask without the softmax's weights), is logged with
// its max |z| and a pooled z (gramPooledZ) and not required to fail: at
// σ_A² = 2 it differs from (C6) by ≲ 0.03 in ρ, which 64 networks resolve
// at three of the six block × width runs (check-6).
func TestCausalSoftmaxSimulation(t *testing.T) {
	for bi := range causalSoftmaxBlocks(16, 64, 24) {
		for _, d := range []int{64, 128} {
			causalCheck(t, causalSoftmaxBlocks(16, d, 24)[bi], uint64(41+bi))
		}
	}
}

// The same check on a block without a norm (lib/sources/compose.md#check-6):
// Cowsik et al.'s tanh block (α = 0.7, σ_w = 1) with causal softmax at
// σ_A² = 2 and no norm, seed 44, d = 64 and 128. Without a norm the mask
// gives the tokens unequal norms (token 0 keeps its own; later tokens
// average), so the K_ii K_kk terms of (C6), which cancel after a norm,
// act here.
func TestCausalSoftmaxNoNormSimulation(t *testing.T) {
	for _, d := range []int{64, 128} {
		b := causalSoftmaxBlocks(16, d, 24)[0]
		b.Norm = NoNorm
		causalCheck(t, b, 44)
	}
}

// causalCheck is one run of check-6: n = 16 tokens from ρ⁰ = 0.3, 64
// networks of b with seed, the theory's max |z| over pairs and layers
// against FamilyWiseT, and the two wrong theories, each theory at
// coarseTheory's quadrature.
func causalCheck(t *testing.T, b Block, seed uint64) {
	t.Helper()
	const nets, rho0 = 64, 0.3
	b = coarseTheory(b)
	n, L, d := b.N, b.Depth, b.D
	name := fmt.Sprintf("%v %v %s d = %d", b.Norm, b.NormKind, b.FF.Act.Name, d)
	c, err := CompareGram(b, SimSettings{Nets: nets, Seed: seed, Rho0: rho0, Workers: 2}) // Workers: both cores; the results do not depend on it
	if err != nil {
		t.Fatal(err)
	}
	thr := FamilyWiseT(0.01, c.Tests, nets)
	k0 := EquicorrGram(n, c.Run.Settings.Q0, rho0*c.Run.Settings.Q0)
	uni, noMask := b, b
	uni.Attn.SigmaA2 = 0
	noMask.Attn.Causal = false
	wrong, pooled := map[string]float64{}, map[string]float64{"causal softmax": gramPooledZ(c, c.Gram)}
	for wn, wb := range map[string]Block{"uniform causal": uni, "unmasked softmax": noMask} {
		tr, err := sharedGramTrajectory(wb, k0)
		if err != nil {
			t.Fatal(err)
		}
		wrong[wn], pooled[wn] = gramMaxZ(c, tr), gramPooledZ(c, tr)
	}
	t.Logf("%s: max |z| %.2f over %d comparisons, threshold %.2f; uniform causal %.2f, unmasked softmax %.2f; pooled z: causal softmax %.2f, uniform causal %.2f, unmasked softmax %.2f",
		name, c.MaxZ, c.Tests, thr, wrong["uniform causal"], wrong["unmasked softmax"], pooled["causal softmax"], pooled["uniform causal"], pooled["unmasked softmax"])
	for _, l := range []int{2, 6, L} {
		for _, p := range [][2]int{{0, 1}, {1, 2}, {7, 8}, {14, 15}, {0, 15}} {
			k := p[0]*n + p[1]
			t.Logf("    ℓ = %2d ρ(%2d,%2d): theory %.4f, sim %.4f ± %.4f (z %.2f)", l, p[0], p[1],
				c.Theory[l].At(p[0], p[1]), c.Run.Pair[l].Mean[k], c.Run.Pair[l].SE[k], c.Z[l][k])
		}
	}
	if c.MaxZ > thr {
		t.Errorf("%s: max |z| %.2f > family-wise threshold %.2f", name, c.MaxZ, thr)
	}
	if z := wrong["unmasked softmax"]; !(z > thr) {
		t.Errorf("%s: the unmasked softmax theory is not rejected (max |z| %.2f <= %.2f)", name, z, thr)
	}
}

// theoryScale is the quadrature length scale (activation.Func.Scale,
// gauss.Settings.Scale) at which the simulation checks of this package
// evaluate the theory of a smooth φ: 1.5 instead of tanh's and GELU's 1
// makes the trapezoid step of gauss.Expect and Expect2 1.5 times longer,
// 2.25 times fewer nodes in two dimensions. Against the default rule, on
// every block and run those checks make (theory and wrong theories,
// d = 64 and 128, their seeds), the maps move by at most 1.6e-11 in a
// correlation ρ, 2.7e-11 relative in a Gram entry and 2.0e-9 relative
// in a gradient norm; every z they compute moves by at most 4.7e-8
// (Gram checks, smallest SE 4.0e-8) and 1.2e-8 (gradient check), against
// thresholds of 3.7 to 10, and no mean that zScore finds exactly
// collapsed changes side. The error grows as exp(−2π·(π/2)/(0.2·Scale))
// for tanh's poles at ±iπ/2 (Scale 2: 7.7e-9 in ρ, 1.9e-6 in a gradient
// norm).
const theoryScale = 1.5

// coarseTheory returns b with its feed-forward φ's quadrature at
// theoryScale, unless φ has closed-form kernels or is piecewise linear.
// The simulation does not read Scale: its runs are the same bits.
func coarseTheory(b Block) Block {
	if f := b.FF.Act; f.ClosedKernel == nil && !f.PiecewiseLinear() && f.Scale < theoryScale {
		b.FF.Act.Scale = theoryScale
	}
	return b
}
