package compose

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Without a mask the full Gram map on an equicorrelated K is Map on
// (q, p): the same parts on another representation (1e-12 relative).
func TestGramMapIsMap(t *testing.T) {
	for _, b := range []Block{Noci2022(6, 32, 5, 0.5, 0.7, Const, Post), postLNBlocks(6, 32, 5)[1]} {
		b.Attn.Kind, b.Attn.SigmaA2 = Uniform, 0
		for _, norm := range []NormPlace{NoNorm, Pre, Post} {
			b.Norm = norm
			q, p := 30.0, 9.0
			k := mat.NewSymDense(b.N, nil)
			for i := 0; i < b.N; i++ {
				for j := i; j < b.N; j++ {
					k.SetSym(i, j, map[bool]float64{true: q, false: p}[i == j])
				}
			}
			g := b.GramMap(k)
			wq, wp := b.Map(q, p)
			for i := 0; i < b.N; i++ {
				for j := 0; j < b.N; j++ {
					w := map[bool]float64{true: wq, false: wp}[i == j]
					if relErr(g.At(i, j), w) > 1e-12 {
						t.Fatalf("%v %s (%d, %d): GramMap %v, Map %v", norm, b.FF.Act.Name, i, j, g.At(i, j), w)
					}
				}
			}
		}
	}
}

// Two tokens under a causal mask, by hand: token 0 sees itself, token 1
// the mean of both, so with a linear value map and no feed-forward or norm
//
//	K′₀₀ = s²K₀₀ + b²σ_V²K₀₀
//	K′₀₁ = s²K₀₁ + b²σ_V²(K₀₀ + K₀₁)/2
//	K′₁₁ = s²K₁₁ + b²σ_V²(K₀₀ + 2K₀₁ + K₁₁)/4.
func TestGramMapCausalTwoTokens(t *testing.T) {
	b := DefaultBlock()
	b.N, b.Norm, b.NoMLP = 2, NoNorm, true
	b.Attn.SigmaA2, b.Attn.Causal, b.Attn.SigmaV2 = 0, true, 1.3
	b.ResA = Residual{Skip: 0.8, Branch: 0.6}
	k := mat.NewSymDense(2, []float64{5, 1.5, 1.5, 3})
	g := b.GramMap(k)
	s2, w2 := 0.64, 0.36*1.3
	want := [3]float64{s2*5 + w2*5, s2*1.5 + w2*(5+1.5)/2, s2*3 + w2*(5+3+3)/4}
	if got := [3]float64{g.At(0, 0), g.At(0, 1), g.At(1, 1)}; relErr(got[0], want[0]) > 1e-14 || relErr(got[1], want[1]) > 1e-14 || relErr(got[2], want[2]) > 1e-14 {
		t.Errorf("GramMap %v, by hand %v", got, want)
	}
}

// causalBlocks are three decoder-style blocks with uniform causal
// attention (softmax at σ_A² = 0 under the mask): pre-LN tanh, the
// post-LN GELU block and a pre-RMS ReLU block, α on both sub-blocks.
func causalBlocks(n, d, depth int) []Block {
	pre := DefaultBlock()
	pre.N, pre.Depth = n, depth
	pre = pre.WithWidth(d)
	if err := SetNumeric(&pre, "alpha", 0.7); err != nil {
		panic(err)
	}
	post := postLNBlocks(n, d, depth)
	relu := post[2]
	relu.Norm, relu.NormKind = Pre, RMS
	out := []Block{pre, post[0], relu}
	for i := range out {
		out[i].Attn.SigmaA2, out[i].Attn.Causal = 0, true
	}
	return out
}

// The causal Gram map against simulation (lib/sources/compose.md#check-5):
// n = 16 tokens from ρ⁰ = 0.3, L = 24, 64 networks (the sample unit) at
// d = 64 and 128. Per pair and layer the squared bias of the simulated
// mean correlation, debiased by its SE² and averaged over the 120 pairs
// and 24 layers, must fall from d = 64 to 128 by at least a factor 2 (an
// O(1/d) bias falls by 4, a theory that misses by a width-independent
// amount not at all); and the theory without the mask is rejected at both
// widths (max z > 10).
func TestGramMapCausalSimulation(t *testing.T) {
	const n, L, nets = 16, 24, 64
	bias2 := func(c *GramComparison, theory func(l int) *mat.SymDense) (b2, maxZ float64) {
		cnt := 0
		for l := 1; l <= L; l++ {
			th := theory(l)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					m, se := c.Run.Pair[l].Mean[i*n+j], c.Run.Pair[l].SE[i*n+j]
					dlt := m - th.At(i, j)
					b2 += dlt*dlt - se*se
					cnt++
					maxZ = math.Max(maxZ, zScore(m, se, th.At(i, j)))
				}
			}
		}
		return b2 / float64(cnt), maxZ
	}
	for bi := range causalBlocks(n, 64, L) {
		var b2 [2]float64
		for wi, d := range []int{64, 128} {
			b := coarseTheory(causalBlocks(n, d, L)[bi])
			c, err := compareGramShared(b, SimSettings{Nets: nets, Seed: uint64(5 + bi), Rho0: 0.3, Workers: 2}) // Workers: both cores; the results do not depend on it
			if err != nil {
				t.Fatal(err)
			}
			b2[wi], _ = bias2(c, func(l int) *mat.SymDense { return c.Theory[l] })
			nc := b
			nc.Attn.Causal = false
			ntr, err := nc.GramTrajectory(c.Theory[0])
			if err != nil {
				t.Fatal(err)
			}
			_, ncZ := bias2(c, func(l int) *mat.SymDense { return GramCorr(ntr[l]) })
			t.Logf("%v %s d = %d: max z %.2f over %d comparisons, debiased bias² %.3g; ρ₀₁ at L: theory %.4f, sim %.4f ± %.4f; non-causal theory max z %.3g",
				b.Norm, b.FF.Act.Name, d, c.MaxZ, c.Tests, b2[wi], c.Theory[L].At(0, 1), c.Run.Pair[L].Mean[1], c.Run.Pair[L].SE[1], ncZ)
			if !(ncZ > 10) {
				t.Errorf("%v %s d = %d: the non-causal theory is not rejected (max z %.2f)", b.Norm, b.FF.Act.Name, d, ncZ)
			}
		}
		if !(b2[1] < b2[0]/2) {
			t.Errorf("block %d: debiased squared bias %.3g at d = 64, %.3g at d = 128: does not fall as 1/d", bi, b2[0], b2[1])
		}
	}
}
