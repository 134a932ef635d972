package tokennet

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	// With -tags openblas, matrix products go through OpenBLAS.
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	_ "github.com/sigprop/sigprop/lib/openblas"
)

var tfSink float64

// BenchmarkTransformerForwardBackward is the benchmark (a): one
// forward and one backward pass of the paper's n = 256, d = 64, L = 16,
// ℓ = 2 random transformer in float64. The peer is
// testdata/bench_transformer.py (PyTorch, CPU, float64).
func BenchmarkTransformerForwardBackward(b *testing.B) {
	cfg := PaperTransformer(0.5, 1.5)
	rng := rand.New(rand.NewPCG(1, 2))
	t := NewTransformer(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.D, nil)
	SymmetricTokens(x, 64, 32, rng)
	r := mat.NewDense(cfg.N, cfg.D, nil)
	for i := range r.RawMatrix().Data {
		r.RawMatrix().Data[i] = rng.NormFloat64()
	}
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0 := threadCPU()
	for i := 0; i < b.N; i++ {
		if _, err := t.Forward(x); err != nil {
			b.Fatal(err)
		}
		tfSink += t.Backward(r).At(0, 0)
	}
	b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N), "cpu-ns/op")
}

// threadCPU returns the CPU time of the calling OS thread in ns (user +
// system). On a loaded machine it is less inflated than wall time by
// waiting for a core; the peer script reports the same (time.thread_time).
func threadCPU() int64 {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// tfGemmFlops is the number of multiply-adds×2 in the matrix products of
// one forward+backward of cfg, counted from block.Forward and backwardBlock.
func tfGemmFlops(cfg TransformerConfig) float64 {
	n, d, l := float64(cfg.N), float64(cfg.D), float64(cfg.MLPLayers)
	fwd := 2*n*d*d /*Q,K*/ + n*n*d /*S*/ + n*n*d /*AY*/ + n*d*d /*V*/ + (l+1)*n*d*d                             /*randmlp.MLP*/
	bwd := (l+1)*n*d*d /*randmlp.MLP*/ + n*d*d /*dZ*/ + 2*n*n*d /*AᵀdZ, dZYᵀ*/ + 2*n*n*d /*dQy, dKy*/ + 2*n*d*d /*Q,K*/
	return 2 * float64(cfg.Layers) * (fwd + bwd)
}

// BenchmarkTransformerGemmOnly runs exactly the matrix products of one
// forward+backward (same shapes, same count) and nothing else, to measure
// the dgemm-bound floor of BenchmarkTransformerForwardBackward in the same
// run. It reports the dgemm rate in GFLOP/s.
func BenchmarkTransformerGemmOnly(b *testing.B) {
	cfg := PaperTransformer(0.5, 1.5)
	n, d := cfg.N, cfg.D
	nd, dd, nn := block.General(n, d), block.General(d, d), block.General(n, n)
	nd2, nd3 := block.General(n, d), block.General(n, d)
	for _, m := range []blas64.General{nd, dd, nn, nd2} {
		for i := range m.Data {
			m.Data[i] = 0.01 * float64(i%7)
		}
	}
	l := cfg.MLPLayers
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0 := threadCPU()
	for it := 0; it < b.N; it++ {
		for layer := 0; layer < cfg.Layers; layer++ {
			// forward
			dense.Gemm(blas.NoTrans, blas.Trans, 1, nd, dd, 0, nd2)
			dense.Gemm(blas.NoTrans, blas.Trans, 1, nd, dd, 0, nd3)
			dense.Gemm(blas.NoTrans, blas.Trans, 1, nd2, nd3, 0, nn)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nn, nd, 0, nd2)
			dense.Gemm(blas.NoTrans, blas.Trans, 1, nd2, dd, 0, nd3)
			for k := 0; k <= l; k++ {
				dense.Gemm(blas.NoTrans, blas.Trans, 1, nd, dd, 0, nd2)
			}
			// backward
			for k := 0; k <= l; k++ {
				dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nd, dd, 0, nd2)
			}
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nd, dd, 0, nd2)
			dense.Gemm(blas.Trans, blas.NoTrans, 1, nn, nd, 0, nd3)
			dense.Gemm(blas.NoTrans, blas.Trans, 1, nd2, nd, 0, nn)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nn, nd, 0, nd2)
			dense.Gemm(blas.Trans, blas.NoTrans, 1, nn, nd, 0, nd3)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nd2, dd, 0, nd3)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, nd2, dd, 0, nd3)
		}
	}
	b.StopTimer()
	cpu := float64(threadCPU()-cpu0) / 1e9
	b.ReportMetric(tfGemmFlops(cfg)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	b.ReportMetric(tfGemmFlops(cfg)*float64(b.N)/cpu/1e9, "GFLOP/cpu-s")
	tfSink += nd3.Data[0]
}

// BenchmarkSimulateLayerGeometry: the Monte Carlo of Fig. 2 (8 networks of
// the paper's size) on 1 and 2 workers; the ratio is the 2-worker speedup.
func BenchmarkSimulateLayerGeometry(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			cfg := PaperTransformer(0.5, 1.5)
			cfg.Workers = w
			for b.Loop() {
				st, err := SimulateLayerGeometry(cfg, 64, 32, 8, rand.New(rand.NewPCG(1, 2)))
				if err != nil {
					b.Fatal(err)
				}
				tfSink += st.Cos[cfg.Layers]
			}
		})
	}
}
