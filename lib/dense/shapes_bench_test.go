package dense

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
)

// BenchmarkGemmShapes: the products of one block of the random transformer
// (lib/tokennet) at n = 256, d = 64, each reported in GFLOP/s.
func BenchmarkGemmShapes(b *testing.B) {
	const n, d = 256, 64
	rng := rand.New(rand.NewPCG(1, 2))
	nd, nd2, dd, nn := randView(rng, n, d, 0), randView(rng, n, d, 0), randView(rng, d, d, 0), randView(rng, n, n, 0)
	nd3 := randView(rng, n, d, 0)
	N, T := blas.NoTrans, blas.Trans
	for _, s := range []struct {
		name    string
		f       func()
		m, k, p int
	}{
		{"nd·ddT", func() { Gemm(N, T, 1, nd, dd, 0, nd2) }, n, d, d},
		{"nd·dd", func() { Gemm(N, N, 1, nd, dd, 0, nd2) }, n, d, d},
		{"nd·ndT", func() { Gemm(N, T, 1, nd, nd2, 0, nn) }, n, d, n},
		{"nn·nd", func() { Gemm(N, N, 1, nn, nd, 0, nd2) }, n, n, d},
		{"nnT·nd", func() { Gemm(T, N, 1, nn, nd, 0, nd3) }, n, n, d},
	} {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				s.f()
			}
			b.ReportMetric(2*float64(s.m*s.k*s.p)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
