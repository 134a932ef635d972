package compose

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
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
		src := empirical.NewPCG(uint64(bi), 9)
		rng := rand.New(src)
		nt.draw(src)
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

// TestDrawIsNetRand: the weights a network draws in bulk from NetPCG(seed,
// i) (empirical.PCG.Normals) are, entry for entry, the scaled
// NormFloat64 draws of NetRand(seed, i) in Simulate's documented order
// (per block W^Q, W^K, W^V, W⁰..W^ℓ, row-major), and the input drawn next
// from the same generator is the one NetRand draws after them.
func TestDrawIsNetRand(t *testing.T) {
	for bi, b := range simBlocks() {
		nt := newSimNet(b)
		src := NetPCG(7, bi)
		nt.draw(src)
		empirical.Equicorrelated(nt.x0, rand.New(src), b.N, b.D, 0.3, 1)
		rng := NetRand(7, bi)
		check := func(name string, m blas64.General, s float64) {
			for k, v := range m.Data {
				if want := s * rng.NormFloat64(); math.Float64bits(v) != math.Float64bits(want) {
					t.Fatalf("block %d, %s entry %d: %v, NetRand %v", bi, name, k, v, want)
				}
			}
		}
		for l, w := range nt.w {
			check(fmt.Sprintf("layer %d W^Q", l), w.Q, nt.sQK)
			check(fmt.Sprintf("layer %d W^K", l), w.K, nt.sQK)
			check(fmt.Sprintf("layer %d W^V", l), w.V, nt.sV)
			for k, f := range w.F {
				sc := nt.sW
				if k == len(w.F)-1 {
					sc = nt.sO
				}
				check(fmt.Sprintf("layer %d W^%d", l, k), f, sc/math.Sqrt(float64(f.Rows)))
			}
		}
		x := mat.NewDense(b.N, b.D, nil)
		empirical.Equicorrelated(x, rng, b.N, b.D, 0.3, 1)
		if !mat.Equal(x, nt.x0) {
			t.Errorf("block %d: the input drawn after the weights differs from NetRand's", bi)
		}
	}
}
