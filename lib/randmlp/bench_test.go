package randmlp

import (
	"math/rand/v2"
	"testing"
)

var benchSink float64

// Two inputs through a tanh MLP of width 1000 and depth 10 (notebook 01's
// simulations).
func BenchmarkPropagate(b *testing.B) {
	m, _ := tanhMLP(b, 1000, 10, 2, 0.05)
	rng := rand.New(rand.NewPCG(1, 2))
	x := MLPInputPair(1000, 0.3, 0.5, rng)
	for b.Loop() {
		benchSink += m.Propagate(x, rng).Q[9][0]
	}
}
