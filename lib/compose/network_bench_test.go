package compose_test

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokennet"
)

var networkSink float64

// BenchmarkCowsikNetwork: one random network of Cowsik's block (n = 64,
// d = 64, L = 8, ℓ = 2, tanh), drawing its weights and input, forward and
// backward, composed on lib/block against tokennet (same work; compose
// also records q, p per layer and runs φ through the Activation kind,
// tokennet through lib/dense's tanh). Measured alternately (four pairs):
// ratio composed/tokennet 2.2, 1.6, 1.45, 1.7 (5.6–12 ms against 3.5–5.6
// ms): φ per element through activation.Func (math.Tanh) against lib/dense's
// vectorised tanh, the value-first attention and the per-layer statistics.
// An external test: tokennet imports compose (tokennet.FromBlock).
func BenchmarkCowsikNetwork(b *testing.B) {
	const n, d, L = 64, 64, 8
	blk := compose.Cowsik(n, d, L, 0.5, 0.5, 2, 1, 2, activation.Tanh())
	b.Run("composed", func(b *testing.B) {
		run := compose.NetworkRun(blk)
		src := empirical.NewPCG(1, 2)
		for i := 0; i < b.N; i++ {
			g, err := run(src)
			if err != nil {
				b.Fatal(err)
			}
			networkSink += g
		}
	})
	b.Run("tokennet", func(b *testing.B) {
		cfg, err := tokennet.FromBlock(blk)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		tr := tokennet.NewTransformer(cfg, rng)
		x0, r := mat.NewDense(n, d, nil), mat.NewDense(n, d, nil)
		for i := 0; i < b.N; i++ {
			tr.Resample(rng)
			empirical.Equicorrelated(x0, rng, n, d, 0.3, 1)
			if _, err := tr.Forward(x0); err != nil {
				b.Fatal(err)
			}
			for k := range r.RawMatrix().Data {
				r.RawMatrix().Data[k] = rng.NormFloat64()
			}
			networkSink += tr.Backward(r).At(0, 0)
		}
	})
}
