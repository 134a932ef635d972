package tokennet

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/mat"
)

// tfOddConfigs are shapes where the products have edge tiles and the
// vectorised kernels have tails: n, d ∈ {1, 7, 65} (n >= 2).
func tfOddConfigs() []TransformerConfig {
	var cs []TransformerConfig
	for _, nd := range [][2]int{{2, 1}, {7, 7}, {65, 7}, {7, 65}, {65, 65}} {
		for _, causal := range []bool{false, true} {
			cs = append(cs, TransformerConfig{N: nd[0], D: nd[1], Layers: 3, MLPLayers: 2,
				AlphaA: 0.6, AlphaM: 0.7, SigmaW: 1.3, SigmaA2: 1.5, Causal: causal})
		}
	}
	return cs
}

// tfRun returns X^L and ∂(X^L·R)/∂X^0 of one seeded draw.
func tfRun(t *testing.T, cfg TransformerConfig, seed uint64) (out, grad []float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	tr := NewTransformer(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.D, nil)
	SymmetricTokens(x, 1.5, 0.4, rng)
	r := mat.NewDense(cfg.N, cfg.D, nil)
	for i := range r.RawMatrix().Data {
		r.RawMatrix().Data[i] = rng.NormFloat64()
	}
	y, err := tr.Forward(x)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, y.RawMatrix().Data...)
	grad = append(grad, tr.Backward(r).RawMatrix().Data...)
	return out, grad
}

// maxRelDiff is max|a−b| over max|b|.
func maxRelDiff(a, b []float64) float64 {
	var d, s float64
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
		s = math.Max(s, math.Abs(b[i]))
	}
	return d / s
}

// On the odd shapes (which TestTransformerForwardMatchesNaive also checks
// against the naive transcription) the assembly and portable paths of lib/dense agree
// to rounding on forward and backward: 1e-11 relative, since three blocks
// of products, exponentials and tanh of O(1) values each add a few ε.
// Each path gives the same bits twice.
func TestTransformerPathsAgree(t *testing.T) {
	for ci, cfg := range tfOddConfigs() {
		t.Run(fmt.Sprintf("n=%d,d=%d,causal=%v", cfg.N, cfg.D, cfg.Causal), func(t *testing.T) {
			asmOut, asmGrad := tfRun(t, cfg, uint64(ci))
			prev := dense.SetAssembly(false)
			defer dense.SetAssembly(prev)
			out, grad := tfRun(t, cfg, uint64(ci))
			out2, grad2 := tfRun(t, cfg, uint64(ci))
			dense.SetAssembly(prev)
			asmOut2, asmGrad2 := tfRun(t, cfg, uint64(ci))
			if e := maxRelDiff(asmOut, out); e > 1e-11 {
				t.Errorf("forward: paths differ by %g relative", e)
			}
			if e := maxRelDiff(asmGrad, grad); e > 1e-11 {
				t.Errorf("backward: paths differ by %g relative", e)
			}
			for i := range out {
				if math.Float64bits(out[i]) != math.Float64bits(out2[i]) ||
					math.Float64bits(grad[i]) != math.Float64bits(grad2[i]) ||
					math.Float64bits(asmOut[i]) != math.Float64bits(asmOut2[i]) ||
					math.Float64bits(asmGrad[i]) != math.Float64bits(asmGrad2[i]) {
					t.Fatalf("same seed, different bits at %d", i)
				}
			}
		})
	}
}

// The Monte Carlo functions give the same bits for any worker count, and
// leave rng where the serial loop leaves it.
func TestTransformerWorkersIdentical(t *testing.T) {
	cfg := TransformerConfig{N: 7, D: 9, Layers: 3, MLPLayers: 2, AlphaA: 0.6, AlphaM: 0.7, SigmaW: 1.3, SigmaA2: 1}
	type result struct {
		geo, sym LayerStats
		ang, grd ExponentEstimate
		next     uint64
	}
	run := func(workers int) result {
		c := cfg
		c.Workers = workers
		rng := rand.New(rand.NewPCG(5, 6))
		var r result
		var err error
		if r.geo, err = SimulateLayerGeometry(c, 9, 4, 13, rng); err != nil {
			t.Fatal(err)
		}
		if r.sym, err = SimulateSymmetryRestoration(c, 9, 5, 2, 11, rng); err != nil {
			t.Fatal(err)
		}
		if r.ang, err = NumericAngleExponent(c, 9, 8, 9, rng); err != nil {
			t.Fatal(err)
		}
		if r.grd, err = NumericGradientExponent(c, 9, 8, 10, rng); err != nil {
			t.Fatal(err)
		}
		r.next = rng.Uint64()
		return r
	}
	want := run(1)
	for _, w := range []int{0, 2, 3, 16} {
		got := run(w)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("workers=%d: %v\nserial:    %v", w, got, want)
		}
	}
}
