package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"gonum.org/v1/gonum/mat"
)

var benchSink float64

// One forward and backward pass of a Post-LN net, n = 32 tokens, d = 64,
// 8 blocks (the size of notebook 03's gradient figures).
func BenchmarkForwardBackward(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	nt := New(Config{N: 32, DV: 64, Layers: 8, Norm: block.PostLN, ReLU: true, Alpha1: 1, Alpha2: 1, Tau: 1}, rng)
	x := mat.NewDense(32, 64, nil)
	for i := range 32 {
		for j := range 64 {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	r := mat.DenseCopyOf(x)
	b.ResetTimer()
	for b.Loop() {
		if _, err := nt.Forward(x); err != nil {
			b.Fatal(err)
		}
		g, _ := nt.Backward(r)
		benchSink += g.WQ[0]
	}
}

// BenchmarkAttnJacobianNorms: one draw of AttnGradMC (the exact squared
// Jacobian norms of one attention layer, true softmax) at n = 16, d = 16
// and n = 32, d = 64.
func BenchmarkAttnJacobianNorms(b *testing.B) {
	for _, sz := range [][2]int{{16, 16}, {32, 64}} {
		n, d := sz[0], sz[1]
		b.Run(fmt.Sprintf("n=%d/d=%d", n, d), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, 4))
			x, wq, wk, wv := mat.NewDense(n, d, nil), mat.NewDense(d, d, nil), mat.NewDense(d, d, nil), mat.NewDense(d, d, nil)
			GaussianInput(1)(x, rng)
			rbFill(wq, rng, 1/math.Sqrt(float64(d)))
			rbFill(wk, rng, 1/math.Sqrt(float64(d)))
			rbFill(wv, rng, 1/math.Sqrt(float64(d)))
			for b.Loop() {
				q, k, v := AttnJacobianNorms(x, wq, wk, wv, 1, false)
				benchSink += q + k + v
			}
		})
	}
}
