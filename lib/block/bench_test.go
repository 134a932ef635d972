package block

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas/blas64"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
)

// benchSink keeps the benchmarks' results alive.
var benchSink float64

// benchAttention fills an n×n row-stochastic matrix (softmax rows of
// Gaussian logits) and an n×n gradient with seeded draws.
func benchAttention(n int) (a, g blas64.General) {
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	a, g = General(n, n), General(n, n)
	for i := 0; i < n; i++ {
		r := row(a, i)
		for j := range r {
			r[j] = rng.NormFloat64()
		}
		dense.SoftmaxRow(r)
		for j := range row(g, i) {
			row(g, i)[j] = rng.NormFloat64()
		}
	}
	return a, g
}

// BenchmarkPullback: the softmax pull-back of the attention's reverse pass
// (dM = c A ⊙ (dA − rowsum(A ⊙ dA))), plain and centred, at 17 tokens (the
// kernels with a three-value tail), 64 and tokennet's 256; each iteration first copies dA back (the
// pull-back overwrites it), the same copy before and after any change.
func BenchmarkPullback(b *testing.B) {
	for _, centred := range []bool{false, true} {
		for _, n := range []int{17, 64, 256} {
			if centred && n > 64 {
				continue // the centred form is O(n³): rankblock's sizes only
			}
			b.Run(fmt.Sprintf("centred=%v/n=%d", centred, n), func(b *testing.B) {
				a, g := benchAttention(n)
				da := General(n, n)
				tmp := make([]float64, 2*n)
				p := AttnParams{Kind: Softmax, Centred: centred}
				for b.Loop() {
					copy(da.Data, g.Data)
					pullback(da, a, 0.125, p, tmp)
				}
				benchSink = da.Data[n+1]
			})
		}
	}
}

// BenchmarkNormBack: the norm's pull-back (its row sums and dot products
// and the map) over 256 tokens of width 64, tokennet's sizes, for the
// PreRMS norm at √d (tokennet) and PreLN (rankblock, shapednet).
func BenchmarkNormBack(b *testing.B) {
	for _, s := range []Spec{{Norm: PreRMS, SqrtD: true}, {Norm: PreLN, Eps: 1e-5}} {
		for _, sz := range [][2]int{{256, 64}, {17, 64}} {
			b.Run(fmt.Sprintf("%v/%dx%d", s.Norm, sz[0], sz[1]), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(9, 10))
				g, y, dst := General(sz[0], sz[1]), General(sz[0], sz[1]), General(sz[0], sz[1])
				inv := make([]float64, sz[0])
				for i := range g.Data {
					g.Data[i], y.Data[i] = rng.NormFloat64(), rng.NormFloat64()
				}
				for i := range inv {
					inv[i] = 1 + rng.Float64()
				}
				for b.Loop() {
					NormBack(dst, g, y, inv, s, false)
				}
				benchSink = dst.Data[1]
			})
		}
	}
}
