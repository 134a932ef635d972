package compose

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// simBlocks are small blocks over the norm placements, attention kinds
// and activations the simulator composes.
func simBlocks() []Block {
	var out []Block
	for _, norm := range []struct {
		p NormPlace
		k NormKind
	}{{NoNorm, LN}, {Pre, LN}, {Pre, RMS}, {Post, LN}} {
		for _, kind := range []AttnKind{Softmax, Uniform, Shaped} {
			for _, act := range []activation.Func{activation.Tanh(), activation.GELU()} {
				out = append(out, Block{N: 5, D: 8, Depth: 3, Norm: norm.p, NormKind: norm.k,
					Attn: Attention{Kind: kind, SigmaA2: 2, Tau0: 0.3, Heads: 1, SigmaV2: 1.2},
					FF:   FeedForward{Act: act, Layers: 2, Hidden: 6, SigmaW: 1.3, SigmaOut: 0.9},
					ResA: Residual{Skip: 0.8, Branch: 0.6}, ResM: Residual{Skip: 0.9, Branch: 0.7, Scaling: InvSqrtDepth}})
			}
		}
	}
	heads := out[0]
	heads.Attn.Heads, heads.Norm = 2, Pre
	causal := out[0]
	causal.Attn.Causal = true
	return append(out, heads, causal)
}

// The reverse pass against central differences of ⟨R, X^L⟩ along a random
// direction E of the input (step 1e-6: truncation ~1e-12, rounding
// ~1e-10 relative): tolerance 1e-6 relative.
func TestBackwardFiniteDifference(t *testing.T) {
	for bi, b := range simBlocks() {
		nt := newSimNet(b)
		rng := rand.New(rand.NewPCG(uint64(bi), 9))
		nt.draw(rng)
		empirical.Equicorrelated(nt.x0, rng, b.N, b.D, 0.3, 1)
		r := mat.NewDense(b.N, b.D, nil)
		e := mat.NewDense(b.N, b.D, nil)
		for i := range b.N {
			for j := range b.D {
				r.Set(i, j, rng.NormFloat64())
				e.Set(i, j, rng.NormFloat64())
			}
		}
		loss := func(x *mat.Dense) float64 {
			nt.x0.Copy(x)
			if err := nt.forward(); err != nil {
				t.Fatal(err)
			}
			return dot(r.RawMatrix().Data, nt.out.Data)
		}
		x := mat.DenseCopyOf(nt.x0)
		const h = 1e-6
		xp, xm := mat.DenseCopyOf(x), mat.DenseCopyOf(x)
		xp.Add(xp, scaled(e, h))
		xm.Add(xm, scaled(e, -h))
		fd := (loss(xp) - loss(xm)) / (2 * h)
		loss(x)
		copy(nt.g.Data, r.RawMatrix().Data)
		for l := b.Depth - 1; l >= 0; l-- {
			nt.backBlock(l)
		}
		got := dot(nt.g.Data, e.RawMatrix().Data)
		if math.Abs(got-fd) > 1e-6*math.Max(1, math.Abs(fd)) {
			t.Errorf("block %d (%v %v %v %s heads %d causal %v): backward %v, finite difference %v",
				bi, b.Norm, b.NormKind, b.Attn.Kind, b.FF.Act.Name, b.Attn.Heads, b.Attn.Causal, got, fd)
		}
	}
}

func scaled(m *mat.Dense, s float64) *mat.Dense {
	var o mat.Dense
	o.Scale(s, m)
	return &o
}

