package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/mat"
)

// rbRun returns X^L, ∂𝓛/∂X^0 and the weight-gradient norms of one seeded
// draw.
func rbRun(cfg Config, seed uint64) (out []float64, err error) {
	rng := rand.New(rand.NewPCG(seed, 4))
	nt := New(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.DV, nil)
	GaussianInput(1)(x, rng)
	r := mat.NewDense(cfg.N, cfg.DV, nil)
	rbFill(r, rng, 1)
	y, err := nt.Forward(x)
	if err != nil {
		return nil, err
	}
	out = append(out, y.RawMatrix().Data...)
	g, gx := nt.Backward(r)
	out = append(out, gx.RawMatrix().Data...)
	for _, v := range [][]float64{g.WQ, g.WK, g.WV, g.F1, g.F2} {
		out = append(out, v...)
	}
	return out, nil
}

// The assembly and portable paths of lib/dense agree to rounding on the
// forward pass, the input gradient and the weight-gradient norms, on odd
// shapes (n, d_v ∈ {2, 7, 65}, d_k, d_F odd) for every norm placement and
// both attention kinds: 1e-10 relative to each block's largest entry,
// since three blocks of products, softmax and LN of O(1) values add a few
// ε each and the squared norms double that. Each path gives the same
// bits twice.
func TestNetPathsAgree(t *testing.T) {
	for _, nd := range [][2]int{{2, 1}, {7, 7}, {65, 7}, {7, 65}} {
		for _, norm := range []block.Norm{block.NoNorm, block.PreLN, block.PostLN} {
			for _, att := range []block.Attention{block.Softmax, block.Uniform} {
				cfg := Config{N: nd[0], DV: nd[1], DK: 5, DF: 9, Layers: 3, Norm: norm, ReLU: true,
					Alpha1: 0.8, Alpha2: 0.6, Tau: 1.3, Attention: att}
				t.Run(fmt.Sprintf("n=%d,d=%d,%v,%v", nd[0], nd[1], norm, att), func(t *testing.T) {
					asm, err := rbRun(cfg, 1)
					if err != nil {
						t.Fatal(err)
					}
					asm2, _ := rbRun(cfg, 1)
					prev := dense.SetAssembly(false)
					port, _ := rbRun(cfg, 1)
					port2, _ := rbRun(cfg, 1)
					dense.SetAssembly(prev)
					if e := rbMaxRel(asm, port); e > 1e-10 {
						t.Errorf("paths differ by %g relative", e)
					}
					for i := range asm {
						if math.Float64bits(asm[i]) != math.Float64bits(asm2[i]) ||
							math.Float64bits(port[i]) != math.Float64bits(port2[i]) {
							t.Fatalf("same seed, different bits at %d", i)
						}
					}
				})
			}
		}
	}
}

// rbMaxRel is the largest |a−b|/(|b| + 10⁻⁶ max|b|): relative per entry,
// so that small gradient norms are not swamped by large activations, with
// a floor for entries that are rounding noise around zero.
func rbMaxRel(a, b []float64) float64 {
	var s, d float64
	for _, v := range b {
		s = math.Max(s, math.Abs(v))
	}
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i])/(math.Abs(b[i])+1e-6*s))
	}
	return d
}

// Simulate gives the same bits for any worker count and leaves rng where
// the serial loop leaves it.
func TestSimulateWorkersIdentical(t *testing.T) {
	cfg := Config{N: 7, DV: 6, Layers: 3, Norm: block.PreLN, ReLU: true, Alpha1: 1, Alpha2: 1, Tau: 1}
	run := func(workers int) string {
		rng := rand.New(rand.NewPCG(8, 9))
		p, err := Simulate(cfg, GaussianInput(1), ProfileSettings{Draws: 11, Gradients: true, Workers: workers}, rng)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(p, rng.Uint64())
	}
	want := run(1)
	for _, w := range []int{0, 2, 3, 20} {
		if got := run(w); got != want {
			t.Errorf("workers=%d:\n%s\nserial:\n%s", w, got, want)
		}
	}
}
