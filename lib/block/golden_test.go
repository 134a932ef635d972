package block_test

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/shapednet"
	"github.com/sigprop/sigprop/lib/tokennet"
	"gonum.org/v1/gonum/mat"
)

// TestGoldenBits: the simulators that run through this package give the
// bits they gave with their own loops (hashes recorded with the code of
// commit 966c842, before Forward, FeedForward and Stack, on the portable
// and AVX2 paths of lib/dense; the AVX512 path's hashes were recorded when
// that path was added, commit 923a823, and equal the AVX2 ones, as
// lib/dense's doc promises). The rankblock hashes were regenerated
// deliberately when its squared gradient norms moved from gonum's scaled
// mat.Norm to dense.SumSq's four-lane sum (different rounding; issue 42,
// item 5); the AVX512 entry equals the AVX2 one because both paths run
// the same four-lane sum (dense.TestSumSqPaths checks the bits on every
// path the CPU runs). The tokennet and rankblock hashes were regenerated
// deliberately again when the pull-backs' dot products (the norm's
// mean(g) and g·y, the softmax's a_i·dA_i and its centred form) moved
// from one in-order sum per row to dense.Sum/Dot/DotDiff's four-lane sums
// (different rounding; issue 42, item 5); shapednet, forward only, is
// unchanged, and the AVX512 entries still equal the AVX2 ones
// (dense.TestDotPaths: the same bits on every path). Each path is checked
// where the CPU runs it; the log says which are not.
func TestGoldenBits(t *testing.T) {
	want := map[string]map[dense.Path]uint64{
		"tokennet":  {dense.AVX2: 0x60d924f1e68f4285, dense.Portable: 0x107afa7eee18681a, dense.AVX512: 0x60d924f1e68f4285},
		"rankblock": {dense.AVX2: 0x69b6c3fa5d70ee59, dense.Portable: 0xd693d3bdc5ea1779, dense.AVX512: 0x69b6c3fa5d70ee59},
		"shapednet": {dense.AVX2: 0xbc9771a01ef30dd2, dense.Portable: 0x80d408a3e5300a2, dense.AVX512: 0xbc9771a01ef30dd2},
	}
	defer dense.SetPath(dense.CurrentPath())
	for _, p := range []dense.Path{dense.AVX512, dense.AVX2, dense.Portable} {
		if !dense.Available(p) {
			t.Logf("this CPU cannot run the %s path of lib/dense: its hashes are not checked", p)
			continue
		}
		dense.SetPath(p)
		for name, run := range map[string]func(*testing.T, hash.Hash64){"tokennet": goldenTokennet, "rankblock": goldenRankblock, "shapednet": goldenShapednet} {
			h := fnv.New64a()
			run(t, h)
			if got := h.Sum64(); got != want[name][p] {
				t.Errorf("%s, path %s: hash %#x, want %#x", name, p, got, want[name][p])
			}
		}
	}
}

// put feeds the bits of xs to h, little-endian.
func put(h hash.Hash64, xs []float64) {
	for _, v := range xs {
		h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)))
	}
}

// goldenTokennet hashes X^L and ∂(X^L·R)/∂X^0 of twelve seeded networks
// (causal or not, ℓ = 0, 1, 2).
func goldenTokennet(t *testing.T, h hash.Hash64) {
	for _, causal := range []bool{false, true} {
		for _, ml := range []int{0, 1, 2} {
			cfg := tokennet.TransformerConfig{N: 9, D: 12, Layers: 3, MLPLayers: ml, AlphaA: 0.6, AlphaM: 0.7, SigmaW: 1.3, SigmaA2: 1.5, Causal: causal}
			rng := rand.New(rand.NewPCG(5, uint64(ml)))
			tr := tokennet.NewTransformer(cfg, rng)
			x := mat.NewDense(9, 12, nil)
			for i := 0; i < 9; i++ {
				for j := 0; j < 12; j++ {
					x.Set(i, j, rng.NormFloat64())
				}
			}
			out, err := tr.Forward(x)
			if err != nil {
				t.Fatal(err)
			}
			put(h, out.RawMatrix().Data)
			put(h, tr.Backward(x).RawMatrix().Data)
		}
	}
}

// goldenRankblock hashes X^L, every attention matrix, ∂𝓛/∂X^0 and the
// five weight-gradient norms of 24 seeded networks (no LN, POST-LN,
// PRE-LN; linear or ReLU; one head or two; softmax or uniform).
func goldenRankblock(t *testing.T, h hash.Hash64) {
	for _, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		for _, relu := range []bool{false, true} {
			for _, heads := range []int{0, 2} {
				for _, att := range []block.Attention{block.Softmax, block.Uniform} {
					cfg := rankblock.Config{N: 10, DV: 8, DK: 6, DF: 12, Layers: 3, Norm: norm, ReLU: relu,
						Alpha1: 0.8, Alpha2: 0.6, Tau: 1.2, Attention: att, Heads: heads}
					rng := rand.New(rand.NewPCG(7, uint64(heads)))
					nt := rankblock.New(cfg, rng)
					x := mat.NewDense(10, 8, nil)
					rankblock.GaussianInput(1)(x, rng)
					out, err := nt.Forward(x)
					if err != nil {
						t.Fatal(err)
					}
					put(h, out.RawMatrix().Data)
					for l := 0; l < 3; l++ {
						put(h, nt.Attention(l).RawMatrix().Data)
					}
					g, gx := nt.Backward(x)
					put(h, gx.RawMatrix().Data)
					for _, v := range [][]float64{g.WQ, g.WK, g.WV, g.F1, g.F2} {
						put(h, v)
					}
				}
			}
		}
	}
}

// goldenShapednet hashes every V_ℓ of Forward for seven configurations
// (shaped, vanilla, both pre-norms, attention or MLP alone, Fig. 4 kinds)
// and a draw of the generator after each.
func goldenShapednet(t *testing.T, h hash.Hash64) {
	v0 := mat.NewSymDense(3, []float64{1, 0.3, 0.2, 0.3, 1, 0.4, 0.2, 0.4, 1})
	for _, c := range []shapednet.Config{
		shapednet.Shaped(16, 5, 0.5), shapednet.Vanilla(16, 5, 0.6),
		shapednet.PreLN(16, 5, block.PreRMS), shapednet.PreLN(16, 5, block.PreLN),
		{Width: 16, Depth: 4, KeyDim: 5, Blocks: shapednet.BlocksAttention, Attention: block.ShapedNoCenter, Gamma: 0.4, Tau0: 1.5},
		{Width: 16, Depth: 4, Blocks: shapednet.BlocksMLP, Gamma: 0.4, CPlus: 0.5, CMinus: -1},
		{Width: 16, Depth: 4, Attention: block.IdentityOnly, Gamma: 0.3, Norm: block.PreRMS, ReLU: true},
	} {
		rng := rand.New(rand.NewPCG(3, 4))
		vs, err := shapednet.Forward(c, shapednet.Input(v0, 16, rng), rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			put(h, v.RawSymmetric().Data)
		}
		put(h, []float64{rng.Float64()})
	}
}