// Same seed, same bytes, whatever the worker count.
func TestSimulateWorkers(t *testing.T) {
	b := simBlocks()[3]
	s := SimSettings{Nets: 6, Seed: 4, Rho0: 0.2, Backward: true}
	r1, err := Simulate(b, s)
	if err != nil {
		t.Fatal(err)
	}
	s.Workers = 3
	r3, err := Simulate(b, s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual([]Stat{r1.Q, r1.P, r1.Rho, r1.Grad}, []Stat{r3.Q, r3.P, r3.Rho, r3.Grad}) {
		t.Error("Simulate depends on Workers")
	}
}

// maxZ2 is the largest two-sample z = |a − b|/√(se_a² + se_b²) over the
// layers of two per-layer statistics.
func maxZ2(a, b Stat) float64 {
	z := 0.0
	for l := range a.Mean {
		s := math.Hypot(a.SE[l], b.SE[l])
		z = math.Max(z, math.Abs(a.Mean[l]-b.Mean[l])/s)
	}
	return z
}

func statOf(x [][]float64) Stat {
	L := len(x[0])
	st := Stat{Mean: make([]float64, L), SE: make([]float64, L)}
	col := make([]float64, len(x))
	for l := range L {
		for i := range x {
			col[i] = x[i][l]
		}
		st.Mean[l], st.SE[l] = empirical.MeanSE(col)
	}
	return st
}

// The composed simulator on Cowsik's block against tokennet's transformer
// (the same law, drawn in another order, with independent seeds): per
// layer q and ρ from 96 networks each (n = 12, d = 32, L = 6), two-sample
// z below 4 over the 7 layers × 2 statistics (a false alarm under the
// null has probability < 1e-3).
func TestSimulateMatchesTokennet(t *testing.T) {
	const nets, n, d, L = 96, 12, 32, 6
	b := Cowsik(n, d, L, 0.6, 0.7, 1.5, 2, 2, activation.Tanh())
	run, err := Simulate(b, SimSettings{Nets: nets, Seed: 11, Rho0: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	cfg := tokennet.TransformerConfig{N: n, D: d, Layers: L, MLPLayers: 2, AlphaA: 0.6, AlphaM: 0.7, SigmaW: 1.5, SigmaA2: 2}
	var qs, rs [][]float64
	x0 := mat.NewDense(n, d, nil)
	for i := range nets {
		rng := rand.New(rand.NewPCG(77, uint64(i)))
		tr := tokennet.NewTransformer(cfg, rng)
		empirical.Equicorrelated(x0, rng, n, d, 0.3, 1)
		if _, err := tr.Forward(x0); err != nil {
			t.Fatal(err)
		}
		q, r := make([]float64, L+1), make([]float64, L+1)
		for l := range L + 1 {
			q[l], _ = geometry(tr.Layer(l).RawMatrix())
			_, p := geometry(tr.Layer(l).RawMatrix())
			r[l] = p / q[l]
		}
		qs, rs = append(qs, q), append(rs, r)
	}
	if z := maxZ2(run.Q, statOf(qs)); z > 4 {
		t.Errorf("q: max z = %.2f against tokennet", z)
	}
	if z := maxZ2(run.Rho, statOf(rs)); z > 4 {
		t.Errorf("ρ: max z = %.2f against tokennet", z)
	}
}

// The composed simulator on Noci et al. 2022's post-LN block with softmax
// attention (τ = 1) and a ReLU feed-forward (W^{F1} ~ N(0, 2/d)) against
// rankblock, as above (rankblock's LN has ε = 1e-5, which moves a token
// of squared norm ~d by ~1e-5 relative, far below the SEs).
func TestSimulateMatchesRankblock(t *testing.T) {
	const nets, n, d, L = 96, 10, 32, 6
	b := Block{N: n, D: d, Depth: L, Norm: Post, NormKind: LN,
		Attn: Attention{Kind: Softmax, SigmaA2: 1, Heads: 1, SigmaV2: 1, Tau0: 1},
		FF:   FeedForward{Act: activation.ReLU(), Layers: 1, Hidden: d, SigmaW: math.Sqrt2, SigmaOut: 1},
		ResA: Residual{Skip: 1, Branch: 0.8}, ResM: Residual{Skip: 1, Branch: 0.6}}
	run, err := Simulate(b, SimSettings{Nets: nets, Seed: 12, Rho0: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	cfg := rankblock.Config{N: n, DV: d, Layers: L, Norm: block.PostLN, ReLU: true, Alpha1: 0.8, Alpha2: 0.6, Tau: 1, Attention: block.Softmax}
	var qs, rs [][]float64
	x0 := mat.NewDense(n, d, nil)
	for i := range nets {
		rng := rand.New(rand.NewPCG(78, uint64(i)))
		nt := rankblock.New(cfg, rng)
		empirical.Equicorrelated(x0, rng, n, d, 0.2, 1)
		if _, err := nt.Forward(x0); err != nil {
			t.Fatal(err)
		}
		q, r := make([]float64, L+1), make([]float64, L+1)
		for l := range L + 1 {
			qq, p := geometry(nt.Layer(l).RawMatrix())
			q[l], r[l] = qq, p/qq
		}
		qs, rs = append(qs, q), append(rs, r)
	}
	if z := maxZ2(run.Rho, statOf(rs)); z > 4 {
		t.Errorf("ρ: max z = %.2f against rankblock", z)
	}
	// After a post-LN every token has |x|² = d·var/(var + ε) exactly, so q
	// has no sampling error to compare against: it agrees to ε.
	for l, m := range statOf(qs).Mean[1:] {
		if relErr(m, run.Q.Mean[l+1]) > 1e-4 {
			t.Errorf("layer %d: q = %v, rankblock %v", l+1, run.Q.Mean[l+1], m)
		}
	}
}
