package rankblock

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/block"
)

// A one-block, no-LN network with α₂ = 0 outputs X + α₁ S, so its forward
// pass with H heads is checked against S built head by head here from the
// definition (softmax of the head's logits times the head's value columns),
// independently of heads.go. Agreement to 1e-13 (same sums, other order).
func TestHeadsForwardMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, dv, dk, H, tau, a1 = 5, 6, 4, 2, 1.3, 0.8
	nt := New(Config{N: n, DV: dv, DK: dk, Layers: 1, Alpha1: a1, Alpha2: 0, Tau: tau, Heads: H}, rng)
	x := rbRandDense(rng, n, dv, 1)
	out, err := nt.Forward(x)
	if err != nil {
		t.Fatal(err)
	}
	wq, wk, wv, _, _ := nt.Weights(0)
	var q, k, v mat.Dense
	q.Mul(x, wq)
	k.Mul(x, wk)
	v.Mul(x, wv)
	dh, vh := dk/H, dv/H
	for h := 0; h < H; h++ {
		for i := 0; i < n; i++ {
			logits := make([]float64, n)
			mx := math.Inf(-1)
			for j := range logits {
				for a := h * dh; a < (h+1)*dh; a++ {
					logits[j] += q.At(i, a) * k.At(j, a)
				}
				logits[j] *= tau / math.Sqrt(float64(dh))
				mx = math.Max(mx, logits[j])
			}
			var z float64
			for j := range logits {
				logits[j] = math.Exp(logits[j] - mx)
				z += logits[j]
			}
			for c := h * vh; c < (h+1)*vh; c++ {
				var s float64
				for j := range logits {
					s += logits[j] / z * v.At(j, c)
				}
				if want := x.At(i, c) + a1*s; math.Abs(out.At(i, c)-want) > 1e-13 {
					t.Fatalf("head %d, X'[%d][%d] = %.15g, definition %.15g", h, i, c, out.At(i, c), want)
				}
			}
		}
	}
}

// The multi-head reverse pass against central finite differences (h =
// 1e-5), every LN placement, ReLU, τ ≠ 1; same error budget as
// TestNetBackwardFiniteDifference (1e-6 relative).
func TestHeadsBackwardFiniteDifference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		cfg := Config{N: 4, DV: 4, DK: 6, DF: 5, Layers: 2, Norm: norm, ReLU: true,
			Alpha1: 0.7, Alpha2: 0.9, Tau: 1.3, Heads: 2}
		nt := New(cfg, rng)
		x := rbRandDense(rng, 4, 4, 1)
		r := rbRandDense(rng, 4, 4, 1)
		rbLoss(t, nt, x, r)
		g, _ := nt.Backward(r)
		wqN, wkN, wvN := append([]float64(nil), g.WQ...), append([]float64(nil), g.WK...), append([]float64(nil), g.WV...)
		for l := 0; l < cfg.Layers; l++ {
			wq, wk, wv, _, _ := nt.Weights(l)
			for _, c := range []struct {
				name string
				w    *mat.Dense
				got  float64
			}{{"WQ", wq, wqN[l]}, {"WK", wk, wkN[l]}, {"WV", wv, wvN[l]}} {
				if want := rbFDNorm2(t, nt, c.w, x, r, 1e-5); !rbRelClose(c.got, want, 1e-6) || want == 0 {
					t.Errorf("%v layer %d %s: backward %.10g, finite differences %.10g", norm, l, c.name, c.got, want)
				}
			}
		}
	}
}

// Heads = 0 and Heads = 1 are the one-head network bit for bit; with
// uniform attention every head's A is 11ᵀ/n, so 4 heads give the one-head
// outputs and the last block's W^V gradient up to rounding (1e-12
// relative). (The W^Q, W^K gradients, and through them the input gradient
// of each block, differ: the logit Jacobian (24) acts per head, scaled by
// 1/√(d_k/H); they are checked by finite differences above.)
func TestHeadsDefaultAndUniform(t *testing.T) {
	for _, c := range []struct {
		heads int
		att   block.Attention
		rel   float64
	}{{1, block.Softmax, 0}, {4, block.Uniform, 1e-12}} {
		base := Config{N: 6, DV: 8, DF: 12, Layers: 3, Norm: block.PostLN, ReLU: true, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: c.att}
		multi := base
		multi.Heads = c.heads
		x := rbRandDense(rand.New(rand.NewPCG(9, 9)), 6, 8, 1)
		r := rbRandDense(rand.New(rand.NewPCG(9, 10)), 6, 8, 1)
		var outs [2]*mat.Dense
		var grads [2][]float64
		for i, cfg := range []Config{base, multi} {
			nt := New(cfg, rand.New(rand.NewPCG(1, 2)))
			o, err := nt.Forward(x)
			if err != nil {
				t.Fatal(err)
			}
			outs[i] = mat.DenseCopyOf(o)
			g, _ := nt.Backward(r)
			grads[i] = []float64{g.WV[cfg.Layers-1]}
			if c.heads == 1 {
				grads[i] = append(append(grads[i], g.WQ...), g.WK...)
			}
		}
		if !mat.EqualApprox(outs[0], outs[1], c.rel) {
			t.Errorf("heads %d %v: outputs differ", c.heads, c.att)
		}
		for i := range grads[0] {
			if !rbRelClose(grads[1][i], grads[0][i], c.rel) {
				t.Errorf("heads %d %v: gradient %d = %g, one head %g", c.heads, c.att, i, grads[1][i], grads[0][i])
			}
		}
	}
}

func TestHeadsValidation(t *testing.T) {
	for _, h := range []int{-1, 3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Heads = %d with d_k = d_v = 8: no panic", h)
				}
			}()
			New(Config{N: 4, DV: 8, Layers: 1, Alpha1: 1, Alpha2: 1, Tau: 1, Heads: h}, rand.New(rand.NewPCG(1, 1)))
		}()
	}
}
