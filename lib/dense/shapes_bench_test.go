package dense

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

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

// BenchmarkGemmBestOf: square products at n = 64, 256, 1024 on each
// assembly path this CPU runs, the paths alternated sample by sample (60
// samples of about 2·10⁷ flops each per path), reported as the best
// GFLOP/s of each path: on a machine shared with other work the best of
// many short samples is the statistic least moved by the others, and
// alternating keeps drift from favouring one path. The numpy peer,
// testdata/bench_gemm.py, reports the same statistic.
func BenchmarkGemmBestOf(b *testing.B) {
	var ps []Path
	for _, p := range Paths() {
		if p != Portable {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		b.Skip("this CPU runs no assembly path")
	}
	const samples, flopsPerSample = 60, 2e7
	for _, n := range []int{64, 256, 1024} {
		rng := rand.New(rand.NewPCG(1, 2))
		x, y, z := randView(rng, n, n, 0), randView(rng, n, n, 0), randView(rng, n, n, 0)
		flops := 2 * float64(n) * float64(n) * float64(n)
		reps := max(1, int(flopsPerSample/flops))
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			best := make([]float64, len(ps))
			for b.Loop() {
				for range samples {
					for i, p := range ps {
						onPath(p, func() {
							t0 := time.Now()
							for range reps {
								Gemm(blas.NoTrans, blas.NoTrans, 1, x, y, 0, z)
							}
							best[i] = max(best[i], flops*float64(reps)/time.Since(t0).Seconds()/1e9)
						})
					}
				}
			}
			for i, p := range ps {
				b.ReportMetric(best[i], p.String()+"-best-GFLOP/s")
			}
			sinkGemm = z.Data[0]
		})
	}
}
